import { describe, expect, it } from 'vitest';
import { FUTURES_CONTRACTS } from '../../src/simulator/data/futuresContracts.js';
import { callOperation, FIXED_NOW, GENEROUS_RATE_LIMITS, OP, useSimulator } from './simulatorTestKit.js';

let simulatedNow = FIXED_NOW;
const simulator = useSimulator({ now: () => simulatedNow, rateLimits: GENEROUS_RATE_LIMITS });
const candles = (body: Record<string, unknown>) => callOperation(simulator(), OP.futures, body);

const PERIOD_SECONDS: Record<string, number> = {
  '0': 86_400,
  '1': 60,
  '5': 300,
  '30': 1_800,
  '60': 3_600,
  '120': 7_200,
  '240': 14_400,
};
type Line = [number, number, number, number, number, number, number, number];

/** A Wednesday, 12:30 UTC: a trading day. FIXED_NOW is a Sunday, when the market is shut. */
const WEDNESDAY = Date.UTC(2025, 5, 11, 12, 30);

/** The weekday of a candle's start in UTC: 0 Sunday … 6 Saturday. */
const weekdayOf = (tickAt: number) => new Date(tickAt * 1000).getUTCDay();

describe('finance-external-futures-kline', () => {
  it('answers fields and lines, oldest first, the last candle containing now on a trading day', async () => {
    simulatedNow = WEDNESDAY;
    const result = await candles({ symbol: 'CL', type: '60' });
    simulatedNow = FIXED_NOW;
    expect(result.status).toBe(200);
    const { fields, lines } = result.json.data as { fields: string[]; lines: Line[] };
    expect(fields).toEqual(['open', 'close', 'high', 'low', 'change', 'changeRate', 'volume', 'tick_at']);
    expect(lines).toHaveLength(10);
    const ticks = lines.map((line) => line[7]);
    expect(ticks.every((tick, i) => i === 0 || tick - ticks[i - 1]! === 3600)).toBe(true);
    const nowSeconds = WEDNESDAY / 1000;
    expect(ticks.at(-1)! <= nowSeconds && nowSeconds < ticks.at(-1)! + 3600).toBe(true);
  });

  it("aligns daily candles to 00:00 UTC, Monday to Friday: on a Sunday the latest is Friday's", async () => {
    const { lines } = (await candles({ symbol: 'GC', type: '0', limit: '3' })).json.data as { lines: Line[] };
    expect(lines.map((line) => new Date(line[7] * 1000).toISOString())).toEqual([
      '2025-06-11T00:00:00.000Z',
      '2025-06-12T00:00:00.000Z',
      '2025-06-13T00:00:00.000Z',
    ]);
  });

  it('has no candle on a Saturday or a Sunday at any period, as futures markets have no weekend session', async () => {
    for (const type of Object.keys(PERIOD_SECONDS)) {
      const { lines } = (await candles({ symbol: 'GC', type, limit: '1000' })).json.data as { lines: Line[] };
      expect(lines, type).toHaveLength(1000);
      const weekend = lines.filter((line) => [0, 6].includes(weekdayOf(line[7])));
      expect(weekend, `type ${type}`).toEqual([]);
    }
  });

  it("moves Monday's change on from Friday's close, as the close before it", async () => {
    const { lines } = (await candles({ symbol: 'CL', type: '0', limit: '30' })).json.data as { lines: Line[] };
    const mondays = lines.map((line, i) => ({ line, i })).filter(({ line, i }) => i > 0 && weekdayOf(line[7]) === 1);
    expect(mondays.length).toBeGreaterThan(0);
    for (const { line, i } of mondays) {
      const friday = lines[i - 1]!;
      expect(weekdayOf(friday[7])).toBe(5);
      expect(line[4]).toBeCloseTo(line[1] - friday[1], 2);
    }
  });

  it('gives the newest trading candle at a weekend, the same whenever in the weekend it is asked', async () => {
    simulatedNow = Date.UTC(2025, 5, 14, 9); // Saturday
    const saturday = (await candles({ symbol: 'ES', type: '5', limit: '5' })).json.data.lines as Line[];
    simulatedNow = Date.UTC(2025, 5, 15, 22); // Sunday evening
    const sunday = (await candles({ symbol: 'ES', type: '5', limit: '5' })).json.data.lines as Line[];
    simulatedNow = FIXED_NOW;
    expect(sunday).toEqual(saturday);
    // Friday 23:55 UTC, the last 5-minute candle of the week.
    expect(new Date(saturday.at(-1)![7] * 1000).toISOString()).toBe('2025-06-13T23:55:00.000Z');
  });

  it('keeps every candle consistent for every symbol and type', async () => {
    for (const contract of FUTURES_CONTRACTS) {
      for (const type of Object.keys(PERIOD_SECONDS)) {
        const { lines } = (await candles({ symbol: contract.symbol, type, limit: '40' })).json.data as {
          lines: Line[];
        };
        expect(lines).toHaveLength(40);
        for (const [i, [open, close, high, low, change, changeRate, volume, tickAt]] of lines.entries()) {
          const where = `${contract.symbol} type ${type} candle ${i}`;
          expect(low, where).toBeLessThanOrEqual(Math.min(open, close));
          expect(high, where).toBeGreaterThanOrEqual(Math.max(open, close));
          expect(Number.isInteger(volume) && volume > 0, where).toBe(true);
          expect(tickAt % PERIOD_SECONDS[type]!, where).toBe(0);
          expect(Math.round(changeRate * 100) / 100, where).toBe(changeRate);
          if (i > 0) {
            const previousClose = lines[i - 1]![1];
            expect(change, where).toBeCloseTo(close - previousClose, contract.decimals);
            expect(changeRate, where).toBeCloseTo(((close - previousClose) / previousClose) * 100, 1);
          }
        }
      }
    }
  });

  it('quotes prices near realistic levels', async () => {
    const ranges: Record<string, [number, number]> = { CL: [60, 100], GC: [1900, 2800], SI: [23, 37], HG: [3.3, 5.2] };
    for (const [symbol, [low, high]] of Object.entries(ranges)) {
      const { lines } = (await candles({ symbol, type: '0', limit: '1000' })).json.data as { lines: Line[] };
      for (const line of lines) expect(line[1] > low && line[1] < high, `${symbol} ${line[1]}`).toBe(true);
    }
  });

  it('gives the same candle whatever the limit', async () => {
    const short = (await candles({ symbol: 'SI', type: '1', limit: '5' })).json.data.lines as Line[];
    const long = (await candles({ symbol: 'SI', type: '1', limit: '500' })).json.data.lines as Line[];
    expect(long.slice(-5)).toEqual(short);
  });

  it('gives the same candle whenever it is asked', async () => {
    simulatedNow = WEDNESDAY;
    const before = (await candles({ symbol: 'ES', type: '5', limit: '20' })).json.data.lines as Line[];
    simulatedNow = WEDNESDAY + 7 * 300_000; // seven 5-minute candles later
    const after = (await candles({ symbol: 'ES', type: '5', limit: '20' })).json.data.lines as Line[];
    simulatedNow = FIXED_NOW;
    expect(after[0]![7]).toBe(before[7]![7]);
    expect(after.slice(0, 13)).toEqual(before.slice(7));
  });

  it('returns the default 10 candles and at most 1000', async () => {
    expect((await candles({ symbol: 'NQ', type: '1' })).json.data.lines).toHaveLength(10);
    expect((await candles({ symbol: 'NQ', type: '1', limit: '1000' })).json.data.lines).toHaveLength(1000);
  });

  it.each([
    [{ type: '0' }, 'symbol is required'],
    [{ symbol: 'cl', type: '0' }, 'unknown symbol'],
    [{ symbol: 'XYZ', type: '0' }, 'unknown symbol'],
    [{ symbol: 'CL' }, 'type is required'],
    [{ symbol: 'CL', type: '15' }, 'type must be one of 0, 1, 5, 30, 60, 120, 240'],
    [{ symbol: 'CL', type: 0 }, 'type must be a string'],
    [{ symbol: 'CL', type: '0', limit: 10 }, 'limit must be a string'],
    [{ symbol: 'CL', type: '0', limit: '0' }, 'limit must be a positive integer'],
    [{ symbol: 'CL', type: '0', limit: '1.5' }, 'limit must be a positive integer'],
    [{ symbol: 'CL', type: '0', limit: '1001' }, 'limit must not exceed 1000'],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const result = await candles(body);
    expect(result.status).toBe(400);
    expect(result.json).toMatchObject({ code: 400, msg: message, data: null });
  });
});
