import Bottleneck from 'bottleneck';
import { systemClock, type Clock } from '../core/clock.js';
import type { WebClient } from '@slack/web-api';
import type { Logger } from 'pino';
import { DigestPostError, type DigestContent, type DigestPause, type DigestPoster } from '../core/digest/types.js';
import type { Prices } from '../core/operations/prices.js';
import { langFor } from '../i18n/lang.js';
import { renderDigest } from './render/digest.js';

/**
 * Slack errors that will not go away by retrying: the digest pauses and says what to do, in phrases
 * (the pause is shown later to whoever lists the digest, in their language).
 */
function pauseFor(code: string, channelId: string, digestId: string, now: number): DigestPause | undefined {
  // The id, not a ready-made <#…> link: a stored phrase's values are escaped when said.
  const channel = channelId;
  switch (code) {
    case 'not_in_channel':
      return { reason: { key: 'digests.pause.notInChannel', values: { channelId: channel } }, remedy: { key: 'digests.pause.inviteApp', values: { id: digestId } }, at: now };
    case 'channel_not_found':
      return { reason: { key: 'digests.pause.channelNotFound', values: { channelId: channel } }, remedy: { key: 'digests.pause.addAgain' }, at: now };
    case 'is_archived':
      return { reason: { key: 'digests.pause.archived', values: { channelId: channel } }, remedy: { key: 'digests.pause.unarchive' }, at: now };
    default:
      return undefined;
  }
}

function slackErrorCode(error: unknown): string {
  const data = (error as { data?: { error?: unknown } }).data;
  return typeof data?.error === 'string' ? data.error : 'unknown_error';
}

/**
 * Posts digests to Slack: the first message in the channel and anything that does not fit in one
 * message as thread replies, at most about one message per second per channel (Slack's limit).
 */
export class SlackDigestPoster implements DigestPoster {
  private readonly channels = new Bottleneck.Group({ maxConcurrent: 1, minTime: 1100 });

  constructor(
    private readonly client: WebClient,
    private readonly logger: Logger,
    private readonly prices: Prices,
    private readonly clock: Clock = systemClock,
  ) {}

  async post(content: DigestContent): Promise<void> {
    const channel = content.digest.channelId;
    const [main, ...replies] = renderDigest(content, { now: this.clock.now(), prices: this.prices, lang: langFor(content.locale) });
    if (!main) return;
    const pace = this.channels.key(channel);
    let threadTs: string;
    try {
      const first = await pace.schedule(() => this.client.chat.postMessage({ channel, text: main.text, blocks: main.blocks, unfurl_links: false }));
      threadTs = first.ts ?? '';
    } catch (error) {
      const code = slackErrorCode(error);
      this.logger.warn({ code, channel, digestId: content.digest.id }, 'Slack refused the digest post');
      throw new DigestPostError(code, pauseFor(code, channel, content.digest.id, this.clock.now()));
    }
    // The digest is out once its first message is; a lost thread reply must not post it all again.
    for (const reply of replies) {
      try {
        await pace.schedule(() => this.client.chat.postMessage({ channel, thread_ts: threadTs, text: reply.text, blocks: reply.blocks, unfurl_links: false }));
      } catch (error) {
        this.logger.warn({ code: slackErrorCode(error), channel, digestId: content.digest.id }, 'a digest thread reply was not posted');
      }
    }
  }
}
