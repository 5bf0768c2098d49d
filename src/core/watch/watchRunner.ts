import { FALLBACK_LOCALE, type Locale, momentOf, type Phrase } from '../../i18n/lang.js';
import type { DataClient } from '../client/dataClient.js';
import { BudgetExceededError, StoppedError, UpstreamError } from '../errors.js';
import { failurePhrase } from '../jobs/failurePhrase.js';
import { type JobRunnerOptions, type JobRunOutcome, JobRuns, jobRunnerOptions } from '../jobs/jobRuns.js';
import type { PostResult } from '../jobs/runLocks.js';
import { checkWatch, watchSubject } from './checks.js';
import type { NoticeIdentity } from './noticeIdentity.js';
import type { Watch, WatchNotice, WatchPause, WatchPoster, WatchRunRecord } from './types.js';
import type { WatchRepository } from './watchRepository.js';

export interface WatchRunnerOptions extends JobRunnerOptions<WatchRunRecord> {
  repository: WatchRepository;
  data: DataClient;
  poster: WatchPoster;
  simulated: boolean;
  /** The workspace's language (its settings, else DEFAULT_LOCALE), for watches that did not choose their own. */
  localeFor?: (teamId: string) => Promise<Locale | undefined>;
}

/** Answers in a shape this app cannot read, in a row, after which a watch stops paying for them. */
const SCHEMA_CHANGES_BEFORE_PAUSE = 3;

/** `stopped`: the app began shutting down before the check's call was sent; nothing was recorded or spent. */
export type WatchRunOutcome = JobRunOutcome<WatchRunRecord>;

/**
 * Runs one check of one watch for one scheduled time, at most once across restarts and replicas
 * (JobRuns: its lock, and a claim in the store before anything is spent). The new state is recorded
 * before the message goes out, so a store failing after the post cannot make the next check post it
 * again; a post that fails puts the old state back, so the next check finds the change again.
 */
export class WatchRunner {
  private readonly runs: JobRuns<Watch, WatchRunRecord>;

  constructor(private readonly options: WatchRunnerOptions) {
    this.runs = new JobRuns<Watch, WatchRunRecord>({
      ...jobRunnerOptions(options),
      kind: 'watch',
      repository: options.repository,
      quietRecord: (run) => run,
      allowThenResume: 'watch.pause.allowThenResume',
      notRunning: 'watch.run.notRunning',
    });
  }

  /** `runBy`: who asked for a manual check (their budget and ledger line); a scheduled check is its creator's. */
  run(
    watchId: string,
    scheduledFor: number,
    trigger: WatchRunRecord['trigger'],
    runBy?: string,
  ): Promise<WatchRunOutcome> {
    return this.runs.run(watchId, scheduledFor, trigger, (watch) =>
      this.check(watch, scheduledFor, trigger, runBy ?? watch.createdBy),
    );
  }

  /** `change` under the watch's run lock, so no check of it writes the same document meanwhile; 'busy' while one does. */
  whileNotChecking<T>(watchId: string, change: () => Promise<T>): Promise<T | 'busy'> {
    return this.runs.whileNotRunning(watchId, change);
  }

  /** Records a scheduled time that passed while the app was down, beyond the catch-up window. */
  recordMissed(watch: Watch, scheduledFor: number): Promise<void> {
    return this.runs.recordMissed(watch, scheduledFor);
  }

