import type { WatchNotice } from '../../core/watch/types.js';
import { langFor } from '../../i18n/lang.js';
import { renderWatchNotice } from '../render/watch.js';
import type { SlackMessage } from '../reply/slackMessage.js';
import { watchWordsOf } from '../slackOperations/index.js';

/** A watch's message in its channel, in the watch's language, worded by the operation it checks (Slack's poster and the console's). */
export function watchNoticeMessage(notice: WatchNotice): SlackMessage {
  return renderWatchNotice(notice, watchWordsOf, langFor(notice.locale));
}
