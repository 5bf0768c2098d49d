import type { Logger } from 'pino';
import type { CatalogueKey } from '../../i18n/catalogueKeys.js';
import type { Phrase } from '../../i18n/lang.js';
import type { Clock } from '../clock.js';
import { StoppedError } from '../errors.js';
import type { Store } from '../store/types.js';
import type { JobRepository, StoredJob } from './jobRepository.js';
import { type PostResult, postOrPause, RunLocks, recordRun } from './runLocks.js';
import type { AppStatus, JobPause } from './types.js';

/** What every run record of a job has; each kind adds its own outcomes and figures. */
export interface JobRunRecord {
  scheduledFor: number;
  finishedAt: number;
  trigger: 'schedule' | 'catch-up' | 'manual';
  outcome: string;
  coinsSpent: number;
  detail?: Phrase | string;
  /** The store failed after the run: it is missing from the job's history. */
  unrecorded?: boolean;
}

/** A stored job as its runs read and write it. */
export interface RunJob<Run extends JobRunRecord> extends StoredJob {
  channelId: string;
  createdBy: string;
  paused?: JobPause;
  heldSince?: number;
  lastRun?: Run;
  lastScheduledFor?: number;
}

/** A run that spent nothing: refused by the allowlists, held while the app cannot post, or missed. */
export interface QuietRun {
  scheduledFor: number;
  trigger: JobRunRecord['trigger'];
  finishedAt: number;
  outcome: 'refused' | 'missed';
  coinsSpent: 0;
  detail: Phrase;
}

/** What a digest's or a watch's runner is given for the runs themselves, and hands on to JobRuns. */
export interface JobRunnerOptions<Run extends JobRunRecord> {
  store: Store;
  /** This process, in claims (several replicas may race for a run). */
  owner: string;
  clock: Clock;
  logger?: Logger;
  /**
   * Why the allowlists (the Slack side's) refuse the job's team, channel or creator now; undefined
   * when allowed. Asked before every run, since a list can be tightened after the job was saved.
   */
  refusal?: (where: {
    teamId: string;
    channelId: string;
    userId: string;
  }) => Phrase | undefined | Promise<Phrase | undefined>;
  /** Whether the app may post at all (an uninstall or a revoked token holds every run before it spends). */
  app?: AppStatus;
  /** Told about every run that ended with a record (metrics). */
  onRun?: (record: Run) => void;
}

/** The options of JobRunnerOptions that were given, and only those (a runner's own options stay its own). */
export function jobRunnerOptions<Run extends JobRunRecord>(options: JobRunnerOptions<Run>): JobRunnerOptions<Run> {
  const { store, owner, clock, logger, refusal, app, onRun } = options;
  return {
    store,
    owner,
    clock,
    ...(logger ? { logger } : {}),
    ...(refusal ? { refusal } : {}),
    ...(app ? { app } : {}),
    ...(onRun ? { onRun } : {}),
  };
}

export interface JobRunsOptions<Job extends RunJob<Run>, Run extends JobRunRecord> extends JobRunnerOptions<Run> {
  /** What the job is called in lock and claim keys and in the logs: `digest`, `watch`. */
  kind: 'digest' | 'watch';
  repository: JobRepository<Job>;
  /** The kind's record of a run that spent nothing. */
  quietRecord(run: QuietRun): Run;
  /** What the person who may resume a job refused by the allowlists is told to do: `<kind>.pause.allowThenResume`. */
  allowThenResume: CatalogueKey;
  /** Why a run was missed beyond the catch-up window, in the kind's words. */
  notRunning: CatalogueKey;
  /** What else a finished run changes in the stored job (a digest that posted is no longer paused). */
  afterRun?(stored: Job, record: Run): void;
}

/** `busy`: another run of the job is under way; `stopped`: the app began shutting down before anything was sent or spent. */
export type JobRunOutcome<Run> = Run | 'missing' | 'claimed_elsewhere' | 'busy' | 'stopped';

/** A claim on one scheduled run outlives any catch-up window, so a run can only ever be taken once. */
const CLAIM_TTL_MS = 7 * 86_400_000;

/**
 * What every run of a digest or a watch does around its own work, at most once across restarts and
 * replicas: one run of a job at a time (its lock), nothing claimed or spent while the app cannot
 * post or the allowlists refuse it (it is held, or paused with why), the scheduled time claimed in
 * the store before anything is spent, and the run recorded on the job (or said to be unrecorded
 * when the store fails then). A shutdown before the work sent anything leaves the run unclaimed.
 */
export class JobRuns<Job extends RunJob<Run>, Run extends JobRunRecord> {
  private readonly locks: RunLocks;

  constructor(private readonly options: JobRunsOptions<Job, Run>) {
    this.locks = new RunLocks(options.store, options.owner, options.clock, options.logger);
  }

  /**
   * `work` for one scheduled time of job `id`. The lock comes before the claim: a scheduled run that
   * finds another run of the job under way is tried again on the next tick instead of being used up.
   */
  run(
    id: string,
    scheduledFor: number,
    trigger: Run['trigger'],
    work: (job: Job) => Promise<Run>,
  ): Promise<JobRunOutcome<Run>> {
    return this.whileNotRunning(id, () => this.runLocked(id, scheduledFor, trigger, work));
  }

  /** `change` under the job's run lock, so no run of it writes the same document meanwhile; 'busy' while one does. */
  whileNotRunning<T>(id: string, change: () => Promise<T>): Promise<T | 'busy'> {
    return this.locks.hold(`${this.options.kind}-lock:${id}`, change, this.logFields(id));
  }

