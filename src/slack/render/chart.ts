import type { ContextBlock, ImageBlock, KnownBlock } from '@slack/types';
import type { ChartImage } from '../../charts/chartRenderer.js';
import { NATIVE_CHART_LIMITS, type NativeChart } from '../../charts/nativeChart.js';
import type { Lang } from '../../i18n/lang.js';
import { keepBlock, SLACK_LIMITS } from '../blockKit/fitToSlackLimits.js';
import { escapeMrkdwn, mrkdwn, plainText, truncatePlain } from '../blockKit/mrkdwn.js';

/**
 * Slack's data_visualization block, as its reference page describes it
 * (https://docs.slack.dev/reference/block-kit/blocks/data-visualization-block); @slack/types 3.2.0
 * does not type it yet.
 */
export interface DataVisualizationBlock {
  type: 'data_visualization';
  block_id?: string;
  title: string;
  chart: {
    type: 'line' | 'bar' | 'area';
    series: Array<{ name: string; data: Array<{ label: string; value: number }> }>;
    axis_config: { categories: string[]; x_label?: string; y_label?: string };
  };
}

function note(text: string): ContextBlock {
  return keepBlock('chart', { type: 'context', elements: [mrkdwn(`_${escapeMrkdwn(text)}_`)] });
}

/**
 * A native chart as Slack's block. The builders keep within Slack's limits; this keeps any chart
 * within them too (the latest points, the first series, texts cut), so a chart never costs the reply.
 */
export function dataVisualizationBlock(chart: NativeChart): DataVisualizationBlock | undefined {
  const points = Math.min(NATIVE_CHART_LIMITS.points, chart.categories.length);
  const from = chart.categories.length - points;
  const categories = chart.categories.slice(from).map((label) => truncatePlain(label, NATIVE_CHART_LIMITS.label));
  const series = chart.series.slice(0, NATIVE_CHART_LIMITS.series).map((one) => ({
    name: truncatePlain(one.name, NATIVE_CHART_LIMITS.label),
    data: categories.map((label, index) => ({ label, value: one.values[from + index]! })),
  }));
  const usable =
    points > 0 &&
    new Set(categories).size === categories.length &&
    new Set(series.map((one) => one.name)).size === series.length &&
    series.every((one) => one.data.every((point) => Number.isFinite(point.value)));
  if (!usable || chart.title.trim() === '') return undefined;
  const axis: DataVisualizationBlock['chart']['axis_config'] = { categories };
  if (chart.xLabel) axis.x_label = truncatePlain(chart.xLabel, NATIVE_CHART_LIMITS.axisLabel);
  if (chart.yLabel) axis.y_label = truncatePlain(chart.yLabel, NATIVE_CHART_LIMITS.axisLabel);
  return {
    type: 'data_visualization',
    block_id: 'dq-keep-chart',
    title: truncatePlain(chart.title, NATIVE_CHART_LIMITS.title),
    chart: { type: chart.type, series, axis_config: axis },
  };
}

/**
 * The chart of a reply: an image block, a chart Slack draws (when the surface takes it: a Slack
 * message), or one line saying why there is none. A chart address Slack would refuse becomes that
 * line too, so a chart never costs the reply. The chart's own texts were written in the reader's
 * language when it was built; `lang` is for what is said here.
 */
export function renderChart(
  chart: ChartImage | undefined,
  lang: Lang,
  surface: { nativeCharts: boolean } = { nativeCharts: true },
): KnownBlock[] {
  if (!chart) return [];
  if (chart.kind === 'none') return [note(chart.note)];
  if (chart.kind === 'native') {
    const block = surface.nativeCharts ? dataVisualizationBlock(chart.chart) : undefined;
    if (!block) return [note(lang.t('results.chart.nativeNotShown'))];
    const caption = chart.chart.caption
      ? [
          keepBlock('chart-caption', {
            type: 'context',
            elements: [mrkdwn(escapeMrkdwn(chart.chart.caption))],
          } satisfies ContextBlock),
        ]
      : [];
    return [block as unknown as KnownBlock, ...caption];
  }
  if (chart.url.length > SLACK_LIMITS.url) return [note(lang.t('results.chart.urlTooLong'))];
  const image: ImageBlock = {
    type: 'image',
    image_url: chart.url,
    alt_text: truncatePlain(
      chart.alt.trim() || chart.caption.trim() || lang.t('results.chart.fallbackAlt'),
      SLACK_LIMITS.altText,
    ),
  };
  if (chart.caption.trim()) image.title = plainText(truncatePlain(chart.caption.trim(), SLACK_LIMITS.imageTitle));
  return [keepBlock('chart', image)];
}
