import type { ChartSettings } from './types.js';

/** Slack rejects an image block whose image_url is longer than this. */
export const SLACK_IMAGE_URL_LIMIT = 3000;

/**
 * QuickChart's `v`: only the major version counts, and the financial chart types (candlestick, ohlc)
 * exist only for Chart.js 3 and later. 3 is also the newest the open-source server loads, so
 * self-hosted charts use the same dialect.
 */
export const CHART_JS_VERSION = '3';
// A colour name is shorter in the URL than "#ffffff" (%23ffffff).
export const CHART_BACKGROUND = 'white';

/**
 * The GET URL of a chart on the configured server. The chart is JavaScript text: QuickChart runs it,
 * so it may hold functions and compute its data. It goes as it is when that fits in a Slack image
 * block (readable when someone opens the link), otherwise base64-encoded (QuickChart's
 * `encoding=base64`), which costs 4 characters per 3 where URL-encoding costs 3 per bracket, comma,
 * colon or quote: about a third less for chart code. The base64 is the URL-safe alphabet without
 * padding, which QuickChart's decoder (Node's Buffer) reads as well, so nothing in it needs escaping.
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
  url: string;
}

/**
 * The first choice (in the order given, most detailed first) whose chart URL fits in a Slack image
 * block; undefined when none does. `chartFor` returns undefined for a choice not worth drawing.
 */
export function firstFitting<T>(choices: readonly T[], chartFor: (choice: T) => string | undefined, settings: ChartSettings): FittedChart<T> | undefined {
  for (const choice of choices) {
    const chart = chartFor(choice);
    if (chart === undefined) continue;
    const url = quickChartUrl(chart, settings);
    if (url.length <= SLACK_IMAGE_URL_LIMIT) return { choice, chart, url };
  }
  return undefined;
}

/** A value as JavaScript source: JSON is valid JavaScript, and quotes and backslashes in text are escaped. */
export function js(value: unknown): string {
  return JSON.stringify(value);
}

/** An object with whole-number keys as JavaScript source, its keys unquoted: {4:"09:20",9:"09:45"}. */
export function jsObject(entries: Record<number, unknown>): string {
  return `{${Object.entries(entries).map(([key, value]) => `${key}:${js(value)}`).join(',')}}`;
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
