import type { CallResult } from '../../core/client/dataClient.js';
import type { Lang } from '../../i18n/lang.js';
import type { SlackDeps } from '../deps.js';
import type { RecordQuestion } from '../parse/plainWords.js';
import type { Responder } from '../reply/responder.js';
import type { SlackMessage } from '../reply/slackMessage.js';
import type { SlackOperation } from '../slackOperations/slackOperation.js';
import { chartFor } from './chartFor.js';
import { freePages } from './freePages.js';

export interface AnswerMessage {
  message: SlackMessage;
  chart: Awaited<ReturnType<typeof chartFor>>;
}

/**
 * An answer as the reply that shows it: its chart, the operation's rendering framed with paging,
 * buttons and footer. A share (`sharedBy`) is read by the whole channel and has no buttons.
 */
export async function answerMessage(
  deps: SlackDeps,
  answer: CallResult,
  slack: SlackOperation,
  responder: Responder,
  reader: { lang: Lang; timeZone: string; sharedBy?: string; asks?: RecordQuestion | undefined },
): Promise<AnswerMessage> {
  const { lang, timeZone, sharedBy, asks } = reader;
  // A Slack message (shares included) can hold a chart Slack draws; the console's replies cannot.
  const chart = await chartFor(answer, slack, {
    settings: deps.charts,
    timeZone,
    lang,
    nativeCharts: responder.tables === true,
    ...(deps.publishChart ? { publish: deps.publishChart } : {}),
  });
  // Without buttons no store read is needed; else one each says whether Next and Previous are free (cached).
  const free = sharedBy ? undefined : await freePages(deps.data, answer);
  const message = deps.renderedAnswers.render(answer, slack, {
    lang,
    timeZone,
    demo: deps.config.demo,
    prices: deps.prices,
    now: deps.now(),
    // Shares go through the same responder, so the same surface: a channel message takes tables too.
    tables: responder.tables === true,
    ...(chart ? { chart } : {}),
    ...(sharedBy ? { sharedBy } : {}),
    ...(asks ? { asks } : {}),
    ...(free?.next ? { nextPageFree: true } : {}),
    ...(free?.previous ? { previousPageFree: true } : {}),
  });
  return { message, chart };
}
