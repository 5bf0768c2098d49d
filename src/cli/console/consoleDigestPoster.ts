import type { DigestContent, DigestPoster } from '../../core/digest/types.js';
import type { Prices } from '../../core/operations/prices.js';
import { langFor } from '../../i18n/lang.js';
import { printedMessage } from '../../slack/render/asText.js';
import { renderDigest } from '../../slack/render/digest.js';
import { rule } from './rule.js';

/** Digests as the channel would get them, printed: the first message, then each thread reply. */
export class ConsoleDigestPoster implements DigestPoster {
  constructor(
    private readonly print: (text: string) => void,
    private readonly prices: Prices,
    private readonly now: () => number = Date.now,
  ) {}

  async post(content: DigestContent): Promise<void> {
    const lang = langFor(content.locale);
    const [main, ...replies] = renderDigest(content, { now: this.now(), prices: this.prices, lang });
    if (!main) return;
    this.print(
      `${rule(lang.t('digests.console.posted', { id: content.digest.id, channel: content.digest.channelId }))}\n${printedMessage(main).text}`,
    );
    for (const reply of replies) this.print(`${rule(lang.t('digests.console.reply'))}\n${printedMessage(reply).text}`);
  }
}
