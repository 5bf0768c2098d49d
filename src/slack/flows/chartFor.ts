import {
  type ChartImage,
  type ChartPlan,
  type ChartPublisher,
  type ChartSettings,
  drawnLocally,
} from '../../charts/chartRenderer.js';
import { resolveChart } from '../../charts/quickChart.js';
import { cacheKey } from '../../core/client/cache.js';
import type { CallResult } from '../../core/client/dataClient.js';
import type { OperationId } from '../../core/operations/index.js';
import type { Lang } from '../../i18n/lang.js';
import { SLACK_OPERATIONS, type SlackOperation, slackOperation } from '../slackOperations/index.js';

/** What a chart needs of an operation's Slack module: its chart, and the chart Slack draws itself. */
type ChartedOperation = Pick<SlackOperation, 'chart' | 'nativeChart'>;

/** The operations whose answers come with a chart. */
export const CHARTED_OPERATIONS: readonly OperationId[] = (Object.keys(SLACK_OPERATIONS) as OperationId[]).filter(
  (id) => SLACK_OPERATIONS[id].chart,
);

/** The chart plan of an answer, for the operations that have one; undefined for the others (`dq chart`). */
export function chartPlanFor(
  answer: CallResult,
  settings: ChartSettings,
  timeZone: string,
  lang: Lang,
): ChartPlan | undefined {
  return slackOperation(answer.operation).chart?.(answer, settings, timeZone, lang);
}

/**
 * Charts already drawn, by answer and language: a result served from cache (a repeated lookup,
 * Previous, Share) has the same chart as the first time, and drawing one is most of what such a
 * reply costs.
 */
const drawn = new Map<string, Promise<ChartImage | undefined>>();
const DRAWN_KEPT = 200;

export interface ChartReader {
  settings: ChartSettings;
  timeZone: string;
  lang: Lang;
  /** Where the pictures the app draws go (its HTTP server, or the console's files). */
  publish?: ChartPublisher;
  /** The reply is a Slack message, where Slack can draw a chart from its values (data_visualization). */
  nativeCharts: boolean;
}

/**
 * The chart that goes with an answer, for the operations that have one, its texts in the reader's
 * language. Slack draws it (CHART_RENDERER=native) in a Slack message; elsewhere (the console) the app
 * draws the picture. A picture that cannot reach Slack (none could be made, or the chart is too long
 * for a URL) gives way to the chart Slack draws, where the reply can hold it. Never throws. A chart
 * the app draws itself is kept by the publisher (its address expires, so the image is not kept here).
 */
export async function chartFor(
  answer: CallResult,
  operation: ChartedOperation,
  reader: ChartReader,
): Promise<ChartImage | undefined> {
  const { settings, nativeCharts } = reader;
  if (settings.renderer === 'native' && nativeCharts) return native(answer, operation, reader);
  const picture = await pictureFor(answer, operation, reader);
  return picture?.kind === 'none' && nativeCharts ? ((await native(answer, operation, reader)) ?? picture) : picture;
}

function pictureFor(
  answer: CallResult,
  operation: ChartedOperation,
  reader: ChartReader,
): Promise<ChartImage | undefined> {
  const { settings, timeZone, lang } = reader;
  if (drawnLocally(settings)) return draw(answer, operation, reader, reader.publish);
  const key = `${cacheKey(answer.operation, answer.request)}@${answer.storedAt}|${timeZone}|${lang.locale}|${JSON.stringify(settings)}`;
  const known = drawn.get(key);
  if (known) return known;
  const chart = draw(answer, operation, reader);
  drawn.set(key, chart);
  if (drawn.size > DRAWN_KEPT) drawn.delete(drawn.keys().next().value!);
  return chart;
}

async function native(
  answer: CallResult,
  operation: ChartedOperation,
  { timeZone, lang }: ChartReader,
): Promise<ChartImage | undefined> {
  try {
    return operation.nativeChart?.(answer, timeZone, lang);
  } catch {
    return { kind: 'none', note: lang.t('results.chart.notDrawn') };
  }
}

async function draw(
  answer: CallResult,
  operation: ChartedOperation,
  { settings, timeZone, lang }: ChartReader,
  publish?: ChartPublisher,
): Promise<ChartImage | undefined> {
  try {
    const plan = operation.chart?.(answer, settings, timeZone, lang);
    return plan ? await resolveChart(plan, settings, lang, publish ? { publish } : {}) : undefined;
  } catch {
    return { kind: 'none', note: lang.t('results.chart.notDrawn') };
  }
}
