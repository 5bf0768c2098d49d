/**
 * A chart Slack draws itself (its data_visualization block): a few labelled values in a line, bar or
 * area chart, no picture and no third party. The builders (one per chart file) keep within the
 * limits below by construction; render/chart.ts turns a NativeChart into the block.
 *
 * The limits are those of Slack's reference page for the block
 * (https://docs.slack.dev/reference/block-kit/blocks/data-visualization-block), the stricter where
 * copies of it differ: at most 20 points a series (one for every x-axis category), 6 series, a title
 * of 50 characters, category labels and series names of 20, axis labels of 50. Only messages take
 * the block (not Home tabs or modals), two at most in one message.
 */
export interface NativeChart {
  type: 'line' | 'bar' | 'area';
  /** Above the chart: at most NATIVE_CHART_LIMITS.title characters. */
  title: string;
  /** The x axis, left to right: distinct labels of at most NATIVE_CHART_LIMITS.label characters. */
  categories: string[];
  /** One value per category in each. */
  series: Array<{ name: string; values: number[] }>;
  xLabel?: string;
  yLabel?: string;
  /** One line under the chart: what it shows of the answer ("the latest 20 of 50 dates"). */
  caption?: string;
}

export const NATIVE_CHART_LIMITS = {
  points: 20,
  series: 6,
  title: 50,
  label: 20,
  axisLabel: 50,
  perMessage: 2,
} as const;

/** The newest items a native chart can show: the last NATIVE_CHART_LIMITS.points of a list that is oldest first. */
export function latestPoints<T>(items: readonly T[]): T[] {
  return items.slice(-NATIVE_CHART_LIMITS.points);
}
