import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Clock } from '../../core/clock.js';
import { LocalSlots } from '../../core/store/localSlots.js';
import type { Store } from '../../core/store/types.js';

/** Slack posts about one message a second per channel (https://docs.slack.dev/apis/web-api/rate-limits); a little more, for jitter. */
export const POST_SPACING_MS = 1100;

/** Slack's own spacing: two posts in a channel must reach it at least this far apart. */
const SLACK_SPACING_MS = 1000;
/** A channel's post in flight holds its turn this long at most (a post that hangs must not hold the channel). */
const POST_LEASE_MS = 15_000;
/** How often a post waiting for another replica's post in its channel looks again. */
const LEASE_POLL_MS = 100;

/**
 * The one pacing of every post the app makes on its own (digests, their thread replies, watches):
 * one slot per channel every POST_SPACING_MS, kept in the store, so replicas sharing Redis share it
 * and due runs that start together still post a second apart in a channel. One post per channel is
 * in flight at a time, here and on every replica (a lease in the store), so a post answered late
 * moves the next one's slot before anyone takes it. A 429 on a channel moves its schedule back by
 * the Retry-After. When the store does not answer, this process keeps its own schedule until it does.
 */
export class ChannelPacing {
  private readonly alone: LocalSlots;
  private storeDown = false;
  /** Each channel's posts in this process, one after another: the last one's settling. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly logger?: Logger,
    private readonly spacingMs = POST_SPACING_MS,
  ) {
    this.alone = new LocalSlots(clock);
  }

  /**
   * Sends one post in the channel's turn: after the channel's post before it (in this process and
   * on every other replica) has been answered, and in the channel's next slot. What `send` answers
   * or throws is passed on.
   */
  async post<T>(channel: string, send: () => Promise<T>): Promise<T> {
    const before = this.queues.get(channel) ?? Promise.resolve();
    const mine = before.then(() => this.leased(channel, send));
    const settled = mine.catch(() => undefined);
    this.queues.set(channel, settled);
    try {
      return await mine;
    } finally {
      if (this.queues.get(channel) === settled) this.queues.delete(channel);
    }
  }

  /** One post while holding the channel's lease in the store (taken as it frees, or when it lapses). */
  private async leased<T>(channel: string, send: () => Promise<T>): Promise<T> {
    const lease = `slack-post-lease:${channel}`;
    const owner = randomUUID();
    const held = await this.take(lease, owner);
    try {
      const slot = await this.turn(channel);
      const answer = await send();
      await this.answered(channel, slot);
      return answer;
    } finally {
      if (held) await this.store.releaseClaim(lease, owner).catch(() => undefined);
    }
  }

  /** Waits for the lease; false when the store cannot be asked (this process's own order holds then). */
  private async take(lease: string, owner: string): Promise<boolean> {
    for (;;) {
      try {
        if (await this.store.claim(lease, owner, POST_LEASE_MS)) return true;
      } catch {
        return false;
      }
      await this.clock.sleep(LEASE_POLL_MS);
    }
  }

  /**
   * Waits for this channel's next slot; resolves with when the slot began, for `answered`. That is
   * when it was due, not when the wait ended: a busy process wakes late, and a post sent late must
   * count as late, or the next one (due a spacing after the slot) reaches Slack under a second after it.
   * Reckoned from before the store was asked, so the round trip makes it early, never late.
   */
  private async turn(channel: string): Promise<number> {
    const asked = this.clock.now();
    const wait = await this.reserve(channel, this.spacingMs);
    if (wait > 0) await this.clock.sleep(wait);
    return asked + Math.max(0, wait);
  }

  /**
   * The post of the slot that began at `slotAt` was answered now. Slots are spaced from when they
   * begin, but a post may reach Slack any time until it is answered (a busy process, a slow
   * network): one answered late would leave the next post less than Slack's second behind it, so
   * the channel's next slot moves back by the lateness. Under POST_SPACING_MS − 1 s late, no change.
   */
  private async answered(channel: string, slotAt: number): Promise<void> {
    const late = this.clock.now() - slotAt - (this.spacingMs - SLACK_SPACING_MS);
    // Awaited: the channel's next turn must be taken after this, not before.
    if (late > 0 && this.spacingMs >= SLACK_SPACING_MS) await this.reserve(channel, Math.ceil(late));
  }

  /** Slack said to slow down in this channel: its next slot is at least `ms` away, for every replica. */
  holdBack(channel: string, ms: number): void {
    void this.reserve(channel, Math.max(1, Math.ceil(ms)));
  }

  private async reserve(channel: string, intervalMs: number): Promise<number> {
    const key = `slack-post:${channel}`;
    try {
      const wait = await this.store.reserveSlot(key, intervalMs);
      if (this.storeDown) this.logger?.info('post pacing is shared through the store again');
      this.storeDown = false;
      return wait;
    } catch (error) {
      if (!this.storeDown)
        this.logger?.warn({ err: error }, 'the store did not answer; pacing posts in this process only until it does');
      this.storeDown = true;
      return this.alone.reserveSlot(key, intervalMs);
    }
  }
}
