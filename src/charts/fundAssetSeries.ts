import type { FundAssetRecord } from '../core/operations/fundAsset.js';

export interface AssetPoint {
  date: string;
  /** CNY. */
  asset: number;
  /** Percent change against the point before it; null when there is none to compare with. */
  rate: number | null;
}

/** The service lists newest first; charts read left to right, oldest first. */
export function assetPointsOldestFirst(records: readonly FundAssetRecord[]): AssetPoint[] {
  return records
    .map((record) => ({ date: record.assetDate, asset: record.asset, rate: record.assetRate }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/**
 * Every step-th point counted back from the newest. Asset size is a level, so a kept point shows its
 * true value; the rate, though, is recomputed against the previous kept point, because the service's
 * rate compares with a period that is no longer on the chart.
 */
export function thinAssetPoints(points: readonly AssetPoint[], step: number): AssetPoint[] {
  if (!Number.isInteger(step) || step < 1) throw new RangeError(`step must be a positive integer, not ${step}`);
  if (step === 1) return points.map((point) => ({ ...point }));
  const kept: AssetPoint[] = [];
  for (let index = points.length - 1; index >= 0; index -= step) kept.unshift({ ...points[index]! });
  return kept.map((point, index) => {
    const before = kept[index - 1];
    const rate = before === undefined || before.asset === 0 ? null : ((point.asset - before.asset) / before.asset) * 100;
    return { ...point, rate };
  });
}
