import { describe, expect, it } from 'vitest';
import { type Candle, futures, mergeCandles, PERIODS } from '../../../src/core/operations/futures.js';
import { validate } from '../../../src/core/operations/validate.js';

/**
 * Merged periods (15-minute from 5-minute, weekly and monthly from daily), checked against sums
 * done by hand: the open of the first candle, the highest high, the lowest low, the close of the
 * last, the volumes added up, a last period that is not over kept and counted.
 */

const at = (iso: string) => Date.parse(`${iso}Z`);

function candle(
  iso: string,
  open: number,
  high: number,
  low: number,
  close: number,
  change: number,
  volume: number,
): Candle {
  return { open, high, low, close, change, changeRate: 0, volume, at: at(iso) };
}

/** Eight 5-minute candles, 09:00 to 09:35 UTC: two whole quarters of an hour and a third with two candles so far. */
const FIVE_MINUTES: Candle[] = [
  candle('2026-11-20T09:00:00', 70.0, 70.4, 69.9, 70.2, 0.2, 100),
  candle('2026-11-20T09:05:00', 70.2, 70.9, 70.1, 70.8, 0.6, 150),
  candle('2026-11-20T09:10:00', 70.8, 70.8, 70.3, 70.5, -0.3, 120),
  candle('2026-11-20T09:15:00', 70.5, 70.6, 69.5, 69.6, -0.9, 300),
  candle('2026-11-20T09:20:00', 69.6, 69.9, 69.4, 69.8, 0.2, 80),
  candle('2026-11-20T09:25:00', 69.8, 70.1, 69.7, 70.0, 0.2, 90),
  candle('2026-11-20T09:30:00', 70.0, 70.3, 69.8, 70.1, 0.1, 60),
  candle('2026-11-20T09:35:00', 70.1, 71.2, 70.0, 71.0, 0.9, 200),
];

describe('merging candles into a longer period', () => {
  it('makes 15-minute candles from 5-minute ones as a hand computation does, the last one partial', () => {
    const merged = mergeCandles(FIVE_MINUTES, PERIODS['5m'], PERIODS['15m']);
    // By hand: 09:00 = 70.0 / max(70.4, 70.9, 70.8) / min(69.9, 70.1, 70.3) / 70.5, volume 100+150+120, change 0.2+0.6−0.3.
    expect(merged.candles).toEqual([
      {
        at: at('2026-11-20T09:00:00'),
        open: 70.0,
        high: 70.9,
        low: 69.9,
        close: 70.5,
        volume: 370,
        change: 0.5,
        // 0.5 / 70.0 in percent, to the service's two places.
        changeRate: 0.71,
      },
      {
        at: at('2026-11-20T09:15:00'),
        open: 70.5,
        high: 70.6,
        low: 69.4,
        close: 70.0,
        volume: 470,
        change: -0.5,
        changeRate: -0.71,
      },
      {
        at: at('2026-11-20T09:30:00'),
        open: 70.0,
        high: 71.2,
        low: 69.8,
        close: 71.0,
        volume: 260,
        change: 1.0,
        changeRate: 1.43,
      },
    ]);
    expect(merged).toMatchObject({ droppedOldest: 0, inNewest: 2, partialNewest: 2 });
  });

  it('makes weekly candles (from Monday) of the trading days there are, the week in progress kept', () => {
    const days = [
      candle('2026-11-09T00:00:00', 10, 12, 9, 11, 1, 5), // Monday
      candle('2026-11-10T00:00:00', 11, 11.5, 10, 10.5, -0.5, 7),
      candle('2026-11-13T00:00:00', 10.5, 14, 10.4, 13, 2.5, 9), // Friday; no candles Wed, Thu
      candle('2026-11-16T00:00:00', 13, 13.2, 12, 12.5, -0.5, 4), // the next Monday
      candle('2026-11-17T00:00:00', 12.5, 15, 12.4, 14.8, 2.3, 6), // Tuesday, the latest
    ];
    const weeks = mergeCandles(days, PERIODS['1D'], PERIODS['1W']);
    expect(
      weeks.candles.map(({ at: start, open, high, low, close, volume }) => ({
        start: new Date(start).toISOString().slice(0, 10),
        open,
        high,
        low,
        close,
        volume,
      })),
    ).toEqual([
      { start: '2026-11-09', open: 10, high: 14, low: 9, close: 13, volume: 21 },
      { start: '2026-11-16', open: 13, high: 15, low: 12, close: 14.8, volume: 10 },
    ]);
    expect(weeks.inNewest).toBe(2);
  });

  it('makes monthly candles from the 1st, across a year', () => {
    const days = [
      candle('2025-12-30T00:00:00', 5, 6, 4, 5.5, 0.5, 1),
      candle('2025-12-31T00:00:00', 5.5, 7, 5, 6, 0.5, 2),
      candle('2026-01-02T00:00:00', 6, 6.5, 3, 4, -2, 3),
    ];
    const months = mergeCandles(days, PERIODS['1D'], PERIODS['1M']);
    // December began before the data: with only two months, it is kept rather than leave one candle.
    expect(
      months.candles.map((month) => [
        new Date(month.at).toISOString().slice(0, 7),
        month.open,
        month.high,
        month.low,
        month.close,
        month.volume,
      ]),
    ).toEqual([
      ['2025-12', 5, 7, 4, 6, 3],
      ['2026-01', 6, 6.5, 3, 4, 3],
    ]);
  });
});

