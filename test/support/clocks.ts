import { setTimeout as sleep } from 'node:timers/promises';
import { type Clock, systemClock } from '../../src/core/clock.js';

interface Timer {
  at: number;
  order: number;
  fire: () => void;
}

/** Lets promise callbacks, and work already queued behind them, run to where they wait again. */
export async function letPendingWorkRun(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Virtual time for tests: `now()` moves only when told (`set`, `advance`) or, in auto mode, when
 * everything is waiting on the clock, straight to the next sleeper's wake-up. Sleepers wake in
 * time order, so several calls waiting on a rate limiter see the same schedule they would in real
 * time, without a test waiting for it or depending on how busy the machine is.
 */
export class ManualClock implements Clock {
  private current: number;
  private readonly timers: Timer[] = [];
  private order = 0;
  private advancing = false;
  private readonly auto: boolean;
  /** Upkeep (`every`): fired as time passes, never a reason to move time. */
  private readonly upkeep = new Set<{ at: number; ms: number; fire: () => void }>();

  constructor(start: number, options: { auto?: boolean } = {}) {
    this.current = start;
    this.auto = options.auto ?? true;
  }

  now(): number {
    return this.current;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason ?? new Error('aborted'));
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const index = this.timers.indexOf(timer);
        if (index >= 0) this.timers.splice(index, 1);
        reject(signal?.reason ?? new Error('aborted'));
      };
      const timer: Timer = {
        at: this.current + Math.max(0, ms),
        order: this.order++,
        fire: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.timers.push(timer);
      if (this.auto) this.advanceWhenIdle();
    });
  }

  timer(ms: number, fire: () => void): () => void {
    const cancel = new AbortController();
    this.sleep(ms, cancel.signal).then(fire, () => undefined);
    return () => cancel.abort();
  }

  every(ms: number, fire: () => void): () => void {
    const entry = { at: this.current + Math.max(1, ms), ms: Math.max(1, ms), fire };
    this.upkeep.add(entry);
    return () => this.upkeep.delete(entry);
  }

  /** Puts the clock at `ms` at once; in auto mode sleepers due by then wake as soon as the test yields. */
  set(ms: number): void {
    this.passUpkeepUntil(ms);
    this.current = ms;
    if (this.auto && this.timers.length > 0) this.advanceWhenIdle();
  }

  /** Moves time on by `ms`, waking sleepers in order and letting each one's work run before the next. */
  async advance(ms: number): Promise<void> {
    const until = this.current + ms;
    for (;;) {
      await letPendingWorkRun();
      const next = this.earliest();
      if (!next || next.at > until) break;
      this.wake(next);
    }
    this.passUpkeepUntil(until);
    this.current = Math.max(this.current, until);
    await letPendingWorkRun();
  }

  /** Sleepers not yet woken. */
  get pending(): number {
    return this.timers.length;
  }

  private earliest(): Timer | undefined {
    let best: Timer | undefined;
    for (const timer of this.timers)
      if (!best || timer.at < best.at || (timer.at === best.at && timer.order < best.order)) best = timer;
    return best;
  }

  private wake(timer: Timer): void {
    this.timers.splice(this.timers.indexOf(timer), 1);
    this.passUpkeepUntil(timer.at);
    this.current = Math.max(this.current, timer.at);
    timer.fire();
  }

  /** Time passing to `until` passes every upkeep due on the way, each at its own time and in order. */
  private passUpkeepUntil(until: number): void {
    for (;;) {
      let next: { at: number; ms: number; fire: () => void } | undefined;
      for (const entry of this.upkeep) if (entry.at <= until && (!next || entry.at < next.at)) next = entry;
      if (!next) return;
      this.current = Math.max(this.current, next.at);
      next.at += next.ms;
      next.fire();
    }
  }

  private advanceWhenIdle(): void {
    if (this.advancing) return;
    this.advancing = true;
    void (async () => {
      try {
        for (;;) {
          await letPendingWorkRun();
          const next = this.earliest();
          if (!next) return;
          this.wake(next);
        }
      } finally {
        this.advancing = false;
      }
    })();
  }
}

/**
 * The instant test apps and data services live at unless a test says otherwise: the simulator's
 * data (new funds, asset histories, candles) is generated for this date, so expected counts hold
 * whatever the real date is. 2026-11-22 10:00 in Shanghai, a Sunday.
 */
export const PINNED_AT = Date.parse('2026-11-22T10:00:00+08:00');

/**
 * Real time, pinned to a date: starts at `startAt` and runs at the speed of the machine's
 * monotonic clock, with real sleeps. For tests that talk over real sockets (where virtual time
 * cannot reach) but must not depend on today's date.
 */
export function pinnedClock(startAt: number = PINNED_AT): Clock {
  const origin = performance.now();
  return {
    now: () => startAt + Math.floor(performance.now() - origin),
    realTime: true,
    sleep: (ms, signal) => sleep(Math.max(0, ms), undefined, signal ? { signal } : undefined),
    timer: (ms, fire) => systemClock.timer(ms, fire),
    every: (ms, fire) => systemClock.every(ms, fire),
  };
}

/** Real time pinned to a date that a test can move on at once: a month of scheduled checks in seconds, over real sockets. */
export interface SteerableClock extends Clock {
  /** Moves time on to `ms` (never back); sleeps and timers already running keep their real length. */
  jumpTo(ms: number): void;
}

/**
 * pinnedClock, and a test may jump it forward between scheduled runs (a watch checked every weekday
 * of a month): the app, its store and the simulator all read the new instant, while waits stay real
 * (a request in flight is never timed out by a jump, since a test jumps only between runs).
 */
export function steerableClock(startAt: number = PINNED_AT): SteerableClock {
  const origin = performance.now();
  let offset = 0;
  const now = () => startAt + offset + Math.floor(performance.now() - origin);
  return {
    now,
    realTime: true,
    sleep: (ms, signal) => sleep(Math.max(0, ms), undefined, signal ? { signal } : undefined),
    timer: (ms, fire) => systemClock.timer(ms, fire),
    every: (ms, fire) => systemClock.every(ms, fire),
    jumpTo(ms) {
      offset += Math.max(0, ms - now());
    },
  };
}
