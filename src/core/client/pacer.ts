import type { Clock } from '../clock.js';
import type { RateLimit } from '../operations/definition.js';
import { noStalls, type StallReader } from './eventLoopStalls.js';

/**
 * Paces the calls of one operation in this process. Two rules, both checked at the moment a call
 * is let go:
 *  - even spacing (60/min becomes one start every ~1.02 s) instead of a burst at the top of the
 *    minute;
 *  - a hard count per sliding window: never more than `limit.count` starts within the window
 *    (widened by the safety margin). Spacing alone is not enough: on a busy machine timers fire
 *    late and several waiting calls go out together, which is how a window at the service ends up
 *    holding more than the limit.
 * It runs on the injected clock only (no timers of its own), so tests drive it with a fake clock.
 */
export interface PacerOptions {
  limit: RateLimit;
  clock: Clock;
  /** Fraction added to the spacing and the window; 0.02 keeps ~98% of the allowed throughput. */
  safetyMargin?: number;
  /** Recent stalls of this process, which widen the window while they last (none with a fake clock). */
  stalls?: StallReader;
}

export const DEFAULT_SAFETY_MARGIN = 0.02;

/**
 * The even spacing of a limit, a little wider so jitter cannot put N+1 calls in one window. Not
 * rounded: a generous limit (1000/s) must not turn into a 1 ms wait before every call.
 */
export function spacingMs(limit: RateLimit, safetyMargin = DEFAULT_SAFETY_MARGIN): number {
  return (limit.windowMs / limit.count) * (1 + safetyMargin);
}

/**
 * The window the app counts its own starts in: the service's, widened by the margin, by at least
 * `MIN_WINDOW_MARGIN_MS`, and by twice the longest recent stall of this process. What it absorbs is
 * the delay between a start counted here and its arrival there: network jitter (milliseconds,
 * whatever the window's length) plus the time the process was held up in between, which on a busy
 * machine reaches a hundred ms and more. A call delayed by d and an on-time call later in the window
 * are at least (widening − d) apart beyond the window at the service, so the widening must exceed d.
 */
export function guardedWindowMs(limit: RateLimit, safetyMargin = DEFAULT_SAFETY_MARGIN, recentStallMs = 0): number {
  return (
    limit.windowMs +
    Math.max(Math.ceil(limit.windowMs * safetyMargin), MIN_WINDOW_MARGIN_MS, Math.ceil(2 * recentStallMs))
  );
}

/** The stalls that matter to a window are those since its oldest start could have been counted. */
export function recentStallMs(limit: RateLimit, stalls: StallReader): number {
  return stalls.longestWithin(2 * limit.windowMs);
}

export const MIN_WINDOW_MARGIN_MS = 50;

/**
 * Who waits: a person's lookup, or a batch (a whole supplier list) that must not slow anyone's.
 * Batch calls are let go only while the window holds fewer than all but `BATCH_RESERVE` of the
 * limit, a little wider apart, and after every interactive call waiting: a lookup asked during a
 * batch finds the window's reserve free and starts at once.
 */
export type PacerPriority = 'interactive' | 'batch';

/** The share of each window kept for interactive calls while a batch runs (the batch runs at 95% of the limit). */
export const BATCH_RESERVE = 0.05;

