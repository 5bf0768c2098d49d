/**
 * Slack's data_visualization block as a test oracle, written from Slack's reference page and not from
 * the app's renderer:
 *
 * - https://docs.slack.dev/reference/block-kit/blocks/data-visualization-block (read 2026-11-24, and
 *   the changelog of 2026-06-16 that released it). `type` "data_visualization"; `title` required, at
 *   most 50 characters; `chart` one of pie, bar, area, line; `block_id` optional. Pie: `segments`
 *   min 1, max 6, each a `label` (at most 20 characters) and a `value` greater than 0. Bar, area,
 *   line: `series` min 1, max 6, and `axis_config` required. A Data Series: `name` (at most 20
 *   characters, unique in the chart) and `data`, min 1, max 20 Data Points, exactly one for every
 *   label of `axis_config.categories`. A Data Point: `label` (at most 20 characters, one of the
 *   categories) and a numeric `value` (negative allowed). Axis Config: `categories` (each at most
 *   20 characters; their order is the x axis's), `x_label` and `y_label` at most 50 characters.
 *   "There is a limit of 2 data visualization blocks per message."
 *
 * Where the copies of the page differ or leave something unsaid, the stricter reading:
 * - series and pie segments: the page as served says "max 6", a later copy "max 12": 6.
 * - surfaces: the block's own page lists Messages only, while a rendering of the block catalogue
 *   lists Home tabs too: messages only (refused in a modal or on Home).
 * - the page does not say whether categories may repeat, whether a title may be empty, or whether
 *   a value may be NaN or infinite (JSON has neither): categories distinct, a title with a
 *   character that is not a space, finite values, and no fields the page does not name.
 */
import { z } from 'zod';

export const CHART_LIMITS = {
  title: 50,
  series: 6,
  segments: 6,
  points: 20,
  label: 20,
  axisLabel: 50,
  perMessage: 2,
  blockId: 255,
} as const;

const label = z.string().min(1).max(CHART_LIMITS.label);
const finite = z.number().finite();

const dataSeries = z.strictObject({
  name: label,
  data: z
    .array(z.strictObject({ label, value: finite }))
    .min(1)
    .max(CHART_LIMITS.points),
});

const axisConfig = z.strictObject({
  categories: z.array(label).min(1).max(CHART_LIMITS.points),
  x_label: z.string().max(CHART_LIMITS.axisLabel).optional(),
  y_label: z.string().max(CHART_LIMITS.axisLabel).optional(),
});

const seriesChart = (type: 'bar' | 'area' | 'line') =>
  z
    .strictObject({
      type: z.literal(type),
      series: z.array(dataSeries).min(1).max(CHART_LIMITS.series),
      axis_config: axisConfig,
    })
    .superRefine((chart, ctx) => {
      const categories = chart.axis_config.categories;
      if (new Set(categories).size !== categories.length)
        ctx.addIssue({ code: 'custom', path: ['axis_config', 'categories'], message: 'categories repeat' });
      const names = chart.series.map((one) => one.name);
      if (new Set(names).size !== names.length)
        ctx.addIssue({ code: 'custom', path: ['series'], message: 'series names repeat' });
      chart.series.forEach((one, index) => {
        const labels = one.data.map((point) => point.label);
        const exactlyOnce =
          labels.length === categories.length &&
          categories.every((category) => labels.filter((l) => l === category).length === 1);
        if (!exactlyOnce)
          ctx.addIssue({
            code: 'custom',
            path: ['series', index, 'data'],
            message: 'not exactly one point for every category',
          });
      });
    });

const pieChart = z.strictObject({
  type: z.literal('pie'),
  segments: z
    .array(z.strictObject({ label, value: finite.positive() }))
    .min(1)
    .max(CHART_LIMITS.segments),
});

export const dataVisualizationBlockSchema = z.strictObject({
  type: z.literal('data_visualization'),
  block_id: z.string().max(CHART_LIMITS.blockId).optional(),
  title: z.string().max(CHART_LIMITS.title).regex(/\S/),
  chart: z.union([pieChart, seriesChart('bar'), seriesChart('area'), seriesChart('line')]),
});

export function isChartBlock(block: unknown): boolean {
  return typeof block === 'object' && block !== null && (block as { type?: unknown }).type === 'data_visualization';
}

/** The problems of one data_visualization block, in words; empty when Slack's page allows it. */
export function chartBlockProblems(block: unknown): string[] {
  const parsed = dataVisualizationBlockSchema.safeParse(block);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(block)'}: ${issue.message}`);
}

/**
 * Every chart rule for a payload's blocks on a surface: each block as the page allows it, at most
 * two in a message, none in a modal or on Home.
 */
export function surfaceChartProblems(blocks: readonly unknown[], surface: 'message' | 'modal' | 'home'): string[] {
  const charts = blocks.map((block, index) => [block, index] as const).filter(([block]) => isChartBlock(block));
  if (charts.length === 0) return [];
  if (surface !== 'message') return [`a data_visualization block in a ${surface}: the page lists messages only`];
  const problems = charts.flatMap(([block, index]) =>
    chartBlockProblems(block).map((problem) => `blocks[${index}].${problem}`),
  );
  if (charts.length > CHART_LIMITS.perMessage)
    problems.push(`${charts.length} data_visualization blocks in one message, at most ${CHART_LIMITS.perMessage}`);
  return problems;
}
