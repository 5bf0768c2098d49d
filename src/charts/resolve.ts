import { SLACK_IMAGE_URL_LIMIT, TOO_MANY_POINTS_NOTE, type ChartPlan } from './plan.js';
import { CHART_BACKGROUND, CHART_JS_VERSION } from './quickChartUrl.js';
import { fetchShortUrl as postShortUrl, type ShortUrlFetcher } from './shortUrl.js';
import type { ChartImage, ChartSettings } from './types.js';

export const DEFAULT_SHORT_URL_TIMEOUT_MS = 2000;

export interface ResolveChartOptions {
  /** Hard limit for the short-URL request; the reply waits for it. */
  timeoutMs?: number;
  fetchShortUrl?: ShortUrlFetcher;
}

function usableImageUrl(url: string): boolean {
  return /^https?:\/\//.test(url) && url.length <= SLACK_IMAGE_URL_LIMIT;
}

/**
 * A plan made into something a reply can show. A chart too long for a URL gets a short URL from hosted
 * QuickChart (the open-source server has no /chart/create); anything else, or any failure, becomes a
 * one-line note. Never throws: a reply never fails because of its chart.
 */
export async function resolveChart(plan: ChartPlan, settings: ChartSettings, options: ResolveChartOptions = {}): Promise<ChartImage> {
  if (plan.kind !== 'too_long') return plan;
  if (!settings.hosted) return { kind: 'none', note: TOO_MANY_POINTS_NOTE };
  const fetcher = options.fetchShortUrl ?? postShortUrl;
  try {
    const url = await fetcher(
      `${settings.host.replace(/\/+$/, '')}/chart/create`,
      { chart: plan.config, width: plan.width, height: plan.height, version: CHART_JS_VERSION, backgroundColor: CHART_BACKGROUND },
      options.timeoutMs ?? DEFAULT_SHORT_URL_TIMEOUT_MS,
    );
    if (typeof url !== 'string' || !usableImageUrl(url)) return { kind: 'none', note: TOO_MANY_POINTS_NOTE };
    return { kind: 'image', url, alt: plan.alt, caption: plan.caption };
  } catch {
    return { kind: 'none', note: TOO_MANY_POINTS_NOTE };
  }
}
