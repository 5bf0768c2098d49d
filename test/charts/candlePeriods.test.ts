import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { longerPeriods, mergeCandles, periodEnd, periodOfType, periodStart, PERIODS } from '../../src/charts/candlePeriods.js';
import type { Candle } from '../../src/core/operations/futuresKline.js';
import { candleSequence, makeCandles, PERIOD_MS } from './support.js';

function close(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));
}

const at = (text: string) => Date.parse(`${text}Z`);

describe('standard periods', () => {
  it('merges each candle type only into the standard periods that hold it evenly', () => {
    const names = (type: Parameters<typeof periodOfType>[0]) => longerPeriods(periodOfType(type)).map((p) => p.name);
    expect(names('1')).toEqual(['5m', '15m', '30m', '1h', '2h', '4h', '1D', '1W', '1M']);
    expect(names('5')).toEqual(['15m', '30m', '1h', '2h', '4h', '1D', '1W', '1M']);
    expect(names('30')).toEqual(['1h', '2h', '4h', '1D', '1W', '1M']);
    expect(names('60')).toEqual(['2h', '4h', '1D', '1W', '1M']);
    expect(names('120')).toEqual(['4h', '1D', '1W', '1M']);
    expect(names('240')).toEqual(['1D', '1W', '1M']);
    expect(names('0')).toEqual(['1W', '1M']);
  });

  it('aligns periods to the clock: quarter hours, days at 00:00 UTC, weeks on Monday, months on the 1st', () => {
    expect(periodStart(at('2024-10-30T09:44:00'), PERIODS['15m'])).toBe(at('2024-10-30T09:30:00'));
    expect(periodStart(at('2024-10-30T23:59:00'), PERIODS['1D'])).toBe(at('2024-10-30T00:00:00'));
    expect(periodStart(at('2024-11-03T12:00:00'), PERIODS['1W'])).toBe(at('2024-10-28T00:00:00'));
    expect(new Date(periodStart(at('2024-11-03T12:00:00'), PERIODS['1W'])).getUTCDay()).toBe(1);
    expect(periodStart(at('2024-02-29T12:00:00'), PERIODS['1M'])).toBe(at('2024-02-01T00:00:00'));
    expect(periodEnd(at('2024-02-01T00:00:00'), PERIODS['1M'])).toBe(at('2024-03-01T00:00:00'));
  });
});

describe('mergeCandles', () => {
  it('takes first open, highest high, lowest low, last close, summed volume, per aligned period', () => {
    fc.assert(fc.property(candleSequence(300), fc.constantFrom(PERIODS['15m'], PERIODS['30m'], PERIODS['1h'], PERIODS['1D']), (candles, to) => {
      const { candles: merged, droppedOldest } = mergeCandles(candles, PERIODS['5m'], to);
      const kept = candles.slice(droppedOldest);
      expect(merged.map((candle) => candle.at)).toEqual([...new Set(kept.map((candle) => periodStart(candle.at, to)))]);
      for (const candle of merged) {
        const members = kept.filter((member) => periodStart(member.at, to) === candle.at);
        expect(candle.open).toBe(members[0]!.open);
        expect(candle.close).toBe(members.at(-1)!.close);
        expect(candle.high).toBe(Math.max(...members.map((c) => c.high)));
        expect(candle.low).toBe(Math.min(...members.map((c) => c.low)));
        expect(candle.volume).toBe(members.reduce((sum, c) => sum + c.volume, 0));
        expect(candle.low).toBeLessThanOrEqual(Math.min(candle.open, candle.close));
        expect(candle.high).toBeGreaterThanOrEqual(Math.max(candle.open, candle.close));
      }
    }));
  });

  it('gives each merged candle the change against the close before it, and the rate from it', () => {
    fc.assert(fc.property(candleSequence(300), (candles) => {
      const { candles: merged, droppedOldest } = mergeCandles(candles, PERIODS['5m'], PERIODS['1h']);
      merged.forEach((candle, index) => {
        const closeBefore = index === 0 ? (droppedOldest > 0 ? candles[droppedOldest - 1]!.close : candles[0]!.close - candles[0]!.change) : merged[index - 1]!.close;
        expect(close(candle.change, candle.close - closeBefore)).toBe(true);
        if (closeBefore !== 0) expect(close(candle.changeRate, ((candle.close - closeBefore) / closeBefore) * 100)).toBe(true);
      });
    }));
  });

  it('leaves out an oldest period that began before the data, and reports a newest one not over yet', () => {
    // 5-minute candles from 09:05 to 10:05: the 09:00 quarter lacks 09:00, the 10:00 one lacks 10:10.
    const candles = makeCandles({ count: 13, periodMs: PERIOD_MS['5'], firstAt: at('2024-10-30T09:05:00') });
    const merged = mergeCandles(candles, PERIODS['5m'], PERIODS['15m']);
    expect(merged.droppedOldest).toBe(2);
    expect(merged.partialNewest).toBe(2);
    expect(merged.candles.map((candle) => new Date(candle.at).toISOString().slice(11, 16))).toEqual(['09:15', '09:30', '09:45', '10:00']);
  });

  it('keeps whole periods whole and says nothing then', () => {
    const candles = makeCandles({ count: 12, periodMs: PERIOD_MS['5'], firstAt: at('2024-10-30T09:00:00') });
    expect(mergeCandles(candles, PERIODS['5m'], PERIODS['1h'])).toEqual({ candles: [expect.objectContaining({ at: at('2024-10-30T09:00:00') })], droppedOldest: 0 });
  });

  it('keeps a partial oldest period when dropping it would leave fewer than two candles', () => {
    const candles: Candle[] = makeCandles({ count: 7, periodMs: PERIOD_MS['5'], firstAt: at('2024-10-30T09:40:00') });
    const merged = mergeCandles(candles, PERIODS['5m'], PERIODS['30m']);
    expect(merged.droppedOldest).toBe(0);
    expect(merged.candles).toHaveLength(2);
  });
});
