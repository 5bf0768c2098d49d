import type { Lang } from '../../i18n/lang.js';
import { sectionBlock } from '../blockKit/blocks.js';
import { fitToSlackLimits } from '../blockKit/fitToSlackLimits.js';
import type { SlackMessage } from '../reply/slackMessage.js';

/**
 * A plain one-line reply. The text is mrkdwn written by the app (it may use *bold* or `code`);
 * anything a user or the service wrote must be passed through escapeMrkdwn first.
 */
export function renderNotice(text: string, lang: Lang): SlackMessage {
  const line = text.trim() || '…';
  return fitToSlackLimits({ text: line, blocks: [sectionBlock(line)] }, lang);
}
