import { createHmac, randomBytes } from 'node:crypto';
import { request } from 'undici';
import { z } from 'zod';
import { parseDuration } from '../core/duration.js';
import { ConfigError } from '../core/errors.js';
import type { Lang } from '../i18n/lang.js';
import type { NativeChart } from './nativeChart.js';

// Who draws the charts and how it is configured: Slack itself (CHART_RENDERER=native, its
// data_visualization block, see nativeChart.ts), the app (CHART_RENDERER=local, see
// localCharts.ts) or QuickChart (the GET URL a Slack image block points at, and the short URL for a
// chart too long for one). The chart builders only write chart text; everything that depends on
// the renderer is here.

/**
 * A chart as replies use it. Built from results without I/O; a reply never fails because of a chart:
 * when no image can be made, `note` says why in one line. `native` is drawn by Slack from its values.
 */
export type ChartImage = Picture | { kind: 'native'; chart: NativeChart };

/** A picture of a chart (its address), or the line saying why there is none. */
export type Picture = { kind: 'image'; url: string; alt: string; caption: string } | { kind: 'none'; note: string };

/**
 * What a chart builder decides without I/O. `too_long` carries the chart text for a short URL, which
 * only the hosted QuickChart can make; resolveChart turns every plan into a ChartImage.
 */
export type ChartPlan =
  | Picture
  | { kind: 'too_long'; chart: string; alt: string; caption: string; width: number; height: number }
  | RenderPlan;

/** A chart the app draws itself (CHART_RENDERER=local): the whole chart, never merged or thinned to fit a URL. */
export interface RenderPlan {
  kind: 'render';
  chart: string;
  alt: string;
  caption: string;
  width: number;
  height: number;
  /** The picture as a file of its own (a thread's upload): its name and title; absent for charts never sent as files. */
  file?: ChartFileName;
}

/** A chart picture's file name and its title, in the reader's language. */
export interface ChartFileName {
  name: string;
  title: string;
}

/**
 * `native`: Slack draws the chart from its values (messages only), and the app draws the pictures
 * nothing else can show (the console's files); `local`: the app draws the picture and serves it;
 * `quickchart`: the chart travels in the image URL to QuickChart.
 */
export type ChartRenderer = 'native' | 'local' | 'quickchart';

/** How the app serves the charts it draws. */
export interface LocalChartSettings {
  /** Where Slack reaches this app (PUBLIC_URL), without a trailing slash; chart URLs start with it. */
  publicUrl: string;
  /** Signs chart URLs; never in a URL, never logged. */
  secret: string;
  /** How long a chart URL is served (CHART_URL_TTL). */
  urlTtlMs: number;
}

/** Candle colours: `intl` green up and red down; `cn` red up and green down, as Chinese markets show them. */
export type ChartColors = 'intl' | 'cn';

export interface ChartSettings {
  /** `quickchart` when not given (the default of the settings read from the environment is `native`). */
  renderer?: ChartRenderer;
  /** With the local renderer: where and for how long charts are served. */
  local?: LocalChartSettings;
  /** QuickChart server, e.g. https://quickchart.io (hosted) or a self-hosted one. */
  host: string;
  /** Hosted QuickChart draws candlesticks (Chart.js v3 financial plugin); self-hosted ones may not. */
  candlesticks: boolean;
  /** Whether the host is the hosted service (short URLs exist only there). */
  hosted: boolean;
  width: number;
  height: number;
  /** CHART_COLORS, the same for every reader; when not given, by the reader's language (a Chinese reader's rise is red). */
  colors?: ChartColors;
  /**
   * With `native`: a futures answer in a thread (a mention's, a direct message's) is followed by the
   * candlestick picture the app draws, uploaded into that thread (CHART_THREAD_FILES, on unless
   * `false`). Absent: not uploaded.
   */
  threadFiles?: boolean;
}

type Env = Record<string, string | undefined>;

export const HOSTED_QUICKCHART = 'https://quickchart.io';
const HOSTED_HOSTNAME = 'quickchart.io';
export const DEFAULT_CHART_WIDTH = 700;
export const DEFAULT_CHART_HEIGHT = 380;
// QuickChart refuses larger canvases by default (CHART_MAX_WIDTH / CHART_MAX_HEIGHT are 3000).
const MAX_SIDE = 3000;
const MIN_SIDE = 100;
export const DEFAULT_CHART_URL_TTL = '7d';

