import type { Candle } from '../core/operations/futuresKline.js';

/** Sizes of the groups mergeCandles makes, oldest first: only the oldest group may be short. */
export function mergeGroupSizes(count: number, size: number): number[] {
  if (count === 0) return [];
  const remainder = count % size;
  const groups = Math.ceil(count / size);
  return Array.from({ length: groups }, (_, index) => (index === 0 && remainder !== 0 ? remainder : size));
}

function mergeGroup(members: Candle[]): Candle {
  const first = members[0]!;
  const last = members[members.length - 1]!;
  // Each member's change is against the close before it, so the sum is the change from the close
  // before the group to the group's close, which is what a candle of the longer period reports.
  const change = members.reduce((sum, candle) => sum + candle.change, 0);
  const closeBefore = last.close - change;
  return {
    open: first.open,
    close: last.close,
    high: Math.max(...members.map((candle) => candle.high)),
    low: Math.min(...members.map((candle) => candle.low)),
    change,
    // No rate can be stated against a zero close; 0 keeps the field numeric like the service's own.
    changeRate: closeBefore === 0 ? 0 : (change / closeBefore) * 100,
    volume: members.reduce((sum, candle) => sum + candle.volume, 0),
    at: first.at,
  };
}

/**
 * Candles (oldest first) merged `size` at a time into candles of a longer period. Groups are counted
 * back from the newest candle so the latest period is complete; a short group, if any, is the oldest.
 */
export function mergeCandles(candles: readonly Candle[], size: number): Candle[] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`merge size must be a positive integer, not ${size}`);
  if (size === 1) return candles.map((candle) => ({ ...candle }));
  const merged: Candle[] = [];
  let start = 0;
  for (const groupSize of mergeGroupSizes(candles.length, size)) {
    merged.push(mergeGroup(candles.slice(start, start + groupSize)));
    start += groupSize;
  }
  return merged;
}
