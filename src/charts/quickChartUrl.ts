import QuickChartModule from 'quickchart-js';
import type { ChartSettings } from './types.js';

// The package's typings describe its CommonJS build (default under `.default`), while Node's ESM
// resolution loads quickchart.mjs whose default export is the class itself.
type QuickChartClass = typeof QuickChartModule.default;
const QuickChart: QuickChartClass =
  (QuickChartModule as unknown as { default?: QuickChartClass }).default ?? (QuickChartModule as unknown as QuickChartClass);

/**
 * QuickChart's `version`/`v`: only the major version counts, and the financial chart types
 * (candlestick, ohlc) exist only for Chart.js 3 and 4. 3 is also the newest the open-source server
 * loads, so self-hosted high-low charts use the same config dialect.
 */
export const CHART_JS_VERSION = '3';
// A colour name is shorter in the URL than the client's default "#ffffff" (%23ffffff).
export const CHART_BACKGROUND = 'white';

/** The GET URL for a chart config on the configured server, built by quickchart-js. */
export function quickChartUrl(config: object, settings: ChartSettings): string {
  const base = new URL(settings.host);
  // quickchart-js joins scheme://host + "/chart"; a path prefix of a self-hosted server rides on the host.
  const hostAndPath = base.host + base.pathname.replace(/\/+$/, '');
  return new QuickChart()
    // quickchart-js types its config with chart.js's, which cannot describe a financial chart.
    .setConfig(config as never)
    .setScheme(base.protocol.replace(/:$/, ''))
    .setHost(hostAndPath)
    .setWidth(settings.width)
    .setHeight(settings.height)
    .setBackgroundColor(CHART_BACKGROUND)
    .setVersion(CHART_JS_VERSION)
    .getUrl();
}