function flag(text: string | undefined): boolean | undefined | 'invalid' {
  if (text === undefined) return undefined;
  const lower = text.toLowerCase();
  if (['true', '1', 'yes'].includes(lower)) return true;
  if (['false', '0', 'no'].includes(lower)) return false;
  return 'invalid';
}

function side(name: string, text: string | undefined, fallback: number, problems: string[]): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < MIN_SIDE || value > MAX_SIDE) {
    problems.push(`${name} "${text}" is not a whole number of pixels between ${MIN_SIDE} and ${MAX_SIDE}`);
    return fallback;
  }
  return value;
}

/**
 * PUBLIC_URL, CHART_RENDERER, CHART_URL_TTL and CHART_URL_SECRET: who draws the charts and where the
 * app serves the ones it draws. `local` is the default once PUBLIC_URL says where Slack can reach
 * the app; without it (Socket Mode with no public host) Slack draws them (`native`): no chart data
 * leaves for a third party unless the operator chooses QuickChart.
 */
function localSettings(
  value: (name: string) => string | undefined,
  problems: string[],
): { renderer: ChartRenderer; local?: LocalChartSettings } {
  const publicText = value('PUBLIC_URL')?.replace(/\/+$/, '');
  let publicUrl: string | undefined;
  if (publicText !== undefined) {
    try {
      const url = new URL(publicText);
      if (url.protocol !== 'https:' && url.protocol !== 'http:')
        problems.push(`PUBLIC_URL "${publicText}" is not an http(s) URL`);
      else if (url.search || url.hash) problems.push(`PUBLIC_URL "${publicText}" should have no query or fragment`);
      else publicUrl = publicText;
    } catch {
      problems.push(
        `PUBLIC_URL "${publicText}" is not a URL like https://dq.example.com (where Slack reaches this app)`,
      );
    }
  }
  const rendererText = value('CHART_RENDERER')?.toLowerCase();
  // Without CHART_RENDERER: the app's own server once there is one, QuickChart when its host is
  // given (the operator's choice), else Slack.
  let renderer: ChartRenderer =
    publicText !== undefined ? 'local' : value('QUICKCHART_HOST') !== undefined ? 'quickchart' : 'native';
  if (rendererText === 'local' || rendererText === 'quickchart' || rendererText === 'native') renderer = rendererText;
  else if (rendererText !== undefined)
    problems.push(
      `CHART_RENDERER "${value('CHART_RENDERER')}" should be native (Slack draws the charts), local (the app draws and serves them) or quickchart`,
    );
  if (renderer !== 'local') return { renderer };
  if (publicText === undefined)
    problems.push(
      'CHART_RENDERER=local needs PUBLIC_URL: the https address Slack reaches this app at, which serves the charts under /charts/',
    );
  const ttlText = value('CHART_URL_TTL') ?? DEFAULT_CHART_URL_TTL;
  const urlTtlMs = parseDuration(ttlText);
  if (urlTtlMs === undefined || urlTtlMs < 60_000)
    problems.push(`CHART_URL_TTL "${ttlText}" is not a duration of a minute or more, like 7d or 12h`);
  // Replicas, and this app after a restart, must sign alike, or the charts in earlier messages break:
  // an explicit secret, else one derived from a Slack secret every replica has (the signing secret in
  // HTTP mode, the bot token in Socket Mode), so that secret itself never signs anything else. Only
  // a terminal without Slack settings (the console, dq chart) signs with a secret of its own.
  const slackSecret = value('SLACK_SIGNING_SECRET') ?? value('SLACK_BOT_TOKEN');
  const secret =
    value('CHART_URL_SECRET') ??
    (slackSecret
      ? createHmac('sha256', slackSecret).update('dq chart URLs').digest('base64url')
      : randomBytes(32).toString('base64url'));
  if (publicUrl === undefined || urlTtlMs === undefined) return { renderer };
  return { renderer, local: { publicUrl, secret, urlTtlMs } };
}

