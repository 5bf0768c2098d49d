import { ConfigError } from '../core/config.js';
import type { ChartColors, ChartSettings } from './types.js';

type Env = Record<string, string | undefined>;

export const HOSTED_QUICKCHART = 'https://quickchart.io';
const HOSTED_HOSTNAME = 'quickchart.io';
export const DEFAULT_CHART_WIDTH = 700;
export const DEFAULT_CHART_HEIGHT = 380;
// QuickChart refuses larger canvases by default (CHART_MAX_WIDTH / CHART_MAX_HEIGHT are 3000).
const MAX_SIDE = 3000;
const MIN_SIDE = 100;

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
 * Chart settings from QUICKCHART_* variables and CHART_COLORS. Only the hosted service draws candlesticks (the open-source
 * QuickChart image ships without the financial plugin), so a self-hosted server gets high-low charts
 * unless QUICKCHART_CANDLESTICK=true says it was built with the plugin.
 */
export function chartSettingsFromEnv(env: Env): ChartSettings {
  const problems: string[] = [];
  const value = (name: string) => env[name]?.trim() || undefined;

  const hostText = (value('QUICKCHART_HOST') ?? HOSTED_QUICKCHART).replace(/\/+$/, '');
  let hosted = false;
  try {
    const url = new URL(hostText);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') problems.push(`QUICKCHART_HOST "${hostText}" is not an http(s) URL`);
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
  let colors: ChartColors = 'intl';
  if (colorsText === 'cn' || colorsText === 'intl') colors = colorsText;
  else if (colorsText !== undefined) problems.push(`CHART_COLORS "${value('CHART_COLORS')}" should be intl (green up, red down) or cn (red up, green down)`);

  const width = side('QUICKCHART_WIDTH', value('QUICKCHART_WIDTH'), DEFAULT_CHART_WIDTH, problems);
  const height = side('QUICKCHART_HEIGHT', value('QUICKCHART_HEIGHT'), DEFAULT_CHART_HEIGHT, problems);
  if (problems.length > 0) throw new ConfigError(problems);

  return { host: hostText, hosted, candlesticks: candlesticks ?? hosted, width, height, colors };
}