/** The pacer was stopped (the app is shutting down) while the call waited for its turn. */
export class PacerStoppedError extends Error {
  constructor() {
    super('the rate limiter was stopped before this call could start');
    this.name = 'PacerStoppedError';
  }
}

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class Pacer {
  readonly spacingMs: number;
  private readonly limit: RateLimit;
  private readonly margin: number;
  private readonly stalls: StallReader;
  private readonly catchUpMs: number;
  private readonly count: number;
  private readonly clock: Clock;
  /** Start times of the latest `count` calls, oldest first. */
  private readonly starts: number[] = [];
  private readonly waiting: Waiter[] = [];
  private readonly waitingBatch: Waiter[] = [];
  private readonly batchSpacingMs: number;
  private readonly batchCount: number;
  private nextPlanned = Number.NEGATIVE_INFINITY;
  private nextBatchPlanned = Number.NEGATIVE_INFINITY;
  private pausedUntil = Number.NEGATIVE_INFINITY;
  private pumping = false;
  private wake: AbortController | undefined;
  private stopped = false;

  constructor(options: PacerOptions) {
    const margin = options.safetyMargin ?? DEFAULT_SAFETY_MARGIN;
    this.spacingMs = spacingMs(options.limit, margin);
    this.limit = options.limit;
    this.margin = margin;
    this.stalls = options.stalls ?? noStalls;
    this.count = options.limit.count;
    this.batchCount = Math.max(1, Math.floor(this.count * (1 - BATCH_RESERVE)));
    this.batchSpacingMs = (this.spacingMs * this.count) / this.batchCount;
    this.catchUpMs = Math.max(this.spacingMs, guardedWindowMs(options.limit, margin) / 4);
    this.clock = options.clock;
  }

  /** Resolves when the caller may start its call; callers of one priority are let go in the order they asked. */
  acquire(priority: PacerPriority = 'interactive'): Promise<void> {
    if (this.stopped) return Promise.reject(new PacerStoppedError());
    const queue = priority === 'batch' ? this.waitingBatch : this.waiting;
    const turn = new Promise<void>((resolve, reject) => queue.push({ resolve, reject }));
    // The pump may be asleep until a batch call's turn: an interactive call's may come sooner.
    if (priority === 'interactive') this.wake?.abort();
    void this.pump();
    return turn;
  }

  /**
   * Takes the turn at once when nobody is waiting and the limit allows a start now (what `acquire`
   * would grant without waiting); false when the caller must `acquire`. Saves scheduling a wait for
   * the common call under the limit.
   */
  startNow(priority: PacerPriority = 'interactive'): boolean {
    if (this.stopped || this.waiting.length > 0) return false;
    if (priority === 'batch' && (this.pumping || this.waitingBatch.length > 0)) return false;
    const now = this.clock.now();
    if (this.earliestStart(priority) - now >= 1) return false;
    this.start(priority, now, now);
    return true;
  }

  async schedule<T>(task: () => Promise<T>, priority: PacerPriority = 'interactive'): Promise<T> {
    await this.acquire(priority);
    return task();
  }

  /** Holds every start until `ms` from now (the service said Retry-After), calls already waiting included. */
  pauseFor(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + ms);
    this.wake?.abort();
  }

  /** Roughly how long a call asking now would wait before it starts. */
  expectedWaitMs(): number {
    const now = this.clock.now();
    // Over a long backlog the window count, not the spacing, may set the pace.
    const perCall = Math.max(this.spacingMs, this.windowMs() / this.count);
    return Math.max(0, this.earliestStart('interactive') - now) + Math.ceil(this.waiting.length * perCall);
  }

  /** Calls waiting for their turn (for metrics). */
  queued(): number {
    return this.waiting.length + this.waitingBatch.length;
  }

  /**
   * Nothing waiting, paused, planned or counted in the window: a new pacer in its place would let
   * calls go exactly as this one would, so it may be dropped (one per workspace key adds up).
   */
  idle(): boolean {
    const now = this.clock.now();
    if (this.pumping || this.waiting.length > 0 || this.waitingBatch.length > 0) return false;
    if (this.pausedUntil > now || this.nextPlanned > now || this.nextBatchPlanned > now) return false;
    const last = this.starts.at(-1);
    return last === undefined || last + this.windowMs() <= now;
  }

  /** Refuses new calls and rejects the waiting ones; calls already started are not touched. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const waiter of [...this.waiting.splice(0), ...this.waitingBatch.splice(0)])
      waiter.reject(new PacerStoppedError());
    this.wake?.abort();
  }

  private windowMs(): number {
    return guardedWindowMs(this.limit, this.margin, recentStallMs(this.limit, this.stalls));
  }

  /** When the window holds fewer than `count` starts. */
  private windowFreeAt(count: number): number {
    return this.starts.length >= count
      ? this.starts[this.starts.length - count]! + this.windowMs()
      : Number.NEGATIVE_INFINITY;
  }

  private earliestStart(priority: PacerPriority): number {
    return priority === 'batch'
      ? Math.max(this.nextBatchPlanned, this.pausedUntil, this.windowFreeAt(this.batchCount))
      : Math.max(this.nextPlanned, this.pausedUntil, this.windowFreeAt(this.count));
  }

  /** Counts a start at `now`; the next of its priority is planned a spacing after `plannedAt`. */
  private start(priority: PacerPriority, now: number, plannedAt: number): void {
    if (priority === 'batch') this.nextBatchPlanned = plannedAt + this.batchSpacingMs;
    else this.nextPlanned = plannedAt + this.spacingMs;
    this.starts.push(now);
    if (this.starts.length > this.count) this.starts.shift();
  }

  /** The waiter to let go next: an interactive one whenever its turn is no later than the batch's. */
  private nextTurn(): { priority: PacerPriority; at: number } | undefined {
    const interactive = this.waiting.length > 0 ? this.earliestStart('interactive') : Number.POSITIVE_INFINITY;
    const batch = this.waitingBatch.length > 0 ? this.earliestStart('batch') : Number.POSITIVE_INFINITY;
    if (interactive === Number.POSITIVE_INFINITY && batch === Number.POSITIVE_INFINITY) return undefined;
    return interactive <= batch ? { priority: 'interactive', at: interactive } : { priority: 'batch', at: batch };
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      // Within a backlog the planned schedule sets the pace, not the moment a timer fired: a late
      // wake-up (busy event loop) is caught up, by up to a quarter of the window, so lag does not eat
      // into the rate; the window count above still bounds what a catch-up can send. A call arriving
      // at an idle pacer starts the schedule from now.
      let backlog = false;
      for (let turn = this.nextTurn(); turn && !this.stopped; turn = this.nextTurn()) {
        const now = this.clock.now();
        const { priority, at } = turn;
        // The clock counts whole milliseconds: a wait shorter than one is no wait.
        if (at - now >= 1) {
          this.wake = new AbortController();
          await this.clock.sleep(at - now, this.wake.signal).catch(() => undefined);
          this.wake = undefined;
          backlog = true;
          continue;
        }
        this.start(priority, now, backlog ? Math.max(at, now - this.catchUpMs) : now);
        (priority === 'batch' ? this.waitingBatch : this.waiting).shift()!.resolve();
        backlog = this.waiting.length + this.waitingBatch.length > 0;
      }
    } finally {
      this.pumping = false;
    }
  }
}
