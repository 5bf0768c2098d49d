import Bottleneck from 'bottleneck';
import type { RateLimit } from '../operations/definition.js';
import type { Clock } from '../clock.js';
import { spacingMs } from './sharedPacing.js';

/**
 * Paces calls to one operation evenly across its window (60/min becomes one start every ~1 s)
 * instead of letting a backlog burst at the top of the minute. A small safety margin keeps
 * network jitter from pushing N+1 arrivals into one window at the service.
 */
export interface PacerOptions {
  limit: RateLimit;
  clock: Clock;
  /** Fraction added to the even spacing; 0.02 keeps ~98% of the allowed throughput. */
  safetyMargin?: number;
}

export class Pacer {
  readonly spacingMs: number;
  private readonly bottleneck: Bottleneck;
  private readonly clock: Clock;
  private lastStartAt = Number.NEGATIVE_INFINITY;
  private pausedUntil = 0;
  private nextAfterPause = 0;

  constructor(options: PacerOptions) {
    this.spacingMs = spacingMs(options.limit, options.safetyMargin);
    this.clock = options.clock;
    this.bottleneck = new Bottleneck({ minTime: this.spacingMs, maxConcurrent: null });
  }

  /** Runs `task` at the next free slot, after any pause the service asked for. */
  schedule<T>(task: () => Promise<T>): Promise<T> {
    return this.bottleneck.schedule(async () => {
      await this.waitOutPause();
      this.lastStartAt = this.clock.now();
      return task();
    });
  }

  /** Holds every start until `ms` from now (the service said Retry-After), calls already queued included. */
  pauseFor(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + ms);
  }

  /**
   * Bottleneck times queued calls ahead, so a pause is kept inside each call: during a pause each
   * takes the next free slot after it, at the usual spacing, so the calls do not all go out at once
   * when it ends.
   */
  private async waitOutPause(): Promise<void> {
    const now = this.clock.now();
    if (this.pausedUntil <= now) return;
    const slot = Math.max(this.pausedUntil, this.nextAfterPause);
    this.nextAfterPause = slot + this.spacingMs;
    await this.clock.sleep(slot - now);
  }

  /** Roughly how long a call scheduled now would wait before it starts. */
  expectedWaitMs(): number {
    const now = this.clock.now();
    const counts = this.bottleneck.counts();
    const waiting = (counts.RECEIVED ?? 0) + (counts.QUEUED ?? 0);
    const nextSlot = Math.max(0, this.lastStartAt + this.spacingMs - now, this.pausedUntil - now);
    return nextSlot + waiting * this.spacingMs;
  }

  /** Calls waiting for a slot (for metrics). */
  queued(): number {
    const counts = this.bottleneck.counts();
    return (counts.RECEIVED ?? 0) + (counts.QUEUED ?? 0);
  }

  async stop(): Promise<void> {
    await this.bottleneck.stop({ dropWaitingJobs: true });
  }
}
