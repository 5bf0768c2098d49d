import type { WatchNotice, WatchPoster } from '../../core/watch/types.js';
import { type Locale, langFor } from '../../i18n/lang.js';
import { watchNoticeMessage } from '../../slack/flows/watchNotice.js';
import { type ConsoleButton, printedMessage } from '../../slack/render/asText.js';
import { rule } from './rule.js';

/** A watch's message as its channel would get it, printed (`/dq watch run <id>` in the console). */
export class ConsoleWatchPoster implements WatchPoster {
  constructor(
    private readonly print: (text: string) => void,
    /** Its "Stop watching" is pressed by number, as it is pressed under the post in Slack. */
    private readonly offerButtons: (buttons: ConsoleButton[], locale: Locale) => void = () => {},
  ) {}

  async post(notice: WatchNotice): Promise<void> {
    const lang = langFor(notice.locale);
    const message = watchNoticeMessage(notice);
    // A terminal shows no Slack table: a saved search's notices are printed as the cards Slack would fall back to.
    const { text, buttons } = printedMessage(message.withoutTable ?? message);
    this.print(
      `${rule(lang.t('watch.console.posted', { id: notice.watch.id, channel: notice.watch.channelId }))}\n${text}`,
    );
    this.offerButtons(buttons, notice.locale);
  }
}
