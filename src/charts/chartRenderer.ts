import { createHmac, randomBytes } from 'node:crypto';
import { parseDuration } from '../core/duration.js';
import { ConfigError } from '../core/errors.js';
import type { Lang } from '../i18n/lang.js';
import type { NativeChart } from './nativeChart.js';

// What every chart renderer shares: who draws (Slack, the app, QuickChart), its settings, the plans
// chart builders hand on and where their data goes. QuickChart's own URLs are in quickChart.ts.

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

const HOSTED_QUICKCHART = 'https://quickchart.io';
const HOSTED_HOSTNAME = 'quickchart.io';
const DEFAULT_CHART_WIDTH = 700;
const DEFAULT_CHART_HEIGHT = 380;
// QuickChart refuses larger canvases by default (CHART_MAX_WIDTH / CHART_MAX_HEIGHT are 3000).
const MAX_SIDE = 3000;
const MIN_SIDE = 100;
const DEFAULT_CHART_URL_TTL = '7d';

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

// Who draws the charts: the app once PUBLIC_URL says where Slack reaches it, else Slack; QuickChart
// only when chosen, since it sends chart data to a third party.
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

// Chart settings from the environment. A self-hosted QuickChart lacks the candlestick plugin unless
// QUICKCHART_CANDLESTICK=true says it has it.
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

/** Where charts drawn by the app go (the app's own HTTP server, or files for the console). */
export type ChartPublisher = (plan: RenderPlan, lang: Lang) => Promise<Picture>;
