import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Draws a chart as a QuickChart server answering GET /chart?…&v=3 would: the app's own renderer
 * (CHART_RENDERER=local, on the chart thread, see renderWorker.ts), and the stand-in with which
 * tests and `dq chart` see the picture Slack would show from QuickChart, offline. It follows QuickChart's public server (lib/charts.js,
 * index.js): the chart text is run as JavaScript (`new Function(…, 'return ' + chart)`), so
 * functions and expressions in it work; Chart.js 3.9.1 (the server's `chart.js-v3`) draws it with
 * chartjs-chart-financial registered, as quickchart.io does for v3 candlesticks, on a canvas
 * without any `window` global; animation and responsiveness are off (chartjs-node-canvas), the
 * device pixel ratio defaults to 2, an inline plugin paints the background, and a chart without
 * plugins gets an empty list (v3 charts get none of the server's v2 plugins).
 *
 * Left out, as they change nothing for this app's charts: the v2 colour-scheme plugin (registered
 * only with Chart.js 2) and chartjs-adapter-moment (no chart here uses a time scale; one that did
 * would fail here instead of showing times in the server's zone).
 *
 * Chinese is drawn with Noto Sans SC from the @fontsource-variable/noto-sans-sc package, registered
 * with the canvas on first use and named in Chart.js's default font list after the Latin fonts, so
 * no system font is needed: QuickChart's servers have a CJK font installed; a machine running this
 * app need not.
 *
 * Chart.js, the plugin, the canvas and the font are loaded on first use.
 */

/** The parts of a Chart.js 3 chart instance the checks read. */
export interface ChartInstance {
  width: number;
  height: number;
  chartArea: { left: number; top: number; right: number; bottom: number; width: number; height: number };
  scales: Record<string, ScaleInstance>;
  data: { datasets: Array<Record<string, any>>; labels?: unknown[] };
  options: Record<string, any>;
  config: { type: string };
  getDatasetMeta(index: number): DatasetMeta;
  destroy(): void;
}

export interface ScaleInstance {
  id: string;
  type: string;
  axis: 'x' | 'y' | 'r';
  position: string;
  min: number;
  max: number;
  top: number;
  bottom: number;
  left: number;
  right: number;
  width: number;
  height: number;
  options: Record<string, any>;
  ticks: Array<{ value: number; label?: string | string[] }>;
  getPixelForValue(value: number, index?: number): number;
  getValueForPixel(pixel: number): number;
}

export interface DatasetMeta {
  type: string;
  xAxisID: string;
  yAxisID: string;
  hidden: boolean | null;
  visible?: boolean;
  label: string;
  controller: { getStyle?(index: number): Record<string, unknown> } & Record<string, any>;
  data: Array<Record<string, any>>;
}

export interface RenderedChart {
  /**
   * The PNG QuickChart would send back, encoded when first read (encoding takes longer than drawing,
   * and most checks read pixels only): read it before `chart.destroy()`, which clears the canvas.
   */
  readonly png: Buffer;
  /** RGBA pixels of the image, row by row, `width × height` of the image (device pixels). */
  pixels: Uint8ClampedArray;
  imageWidth: number;
  imageHeight: number;
  /** Device pixels per chart pixel: the image is the chart's size times this. */
  pixelRatio: number;
  /** The drawn chart, in chart pixels (scales, elements, chart area). */
  chart: ChartInstance;
  /** The evaluated chart config, as Chart.js received it. */
  config: Record<string, any>;
}

export class ChartRenderError extends Error {}

interface Libraries {
  Chart: any;
  createCanvas: (width: number, height: number) => any;
}

let libraries: Libraries | undefined;

/** The family the bundled CJK font is registered under. */
export const CJK_FONT_FAMILY = 'Noto Sans SC';
// Chart.js 3's own default list, with the bundled font before the generic family: Latin text keeps
// the fonts QuickChart draws it with, and a character none of them has falls back to Noto Sans SC.
const FONT_FAMILY = `'Helvetica Neue', 'Helvetica', 'Arial', '${CJK_FONT_FAMILY}', sans-serif`;

/**
 * Registers the font package's files: the package ships Noto Sans SC cut by Unicode ranges (about a
 * hundred WOFF2 files of 20–80 KB, 4.9 MB in all) and the canvas picks, character by character, the
 * file that holds it. Returns how many were registered.
 */
function registerCjkFont(
  require: NodeRequire,
  GlobalFonts: { registerFromPath(path: string, alias?: string): unknown },
): number {
  const folder = join(dirname(require.resolve('@fontsource-variable/noto-sans-sc/LICENSE')), 'files');
  let registered = 0;
  for (const file of readdirSync(folder)) {
    if (file.endsWith('-wght-normal.woff2') && GlobalFonts.registerFromPath(join(folder, file), CJK_FONT_FAMILY))
      registered += 1;
  }
  if (registered === 0) throw new Error(`no font file of ${CJK_FONT_FAMILY} could be registered from ${folder}`);
  return registered;
}

function loadLibraries(): Libraries {
  if (libraries) return libraries;
  const require = createRequire(import.meta.url);
  try {
    // CommonJS on purpose: the plugin's build registers itself on require('chart.js'), the same
    // Chart.js instance the server requires; the ESM builds would be separate instances.
    const Chart = require('chart.js');
    require('chartjs-chart-financial');
    const { createCanvas, GlobalFonts } = require('@napi-rs/canvas');
    registerCjkFont(require, GlobalFonts);
    Chart.defaults.font.family = FONT_FAMILY;
    libraries = { Chart, createCanvas };
    return libraries;
  } catch (error) {
    throw new ChartRenderError(
      'Drawing charts needs chart.js, chartjs-chart-financial, @napi-rs/canvas and @fontsource-variable/noto-sans-sc: ' +
        `run "npm ci" in the project. (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

/** QuickChart's reading of a GET /chart URL. */
export interface ChartRequest {
  chart: string;
  width: number;
  height: number;
  backgroundColor: string | undefined;
  devicePixelRatio: number;
  version: string;
}

export function readChartUrl(url: string): ChartRequest {
  const params = new URL(url).searchParams;
  const raw = params.get('c') ?? params.get('chart');
  if (raw === null) throw new ChartRenderError('You are missing variable `c` or `chart`');
  const encoding = params.get('encoding') ?? 'url';
  const chart = encoding === 'base64' ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  const number = (text: string | null, fallback: number) => Number.parseInt(text ?? '', 10) || fallback;
  return {
    chart,
    width: number(params.get('w') ?? params.get('width'), 500),
    height: number(params.get('h') ?? params.get('height'), 300),
    backgroundColor: params.get('backgroundColor') ?? params.get('bkg') ?? undefined,
    devicePixelRatio: Number(params.get('devicePixelRatio')) || 2,
    version: params.get('v') ?? params.get('version') ?? '2.9.4',
  };
}

/** Arrays copied into plain ones, as the server does for objects coming out of its sandbox. */
function copyArrays(value: Record<string, any>): void {
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (Array.isArray(item)) {
      value[key] = Array.from(item);
      value[key].forEach((entry: unknown) => {
        if (typeof entry === 'object' && entry !== null) copyArrays(entry as Record<string, any>);
      });
    } else if (typeof item === 'object' && item !== null) copyArrays(item);
  }
}

/** Runs the chart text as the server does; a syntax or runtime error is the server's "Invalid input". */
function evaluateChart(text: string, Chart: unknown): Record<string, any> {
  try {
    // The server passes gradient and pattern helpers and, for Chart, a promise (an async lookup);
    // none of this app's charts use them.
    const build = new Function('getGradientFill', 'getGradientFillHelper', 'pattern', 'Chart', `return ${text}`);
    const chart = build(undefined, undefined, { draw: undefined }, Promise.resolve(Chart));
    if (typeof chart !== 'object' || chart === null) throw new Error('the chart text is not an object');
    return chart as Record<string, any>;
  } catch (error) {
    throw new ChartRenderError(`Invalid input\n${String(error)}`);
  }
}

const DEFAULT_SCALED_TYPES = new Set(['bar', 'horizontalBar', 'line', 'scatter', 'bubble']);

/** The server's own defaults for a v3 chart, applied before Chart.js sees it. */
function applyServerDefaults(chart: Record<string, any>, request: ChartRequest): void {
  copyArrays(chart);
  chart.options = chart.options || {};
  chart.options.devicePixelRatio = request.devicePixelRatio;
  if (DEFAULT_SCALED_TYPES.has(chart.type) && !chart.options.scales) {
    chart.options.scales = { yAxes: [{ ticks: { beginAtZero: true } }] };
  }
  if (chart.type === 'line' && Array.isArray(chart.data?.datasets)) {
    for (const dataset of chart.data.datasets) dataset.lineTension = dataset.lineTension || 0;
  }
  chart.options.plugins = chart.options.plugins || {};
  if (!chart.options.plugins.datalabels) {
    chart.options.plugins.datalabels = { display: chart.type === 'pie' || chart.type === 'doughnut' };
  }
  if (!chart.plugins) chart.plugins = [];
  chart.plugins.push({
    id: 'background',
    beforeDraw: (instance: any) => {
      if (!request.backgroundColor) return;
      const { ctx } = instance;
      ctx.fillStyle = request.backgroundColor;
      ctx.fillRect(0, 0, instance.width, instance.height);
    },
  });
  chart.options.responsive = false;
  chart.options.animation = false;
}

/**
 * Draws the chart of a QuickChart URL (`c`/`chart`, `w`, `h`, `bkg`, `devicePixelRatio`, `v`,
 * `encoding`) as the server would; throws ChartRenderError where the server would answer with an
 * error image. The caller owns the returned chart and should destroy() it.
 */
export function renderQuickChart(url: string): RenderedChart {
  const request = readChartUrl(url);
  return renderChartText(request);
}

export function renderChartText(request: ChartRequest): RenderedChart {
  const { canvas, chart, config } = draw(request);
  const image = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
  let png: Buffer | undefined;
  return {
    get png() {
      // destroy() clears the canvas (and lets go of it): a PNG first read after it would be blank.
      if (!png && (chart as unknown as { canvas: unknown }).canvas === null)
        throw new ChartRenderError('the PNG was first read after chart.destroy(): read it before');
      png ??= canvas.toBuffer('image/png') as Buffer;
      return png;
    },
    pixels: image.data,
    imageWidth: canvas.width,
    imageHeight: canvas.height,
    pixelRatio: request.devicePixelRatio,
    chart,
    config,
  };
}

/** Loads Chart.js, the plugin, the canvas and the font now rather than with the first chart. */
export function loadChartLibraries(): void {
  loadLibraries();
}

/** The PNG of a chart and nothing else: how the app draws the charts it serves (see renderWorker.ts). */
export function drawPng(request: ChartRequest): Buffer {
  const { canvas, chart } = draw(request);
  try {
    return canvas.toBuffer('image/png');
  } finally {
    chart.destroy();
  }
}

function draw(request: ChartRequest): { canvas: any; chart: ChartInstance; config: Record<string, any> } {
  if (!request.version.startsWith('3'))
    throw new ChartRenderError(`this stand-in draws Chart.js 3 charts (v=3), not v=${request.version}`);
  if (request.width > 3000 || request.height > 3000)
    throw new ChartRenderError('Requested size exceeds maximum of 3000');
  const { Chart, createCanvas } = loadLibraries();
  if ('window' in globalThis)
    throw new ChartRenderError('a window global exists; QuickChart has none, so charts are drawn without one');
  const config = evaluateChart(request.chart, Chart);
  applyServerDefaults(config, request);
  const canvas = createCanvas(request.width, request.height);
  canvas.style = {};
  try {
    return { canvas, chart: new Chart(canvas.getContext('2d'), config) as ChartInstance, config };
  } catch (error) {
    throw new ChartRenderError(String(error));
  }
}
