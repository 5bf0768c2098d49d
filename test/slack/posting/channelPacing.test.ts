import { describe, expect, it } from 'vitest';
import type { Clock } from '../../../src/core/clock.js';
import { MemoryStore } from '../../../src/core/store/memoryStore.js';
import { ChannelPacing, POST_SPACING_MS } from '../../../src/slack/posting/channelPacing.js';
import { ManualClock, PINNED_AT } from '../../support/clocks.js';

/**
 * Slack takes about one post a second per channel, counted as posts reach it, which is some time
 * between being sent and being answered. So a channel's next post is sent no sooner than a second
 * after the one before was answered, and at least POST_SPACING_MS after it was due.
 */
describe('a channel’s post pacing', () => {
  /** A post that takes `ms` to be answered; what it records: when it was sent and answered. */
  function slowPost(clock: ManualClock, ms: number, log: Array<{ sent: number; answered: number }>) {
    return async () => {
      const sent = clock.now();
      await clock.sleep(ms);
      log.push({ sent, answered: clock.now() });
      return sent;
    };
  }

  it('sends the next post a second after one answered late, and leaves one answered at once alone', async () => {
    const clock = new ManualClock(PINNED_AT, { auto: true });
    const pacing = new ChannelPacing(new MemoryStore({ clock }), clock);
    const log: Array<{ sent: number; answered: number }> = [];
    await pacing.post('C1', slowPost(clock, 600, log));
    await pacing.post('C1', slowPost(clock, 0, log));
    await pacing.post('C1', slowPost(clock, 0, log));
    expect(log[1]!.sent - log[0]!.answered).toBeGreaterThanOrEqual(1000);
    expect(log[2]!.sent - log[1]!.sent).toBe(POST_SPACING_MS);
    // Another channel is paced on its own.
    const other = await pacing.post('C2', async () => clock.now());
    expect(other).toBe(clock.now());
  });

  it('counts a post sent by a process that woke late from when its slot was due', async () => {
    const clock = new ManualClock(PINNED_AT, { auto: true });
    // A busy process: every wait ends 300 ms after it should.
    const drowsy: Clock = Object.assign(Object.create(clock) as Clock, {
      sleep: (ms: number, signal?: AbortSignal) => clock.sleep(ms + 300, signal),
    });
    const pacing = new ChannelPacing(new MemoryStore({ clock }), drowsy);
    const log: Array<{ sent: number; answered: number }> = [];
    for (let n = 0; n < 3; n++) await pacing.post('C1', slowPost(clock, 50, log));
    for (let n = 1; n < log.length; n++) expect(log[n]!.sent - log[n - 1]!.answered).toBeGreaterThanOrEqual(1000);
  });

  it('keeps one post in flight per channel across replicas, so a late answer holds back every next one', async () => {
    const clock = new ManualClock(PINNED_AT, { auto: true });
    const store = new MemoryStore({ clock });
    const replicas = [new ChannelPacing(store, clock), new ChannelPacing(store, clock)];
    const log: Array<{ sent: number; answered: number }> = [];
    // Three digests at once in one channel, on two replicas, their posts answered 0.2 to 0.9 s late.
    await Promise.all(
      [0, 1, 2].map(async (digest) => {
        for (let post = 0; post < 3; post++)
          await replicas[digest % 2]!.post('C1', slowPost(clock, 200 + ((digest * 3 + post) % 8) * 100, log));
      }),
    );
    expect(log).toHaveLength(9);
    const bySending = [...log].sort((a, b) => a.sent - b.sent);
    for (let n = 1; n < bySending.length; n++)
      expect(bySending[n]!.sent - bySending[n - 1]!.answered).toBeGreaterThanOrEqual(1000);
  });

  it('passes on what the post throws, and the channel’s next post still goes', async () => {
    const clock = new ManualClock(PINNED_AT, { auto: true });
    const pacing = new ChannelPacing(new MemoryStore({ clock }), clock);
    await expect(
      pacing.post('C1', async () => {
        throw new Error('channel_not_found');
      }),
    ).rejects.toThrow('channel_not_found');
    expect(await pacing.post('C1', async () => 'posted')).toBe('posted');
  });
});
