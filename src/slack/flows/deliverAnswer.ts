import type { CallResult } from '../../core/client/dataClient.js';
import type { OperationId } from '../../core/operations/index.js';
import type { Lang } from '../../i18n/lang.js';
import { escapeMrkdwn } from '../blockKit/mrkdwn.js';
import type { SlackDeps } from '../deps.js';
import { renderNotice } from '../render/notice.js';
import type { Responder } from '../reply/responder.js';
import { ReplyUnconfirmedError } from '../reply/responders.js';
import type { SlackMessage } from '../reply/slackMessage.js';
import { describeRequest } from '../slackOperations/index.js';

/**
 * Posts a paid answer, and when Slack does not take it or confirm it tells the person by another
 * route, never sending it again. Resolves whether it was delivered; never rejects.
 */
export async function deliverAnswer(
  deps: SlackDeps,
  responder: Responder,
  message: SlackMessage,
  answer: CallResult,
  said: { operation: OperationId; lang: Lang; replace: boolean },
): Promise<boolean> {
  const { operation, lang } = said;
  let delivered = true;
  await responder.reply(message, { replace: said.replace }).catch(async (error: unknown) => {
    delivered = false;
    if (error instanceof ReplyUnconfirmedError) {
      // Paid, and perhaps delivered: never sent again.
      deps.logger.warn(
        { err: error, operation, outcome: 'unknown' },
        'Slack did not confirm the answer; not sent again',
      );
      await error
        .tell(renderNotice(lang.t('answer.unconfirmed'), lang))
        .catch((tellError: unknown) =>
          deps.logger.warn({ err: tellError }, 'could not say that the answer was unconfirmed'),
        );
      return;
    }
    // Slack refused it, or held the method longer than a post may wait (a 429): not posted.
    deps.logger.warn({ err: error, operation, outcome: 'not_posted' }, 'Slack did not take the answer');
    // The request may hold the person's own words (a keyword): never live markup.
    const what = escapeMrkdwn(describeRequest(operation, { ...answer.request }, lang));
    const text =
      answer.coinsSpent > 0
        ? lang.t('answer.notPosted', { what, coins: lang.t('common.coins', { count: answer.coinsSpent }) })
        : lang.t('answer.notPostedFree', { what });
    // The person's own spend, told to them alone; by another method than the refused post where there is one.
    const tell = responder.whisper ?? ((notice: SlackMessage) => responder.reply(notice));
    await tell(renderNotice(text, lang)).catch((tellError: unknown) =>
      deps.logger.warn({ err: tellError }, 'could not say that the answer was not posted'),
    );
  });
  return delivered;
}
