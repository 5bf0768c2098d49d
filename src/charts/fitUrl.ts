import { MIN_CHART_POINTS, SLACK_IMAGE_URL_LIMIT } from './plan.js';
import { quickChartUrl } from './quickChartUrl.js';
import type { ChartSettings } from './types.js';

/** `groupSize`: how many given points each drawn point stands for (merged or thinned out). */
export type FitResult =
  | { kind: 'fits'; config: object; url: string; groupSize: number }
  | { kind: 'too_long'; config: object };

/**
 * The smallest group size (1 = every point as given) whose chart URL fits in a Slack image block, never
 * going below MIN_CHART_POINTS drawn points. URL length does not fall strictly with the group size, so
 * sizes are tried in order rather than bisected; that is at most ~pointCount/12 cheap builds.
 */
export function fitChartUrl(pointCount: number, configFor: (groupSize: number) => object, settings: ChartSettings): FitResult {
  for (let groupSize = 1; groupSize === 1 || Math.ceil(pointCount / groupSize) >= MIN_CHART_POINTS; groupSize += 1) {
    const config = configFor(groupSize);
    const url = quickChartUrl(config, settings);
    if (url.length <= SLACK_IMAGE_URL_LIMIT) return { kind: 'fits', config, url, groupSize };
  }
  return { kind: 'too_long', config: configFor(1) };
}
