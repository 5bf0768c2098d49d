import { describe, expect, it } from 'vitest';
import { candlesInSpan } from '../../../src/slack/parse/candleSpans.js';

/** Spans counted in Beijing days, on pinned clocks where Beijing and UTC disagree about the date. */
describe('candlesInSpan', () => {
  // 2026-11-22 12:00 in Beijing, a Sunday.
  const sunday = Date.parse('2026-11-22T04:00:00Z');

  it('counts the weekdays of a span for daily candles, today included', () => {
    // 2026-08-23 (Sunday) to 2026-11-22 (Sunday): 13 weeks and a day, 65 weekdays.
    expect(candlesInSpan({ count: 3, unit: 'month' }, 'day', sunday)).toBe(65);
    // 2026-11-16 (Monday) to 2026-11-22: five weekdays.
    expect(candlesInSpan({ count: 1, unit: 'week' }, 'day', sunday)).toBe(5);
    expect(candlesInSpan({ count: 2, unit: 'day' }, 'day', sunday)).toBe(0);
  });

  it('counts weeks and months for weekly and monthly candles', () => {
    expect(candlesInSpan({ count: 3, unit: 'month' }, 'week', sunday)).toBe(14);
    expect(candlesInSpan({ count: 6, unit: 'month' }, 'month', sunday)).toBe(6);
    expect(candlesInSpan({ count: 90, unit: 'day' }, 'month', sunday)).toBe(3);
  });

  it('counts intraday candles as round-the-clock trading on weekdays: the most a span can hold', () => {
    expect(candlesInSpan({ count: 1, unit: 'week' }, { ms: 3_600_000 }, sunday)).toBe(5 * 24);
    expect(candlesInSpan({ count: 3, unit: 'month' }, { ms: 300_000 }, sunday)).toBe(65 * 288);
  });

  it('takes the day in Beijing: 2026-12-31 17:00 UTC is Friday 2027-01-01 there', () => {
    const newYear = Date.parse('2026-12-31T17:00:00Z');
    // 2026-12-26 (Saturday) to 2027-01-01 (Friday) in Beijing: five weekdays; in UTC it would end on Thursday.
    expect(candlesInSpan({ count: 1, unit: 'week' }, 'day', newYear)).toBe(5);
    // 2026-10-02 to 2027-01-01 (92 days): the same day three months back, the day after it first.
    expect(candlesInSpan({ count: 3, unit: 'month' }, 'week', newYear)).toBe(14);
  });

  it('takes the last day of a shorter month for a day it does not have', () => {
    // 2027-05-31 back three months is 2027-02-28 (no 31st): from 2027-03-01, 13 weeks and a day.
    const may31 = Date.parse('2027-05-31T04:00:00Z');
    expect(candlesInSpan({ count: 3, unit: 'month' }, 'day', may31)).toBe(66);
  });
});