describe('the futures operation with a merged period', () => {
  it('reads `1M` as a month and `1m` as a minute in its own field, whoever reads the word (a lookup, a watch, dq call)', () => {
    const type = (word: string) => validate('finance-external-futures-kline', { symbol: 'CL', type: word }).type;
    expect(type('1M')).toBe('M');
    expect(type(' 1M ')).toBe('M');
    expect(type('1m')).toBe('1');
    expect(type('month')).toBe('M');
  });

  it('sends the service its own candles, as many as the count asked takes: 3 a quarter of an hour, 7 a week, 31 a month', () => {
    expect(futures.body!({ symbol: 'CL', type: '15', limit: '30' })).toEqual({ symbol: 'CL', type: '5', limit: '90' });
    expect(futures.body!({ symbol: 'CL', type: 'W', limit: '20' })).toEqual({ symbol: 'CL', type: '0', limit: '140' });
    expect(futures.body!({ symbol: 'CL', type: 'M', limit: '12' })).toEqual({ symbol: 'CL', type: '0', limit: '372' });
    expect(futures.body!({ symbol: 'CL', type: '5', limit: '30' })).toEqual({ symbol: 'CL', type: '5', limit: '30' });
  });

  it('answers with the count asked, the newest, and says what they were merged from', () => {
    const fields = ['open', 'close', 'high', 'low', 'change', 'changeRate', 'volume', 'tick_at'];
    const lines = FIVE_MINUTES.map((c) => [
      c.open,
      c.close,
      c.high,
      c.low,
      c.change,
      c.changeRate,
      c.volume,
      c.at / 1000,
    ]);
    const result = futures.normalise({ fields, lines }, { symbol: 'CL', type: '15', limit: '2' });
    expect(result.type).toBe('15');
    expect(
      result.candles.map((c) => [new Date(c.at).toISOString().slice(11, 16), c.open, c.high, c.low, c.close, c.volume]),
    ).toEqual([
      ['09:15', 70.5, 70.6, 69.4, 70.0, 470],
      ['09:30', 70.0, 71.2, 69.8, 71.0, 260],
    ]);
    // The two shown hold 09:15 to 09:35: the 09:00 quarter was fetched but is not shown.
    expect(result.merged).toEqual({ type: '5', fetched: 8, mergedIn: 5, inNewest: 2 });
  });

  it('keeps a lookup of 15-minute candles apart from one of 5-minute candles in the cache, and each fresh as intraday', () => {
    expect(futures.cacheVariant({ symbol: 'CL', type: '15', limit: '30' })).toBe('intraday');
    expect(futures.cacheVariant({ symbol: 'CL', type: 'W', limit: '30' })).toBe('daily');
    expect(futures.cacheVariant({ symbol: 'CL', type: 'M', limit: '30' })).toBe('daily');
  });
});

