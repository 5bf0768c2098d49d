import { request } from 'undici';
import { z } from 'zod';
import type { Lang } from '../i18n/lang.js';
import {
  type ChartFileName,
  type ChartPlan,
  type ChartPublisher,
  type ChartSettings,
  drawnLocally,
  type Picture,
} from './chartRenderer.js';

// QuickChart's side: the GET URL a Slack image block points at, the choice of chart that fits one,
// and the short URL for a chart too long for it; also the Chart.js text every drawing renderer runs.

/** Slack rejects an image block whose image_url is longer than this. */
export const SLACK_IMAGE_URL_LIMIT = 3000;

/** QuickChart's `v`: candlesticks need Chart.js 3, the newest the open-source server loads too. */
export const CHART_JS_VERSION = '3';
// A colour name is shorter in the URL than "#ffffff" (%23ffffff).
export const CHART_BACKGROUND = 'white';

/**
 * The GET URL of a chart: readable when it fits a Slack image block, else URL-safe base64, about a
 * third shorter for chart code (which is JavaScript: QuickChart runs it).
 */
export function quickChartUrl(chart: string, settings: ChartSettings): string {
  const base = `${settings.host.replace(/\/+$/, '')}/chart`;
  const rest = `w=${settings.width}&h=${settings.height}&bkg=${CHART_BACKGROUND}&v=${CHART_JS_VERSION}`;
  const plain = `${base}?${new URLSearchParams({ c: chart }).toString()}&${rest}`;
  if (plain.length <= SLACK_IMAGE_URL_LIMIT) return plain;
  const encoded = `${base}?c=${Buffer.from(chart, 'utf8').toString('base64url')}&${rest}&encoding=base64`;
  return encoded.length < plain.length ? encoded : plain;
}

export interface FittedChart<T> {
  choice: T;
  chart: string;
  /** The QuickChart URL; none when the app draws the chart itself. */
  url?: string;
}

/**
 * The first choice (in the order given, most detailed first) whose chart URL fits in a Slack image
 * block, or simply the first when the app draws charts itself (its URLs carry an id, not the chart);
 * undefined when none fits. `chartFor` returns undefined for a choice not worth drawing.
 */
export function firstFitting<T>(
  choices: readonly T[],
  chartFor: (choice: T) => string | undefined,
  settings: ChartSettings,
): FittedChart<T> | undefined {
  for (const choice of choices) {
    const chart = chartFor(choice);
    if (chart === undefined) continue;
    if (drawnLocally(settings)) return { choice, chart };
    const url = quickChartUrl(chart, settings);
    if (url.length <= SLACK_IMAGE_URL_LIMIT) return { choice, chart, url };
  }
  return undefined;
}

/**
 * What a builder hands on: the QuickChart image when its URL fits, the chart to draw when the app
 * draws it, else the longest chart for a short URL (`unfitted`, the most detailed choice).
 */
export function planOf(
  fit: FittedChart<unknown> | undefined,
  unfitted: () => string,
  { file, ...texts }: { alt: string; caption: string; file?: ChartFileName },
  settings: ChartSettings,
): ChartPlan {
  if (fit?.url) return { kind: 'image', url: fit.url, ...texts };
  const size = { width: settings.width, height: settings.height };
  if (fit) return { kind: 'render', chart: fit.chart, ...texts, ...size, ...(file ? { file } : {}) };
  return { kind: 'too_long', chart: unfitted(), ...texts, ...size };
}

/** A value as JavaScript source: JSON is valid JavaScript, and quotes and backslashes in text are escaped. */
export function js(value: unknown): string {
  return JSON.stringify(value);
}

/** An object with whole-number keys as JavaScript source, its keys unquoted: {4:"09:20",9:"09:45"}. */
export function jsObject(entries: Record<number, unknown>): string {
  return `{${Object.entries(entries)
    .map(([key, value]) => `${key}:${js(value)}`)
    .join(',')}}`;
}

/**
 * Chart code written readably in the source, made compact for the URL: each line is trimmed and the
 * lines joined, `//` comment lines dropped. Lines must therefore end a statement or an expression
 * where joining them is safe (no reliance on automatic semicolons).
 */
export function compactJs(code: string): string {
  return code
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('//'))
    .join('');
}

export const DEFAULT_SHORT_URL_TIMEOUT_MS = 2000;

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
  /** Draws a chart the app draws itself and gives its image; never throws. */
  publish?: ChartPublisher;
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
export async function resolveChart(
  plan: ChartPlan,
  settings: ChartSettings,
  lang: Lang,
  options: ResolveChartOptions = {},
): Promise<Picture> {
  if (plan.kind === 'render') {
    if (!options.publish) return { kind: 'none', note: lang.t('charts.renderFailed') };
    return options.publish(plan, lang);
  }
  if (plan.kind !== 'too_long') return plan;
  const tooManyPoints: Picture = { kind: 'none', note: lang.t('charts.tooManyPoints') };
  if (!settings.hosted) return tooManyPoints;
  const fetcher = options.fetchShortUrl ?? fetchShortUrl;
  try {
    const url = await fetcher(
      `${settings.host.replace(/\/+$/, '')}/chart/create`,
      {
        chart: plan.chart,
        width: plan.width,
        height: plan.height,
        version: CHART_JS_VERSION,
        backgroundColor: CHART_BACKGROUND,
      },
      options.timeoutMs ?? DEFAULT_SHORT_URL_TIMEOUT_MS,
    );
    if (typeof url !== 'string' || !usableImageUrl(url)) return tooManyPoints;
    return { kind: 'image', url, alt: plan.alt, caption: plan.caption };
  } catch {
    return tooManyPoints;
  }
}
