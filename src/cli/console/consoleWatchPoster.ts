import type { WatchNotice, WatchPoster } from '../../core/watch/types.js';
import { langFor } from '../../i18n/lang.js';
import { watchNoticeMessage } from '../../slack/flows/watchNotice.js';
import { messageText } from '../../slack/render/asText.js';
import { rule } from './rule.js';

/** A watch's message as its channel would get it, printed (`/dq watch run <id>` in the console). */
export class ConsoleWatchPoster implements WatchPoster {
  constructor(private readonly print: (text: string) => void) {}

  async post(notice: WatchNotice): Promise<void> {
    const lang = langFor(notice.locale);
    this.print(
      `${rule(lang.t('watch.console.posted', { id: notice.watch.id, channel: notice.watch.channelId }))}\n${messageText(watchNoticeMessage(notice), lang).text}`,
    );
  }
}
