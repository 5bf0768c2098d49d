import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { nextTurn } from '../nextTurn.js';
import { latestRunBetween, type Schedule } from './schedule.js';
import type { Digest } from './types.js';

/** What the scheduler needs of a scheduled thing (a digest, a watch). */
export interface Scheduled {
  id: string;
  createdAt: number;
  schedule: Schedule;
  /** While paused, runs pass; a pause with `resumesAt` ends by itself at the first run due from then on. */
  paused?: { at: number; resumesAt?: number } | undefined;
  lastScheduledFor?: number;
}

export interface ScheduledRepository<T extends Scheduled> {
  all(): Promise<T[]>;
  update(id: string, change: (stored: T) => void): Promise<unknown>;
}

/** Runs one scheduled time of one item, claimed in the store so that it happens once across replicas. */
export interface ScheduledRunner<T extends Scheduled> {
  run(id: string, scheduledFor: number, trigger: 'schedule' | 'catch-up'): Promise<unknown>;
  recordMissed(item: T, scheduledFor: number): Promise<void>;
}

export interface DigestSchedulerOptions<T extends Scheduled = Digest> {
  repository: ScheduledRepository<T>;
  runner: ScheduledRunner<T>;
  clock: Clock;
  /** What the logs call the items (`digest` by default). */
  kind?: string;
  logger?: Logger;
  /** A run missed by less than this (the app was down) is still posted, once. */
  catchUpMs: number;
  /** How often to look for due runs. */
  tickMs?: number;
}

function endsBy(pause: { resumesAt?: number }, at: number): boolean {
  return pause.resumesAt !== undefined && pause.resumesAt <= at;
}

/** Entries looked at in one turn of the event loop (about a millisecond each). */
const CONSIDERED_PER_TURN = 20;

/** A run this late is "on time" rather than a catch-up (ticks are seconds apart). */
const ON_TIME_MS = 2 * 60_000;

/**
 * Finds due digest runs and hands them to the runner. Each tick looks at the time since the last
 * scheduled run each digest dealt with, so a restart, a second replica or a slow previous run can
 * neither skip a run (within the catch-up window) nor post one twice (the runner's claim).
 */
export class DigestScheduler<T extends Scheduled = Digest> {
  private readonly running = new Set<string>();
  private stopping: AbortController | undefined;
  private loop: Promise<void> | undefined;

  constructor(private readonly options: DigestSchedulerOptions<T>) {}

  /**
   * Starts every run that is due at `now`; resolves when those runs have finished (tests await
   * that). The background loop does not wait, so one slow digest never delays another's time.
   */
  async tick(now = this.options.clock.now()): Promise<void> {
    const digests = await this.options.repository.all();
    const runs: Array<Promise<void>> = [];
    for (const [index, digest] of digests.entries()) {
      // Reading a schedule takes croner a while: hundreds saved must not hold the event loop in one turn.
      if (index > 0 && index % CONSIDERED_PER_TURN === 0) await nextTurn();
      runs.push(this.consider(digest, now));
    }
    await Promise.all(runs);
  }

  start(): void {
    if (this.loop) return;
    this.stopping = new AbortController();
    const signal = this.stopping.signal;
    const tickMs = this.options.tickMs ?? 10_000;
    this.loop = (async () => {
      while (!signal.aborted) {
        void this.tick().catch((error: unknown) => this.options.logger?.error({ err: error }, `${this.options.kind ?? 'digest'} tick failed`));
        await this.options.clock.sleep(tickMs, signal).catch(() => undefined);
      }
    })();
  }

  /** Stops looking for new runs; runs in progress go on (`busy` counts them, the caller bounds the wait). */
  async stop(): Promise<void> {
    this.stopping?.abort();
    await this.loop;
    this.loop = undefined;
  }

  get busy(): number {
    return this.running.size;
  }

  private async consider(digest: T, now: number): Promise<void> {
    if (this.running.has(digest.id)) return;
    const since = Math.max(digest.lastScheduledFor ?? 0, digest.createdAt);
    const due = latestRunBetween(digest.schedule, since, now);
    if (due === undefined) return;
    if (digest.paused && !endsBy(digest.paused, due)) {
      // A paused digest lets its runs pass, so fixing the channel does not set off a stale catch-up.
      await this.options.repository.update(digest.id, (stored) => (stored.lastScheduledFor = Math.max(stored.lastScheduledFor ?? 0, due)));
      return;
    }
    if (digest.paused) {
      // Lifted in the store first; only the stored pause decides (another replica, or someone
      // pausing it again meanwhile), and the runner's claim keeps the run itself to one.
      let lifted = false;
      await this.options.repository.update(digest.id, (stored) => {
        if (stored.paused && endsBy(stored.paused, due)) {
          delete stored.paused;
          lifted = true;
        }
      });
      if (!lifted) return;
      this.options.logger?.info({ digestId: digest.id, resumed: new Date(due).toISOString() }, `${this.options.kind ?? 'digest'} pause ended by itself`);
    }
    const lateBy = now - due;
    if (lateBy > this.options.catchUpMs) {
      this.options.logger?.warn({ digestId: digest.id, missed: new Date(due).toISOString() }, `${this.options.kind ?? 'digest'} run missed beyond the catch-up window`);
      await this.options.runner.recordMissed(digest, due);
      return;
    }
    this.running.add(digest.id);
    try {
      await this.options.runner.run(digest.id, due, lateBy > ON_TIME_MS ? 'catch-up' : 'schedule');
    } catch (error) {
      this.options.logger?.error({ err: error, digestId: digest.id }, `${this.options.kind ?? 'digest'} run failed`);
    } finally {
      this.running.delete(digest.id);
    }
  }
}