  /** Records a scheduled time that passed while the app was down, beyond the catch-up window. */
  async recordMissed(job: Job, scheduledFor: number): Promise<void> {
    const { clock, repository, notRunning } = this.options;
    await repository.update(job.id, (stored) => {
      const record = this.options.quietRecord({
        scheduledFor,
        finishedAt: clock.now(),
        trigger: 'schedule',
        outcome: 'missed',
        coinsSpent: 0,
        detail: { key: notRunning },
      });
      recordRun(stored, record);
      this.options.onRun?.(record);
    });
  }

  /**
   * Posts, pausing the job when Slack refuses for a reason only a person can fix, and stopping every
   * job when Slack no longer takes the app's token.
   */
  async post(job: Job, post: () => Promise<void>): Promise<PostResult> {
    const posted = await postOrPause(
      post,
      (pause) => this.options.repository.update(job.id, (stored) => (stored.paused = pause)).then(() => undefined),
      this.options.logger,
      { ...this.logFields(job.id), channelId: job.channelId },
    );
    if (!posted.ok && posted.stopsApp) {
      await this.options.app
        ?.stop(posted.code ?? 'invalid_auth', job.teamId)
        .catch((error: unknown) =>
          this.options.logger?.error({ err: error }, 'could not record that Slack refused the app’s token'),
        );
    }
    return posted;
  }

  private logFields(id: string): Record<string, string> {
    return { [`${this.options.kind}Id`]: id };
  }

  private async runLocked(
    id: string,
    scheduledFor: number,
    trigger: Run['trigger'],
    work: (job: Job) => Promise<Run>,
  ): Promise<JobRunOutcome<Run>> {
    const { repository, store, owner, kind, logger } = this.options;
    const job = await repository.get(id);
    if (!job) return 'missing';
    const halted = await this.options.app?.stopped(job.teamId);
    if (halted) return this.holdWhileStopped(job, scheduledFor, trigger, halted);
    const refused = await this.options.refusal?.({
      teamId: job.teamId,
      channelId: job.channelId,
      userId: job.createdBy,
    });
    if (refused) return this.refuse(job, scheduledFor, trigger, refused);
    const claim = `${kind}-run:${job.id}:${scheduledFor}`;
    if (!(await store.claim(claim, owner, CLAIM_TTL_MS))) return 'claimed_elsewhere';
    let record: Run;
    try {
      record = await work(job);
    } catch (error) {
      if (!(error instanceof StoppedError)) throw error;
      // Shutting down before the first call went out: unrecorded and unclaimed, so the next process catches it up.
      await store
        .releaseClaim(claim, owner)
        .catch((releaseError: unknown) =>
          logger?.warn(
            { err: releaseError, ...this.logFields(job.id) },
            `could not release the claim of a ${kind} run stopped by shutdown`,
          ),
        );
      logger?.info(
        { ...this.logFields(job.id), scheduledFor: new Date(scheduledFor).toISOString() },
        `${kind} run stopped by shutdown before its first call was sent; left for the next start`,
      );
      return 'stopped';
    }
    try {
      await repository.update(job.id, (stored) => {
        recordRun(stored, record);
        this.options.afterRun?.(stored, record);
      });
    } catch (error) {
      // What the run posted was stored as posted before posting, so it is never posted again; only
      // the run's entry in the job's history is missing, and the person who ran it is told so.
      logger?.warn(
        { err: error, ...this.logFields(job.id) },
        `could not record the ${kind} run; what it posted was stored before posting`,
      );
      record.unrecorded = true;
    }
    const fields: Record<string, unknown> = {
      ...this.logFields(job.id),
      ...record,
      scheduledFor: new Date(scheduledFor).toISOString(),
    };
    logger?.info(fields, `${kind} run finished`);
    this.options.onRun?.(record);
    return record;
  }

  /** Nothing is claimed or spent: the job pauses with the allowlists' reason, shown on Home and in the lists. */
  private async refuse(job: Job, scheduledFor: number, trigger: Run['trigger'], reason: Phrase): Promise<Run> {
    const now = this.options.clock.now();
    const record = this.options.quietRecord({
      scheduledFor,
      trigger,
      finishedAt: now,
      outcome: 'refused',
      coinsSpent: 0,
      detail: reason,
    });
    await this.options.repository.update(job.id, (stored) => {
      stored.paused = { reason, remedy: { key: this.options.allowThenResume, values: { id: job.id } }, at: now };
      recordRun(stored, record);
    });
    this.options.logger?.warn(
      { ...this.logFields(job.id), teamId: job.teamId, channelId: job.channelId },
      `${this.options.kind} paused: the allowlists refuse it`,
    );
    this.options.onRun?.(record);
    return record;
  }

  /**
   * The app cannot post (uninstalled, its token revoked): nothing is claimed or spent, the run is
   * recorded as held, and the job's next post says since when its runs were held.
   */
  private async holdWhileStopped(
    job: Job,
    scheduledFor: number,
    trigger: Run['trigger'],
    halted: { reason: Phrase; since: number },
  ): Promise<Run> {
    const record = this.options.quietRecord({
      scheduledFor,
      trigger,
      finishedAt: this.options.clock.now(),
      outcome: 'refused',
      coinsSpent: 0,
      detail: halted.reason,
    });
    await this.options.repository.update(job.id, (stored) => {
      stored.heldSince ??= halted.since;
      recordRun(stored, record);
    });
    this.options.onRun?.(record);
    return record;
  }
}
