import type { WebClient } from '@slack/web-api';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { readSlackFailure, slackErrorCode } from './slackCallPolicy.js';

/** How long what Slack said about a channel is believed; channel_shared / channel_unshared update it at once. */
const KEEP_MS = 10 * 60_000;

/** Whether a conversation is shared with another organisation: known, or not (a private channel or DM the app cannot read). */
export type Sharing = 'external' | 'internal' | 'unknown';

/**
 * Which channels are shared with another organisation (Slack Connect): `conversations.info`
 * `is_ext_shared` (https://docs.slack.dev/reference/objects/conversation-object; a channel shared
 * only between workspaces of one Enterprise Grid organisation is `is_org_shared`, and internal).
 * Remembered for ten minutes per channel, and told at once by the channel_shared and
 * channel_unshared events, so a command pays for one lookup per channel now and then, not per use.
 */
export class SharedChannels {
  private readonly known = new LRUCache<string, Sharing>({ max: 10_000, ttl: KEEP_MS });

  constructor(private readonly logger?: Logger) {}

  async of(client: WebClient, channelId: string): Promise<Sharing> {
    const remembered = this.known.get(channelId);
    if (remembered) return remembered;
    let sharing: Sharing;
    try {
      const response = await client.conversations.info({ channel: channelId });
      const channel = response.channel as { is_ext_shared?: boolean } | undefined;
      sharing = channel?.is_ext_shared === undefined ? 'unknown' : channel.is_ext_shared ? 'external' : 'internal';
    } catch (error) {
      // Slack said no (a private channel or a DM the app is not in, an install without
      // channels:read / groups:read / im:read): as unknown, and remembered as such, so every command
      // in a DM does not ask again. A call that got no answer is not remembered.
      const failure = readSlackFailure(error);
      this.logger?.info(
        { channelId, code: slackErrorCode(error) },
        'could not tell whether a channel is shared with another organisation',
      );
      if (failure.kind !== 'refused') return 'unknown';
      sharing = 'unknown';
    }
    this.known.set(channelId, sharing);
    return sharing;
  }

  /** channel_shared / channel_unshared: what Slack just said, in place of what was remembered. */
  note(channelId: string, sharing: Exclude<Sharing, 'unknown'>): void {
    this.known.set(channelId, sharing);
  }
}
