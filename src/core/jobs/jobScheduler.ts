import type { Logger } from 'pino';
import type { Clock } from '../clock.js';
import { nextTurn } from '../nextTurn.js';
import { latestRunBetween } from './schedule.js';
import type { Scheduled, ScheduledRepository, ScheduledRunner } from './types.js';

export interface JobSchedulerOptions<T extends Scheduled> {
  repository: ScheduledRepository<T>;
  runner: ScheduledRunner<T>;
  clock: Clock;
  /** What the logs call the items: `digest`, `watch`. */
  kind: string;
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
 * Finds due runs of every job of one kind (digests, watches) and hands them to its runner. Each tick
 * looks at the time since the last scheduled run each job dealt with, so a restart, a second replica
 * or a slow previous run can neither skip a run (within the catch-up window) nor post one twice (the
 * runner's claim).
 */
export class JobScheduler<T extends Scheduled> {
  private readonly running = new Set<string>();
  private stopping: AbortController | undefined;
  private loop: Promise<void> | undefined;

  constructor(private readonly options: JobSchedulerOptions<T>) {}

  /**
   * Starts every run that is due at `now`; resolves when those runs have finished (tests await
   * that). The background loop does not wait, so one slow job never delays another's time.
   */
  async tick(now = this.options.clock.now()): Promise<void> {
    const jobs = await this.options.repository.all();
    const runs: Array<Promise<void>> = [];
    for (const [index, job] of jobs.entries()) {
      // Reading a schedule takes croner a while: hundreds saved must not hold the event loop in one turn.
      if (index > 0 && index % CONSIDERED_PER_TURN === 0) await nextTurn();
      runs.push(this.consider(job, now));
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
        void this.tick().catch((error: unknown) =>
          this.options.logger?.error({ err: error }, `${this.options.kind} tick failed`),
        );
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

  private async consider(job: T, now: number): Promise<void> {
    if (this.running.has(job.id)) return;
    const since = Math.max(job.lastScheduledFor ?? 0, job.createdAt);
    const due = latestRunBetween(job.schedule, since, now);
    if (due === undefined) return;
    if (job.paused && !endsBy(job.paused, due)) {
      // A paused job lets its runs pass, so fixing the channel does not set off a stale catch-up.
      await this.options.repository.update(
        job.id,
        (stored) => (stored.lastScheduledFor = Math.max(stored.lastScheduledFor ?? 0, due)),
      );
      return;
    }
    if (job.paused) {
      // Lifted in the store first; only the stored pause decides (another replica, or someone
      // pausing it again meanwhile), and the runner's claim keeps the run itself to one.
      let lifted = false;
      await this.options.repository.update(job.id, (stored) => {
        if (stored.paused && endsBy(stored.paused, due)) {
          delete stored.paused;
          lifted = true;
        }
      });
      if (!lifted) return;
      this.options.logger?.info(
        { jobId: job.id, resumed: new Date(due).toISOString() },
        `${this.options.kind} pause ended by itself`,
      );
    }
    const lateBy = now - due;
    if (lateBy > this.options.catchUpMs) {
      this.options.logger?.warn(
        { jobId: job.id, missed: new Date(due).toISOString() },
        `${this.options.kind} run missed beyond the catch-up window`,
      );
      await this.options.runner.recordMissed(job, due);
      return;
    }
    this.running.add(job.id);
    try {
      await this.options.runner.run(job.id, due, lateBy > ON_TIME_MS ? 'catch-up' : 'schedule');
    } catch (error) {
      this.options.logger?.error({ err: error, jobId: job.id }, `${this.options.kind} run failed`);
    } finally {
      this.running.delete(job.id);
    }
  }
}