/**
 * Chart settings from PUBLIC_URL, CHART_RENDERER, CHART_URL_*, QUICKCHART_* variables and
 * CHART_COLORS. Only the hosted service draws candlesticks (the open-source QuickChart image ships
 * without the financial plugin), so a self-hosted server gets high-low charts unless
 * QUICKCHART_CANDLESTICK=true says it was built with the plugin; the app's own renderer has it.
 */
export function chartSettingsFromEnv(env: Env): ChartSettings {
  const problems: string[] = [];
  const value = (name: string) => env[name]?.trim() || undefined;

  const hostText = (value('QUICKCHART_HOST') ?? HOSTED_QUICKCHART).replace(/\/+$/, '');
  let hosted = false;
  try {
    const url = new URL(hostText);
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      problems.push(`QUICKCHART_HOST "${hostText}" is not an http(s) URL`);
    else if (url.search || url.hash) problems.push(`QUICKCHART_HOST "${hostText}" should have no query or fragment`);
    hosted = url.hostname === HOSTED_HOSTNAME;
  } catch {
    problems.push(`QUICKCHART_HOST "${hostText}" is not a URL like ${HOSTED_QUICKCHART}`);
  }

  const candlestickText = value('QUICKCHART_CANDLESTICK');
  let candlesticks = flag(candlestickText);
  if (candlesticks === 'invalid') {
    problems.push(`QUICKCHART_CANDLESTICK "${candlestickText}" should be true or false`);
    candlesticks = undefined;
  }

  const colorsText = value('CHART_COLORS')?.toLowerCase();
  let colors: ChartColors | undefined;
  if (colorsText === 'cn' || colorsText === 'intl') colors = colorsText;
  else if (colorsText !== undefined)
    problems.push(
      `CHART_COLORS "${value('CHART_COLORS')}" should be intl (green up, red down) or cn (red up, green down), or unset (by the reader's language)`,
    );

  const threadFilesText = value('CHART_THREAD_FILES');
  let threadFiles = flag(threadFilesText);
  if (threadFiles === 'invalid') {
    problems.push(`CHART_THREAD_FILES "${threadFilesText}" should be true or false`);
    threadFiles = undefined;
  }

  const width = side('QUICKCHART_WIDTH', value('QUICKCHART_WIDTH'), DEFAULT_CHART_WIDTH, problems);
  const height = side('QUICKCHART_HEIGHT', value('QUICKCHART_HEIGHT'), DEFAULT_CHART_HEIGHT, problems);
  const { renderer, local } = localSettings(value, problems);
  if (problems.length > 0) throw new ConfigError(problems);

  const byReader = colors ? { colors } : {};
  if (local) return { renderer, local, host: hostText, hosted: false, candlesticks: true, width, height, ...byReader };
  // Slack and the app draw candlesticks; QuickChart's settings only matter when it draws.
  if (renderer === 'native')
    return {
      renderer,
      host: hostText,
      hosted: false,
      candlesticks: true,
      width,
      height,
      ...byReader,
      threadFiles: threadFiles ?? true,
    };
  return { renderer, host: hostText, hosted, candlesticks: candlesticks ?? hosted, width, height, ...byReader };
}

/** Whether the app draws the pictures itself (`local`, and `native` where Slack cannot draw): then a chart never has to fit in a URL. */
export function drawnLocally(settings: ChartSettings): boolean {
  return settings.renderer === 'local' || settings.renderer === 'native';
}

/** Where chart data goes with these settings, for the operator (logged at start). */
export function chartDestination(settings: ChartSettings): string {
  switch (settings.renderer) {
    case 'native':
      return 'Slack draws the charts from their values in its own blocks; no chart data goes to a third party';
    case 'local':
      return `the app draws the charts and serves them at ${settings.local?.publicUrl ?? 'PUBLIC_URL'}/charts/; no chart data goes to a third party`;
    default:
      return settings.hosted
        ? `charts go to QuickChart at ${settings.host}: each chart's data is sent to that third-party server`
        : `charts go to the QuickChart server at ${settings.host}: each chart's data is sent there`;
  }
}

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

/** Where charts drawn by the app go (the app's own HTTP server, or files for the console). */
export type ChartPublisher = (plan: RenderPlan, lang: Lang) => Promise<Picture>;

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
