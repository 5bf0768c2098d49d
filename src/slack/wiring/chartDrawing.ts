import type { Logger } from 'pino';
import { ChartDrawer, type ChartSpec } from '../../charts/chartDrawer.js';
import { type ChartSettings, drawnLocally, type RenderPlan } from '../../charts/chartRenderer.js';
import { LocalCharts } from '../../charts/localCharts.js';
import type { Clock } from '../../core/clock.js';
import type { Store } from '../../core/store/types.js';
import type { Metrics } from '../../ops/metrics.js';

/** The charts the app draws itself: the drawing thread, and the charts it serves when CHART_RENDERER=local. */
export interface ChartDrawing {
  drawer?: ChartDrawer;
  localCharts?: LocalCharts;
  /** With CHART_RENDERER=native and CHART_THREAD_FILES: a chart's PNG for a file in a thread. */
  drawChartFile?: (plan: RenderPlan) => Promise<Buffer>;
}

/**
 * With CHART_RENDERER=local the app draws its charts on a worker thread and serves them itself; with
 * native, it draws there the candlesticks it uploads into threads (the thread starts with the first).
 */
export function chartDrawing(options: {
  charts: ChartSettings;
  store: Store;
  logger: Logger;
  clock?: Clock | undefined;
  metrics?: Metrics | undefined;
}): ChartDrawing {
  const { charts, logger, metrics, clock } = options;
  const threadFiles = charts.renderer === 'native' && charts.threadFiles === true;
  if (!drawnLocally(charts) || !(charts.local || threadFiles)) return {};
  const drawer = new ChartDrawer();
  const drawChartFile = threadFiles
    ? (plan: RenderPlan) => drawer.draw({ chart: plan.chart, width: plan.width, height: plan.height })
    : undefined;
  if (!charts.local) return { drawer, ...(drawChartFile ? { drawChartFile } : {}) };
  const localCharts = new LocalCharts({
    settings: charts.local,
    drawer,
    specs: options.store.keyv<ChartSpec>('charts'),
    logger,
    ...(clock ? { now: () => clock.now() } : {}),
    ...(metrics ? { observer: metrics } : {}),
  });
  metrics?.chartCacheSize(() => localCharts.stats.cachedBytes);
  void drawer
    .warm()
    .catch((error: unknown) => logger.warn({ err: error }, 'the chart thread could not draw its first chart'));
  return { drawer, localCharts, ...(drawChartFile ? { drawChartFile } : {}) };
}
