import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Phrase } from '../../i18n/lang.js';
import type { Clock } from '../clock.js';
import type { Store } from '../store/types.js';
import { type JobPause, JobPostError } from './types.js';

/**
 * A lock is a lease: renewed every third of its life while the run lives, so a run may take as long as
 * it needs (pages paced by the rate limit), while a process that dies mid-run blocks the next run
 * for at most this long.
 */
export const RUN_LOCK_LEASE_MS = 2 * 60_000;

/**
 * One run at a time of each digest or watch, across replicas: a lock in the store around the run.
 * A lock this process could not release (the store did not answer as the run ended) is not a live
 * run: it is kept here and released as soon as the store answers again, before the next run asks.
 */
export class RunLocks {
  private readonly unreleased = new Map<string, string>();

  constructor(
    private readonly store: Store,
    private readonly owner: string,
    private readonly clock: Clock,
    private readonly logger?: Logger,
  ) {}

  /** `run` under `lock`, or 'busy' when another run holds it. */
  async hold<T>(lock: string, run: () => Promise<T>, logFields: Record<string, unknown>): Promise<T | 'busy'> {
    const lockOwner = `${this.owner}:${randomBytes(4).toString('hex')}`;
    await this.releaseLeftovers();
    if (!(await this.store.claim(lock, lockOwner, RUN_LOCK_LEASE_MS))) return 'busy';
    const stopRenewing = this.renew(lock, lockOwner, logFields);
    try {
      return await run();
    } finally {
      stopRenewing();
      await this.store.releaseClaim(lock, lockOwner).catch((error: unknown) => {
        this.unreleased.set(lock, lockOwner);
        this.logger?.warn(
          { err: error, ...logFields },
          'could not release a run lock; released when the store answers again',
        );
      });
    }
  }

  private renew(lock: string, lockOwner: string, logFields: Record<string, unknown>): () => void {
    return this.clock.every(RUN_LOCK_LEASE_MS / 3, () => {
      // A store that does not answer now may answer at the next renewal, well within the lease.
      this.store.extendClaim(lock, lockOwner, RUN_LOCK_LEASE_MS).then(
        (held) => {
          if (!held) this.logger?.warn(logFields, 'a run lock expired while its run was still going');
        },
        () => undefined,
      );
    });
  }

  private async releaseLeftovers(): Promise<void> {
    for (const [lock, lockOwner] of [...this.unreleased]) {
      try {
        await this.store.releaseClaim(lock, lockOwner);
        this.unreleased.delete(lock);
      } catch {
        return;
      }
    }
  }
}

/**
 * A run's record on its digest or watch: its last run and, unless someone ran it by hand, the
 * scheduled time the run used up (never moved back).
 */
export function recordRun<Run extends { trigger: string; scheduledFor: number }>(
  stored: { lastRun?: Run; lastScheduledFor?: number },
  record: Run,
): void {
  stored.lastRun = record;
  if (record.trigger !== 'manual')
    stored.lastScheduledFor = Math.max(stored.lastScheduledFor ?? 0, record.scheduledFor);
}

/** How a post went: out; or not, with what to say, whether Slack may have posted it anyway, and whether it stopped the app. */
export type PostResult =
  | { ok: true }
  | { ok: false; detail: Phrase; landed: 'no' | 'unknown'; stopsApp: boolean; code?: string };

/**
 * Posts, and when Slack refuses for a reason only a person can fix (not in the channel, channel
 * gone), pauses what posted with that reason; the detail says what happened in the reader's words.
 * A post whose outcome is unknown is said to be so: the caller keeps it as posted, never posts it again.
 */
export async function postOrPause(
  post: () => Promise<void>,
  pauseWith: (pause: JobPause) => Promise<void>,
  logger: Logger | undefined,
  logFields: Record<string, unknown>,
): Promise<PostResult> {
  try {
    await post();
    return { ok: true };
  } catch (error) {
    const known = error instanceof JobPostError ? error : undefined;
    const pause = known?.pause;
    if (pause) await pauseWith(pause);
    logger?.warn({ err: error, ...logFields }, 'post failed');
    const landed = known?.landed ?? 'no';
    const detail: Phrase = pause
      ? { key: 'digests.run.pausedBecause', values: { reason: pause.reason, remedy: pause.remedy } }
      : landed === 'unknown'
        ? { key: 'digests.run.postUnknown', values: { why: known!.code } }
        : known
          ? { key: 'digests.run.slackAnswered', values: { code: known.code } }
          : { key: 'digests.run.postFailed' };
    return { ok: false, detail, landed, stopsApp: known?.stopsApp ?? false, ...(known ? { code: known.code } : {}) };
  }
}
