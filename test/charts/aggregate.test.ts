import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeCandles, mergeGroupSizes } from '../../src/charts/aggregate.js';
import type { Candle } from '../../src/core/operations/futuresKline.js';
import { candleSequence } from './support.js';

const mergeSize = fc.integer({ min: 1, max: 40 });

function close(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));
}

/** The members of each merged candle, by the documented grouping. */
function groups(candles: Candle[], size: number): Candle[][] {
  const result: Candle[][] = [];
  let start = 0;
  for (const length of mergeGroupSizes(candles.length, size)) {
    result.push(candles.slice(start, start + length));
    start += length;
  }
  return result;
}

describe('mergeGroupSizes', () => {
  it('covers every candle, with only the oldest group short', () => {
    fc.assert(fc.property(fc.nat(2000), fc.integer({ min: 1, max: 100 }), (count, size) => {
      const sizes = mergeGroupSizes(count, size);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(count);
      expect(sizes.length).toBe(Math.ceil(count / size));
      sizes.slice(1).forEach((groupSize) => expect(groupSize).toBe(size));
      if (sizes.length > 0) expect(sizes[0]).toBeGreaterThan(0);
    }));
  });
});

describe('mergeCandles', () => {
  it('size 1 leaves the candles as they are', () => {
    fc.assert(fc.property(candleSequence(50), (candles) => {
      expect(mergeCandles(candles, 1)).toEqual(candles);
    }));
  });

  it('takes first open, max high, min low, last close, summed volume, first start', () => {
    fc.assert(fc.property(candleSequence(200), mergeSize, (candles, size) => {
      const merged = mergeCandles(candles, size);
      const members = groups(candles, size);
      expect(merged).toHaveLength(Math.ceil(candles.length / size));
      merged.forEach((candle, index) => {
        const group = members[index]!;
        expect(candle.open).toBe(group[0]!.open);
        expect(candle.close).toBe(group[group.length - 1]!.close);
        expect(candle.high).toBe(Math.max(...group.map((c) => c.high)));
        expect(candle.low).toBe(Math.min(...group.map((c) => c.low)));
        expect(candle.volume).toBe(group.reduce((sum, c) => sum + c.volume, 0));
        expect(candle.at).toBe(group[0]!.at);
      });
    }));
  });

  it('keeps low ≤ open, close ≤ high and the time order', () => {
    fc.assert(fc.property(candleSequence(200), mergeSize, (candles, size) => {
      const merged = mergeCandles(candles, size);
      merged.forEach((candle, index) => {
        expect(candle.low).toBeLessThanOrEqual(Math.min(candle.open, candle.close));
        expect(candle.high).toBeGreaterThanOrEqual(Math.max(candle.open, candle.close));
        if (index > 0) expect(candle.at).toBeGreaterThan(merged[index - 1]!.at);
      });
    }));
  });

  it('keeps total volume and total change', () => {
    fc.assert(fc.property(candleSequence(200), mergeSize, (candles, size) => {
      const merged = mergeCandles(candles, size);
      const total = (list: Candle[], key: 'volume' | 'change') => list.reduce((sum, c) => sum + c[key], 0);
      expect(total(merged, 'volume')).toBe(total(candles, 'volume'));
      expect(close(total(merged, 'change'), total(candles, 'change'))).toBe(true);
    }));
  });

  it('gives each merged candle the change against the previous merged close, and the rate from it', () => {
    fc.assert(fc.property(candleSequence(200), mergeSize, (candles, size) => {
      const merged = mergeCandles(candles, size);
      const closeBeforeAll = candles[0]!.close - candles[0]!.change;
      merged.forEach((candle, index) => {
        const closeBefore = index === 0 ? closeBeforeAll : merged[index - 1]!.close;
        expect(close(candle.change, candle.close - closeBefore)).toBe(true);
        const expectedRate = closeBefore === 0 ? 0 : ((candle.close - closeBefore) / closeBefore) * 100;
        // Unmerged candles keep the service's rate, which it rounds to two decimals.
        if (size === 1) expect(Math.abs(candle.changeRate - expectedRate)).toBeLessThanOrEqual(0.005 + 1e-9);
        else expect(close(candle.changeRate, expectedRate)).toBe(true);
      });
    }));
  });

  it('merging by a then by b is merging by a·b', () => {
    fc.assert(fc.property(candleSequence(300), fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 8 }), (candles, a, b) => {
      const twice = mergeCandles(mergeCandles(candles, a), b);
      const once = mergeCandles(candles, a * b);
      expect(twice).toHaveLength(once.length);
      twice.forEach((candle, index) => {
        const other = once[index]!;
        expect({ ...candle, change: 0, changeRate: 0 }).toEqual({ ...other, change: 0, changeRate: 0 });
        expect(close(candle.change, other.change)).toBe(true);
        expect(close(candle.changeRate, other.changeRate)).toBe(true);
      });
    }));
  });

  it('rejects a merge size that is not a positive integer', () => {
    expect(() => mergeCandles([], 0)).toThrow(RangeError);
    expect(() => mergeCandles([], 1.5)).toThrow(RangeError);
  });

  it('works a small case by hand', () => {
    const candle = (open: number, close: number, high: number, low: number, change: number, at: number): Candle =>
      ({ open, close, high, low, change, changeRate: 0, volume: 10, at });
    const merged = mergeCandles([
      candle(10, 11, 12, 9, 1, 0), candle(11, 12, 13, 10, 1, 1), candle(12, 10, 12, 8, -2, 2),
      candle(10, 15, 16, 10, 5, 3), candle(15, 14, 15, 13, -1, 4),
    ], 2);
    // Counted from the newest: [10→11], [11→12, 12→10], [10→15, 15→14].
    expect(merged.map(({ open, close, high, low, change, volume, at }) => ({ open, close, high, low, change, volume, at }))).toEqual([
      { open: 10, close: 11, high: 12, low: 9, change: 1, volume: 10, at: 0 },
      { open: 11, close: 10, high: 13, low: 8, change: -1, volume: 20, at: 1 },
      { open: 10, close: 14, high: 16, low: 10, change: 4, volume: 20, at: 3 },
    ]);
    expect(merged[2]!.changeRate).toBeCloseTo(40);
  });
});