  private async check(
    watch: Watch,
    scheduledFor: number,
    trigger: WatchRunRecord['trigger'],
    userId: string,
  ): Promise<WatchRunRecord> {
    const { data, clock, repository } = this.options;
    const finish = (
      outcome: WatchRunRecord['outcome'],
      coinsSpent: number,
      detail?: Phrase,
      coinsAtRisk?: number,
    ): WatchRunRecord => ({
      scheduledFor,
      trigger,
      finishedAt: clock.now(),
      outcome,
      coinsSpent,
      ...(detail ? { detail } : {}),
      ...(coinsAtRisk ? { coinsAtRisk } : {}),
    });
    const locale = watch.lang ?? (await this.options.localeFor?.(watch.teamId)) ?? FALLBACK_LOCALE;
    const subject = watchSubject(watch.target);
    const subjectName = subject === undefined ? undefined : (await data.names.of(watch.teamId)).nameOf(subject);
    const notice: WatchNotice = {
      watch,
      locale,
      simulated: this.options.simulated,
      checkedAt: clock.now(),
      ...(watch.heldSince !== undefined ? { heldSince: watch.heldSince } : {}),
      ...(subjectName !== undefined ? { subjectName } : {}),
    };
    // A manual check is "now"; a scheduled one wants data from its own time on, shared with every watch due with it.
    const notBefore = Math.min(scheduledFor, clock.now());
    let told: NoticeIdentity[] | undefined;
    try {
      if (watch.target.kind === 'tenders') told = await repository.told(watch.id);
    } catch (error) {
      // Without what it told, a saved search would tell it again: nothing is asked or spent.
      this.options.logger?.warn({ err: error, watchId: watch.id }, 'could not read what the watch told; not checked');
      return finish('post_failed', 0, { key: 'watch.run.storeDown' });
    }
    let outcome: Awaited<ReturnType<typeof checkWatch>>;
    try {
      outcome = await checkWatch(
        data,
        watch.target,
        watch.state,
        { teamId: watch.teamId, userId, channelId: watch.channelId, source: 'watch' },
        notBefore,
        told,
      );
    } catch (error) {
      if (error instanceof BudgetExceededError) {
        // The watch spends nothing more today, and the channel is told why and until when. The next
        // budget day brings a fresh budget, so it resumes then by itself (waiting for someone would
        // leave the channel unwatched without anyone having chosen that), unless one check costs more
        // than a whole day's budget: then only a person can help (raise it, or remove the watch).
        const fitsADay = error.needed <= error.limit;
        const resumesAt = error.resetsAt.getTime();
        const remedy: Phrase = fitsADay
          ? {
              key: 'watch.pause.resumesWithBudget',
              values: { at: momentOf(resumesAt, data.budgets.timeZone), id: watch.id },
            }
          : { key: 'watch.pause.resumeWhenBudget', values: { id: watch.id } };
        const pause: WatchPause = {
          reason: failurePhrase(error),
          remedy,
          at: clock.now(),
          ...(fitsADay ? { resumesAt } : {}),
        };
        await repository.update(watch.id, (stored) => (stored.paused = pause));
        const posted = await this.tryPost(watch, { ...notice, paused: pause });
        return finish(
          posted.ok ? 'over_budget' : posted.landed === 'unknown' ? 'post_unknown' : 'post_failed',
          0,
          posted.ok ? (pause.reason as Phrase) : posted.detail,
        );
      }
      if (error instanceof StoppedError) throw error;
      if (error instanceof UpstreamError && error.kind === 'schema_changed')
        return this.schemaChanged(watch, notice, error, finish);
      // An answer that never came may have been charged: the record says so, as the ledger does.
      const atRisk = error instanceof UpstreamError && error.mayHaveCharged ? error.coinsAtRisk : undefined;
      return finish('fetch_failed', 0, failurePhrase(error), atRisk);
    }
    const previous = watch.state;
    try {
      // What a saved search told goes first: a state stored without it would be a baseline forgotten.
      if (outcome.told) await repository.setTold(watch.id, outcome.told);
      await repository.update(watch.id, (stored) => {
        stored.state = outcome.state;
        delete stored.schemaChanges;
      });
    } catch (error) {
      // Paid for, but not posted: a change posted without its new state stored would be posted again.
      this.options.logger?.warn(
        { err: error, watchId: watch.id },
        'could not store what the check saw; nothing posted',
      );
      return finish('post_failed', outcome.coinsSpent, { key: 'watch.run.storeDown' }, outcome.coinsAtRisk);
    }
    // A later page of a saved search that failed is said in the record; what came before it is told.
    const stopped: Phrase | undefined =
      outcome.stoppedBy === undefined
        ? undefined
        : { key: 'watch.run.stoppedEarly', values: { why: failurePhrase(outcome.stoppedBy) } };
    const tell = outcome.change ?? (previous === undefined && watch.announceFirst ? outcome.first : undefined);
    if (!tell)
      return finish(
        outcome.notFound ? 'not_found' : previous === undefined ? 'baseline' : 'unchanged',
        outcome.coinsSpent,
        stopped,
        outcome.coinsAtRisk,
      );
    const posted = await this.tryPost(watch, {
      ...notice,
      change: tell,
      ...(previous === undefined ? { first: true } : {}),
    });
    // Slack may have posted it: the new state stays, so the next check does not post the change again.
    if (!posted.ok && posted.landed === 'unknown')
      return finish('post_unknown', outcome.coinsSpent, posted.detail, outcome.coinsAtRisk);
    if (!posted.ok) {
      await Promise.all([
        told && outcome.told ? repository.setTold(watch.id, told) : undefined,
        repository.update(watch.id, (stored) => {
          if (previous === undefined) delete stored.state;
          else stored.state = previous;
        }),
      ]).catch((error: unknown) =>
        this.options.logger?.error(
          { err: error, watchId: watch.id },
          'the change was not posted and the previous state could not be put back; it will not be posted',
        ),
      );
      return finish('post_failed', outcome.coinsSpent, posted.detail, outcome.coinsAtRisk);
    }
    const record = finish(
      outcome.notFound ? 'not_found' : previous === undefined ? 'baseline' : 'changed',
      outcome.coinsSpent,
      stopped,
      outcome.coinsAtRisk,
    );
    return tell.records ? { ...record, newRecords: tell.records.length } : record;
  }

