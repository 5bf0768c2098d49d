import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Pacer, PacerStoppedError } from '../../../src/core/client/pacer.js';
import type { Clock } from '../../../src/core/clock.js';
import { ManualClock, PINNED_AT } from '../../support/clocks.js';
import { maxInWindow } from '../../support/measure.js';

/** A busy machine: every timer fires late by up to `maxLagMs`, as the event loop gets to it. */
function laggy(clock: ManualClock, maxLagMs: number, random: () => number): Clock {
  return {
    now: () => clock.now(),
    sleep: (ms, signal) => clock.sleep(ms + random() * maxLagMs, signal),
    timer: (ms, fire) => clock.timer(ms, fire),
    every: (ms, fire) => clock.every(ms, fire),
  };
}

function seeded(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

async function startsOf(pacer: Pacer, clock: ManualClock, calls: number): Promise<number[]> {
  const starts: number[] = [];
  await Promise.all(Array.from({ length: calls }, () => pacer.acquire().then(() => void starts.push(clock.now()))));
  return starts;
}

describe('Pacer', () => {
  it('lets a person’s call go at once while a batch keeps the limit busy, and keeps the window count for both', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.integer({ min: 0, max: 60 }),
        async (seed, maxLagMs) => {
          const clock = new ManualClock(PINNED_AT);
          const random = seeded(seed);
          const pacer = new Pacer({ limit: { count: 20, windowMs: 1000 }, clock: laggy(clock, maxLagMs, random) });
          const batchStarts: number[] = [];
          const batch = Promise.all(
            Array.from({ length: 200 }, () => pacer.acquire('batch').then(() => void batchStarts.push(clock.now()))),
          );
          // A person asks now and then: no two of their calls in one spacing, under the reserve.
          const waits: number[] = [];
          const personStarts: number[] = [];
          const person = Promise.all(
            Array.from(
              { length: 9 },
              (_, n) =>
                new Promise<void>((resolve) =>
                  clock.timer(300 + n * 1000 + Math.floor(random() * 500), () => {
                    const asked = clock.now();
                    void pacer.acquire().then(() => {
                      waits.push(clock.now() - asked);
                      personStarts.push(clock.now());
                      resolve();
                    });
                  }),
                ),
            ),
          );
          await Promise.all([batch, person]);
          expect(waits).toEqual(Array(9).fill(0));
          const all = [...batchStarts, ...personStarts].sort((a, b) => a - b);
          expect(maxInWindow(all, 1000)).toBeLessThanOrEqual(20);
          // The batch itself keeps to 95% of the limit, so the reserve is there when a person asks; together they keep the pace.
          expect(maxInWindow(batchStarts, 1000)).toBeLessThanOrEqual(19);
          const achieved = (all.length - 1) / ((all.at(-1)! - all[0]!) / 1000);
          expect(achieved).toBeGreaterThanOrEqual((0.95 * 0.97 * 20 * 1000) / (1020 + maxLagMs));
        },
      ),
      { numRuns: 50 },
    );
  });

  it('lets waiting people go before a waiting batch (the batch’s first call found the pacer idle)', async () => {
    const clock = new ManualClock(PINNED_AT);
    const pacer = new Pacer({ limit: { count: 10, windowMs: 1000 }, clock });
    const order: string[] = [];
    const calls = [
      ...Array.from({ length: 5 }, (_, n) => pacer.acquire('batch').then(() => void order.push(`batch ${n}`))),
      ...Array.from({ length: 3 }, (_, n) => pacer.acquire().then(() => void order.push(`person ${n}`))),
    ];
    await Promise.all(calls);
    expect(order).toEqual(['batch 0', 'person 0', 'person 1', 'person 2', 'batch 1', 'batch 2', 'batch 3', 'batch 4']);
  });

  it('lets a backlog go evenly, at about the limit, never more than the limit in any window', async () => {
    const clock = new ManualClock(PINNED_AT);
    const pacer = new Pacer({ limit: { count: 10, windowMs: 1000 }, clock });
    const starts = await startsOf(pacer, clock, 60);
    expect(maxInWindow(starts, 1000)).toBe(10);
    const gaps = starts.slice(1).map((at, i) => at - starts[i]!);
    expect(Math.min(...gaps)).toBe(102);
    const achieved = (starts.length - 1) / ((starts.at(-1)! - starts[0]!) / 1000);
    expect(achieved).toBeGreaterThanOrEqual(9.5);
  });

  it('keeps the window count when timers fire late (a busy machine), and most of the rate', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 400 }),
        async (seed, count, maxLagMs) => {
          const clock = new ManualClock(PINNED_AT);
          const pacer = new Pacer({ limit: { count, windowMs: 1000 }, clock: laggy(clock, maxLagMs, seeded(seed)) });
          const starts = await startsOf(pacer, clock, count * 6);
          expect(maxInWindow(starts, 1000)).toBeLessThanOrEqual(count);
          // The schedule, not the wake-up, sets the pace: lag costs at most itself once per window
          // (a start that went out late holds its place in the window for a full window).
          const achieved = (starts.length - 1) / ((starts.at(-1)! - starts[0]!) / 1000);
          expect(achieved).toBeGreaterThanOrEqual((0.97 * count * 1000) / (1020 + maxLagMs));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('a pause holds the calls already waiting, then lets them go one spacing apart', async () => {
    const clock = new ManualClock(PINNED_AT, { auto: false });
    const pacer = new Pacer({ limit: { count: 10, windowMs: 1000 }, clock });
    const starts: number[] = [];
    const calls = Array.from({ length: 4 }, () =>
      pacer.acquire().then(() => void starts.push(clock.now() - PINNED_AT)),
    );
    await clock.advance(0);
    expect(starts).toEqual([0]);
    pacer.pauseFor(1000);
    expect(pacer.expectedWaitMs()).toBeGreaterThanOrEqual(1000);
    await clock.advance(3000);
    await Promise.all(calls);
    expect(starts).toEqual([0, 1000, 1102, 1204]);
  });

  it('tells how long a new call would wait, and how many wait', async () => {
    const clock = new ManualClock(PINNED_AT, { auto: false });
    const pacer = new Pacer({ limit: { count: 1, windowMs: 1000 }, clock });
    expect(pacer.expectedWaitMs()).toBe(0);
    const calls = [pacer.acquire(), pacer.acquire(), pacer.acquire()];
    await clock.advance(0);
    expect(pacer.queued()).toBe(2);
    // The window (1 s widened by 50 ms) sets the pace here: 1050 ms for the next slot and for each waiting call.
    expect(pacer.expectedWaitMs()).toBe(3 * 1050);
    await clock.advance(2100);
    await Promise.all(calls);
    expect(pacer.queued()).toBe(0);
  });

  it('widens its window by twice a recent stall of the process, so a call held up that long cannot crowd a window at the service', async () => {
    const clock = new ManualClock(PINNED_AT);
    let stall = 0;
    const pacer = new Pacer({ limit: { count: 5, windowMs: 1000 }, clock, stalls: { longestWithin: () => stall } });
    const calm = await startsOf(pacer, clock, 6);
    // The 6th start waits for the first to leave the window: 1 s + 50 ms.
    expect(calm[5]! - calm[0]!).toBe(1050);
    stall = 120;
    const stalled = await startsOf(pacer, clock, 5);
    const all = [...calm, ...stalled];
    // Every start is at least 1 s + 240 ms after the start five before it, once the stall is known:
    // a call sent but delayed by the stall (up to 120 ms) still reaches the service over 1 s + 120 ms before.
    expect(all.slice(6).every((at, i) => at - all[i + 1]! >= 1240)).toBe(true);
    stall = 0;
  });

  it('stopping rejects the calls still waiting and refuses new ones', async () => {
    const clock = new ManualClock(PINNED_AT, { auto: false });
    const pacer = new Pacer({ limit: { count: 1, windowMs: 1000 }, clock });
    const first = pacer.acquire();
    const waiting = pacer.acquire();
    await clock.advance(0);
    await first;
    await pacer.stop();
    await expect(waiting).rejects.toBeInstanceOf(PacerStoppedError);
    await expect(pacer.acquire()).rejects.toBeInstanceOf(PacerStoppedError);
  });
});
