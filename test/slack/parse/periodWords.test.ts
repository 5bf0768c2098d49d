import { describe, expect, it } from 'vitest';
import { parseCommand } from '../../../src/slack/parse/parseCommand.js';
import { beijingDay, periodAt, readPeriodWords } from '../../../src/slack/parse/periodWords.js';
import { COMMAND_GRAMMAR } from '../../../src/slack/slackOperations/index.js';

/** 2026-11-22 noon in Beijing (04:00 UTC), the suite's pinned day. */
const NOV_22 = Date.parse('2026-11-22T04:00:00Z');
/** 17:00 UTC on 31 December is already 1 January 2027 in Beijing. */
const NEW_YEAR_IN_BEIJING = Date.parse('2026-12-31T17:00:00Z');
/** 16:30 UTC on 31 March is 1 April in Beijing: a new month and a new quarter there, not yet in UTC. */
const APRIL_IN_BEIJING = Date.parse('2026-03-31T16:30:00Z');
/** 15:59 UTC on 28 February is still 28 February in Beijing (23:59). */
const LAST_MINUTE_OF_FEBRUARY = Date.parse('2026-02-28T15:59:00Z');

const read = (words: string, now: number) => readPeriodWords(words, now);
const period = (start: string, end: string) => ({ start, end });

describe('periods in words, as Beijing dates', () => {
  it.each([
    ['今年', period('2026-01-01', '2026-11-22')],
    ['去年', period('2025-01-01', '2025-12-31')],
    ['本月', period('2026-11-01', '2026-11-22')],
    ['上个月', period('2026-10-01', '2026-10-31')],
    ['近三个月', period('2026-08-23', '2026-11-22')],
    ['最近3个月', period('2026-08-23', '2026-11-22')],
    ['近半年', period('2026-05-23', '2026-11-22')],
    ['近一年', period('2025-11-23', '2026-11-22')],
    ['近30天', period('2026-10-24', '2026-11-22')],
    ['一季度', period('2026-01-01', '2026-03-31')],
    ['2026年第二季度', period('2026-04-01', '2026-06-30')],
    ['Q1', period('2026-01-01', '2026-03-31')],
    ['上半年', period('2026-01-01', '2026-06-30')],
    ['下半年', period('2026-07-01', '2026-11-22')],
    ['2025年3月', period('2025-03-01', '2025-03-31')],
    ['3月份', period('2026-03-01', '2026-03-31')],
    ['12月', period('2025-12-01', '2025-12-31')],
    ['3月以来', period('2026-03-01', '2026-11-22')],
    ['今年以来', period('2026-01-01', '2026-11-22')],
    ['从上个月开始', period('2026-10-01', '2026-11-22')],
    ['去年至今', period('2025-01-01', '2026-11-22')],
    ['自一季度以来', period('2026-01-01', '2026-11-22')],
    ['今年一季度', period('2026-01-01', '2026-03-31')],
    ['去年下半年', period('2025-07-01', '2025-12-31')],
    ['2026年1月至6月', period('2026-01-01', '2026-06-30')],
    ['1-6月', period('2026-01-01', '2026-06-30')],
    ['2025年', period('2025-01-01', '2025-12-31')],
    ['上周', period('2026-11-09', '2026-11-15')],
    ['this year', period('2026-01-01', '2026-11-22')],
    ['last month', period('2026-10-01', '2026-10-31')],
    ['the last 3 months', period('2026-08-23', '2026-11-22')],
    ['the past six months', period('2026-05-23', '2026-11-22')],
    ['past year', period('2025-11-23', '2026-11-22')],
    ['last year', period('2025-01-01', '2025-12-31')],
    ['Q1 2026', period('2026-01-01', '2026-03-31')],
    ['first quarter of 2025', period('2025-01-01', '2025-03-31')],
    ['since March', period('2026-03-01', '2026-11-22')],
    ['January to June', period('2026-01-01', '2026-06-30')],
    ['Jan-Jun 2026', period('2026-01-01', '2026-06-30')],
    ['March 2026', period('2026-03-01', '2026-03-31')],
    ['in May', period('2026-05-01', '2026-05-31')],
  ])('%s on 2026-11-22', (words, expected) => expect(read(words, NOV_22)).toEqual(expected));

  it('is Beijing’s day, not UTC’s: 2026-12-31 17:00 UTC is 1 January 2027 in Beijing', () => {
    expect(beijingDay(NEW_YEAR_IN_BEIJING)).toEqual({ year: 2027, month: 1, day: 1 });
    expect(read('今年', NEW_YEAR_IN_BEIJING)).toEqual(period('2027-01-01', '2027-01-01'));
    expect(read('this year', NEW_YEAR_IN_BEIJING)).toEqual(period('2027-01-01', '2027-01-01'));
    expect(read('去年', NEW_YEAR_IN_BEIJING)).toEqual(period('2026-01-01', '2026-12-31'));
    expect(read('上个月', NEW_YEAR_IN_BEIJING)).toEqual(period('2026-12-01', '2026-12-31'));
    expect(read('本月', NEW_YEAR_IN_BEIJING)).toEqual(period('2027-01-01', '2027-01-01'));
    // A quarter or month not yet begun this year is last year's.
    expect(read('四季度', NEW_YEAR_IN_BEIJING)).toEqual(period('2026-10-01', '2026-12-31'));
    expect(read('12月', NEW_YEAR_IN_BEIJING)).toEqual(period('2026-12-01', '2026-12-31'));
    expect(read('近一年', NEW_YEAR_IN_BEIJING)).toEqual(period('2026-01-02', '2027-01-01'));
  });

  it('crosses a month and quarter end in Beijing before UTC does', () => {
    expect(read('本月', APRIL_IN_BEIJING)).toEqual(period('2026-04-01', '2026-04-01'));
    expect(read('上个月', APRIL_IN_BEIJING)).toEqual(period('2026-03-01', '2026-03-31'));
    expect(read('本季度', APRIL_IN_BEIJING)).toEqual(period('2026-04-01', '2026-04-01'));
    expect(read('上季度', APRIL_IN_BEIJING)).toEqual(period('2026-01-01', '2026-03-31'));
    expect(read('近一个月', APRIL_IN_BEIJING)).toEqual(period('2026-03-02', '2026-04-01'));
  });

  it('keeps the last day of a short month: one month back from 31 March is 28 February and on', () => {
    expect(read('近一个月', Date.parse('2026-03-31T04:00:00Z'))).toEqual(period('2026-03-01', '2026-03-31'));
    expect(read('本月', LAST_MINUTE_OF_FEBRUARY)).toEqual(period('2026-02-01', '2026-02-28'));
    expect(read('上个月', Date.parse('2024-03-10T04:00:00Z'))).toEqual(period('2024-02-01', '2024-02-29'));
  });

  it('finds a period inside a sentence, and leaves alone what is no period', () => {
    expect(periodAt('光伏组件今年的招标', 4, NOV_22)).toEqual({
      length: 2,
      period: period('2026-01-01', '2026-11-22'),
    });
    for (const words of ['3月5日', 'may', 'dismay', '近日', '年', 'march on', '最近', 'last', '前三个月'])
      expect(read(words, NOV_22), words).toBeUndefined();
    expect(periodAt('dismay', 3, NOV_22)).toBeUndefined();
  });
});

