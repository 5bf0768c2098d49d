import { request } from 'undici';
import { z } from 'zod';
import { CHART_BACKGROUND, CHART_JS_VERSION, SLACK_IMAGE_URL_LIMIT } from './quickChart.js';
import type { ChartImage, ChartPlan, ChartSettings } from './types.js';

export const DEFAULT_SHORT_URL_TIMEOUT_MS = 2000;

export const TOO_MANY_POINTS_NOTE = 'Chart left out: too many points for a Slack image.';

/**
 * The body of QuickChart's POST /chart/create, the same fields as its POST /chart. The chart goes as
 * JavaScript text, not as an object: QuickChart runs it, and JSON would lose its functions.
 */
export interface ShortUrlRequest {
  chart: string;
  width: number;
  height: number;
  version: string;
  backgroundColor: string;
}

/** Resolves to the short URL or rejects; must give up by `timeoutMs`. */
export type ShortUrlFetcher = (endpoint: string, body: ShortUrlRequest, timeoutMs: number) => Promise<string>;

export interface ResolveChartOptions {
  /** Hard limit for the short-URL request; the reply waits for it. */
  timeoutMs?: number;
  fetchShortUrl?: ShortUrlFetcher;
}

const createdChart = z.object({ success: z.literal(true), url: z.string() });

async function postForShortUrl(endpoint: string, body: ShortUrlRequest, signal: AbortSignal): Promise<string> {
  const response = await request(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  if (response.statusCode !== 200) {
    await response.body.dump();
    throw new Error(`QuickChart answered ${response.statusCode} to ${endpoint}`);
  }
  return createdChart.parse(await response.body.json()).url;
}

/**
 * POST {host}/chart/create with undici under one deadline for the whole exchange: an abort signal
 * stops the socket, and the race settles the promise even if a stalled body ignores the abort.
 */
export const fetchShortUrl: ShortUrlFetcher = async (endpoint, body, timeoutMs) => {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`QuickChart gave no short URL within ${timeoutMs} ms`);
      abort.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    return await Promise.race([postForShortUrl(endpoint, body, abort.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
};

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
  const fetcher = options.fetchShortUrl ?? fetchShortUrl;
  try {
    const url = await fetcher(
      `${settings.host.replace(/\/+$/, '')}/chart/create`,
      { chart: plan.chart, width: plan.width, height: plan.height, version: CHART_JS_VERSION, backgroundColor: CHART_BACKGROUND },
      options.timeoutMs ?? DEFAULT_SHORT_URL_TIMEOUT_MS,
    );
    if (typeof url !== 'string' || !usableImageUrl(url)) return { kind: 'none', note: TOO_MANY_POINTS_NOTE };
    return { kind: 'image', url, alt: plan.alt, caption: plan.caption };
  } catch {
    return { kind: 'none', note: TOO_MANY_POINTS_NOTE };
  }
}
