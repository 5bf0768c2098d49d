import type { WebClient } from '@slack/web-api';
import type { Keyv } from 'keyv';
import type { Logger } from 'pino';
import type { Store } from '../../core/store/types.js';
import { readSlackFailure, slackErrorCode } from './slackCallPolicy.js';

/** How long what Slack said about a channel is believed, asked or told by an event; then it is asked again. */
const KEEP_MS = 10 * 60_000;
/** A share accepted but not yet done, when the invite does not say when it lapses (Slack's invites last 14 days). */
const PENDING_MS = 14 * 86_400_000;

/**
 * Whether a conversation is shared with another organisation: known, about to be (an invite accepted,
 * shared_channel_invite_accepted or _approved, and no channel_shared yet), or not known (a private
 * channel or DM the app cannot read, a store that does not answer).
 */
export type Sharing = 'external' | 'pending' | 'internal' | 'unknown';

type Known = Exclude<Sharing, 'pending'>;

/** The most cautious of two statements: what one replica asked must not undo what another was told. */
const CAUTION: Readonly<Record<Known, number>> = { internal: 0, unknown: 1, external: 2 };

/**
 * Which channels are shared with another organisation (Slack Connect), in the store, so every
 * replica knows what any of them was told: `conversations.info` `is_ext_shared`
 * (https://docs.slack.dev/reference/objects/conversation-object; a channel shared only between
 * workspaces of one Enterprise Grid organisation is `is_org_shared`, and internal), believed ten
 * minutes; what channel_shared and channel_unshared said (believed as long, kept apart from what
 * was asked, so an answer asked before the event cannot overwrite it); and shares on their way.
 */
export class SharedChannels {
  private readonly entries: Keyv<{ sharing: Known } | { until: number }>;

  constructor(
    store: Store,
    private readonly logger?: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = store.keyv('sharing');
  }

  async of(client: WebClient, channelId: string): Promise<Sharing> {
    let known: Sharing | undefined;
    try {
      known = await this.remembered(channelId);
    } catch (error) {
      // Without the store, what another replica was told cannot be read: Slack's own answer, asked
      // now, still says whether a share is done (a share only on its way lets nobody else in yet).
      this.logger?.warn({ err: error, channelId }, 'could not read whether a channel is shared; asking Slack');
      return (await this.ask(client, channelId)) ?? 'unknown';
    }
    if (known) return known;
    const asked = await this.ask(client, channelId);
    if (asked === undefined) return 'unknown';
    try {
      await this.entries.set(`asked:${channelId}`, { sharing: asked }, KEEP_MS);
      // An event told while Slack was being asked is newer than the answer.
      return (await this.remembered(channelId)) ?? asked;
    } catch (error) {
      this.logger?.warn({ err: error, channelId }, 'could not keep whether a channel is shared');
      return asked;
    }
  }

  /** channel_shared / channel_unshared: what Slack just said, for every replica at once. */
  async told(channelId: string, sharing: 'external' | 'internal'): Promise<void> {
    await Promise.all([
      this.entries.set(`told:${channelId}`, { sharing }, KEEP_MS),
      this.entries.delete(`asked:${channelId}`),
      ...(sharing === 'external' ? [this.entries.delete(`pending:${channelId}`)] : []),
    ]);
  }

  /** An invite to the channel accepted (or approved): shared soon, so paid data stays out until Slack says otherwise. */
  async pending(channelId: string, lapsesAt?: number): Promise<void> {
    const now = this.now();
    const until = lapsesAt !== undefined && lapsesAt > now ? Math.min(lapsesAt, now + PENDING_MS) : now + PENDING_MS;
    await this.entries.set(`pending:${channelId}`, { until }, until - now);
  }

  /** The invite was declined: the channel is what Slack says it is. */
  async notPending(channelId: string): Promise<void> {
    await this.entries.delete(`pending:${channelId}`);
  }

  private async remembered(channelId: string): Promise<Sharing | undefined> {
    const [pending, told, asked] = await Promise.all(
      ['pending', 'told', 'asked'].map((kind) => this.entries.get(`${kind}:${channelId}`)),
    );
    const statements = [told, asked].flatMap((entry) => (entry && 'sharing' in entry ? [entry.sharing] : []));
    if (statements.includes('external')) return 'external';
    if (pending && 'until' in pending) return 'pending';
    if (statements.length === 0) return undefined;
    return statements.reduce((a, b) => (CAUTION[b] > CAUTION[a] ? b : a));
  }

  /** What conversations.info says now; undefined when it gave no answer (asked again next time). */
  private async ask(client: WebClient, channelId: string): Promise<Known | undefined> {
    try {
      const response = await client.conversations.info({ channel: channelId });
      const channel = response.channel as { is_ext_shared?: boolean } | undefined;
      return channel?.is_ext_shared === undefined ? 'unknown' : channel.is_ext_shared ? 'external' : 'internal';
    } catch (error) {
      // Slack said no (a private channel or a DM the app is not in, an install without
      // channels:read / groups:read / im:read): as unknown, and remembered as such, so every command
      // in a DM does not ask again. A call that got no answer is not remembered.
      const failure = readSlackFailure(error);
      this.logger?.info(
        { channelId, code: slackErrorCode(error) },
        'could not tell whether a channel is shared with another organisation',
      );
      return failure.kind === 'refused' ? 'unknown' : undefined;
    }
  }
}