describe('periods in words in a slash command’s options', () => {
  const optionsOf = (text: string, now?: number) => {
    const parsed = parseCommand(COMMAND_GRAMMAR, '/bids', text, now);
    return parsed.kind === 'query' ? parsed.input : parsed;
  };

  it('reads from:上个月 and from:今年 as the first day, to: as the last, in Beijing at the command’s clock', () => {
    expect(optionsOf('光伏组件 from:上个月', NOV_22)).toMatchObject({ publishStartTime: '2026-10-01' });
    expect(optionsOf('光伏组件 from:今年', NOV_22)).toMatchObject({ publishStartTime: '2026-01-01' });
    expect(optionsOf('光伏组件 从:近三个月 到:上个月', NOV_22)).toMatchObject({
      publishStartTime: '2026-08-23',
      publishEndTime: '2026-10-31',
    });
    expect(optionsOf('solar from:last-month', NEW_YEAR_IN_BEIJING)).toMatchObject({ publishStartTime: '2026-12-01' });
    expect(optionsOf('光伏组件 from:2026/3/1', NOV_22)).toMatchObject({ publishStartTime: '2026-03-01' });
  });

  it('leaves a period in words as typed without a clock, for validation to refuse (free)', () => {
    expect(optionsOf('光伏组件 from:上个月')).toMatchObject({ publishStartTime: '上个月' });
  });
});
