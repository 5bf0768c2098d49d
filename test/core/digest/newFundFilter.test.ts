import { describe, expect, it } from 'vitest';
import {
  FUND_KINDS,
  filterNewFunds,
  fundKindOfLabel,
  fundKindOfWord,
  matchesNewFundFilter,
  type NewFundFields,
  newFundIdentity,
} from '../../../src/core/digest/newFundFilter.js';
import { fundsBeginningOn, toWireRecord } from '../../../src/simulator/data/newFundCalendar.js';

/** Four months of the simulator's new funds, as it lists them on a fixed day. */
const TODAY = Date.UTC(2026, 10, 22) / 86_400_000;
const FUNDS = Array.from({ length: 120 }, (_, i) => TODAY + 14 - i).flatMap((day) =>
  fundsBeginningOn(day).map((fund) => toWireRecord(fund, TODAY) as unknown as NewFundFields),
);

const fund = (fields: Partial<NewFundFields>): NewFundFields => ({
  fundCode: '000001',
  fundName: '易方达稳盈债券A',
  fundType: '债券型',
  fundManagerName: '张伟',
  saleStatus: true,
  ...fields,
});

describe('fund kinds', () => {
  it('reads every label the simulator gives to a kind', () => {
    const labels = new Set(FUNDS.map((record) => record.fundType));
    expect([...labels].sort()).toEqual(['FOF', '债券型', '指数型', '混合型', '股票型', '货币型']);
    expect(Object.fromEntries([...labels].map((label) => [label, fundKindOfLabel(label)]))).toEqual({
      债券型: 'bond',
      股票型: 'equity',
      混合型: 'mixed',
      货币型: 'money',
      指数型: 'index',
      FOF: 'fof',
    });
  });

  it('reads longer labels by their most telling stem, and none for a kind it does not know', () => {
    expect(fundKindOfLabel('混合型-偏债')).toBe('mixed');
    expect(fundKindOfLabel('指数型-股票')).toBe('index');
    expect(fundKindOfLabel('债券型-长债')).toBe('bond');
    expect(fundKindOfLabel('货币市场型')).toBe('money');
    expect(fundKindOfLabel(' Bond ')).toBe('bond');
    expect(fundKindOfLabel('QDII')).toBe('qdii');
    expect(fundKindOfLabel('QDII-股票')).toBe('qdii');
    expect(fundKindOfLabel('商品型')).toBeUndefined();
    expect(fundKindOfLabel('')).toBeUndefined();
  });

  it('reads the words people type, in Chinese and English, whatever their case, width and spacing', () => {
    expect(fundKindOfWord('债券型')).toBe('bond');
    expect(fundKindOfWord('债券')).toBe('bond');
    expect(fundKindOfWord('BOND')).toBe('bond');
    expect(fundKindOfWord('equity')).toBe('equity');
    expect(fundKindOfWord('Stock')).toBe('equity');
    expect(fundKindOfWord('股票型')).toBe('equity');
    expect(fundKindOfWord('hybrid')).toBe('mixed');
    expect(fundKindOfWord('mixed')).toBe('mixed');
    expect(fundKindOfWord('money market')).toBe('money');
    expect(fundKindOfWord('Money-Market')).toBe('money');
    expect(fundKindOfWord('货币型')).toBe('money');
    expect(fundKindOfWord('ｉｎｄｅｘ')).toBe('index');
    expect(fundKindOfWord('指数型')).toBe('index');
    expect(fundKindOfWord('FoF')).toBe('fof');
    expect(fundKindOfWord('QDII基金')).toBe('qdii');
    for (const word of ['债', 'gold', '', 'money markets']) expect(fundKindOfWord(word), word).toBeUndefined();
    for (const kind of FUND_KINDS) expect(fundKindOfWord(kind)).toBe(kind);
  });
});

