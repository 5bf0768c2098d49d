import type { AssetPoint } from './fundAssetSeries.js';
import { YI } from './money.js';
import { roundTo, visibleDecimals } from './numbers.js';

export interface AssetSeries {
  points: readonly AssetPoint[];
  labels: readonly string[];
  title: string;
  height: number;
}

/**
 * Asset size as bars from zero (in 亿 CNY) and the rate of change as a line on a right-hand axis. The
 * legend names both units, so the axes need no titles.
 */
export function fundAssetConfig(series: AssetSeries): object {
  const sizes = series.points.map((point) => point.asset / YI);
  const sizeDecimals = visibleDecimals(Math.max(...sizes.map(Math.abs)), series.height);
  const rates = series.points.map((point) => point.rate).filter((rate): rate is number => rate !== null);
  const rateSpan = rates.length > 0 ? Math.max(...rates.map(Math.abs)) : 0;
  const rateDecimals = Math.min(2, visibleDecimals(rateSpan, series.height));
  return {
    type: 'bar',
    data: {
      labels: series.labels,
      datasets: [
        { type: 'line', label: 'Change (%)', data: series.points.map((point) => (point.rate === null ? null : roundTo(point.rate, rateDecimals))), yAxisID: 'y1', borderColor: 'darkorange', backgroundColor: 'darkorange', pointRadius: 2 },
        { label: 'Net assets (亿 CNY)', data: sizes.map((size) => roundTo(size, sizeDecimals)), backgroundColor: 'steelblue' },
      ],
    },
    options: {
      plugins: { title: { display: true, text: series.title } },
      scales: { x: { ticks: { autoSkip: false, maxRotation: 0 } }, y1: { position: 'right', grid: { drawOnChartArea: false } } },
    },
  };
}
