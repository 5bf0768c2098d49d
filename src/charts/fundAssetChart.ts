import type { FundAssetResult } from '../core/operations/fundAsset.js';
import { sparseLabels } from './axisLabels.js';
import { fundAssetConfig } from './fundAssetConfig.js';
import { assetPointsOldestFirst, thinAssetPoints } from './fundAssetSeries.js';
import { fundAssetAlt, fundAssetCaption } from './fundAssetText.js';
import { fitChartUrl } from './fitUrl.js';
import type { ChartPlan } from './plan.js';
import type { ChartSettings } from './types.js';

/** Asset size over time with its rate of change; thinned out only when the URL would not fit in Slack. */
export function buildFundAssetChart(result: FundAssetResult, settings: ChartSettings): ChartPlan {
  if (result.records.length === 0) return { kind: 'none', note: 'Chart left out: there are no asset records to draw.' };
  const points = assetPointsOldestFirst(result.records);
  const title = `Fund ${result.fundCode} net asset size`;

  const fit = fitChartUrl(points.length, (step) => {
    const shown = thinAssetPoints(points, step);
    return fundAssetConfig({ points: shown, labels: sparseLabels(shown.map((point) => point.date)), title, height: settings.height });
  }, settings);

  const text = { fundCode: result.fundCode, points, step: fit.kind === 'fits' ? fit.groupSize : 1 };
  const alt = fundAssetAlt(text);
  const caption = fundAssetCaption(text);
  if (fit.kind === 'fits') return { kind: 'image', url: fit.url, alt, caption };
  return { kind: 'too_long', config: fit.config, alt, caption, width: settings.width, height: settings.height };
}
