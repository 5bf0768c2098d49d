import { describe, expect, it } from 'vitest';
import type { Clock } from '../../../src/core/clock.js';
import { MemoryStore } from '../../../src/core/store/memoryStore.js';
import { ChannelPacing, POST_SPACING_MS } from '../../../src/slack/posting/channelPacing.js';
import { ManualClock, PINNED_AT } from '../../support/clocks.js';

/**
 * Slack takes about one post a second per channel, counted as posts reach it. Slots are spaced from
 * when they begin; a post answered late may have reached Slack late, so the next slot moves back
 * by as much (ChannelPacing.answered).
 */
describe('a channel’s post pacing', () => {
  it('spaces the next post a second after a post answered late, and leaves one answered at once alone', async () => {
    const clock = new ManualClock(PINNED_AT, { auto: true });
    const pacing = new ChannelPacing(new MemoryStore({ clock }), clock);
    const first = await pacing.turn('C1');
    // Answered 600 ms after its slot began: it may have reached Slack that late.
    clock.set(first + 600);
    await pacing.answered('C1', first);
    const second = await pacing.turn('C1');
    expect(second - (first + 600)).toBeGreaterThanOrEqual(1000);
    // Answered at once: the next post takes the usual slot.
    await pacing.answered('C1', second);
    const third = await pacing.turn('C1');
    expect(third - second).toBe(POST_SPACING_MS);
    // Another channel is paced on its own.
    expect(await pacing.turn('C2')).toBe(third);
  });

  it('counts a post sent by a process that woke late from when its slot was due', async () => {
    const clock = new ManualClock(PINNED_AT, { auto: true });
    // A busy process: every wait ends 300 ms after it should.
    const drowsy: Clock = Object.assign(Object.create(clock) as Clock, {
      sleep: (ms: number, signal?: AbortSignal) => clock.sleep(ms + 300, signal),
    });
    const pacing = new ChannelPacing(new MemoryStore({ clock }), drowsy);
    await pacing.turn('C1');
    const sentAt = clock.now();
    const slot = await pacing.turn('C1');
    // Sent 300 ms after its slot; Slack has it 50 ms later and answers at once.
    expect(clock.now() - slot).toBe(300);
    clock.set(clock.now() + 50);
    await pacing.answered('C1', slot);
    await pacing.turn('C1');
    expect(clock.now() - (slot + 300 + 50)).toBeGreaterThanOrEqual(1000);
    expect(clock.now() - sentAt).toBeGreaterThan(2 * 1000);
  });
});
