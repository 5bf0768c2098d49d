import { formatDuration } from '../../core/duration.js';
import type { Lang } from '../../i18n/lang.js';
import { contextBlock, sectionBlock } from '../blockKit/blocks.js';
import { fitToSlackLimits } from '../blockKit/fitToSlackLimits.js';
import { escapeMrkdwn } from '../blockKit/mrkdwn.js';
import type { SlackMessage } from '../reply/slackMessage.js';

/** Shown while a lookup waits for a rate-limit slot, so a slow answer does not look like a hang. */
export function renderQueued(operationTitle: string, waitMs: number, lang: Lang): SlackMessage {
  // Below a second "about 400 ms" would promise a precision the queue does not have.
  const wait = formatDuration(Math.max(1000, Number.isFinite(waitMs) ? waitMs : 1000), lang);
  const line = lang.t('answer.queued.line', { wait });
  const title = escapeMrkdwn(operationTitle);
  return fitToSlackLimits(
    {
      text: `${title}: ${line}`,
      blocks: [
        sectionBlock(`:hourglass_flowing_sand: ${line}`),
        contextBlock(lang.t('answer.queued.follows', { title })),
      ],
    },
    lang,
  );
}

/** The queued notice once its answer is out (a DM progress message, edited: no stale notice stays). */
export function renderQueuedDone(operationTitle: string, lang: Lang): SlackMessage {
  const text = lang.t('answer.queued.done', { title: escapeMrkdwn(operationTitle) });
  return fitToSlackLimits({ text, blocks: [contextBlock(`:white_check_mark: ${text}`)] }, lang);
}
