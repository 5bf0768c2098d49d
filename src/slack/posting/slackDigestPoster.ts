import type { Logger } from 'pino';
import { type Clock, systemClock } from '../../core/clock.js';
import type { DigestContent, DigestPoster } from '../../core/digest/types.js';
import type { Prices } from '../../core/operations/prices.js';
import { langFor } from '../../i18n/lang.js';
import { jobPostError, slackErrorCode } from '../calls/slackCallPolicy.js';
import type { TeamClients } from '../calls/workspaceInstalls.js';
import { renderDigest } from '../render/digest.js';
import type { ChannelPacing } from './channelPacing.js';

/**
 * Posts digests to Slack: the first message in the channel and anything that does not fit in one
 * message as thread replies, each in the channel's turn (ChannelPacing, shared with watches and
 * replicas). The client carries the one Slack call policy: a post is made at most once.
 */
export class SlackDigestPoster implements DigestPoster {
  constructor(
    private readonly clients: TeamClients,
    private readonly logger: Logger,
    private readonly prices: Prices,
    private readonly pacing: ChannelPacing,
    private readonly clock: Clock = systemClock,
  ) {}

  async post(content: DigestContent): Promise<void> {
    const channel = content.digest.channelId;
    const [main, ...replies] = renderDigest(content, {
      now: this.clock.now(),
      prices: this.prices,
      lang: langFor(content.locale),
    });
    if (!main) return;
    // Asked for each digest: a workspace's token is read (and refreshed) when it is needed, never kept.
    const client = await this.clients.forTeam(content.digest.teamId);
    let threadTs: string;
    try {
      const first = await this.pacing.post(channel, () =>
        client.chat.postMessage({ channel, text: main.text, blocks: main.blocks, unfurl_links: false }),
      );
      threadTs = first.ts ?? '';
    } catch (error) {
      const failure = jobPostError(error, channel, { kind: 'digest', id: content.digest.id }, this.clock.now());
      this.logger.warn(
        { code: failure.code, landed: failure.landed, channel, digestId: content.digest.id },
        'Slack did not take the digest post',
      );
      throw failure;
    }
    // The digest is out once its first message is; a lost thread reply must not post it all again.
    for (const reply of replies) {
      try {
        await this.pacing.post(channel, () =>
          client.chat.postMessage({
            channel,
            thread_ts: threadTs,
            text: reply.text,
            blocks: reply.blocks,
            unfurl_links: false,
          }),
        );
      } catch (error) {
        this.logger.warn(
          { code: slackErrorCode(error), channel, digestId: content.digest.id },
          'a digest thread reply was not posted',
        );
      }
    }
  }
}
