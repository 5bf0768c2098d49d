import Bottleneck from 'bottleneck';
import type { WebClient } from '@slack/web-api';
import type { Logger } from 'pino';
import { systemClock, type Clock } from '../core/clock.js';
import { DigestPostError, type DigestPause } from '../core/digest/types.js';
import type { WatchNotice, WatchPoster } from '../core/watch/types.js';
import { langFor } from '../i18n/lang.js';
import { renderWatchNotice } from './render/watch.js';

/** Slack errors that retrying will not fix: the watch pauses and says what to do. */
function pauseFor(code: string, channelId: string, watchId: string, now: number): DigestPause | undefined {
  switch (code) {
    case 'not_in_channel':
      return { reason: { key: 'digests.pause.notInChannel', values: { channelId } }, remedy: { key: 'watch.pause.inviteApp', values: { id: watchId } }, at: now };
    case 'channel_not_found':
      return { reason: { key: 'digests.pause.channelNotFound', values: { channelId } }, remedy: { key: 'watch.pause.addAgain' }, at: now };
    case 'is_archived':
      return { reason: { key: 'digests.pause.archived', values: { channelId } }, remedy: { key: 'digests.pause.unarchive' }, at: now };
    default:
      return undefined;
  }
}

/** Posts a watch's messages to its channel, at most about one a second per channel (Slack's limit). */
export class SlackWatchPoster implements WatchPoster {
  private readonly channels = new Bottleneck.Group({ maxConcurrent: 1, minTime: 1100 });

  constructor(
    private readonly client: WebClient,
    private readonly logger: Logger,
    private readonly clock: Clock = systemClock,
  ) {}

  async post(notice: WatchNotice): Promise<void> {
    const channel = notice.watch.channelId;
    const message = renderWatchNotice(notice, langFor(notice.locale));
    try {
      await this.channels.key(channel).schedule(() => this.client.chat.postMessage({ channel, text: message.text, blocks: message.blocks, unfurl_links: false }));
    } catch (error) {
      const data = (error as { data?: { error?: unknown } }).data;
      const code = typeof data?.error === 'string' ? data.error : 'unknown_error';
      this.logger.warn({ code, channel, watchId: notice.watch.id }, 'Slack refused the watch post');
      throw new DigestPostError(code, pauseFor(code, channel, notice.watch.id, this.clock.now()));
    }
  }
}