  /**
   * A success code with a body this app cannot read: charged, so recorded as spent; after
   * SCHEMA_CHANGES_BEFORE_PAUSE in a row the watch pauses and says so, rather than pay for more.
   */
  private async schemaChanged(
    watch: Watch,
    notice: WatchNotice,
    error: UpstreamError,
    finish: (outcome: WatchRunRecord['outcome'], coinsSpent: number, detail?: Phrase) => WatchRunRecord,
  ): Promise<WatchRunRecord> {
    const { repository, clock } = this.options;
    const charged = error.coinsAtRisk ?? 0;
    const stored = await repository.update(
      watch.id,
      (current) => (current.schemaChanges = (current.schemaChanges ?? 0) + 1),
    );
    if ((stored?.schemaChanges ?? 0) < SCHEMA_CHANGES_BEFORE_PAUSE)
      return finish('fetch_failed', charged, failurePhrase(error));
    const pause: WatchPause = {
      reason: { key: 'watch.pause.schemaChanged', values: { count: SCHEMA_CHANGES_BEFORE_PAUSE } },
      remedy: { key: 'watch.pause.resume', values: { id: watch.id } },
      at: clock.now(),
    };
    await repository.update(watch.id, (current) => {
      current.paused = pause;
      delete current.schemaChanges;
    });
    const posted = await this.tryPost(watch, { ...notice, paused: pause });
    return finish(
      posted.ok ? 'fetch_failed' : posted.landed === 'unknown' ? 'post_unknown' : 'post_failed',
      charged,
      posted.ok ? (pause.reason as Phrase) : posted.detail,
    );
  }

  private async tryPost(watch: Watch, notice: WatchNotice): Promise<PostResult> {
    const posted = await this.runs.post(watch, () => this.options.poster.post(notice));
    if (posted.ok && notice.heldSince !== undefined)
      await this.options.repository.update(watch.id, (stored) => delete stored.heldSince).catch(() => undefined);
    return posted;
  }
}
