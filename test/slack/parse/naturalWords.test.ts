import { describe, expect, it } from 'vitest';
import { CANDLE_TYPE_SYNONYMS } from '../../../src/core/operations/futures.js';
import { naturalOption, readNumberWord, readPeriodWord } from '../../../src/slack/parse/naturalWords.js';
import { wireRequest } from './wireRequest.js';

const BIDS = 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list';
const FUND = 'fund-asset';
const FUTURES = 'finance-external-futures-kline';
const NEW_FUNDS = 'fund-new-list';

describe('numbers in characters', () => {
  it.each([
    ['30', '30'],
    ['三十', '30'],
    ['二十五', '25'],
    ['十五', '15'],
    ['两百', '200'],
    ['一百零五', '105'],
    ['九', '9'],
    // English number words (issue 34: `gold daily last thirty`).
    ['thirty', '30'],
    ['twenty-five', '25'],
    ['a hundred', '100'],
    ['two hundred and ten', '210'],
  ])('%s is %s', (word, digits) => expect(readNumberWord(word)).toBe(digits));

  it('leaves what is no number alone', () => {
    for (const word of ['三十根', 'abc', '', '光伏', 'thirty candles', 'a'])
      expect(readNumberWord(word)).toBeUndefined();
  });

  it('reads a page, a page size and a count in Chinese shape', () => {
    expect(naturalOption('第2页')).toEqual({ key: 'page', value: '2' });
    expect(naturalOption('第二页')).toEqual({ key: 'page', value: '2' });
    expect(naturalOption('每页20条')).toEqual({ key: 'size', value: '20' });
    expect(naturalOption('30根')).toEqual({ key: 'limit', value: '30' });
    expect(naturalOption('最近三十根K线')).toEqual({ key: 'limit', value: '30' });
    expect(naturalOption('第几页')).toBeUndefined();
  });
});

describe('periods as Chinese readers write them', () => {
  it.each([
    ['五分钟', '5分钟'],
    ['5分钟线', '5分钟'],
    ['5分k', '5分钟'],
    ['60分', '1小时'],
    ['1个小时', '1小时'],
    ['4时', '4小时'],
    ['四小时', '4小时'],
    ['日K线', '0'],
    ['天', '0'],
    ['日k', '日k'],
    ['daily', 'daily'],
    ['小时线', '1小时'],
    // Issue 34: a period word with a chart word after it, and English units of time.
    ['周K线', '周'],
    ['月k图', '月'],
    ['5 minutes', '5分钟'],
    ['2 hours', '2小时'],
    ['thirty mins', '30分钟'],
  ])('%s reads as %s', (word, known) => expect(readPeriodWord(word, CANDLE_TYPE_SYNONYMS, '0')).toBe(known));

  it('a period the service does not have stays as typed, for the operation to refuse', () => {
    expect(readPeriodWord('15分', CANDLE_TYPE_SYNONYMS, '0')).toBe('15分');
    expect(readPeriodWord('周线', CANDLE_TYPE_SYNONYMS, '0')).toBe('周线');
  });
});

describe('natural Chinese through the real parser and validation', () => {
  it('第2页 is page 2, in a keyword search and as the fund code’s second word', () => {
    expect(wireRequest('/bids', '光伏组件 第2页', BIDS)).toMatchObject({ keyword: '光伏组件', pageIndex: '2' });
    expect(wireRequest('/fund-asset', '000001 第2页', FUND)).toMatchObject({ fundCode: '000001', pageNo: '2' });
    expect(wireRequest('/fund-asset', '000001 第二页', FUND)).toEqual(
      wireRequest('/fund-asset', '000001 page:2', FUND),
    );
  });

  it('30根, 五分钟 and 黄金 are a count, a period and a contract', () => {
    expect(wireRequest('/futures', '黄金 5分 30根', FUTURES)).toEqual(wireRequest('/futures', 'GC 5m 30', FUTURES));
    expect(wireRequest('/futures', '原油 日K线 三十', FUTURES)).toEqual(
      wireRequest('/futures', 'CL daily 30', FUTURES),
    );
    expect(wireRequest('/futures', '白银 1个小时', FUTURES)).toEqual(wireRequest('/futures', 'SI 1h', FUTURES));
  });

  it('在售中 and 已停售 are sale statuses', () => {
    expect(wireRequest('/new-funds', '在售中', NEW_FUNDS)).toEqual(wireRequest('/new-funds', 'onsale', NEW_FUNDS));
    expect(wireRequest('/new-funds', '已停售 第2页', NEW_FUNDS)).toEqual(
      wireRequest('/new-funds', 'offsale page:2', NEW_FUNDS),
    );
  });
});