describe('filtering new funds', () => {
  it('keeps exactly the funds of the kinds asked for that are on sale, in their order', () => {
    const bondsOnSale = filterNewFunds(FUNDS, { kinds: ['bond'], onSale: true });
    expect(bondsOnSale.length).toBeGreaterThan(0);
    expect(bondsOnSale).toEqual(FUNDS.filter((record) => record.fundType === '债券型' && record.saleStatus));
    const moneyOrIndex = filterNewFunds(FUNDS, { kinds: ['money', 'index'] });
    expect(new Set(moneyOrIndex.map((record) => record.fundType))).toEqual(new Set(['货币型', '指数型']));
    expect(moneyOrIndex).toHaveLength(FUNDS.filter((record) => ['货币型', '指数型'].includes(record.fundType)).length);
    const notOnSale = filterNewFunds(FUNDS, { onSale: false });
    expect(notOnSale.length).toBeGreaterThan(0);
    expect(notOnSale.every((record) => !record.saleStatus)).toBe(true);
  });

  it('keeps everything with an empty filter', () => {
    expect(filterNewFunds(FUNDS, {})).toEqual(FUNDS);
    expect(filterNewFunds(FUNDS, { kinds: [], words: [] })).toEqual(FUNDS);
  });

  it('needs every word in the name or the manager, whatever its case, width and spacing', () => {
    const company = FUNDS[0]!.fundName.slice(0, 2);
    const byCompany = filterNewFunds(FUNDS, { words: [company] });
    expect(byCompany.length).toBeGreaterThan(0);
    expect(byCompany).toEqual(
      FUNDS.filter((record) => record.fundName.includes(company) || record.fundManagerName.includes(company)),
    );
    expect(matchesNewFundFilter(fund({}), { words: ['易方达', '张伟'] })).toBe(true);
    expect(matchesNewFundFilter(fund({}), { words: ['易方达', '李娜'] })).toBe(false);
    expect(matchesNewFundFilter(fund({ fundName: '华夏中证A500 ETF联接C' }), { words: ['a500etf'] })).toBe(true);
    expect(matchesNewFundFilter(fund({ fundName: '华夏中证A500ETF联接C' }), { words: ['Ａ５００'] })).toBe(true);
    expect(matchesNewFundFilter(fund({ fundManagerName: '张 伟' }), { words: ['张伟'] })).toBe(true);
  });

  it('combines kind, sale status and words, and leaves out a fund whose kind it cannot read when kinds are asked for', () => {
    const filter = { kinds: ['bond' as const], onSale: true, words: ['易方达'] };
    expect(matchesNewFundFilter(fund({}), filter)).toBe(true);
    expect(matchesNewFundFilter(fund({ saleStatus: false }), filter)).toBe(false);
    expect(matchesNewFundFilter(fund({ fundType: '股票型' }), filter)).toBe(false);
    expect(matchesNewFundFilter(fund({ fundName: '华夏稳盈债券A' }), filter)).toBe(false);
    expect(matchesNewFundFilter(fund({ fundType: '商品型' }), filter)).toBe(false);
    expect(matchesNewFundFilter(fund({ fundType: '商品型' }), { onSale: true })).toBe(true);
  });
});

describe('newFundIdentity', () => {
  it('is the fund code, as the digest remembers the funds it posted', () => {
    for (const record of FUNDS) expect(newFundIdentity(record)).toBe(record.fundCode);
    expect(newFundIdentity({ fundCode: ' 000001 ' })).toBe('000001');
    expect(newFundIdentity({ fundCode: '０００００１' })).toBe('000001');
    expect(newFundIdentity({ fundCode: 1 })).toBe('000001');
    expect(newFundIdentity({ ...fund({ fundCode: '000001' }), fundName: 'renamed', saleStatus: false })).toBe(
      newFundIdentity(fund({})),
    );
  });

  it('is undefined without a fund code', () => {
    for (const value of [
      undefined,
      null,
      '000001',
      1,
      {},
      { fundCode: '' },
      { fundCode: '  ' },
      { fundCode: null },
      { fundCode: 1.5 },
      { fundName: '易方达稳盈债券A' },
    ]) {
      expect(newFundIdentity(value), JSON.stringify(value)).toBeUndefined();
    }
  });
});
