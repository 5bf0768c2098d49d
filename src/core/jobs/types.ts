import type { Phrase } from '../../i18n/lang.js';
import type { Schedule } from './schedule.js';

/**
 * The jobs the app runs on its own, on a schedule, and posts from: digests and watches. What they
 * share is here; each kind keeps what is its own (core/digest, core/watch).
 */

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

/** Why a digest or watch stopped posting; it stays stored, paused, until someone fixes the cause. */
export interface JobPause {
  /** A phrase, so each reader sees it in their language; a plain text in digests stored before phrases. */
  reason: Phrase | string;
  /** What to do about it, e.g. "invite @dq to the channel". */
  remedy: Phrase | string;
  at: number;
}

/**
 * A failure to post that the poster recognised: `pause` says whether the job must stop until someone
 * fixes its channel; `landed: 'unknown'` that Slack may have posted it (no answer in time, a 5xx), so
 * it must not be posted again; `stopsApp` that Slack no longer takes the app's token at all.
 */
export class JobPostError extends Error {
  readonly landed: 'no' | 'unknown';
  readonly stopsApp: boolean;

  constructor(
    readonly code: string,
    readonly pause: JobPause | undefined,
    options: { landed?: 'no' | 'unknown'; stopsApp?: boolean } = {},
  ) {
    super(`could not post: ${code}`);
    this.name = 'JobPostError';
    this.landed = options.landed ?? 'no';
    this.stopsApp = options.stopsApp ?? false;
  }
}

/**
 * Whether the app may post (and so spend) on its own in a workspace, kept by the Slack side: an
 * uninstall or a revoked token stops its scheduled jobs before they spend, until Slack takes a token
 * again. With one workspace (SLACK_BOT_TOKEN) that is every job; with many, that workspace's only.
 */
export interface AppStatus {
  /** Why the workspace's jobs hold now, and since when; undefined while the app may post there. */
  stopped(teamId: string): Promise<{ reason: Phrase; since: number } | undefined>;
  /** A post showed Slack no longer takes the workspace's token (`code`: token_revoked, invalid_auth …). */
  stop(code: string, teamId: string): Promise<void>;
}
