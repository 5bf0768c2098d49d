import type { Logger } from 'pino';
import { type Clock, systemClock } from '../../core/clock.js';
import type { WatchNotice, WatchPoster } from '../../core/watch/types.js';
import { jobPostError } from '../calls/slackCallPolicy.js';
import type { TeamClients } from '../calls/workspaceInstalls.js';
import { watchNoticeMessage } from '../flows/watchNotice.js';
import { sendWithTableFallback } from '../reply/responders.js';
import type { ChannelPacing } from './channelPacing.js';

/** Posts a watch's messages to its channel, in the channel's turn (the pacing digests share). */
export class SlackWatchPoster implements WatchPoster {
  constructor(
    private readonly clients: TeamClients,
    private readonly logger: Logger,
    private readonly pacing: ChannelPacing,
    private readonly clock: Clock = systemClock,
  ) {}

  async post(notice: WatchNotice): Promise<void> {
    const channel = notice.watch.channelId;
    const message = watchNoticeMessage(notice);
    const client = await this.clients.forTeam(notice.watch.teamId);
    try {
      // A saved search's table: a Slack that refuses the data_table block gets the same post as cards.
      await sendWithTableFallback(message, async (sent) => {
        await this.pacing.post(channel, () =>
          client.chat.postMessage({ channel, text: sent.text, blocks: sent.blocks, unfurl_links: false }),
        );
      });
    } catch (error) {
      const failure = jobPostError(error, channel, { kind: 'watch', id: notice.watch.id }, this.clock.now());
      this.logger.warn(
        { code: failure.code, landed: failure.landed, channel, watchId: notice.watch.id },
        'Slack did not take the watch post',
      );
      throw failure;
    }
  }
}
