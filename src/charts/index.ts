export type { ChartColors, ChartImage, ChartPlan, ChartSettings } from './types.js';
export { chartSettingsFromEnv, DEFAULT_CHART_HEIGHT, DEFAULT_CHART_WIDTH, HOSTED_QUICKCHART } from './settings.js';
export { buildFuturesChart } from './futuresChart.js';
export { buildFundAssetChart } from './fundAssetChart.js';
export { chartPlanFor, CHARTED_OPERATIONS } from './chartPlanFor.js';
export { formatCny } from './money.js';
export { DEFAULT_SHORT_URL_TIMEOUT_MS, fetchShortUrl, resolveChart, TOO_MANY_POINTS_NOTE, type ResolveChartOptions, type ShortUrlFetcher, type ShortUrlRequest } from './resolveChart.js';
export { CHART_JS_VERSION, quickChartUrl, SLACK_IMAGE_URL_LIMIT } from './quickChart.js';
