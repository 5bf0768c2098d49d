import type { CallResult } from '../../core/client/dataClient.js';
import type { Lang } from '../../i18n/lang.js';
import type { SlackDeps } from '../deps.js';
import { FileUploadError } from '../reply/fileUpload.js';
import type { Responder } from '../reply/responder.js';
import { chartPlanFor } from './chartFor.js';

/**
 * The candlesticks the app draws, uploaded after a futures answer into the thread it was posted in
 * (CHART_RENDERER=native, CHART_THREAD_FILES on): the answer carries Slack's line of the latest
 * closes, the file the whole picture (candles, volume, MA5 and MA20), titled in the answer's
 * language. Only where the responder can attach a file (a thread's answers, read by everyone in the
 * thread), never to a private reply. Drawn from the answer already paid for: nothing is fetched or
 * charged. Never throws: a picture that cannot be drawn or uploaded is logged, and the answer stands.
 */
export async function attachChartFile(
  deps: SlackDeps,
  answer: CallResult,
  responder: Responder,
  reader: { timeZone: string; lang: Lang },
): Promise<void> {
  const { drawChartFile } = deps;
  if (!responder.attach || !drawChartFile) return;
  const { operation } = answer;
  let png: Buffer;
  let plan: ReturnType<typeof chartPlanFor>;
  try {
    plan = chartPlanFor(answer, deps.charts, reader.timeZone, reader.lang);
    if (plan?.kind !== 'render' || !plan.file) return;
    png = await drawChartFile(plan);
  } catch (error) {
    deps.logger.warn({ err: error, operation }, 'could not draw the chart picture for the thread; the answer stands');
    return;
  }
  try {
    await responder.attach({
      filename: plan.file.name,
      title: plan.file.title,
      bytes: png,
      contentType: 'image/png',
      altText: plan.alt,
    });
  } catch (error) {
    // files.completeUploadExternal is a post: one whose outcome is unknown is not made again.
    const unknown = error instanceof FileUploadError && error.mayHaveLanded;
    deps.logger.warn(
      { err: error, operation, outcome: unknown ? 'unknown' : 'not_shared' },
      unknown
        ? 'Slack did not confirm the chart picture in the thread; not sent again'
        : 'could not upload the chart picture into the thread; the answer stands',
    );
  }
}