/** The service's wire form of candles, as `normalise` reads it. */
function wire(candles: readonly Candle[]): { fields: string[]; lines: number[][] } {
  return {
    fields: ['open', 'close', 'high', 'low', 'change', 'changeRate', 'volume', 'tick_at'],
    lines: candles.map((c) => [c.open, c.close, c.high, c.low, c.change, c.changeRate, c.volume, c.at / 1000]),
  };
}

describe('figures the app works out', () => {
  it("writes a merged candle's change and rate to the data's own places, never a sum's binary noise", () => {
    // 0.1 + 0.2 is 0.30000000000000004 in binary floating point; -0.45 + 0.13 is -0.32000000000000006.
    const days = [
      candle('2026-07-20T00:00:00', 86.57, 86.69, 86.4, 86.67, 0.1, 100),
      candle('2026-07-21T00:00:00', 86.67, 86.9, 86.5, 86.87, 0.2, 100),
      candle('2026-07-27T00:00:00', 86.87, 86.9, 86.3, 86.42, -0.45, 100),
      candle('2026-07-28T00:00:00', 86.42, 86.6, 86.3, 86.55, 0.13, 100),
    ];
    const merged = mergeCandles(days, PERIODS['1D'], PERIODS['1W']).candles;
    expect(merged.map((week) => week.change)).toEqual([0.3, -0.32]);
    // Against the close before the week: 0.3 / 86.57 and -0.32 / 86.87, in percent, to two places.
    expect(merged.map((week) => week.changeRate)).toEqual([0.35, -0.37]);
    for (const week of merged)
      for (const figure of [week.change, week.changeRate]) expect(String(figure)).toMatch(/^-?\d+(\.\d{1,2})?$/);
  });

  it('counts the candles the shown ones were merged from, not those fetched: a Friday before the first week is not in it', () => {
    // Friday 2026-07-10, then two whole weeks of trading days from Monday 07-13.
    const fridayThenTwoWeeks = [
      '2026-07-10',
      '2026-07-13',
      '2026-07-14',
      '2026-07-15',
      '2026-07-16',
      '2026-07-17',
      '2026-07-20',
      '2026-07-21',
      '2026-07-22',
      '2026-07-23',
      '2026-07-24',
    ].map((day) => candle(`${day}T00:00:00`, 80, 81, 79, 80, 0, 10));
    const result = futures.normalise(wire(fridayThenTwoWeeks), { symbol: 'CL', type: 'W', limit: '20' });
    expect(result.candles.map((week) => new Date(week.at).toISOString().slice(0, 10))).toEqual([
      '2026-07-13',
      '2026-07-20',
    ]);
    expect(result.merged).toMatchObject({ fetched: 11, mergedIn: 10 });
  });
});

describe('a lookup in the words people type', () => {
  it('names its period as help teaches it (1d, 15m, 1w, 1M), not by the wire code', () => {
    const words = (type: string, limit: string) => futures.wordsOf!({ symbol: 'GC', type: type as never, limit });
    expect(words('0', '10')).toEqual(['GC', '1d', '10']);
    expect(words('15', '30')).toEqual(['GC', '15m', '30']);
    expect(words('1', '30')).toEqual(['GC', '1m', '30']);
    expect(words('60', '48')).toEqual(['GC', '1h', '48']);
    expect(words('W', '20')).toEqual(['GC', '1w', '20']);
    expect(words('M', '12')).toEqual(['GC', '1M', '12']);
  });

  it('says which results are dated by the day: daily, weekly and monthly candles', () => {
    const dated = (type: string) =>
      futures.datedByDay!({ symbol: 'GC', type: type as never, candles: [], tickUnit: 's' });
    expect(['0', 'W', 'M'].map(dated)).toEqual([true, true, true]);
    expect(['1', '5', '15', '60', '240'].map(dated)).toEqual([false, false, false, false, false]);
  });
});
