import type { Logger } from 'pino';
import { FALLBACK_LOCALE, type Locale, type Phrase } from '../../i18n/lang.js';
import type { DataClient } from '../client/dataClient.js';
import type { Clock } from '../clock.js';
import { BudgetExceededError, StoppedError, UpstreamError } from '../errors.js';
import { failurePhrase } from '../jobs/failurePhrase.js';
import { type PostResult, postOrPause, RunLocks, recordRun } from '../jobs/runLocks.js';
import type { AppStatus } from '../jobs/types.js';
import type { Store } from '../store/types.js';
import { formatZonedTime } from '../time.js';
import { checkWatch } from './checks.js';
import type { Watch, WatchNotice, WatchPause, WatchPoster, WatchRunRecord } from './types.js';
import type { WatchRepository } from './watchRepository.js';

export interface WatchRunnerOptions {
  repository: WatchRepository;
  data: DataClient;
  store: Store;
  poster: WatchPoster;
  clock: Clock;
  logger?: Logger;
  simulated: boolean;
  /** The workspace's language, for watches that did not choose their own. */
  locale?: Locale;
  /** This process, in claims. */
  owner: string;
  /**
   * Why the allowlists (the Slack side's) refuse this watch's team, channel or creator now; undefined
   * when allowed. Asked before every check, since a list can be tightened after the watch was saved.
   */
  refusal?: (where: {
    teamId: string;
    channelId: string;
    userId: string;
  }) => Phrase | undefined | Promise<Phrase | undefined>;
  /** Whether the app may post at all (an uninstall or a revoked token holds every check before it spends). */
  app?: AppStatus;
  /** Told of every check that ended with a record (metrics). */
  onRun?: (record: WatchRunRecord) => void;
}

/** As digests: a claim on one scheduled check outlives any catch-up window. */
const CLAIM_TTL_MS = 7 * 86_400_000;
/** Answers in a shape this app cannot read, in a row, after which a watch stops paying for them. */
const SCHEMA_CHANGES_BEFORE_PAUSE = 3;

/** `stopped`: the app began shutting down before the check's call was sent; nothing was recorded or spent. */
export type WatchRunOutcome = WatchRunRecord | 'missing' | 'claimed_elsewhere' | 'busy' | 'stopped';

/**
 * Runs one check of one watch for one scheduled time, at most once across restarts and replicas
 * (the job engine's run lock and a claim, under watch keys, as digests). The new state is recorded before the
 * message goes out, so a store failing after the post cannot make the next check post it again; a
 * post that fails puts the old state back, so the next check finds the change again.
 */
export class WatchRunner {
  private readonly locks: RunLocks;

  constructor(private readonly options: WatchRunnerOptions) {
    this.locks = new RunLocks(options.store, options.owner, options.clock, options.logger);
  }

  /** `runBy`: who asked for a manual check (their budget and ledger line); a scheduled check is its creator's. */
  async run(
    watchId: string,
    scheduledFor: number,
    trigger: WatchRunRecord['trigger'],
    runBy?: string,
  ): Promise<WatchRunOutcome> {
    return this.locks.hold(`watch-lock:${watchId}`, () => this.runLocked(watchId, scheduledFor, trigger, runBy), {
      watchId,
    });
  }

  /** `change` under the watch's run lock, so no check of it writes the same document meanwhile; 'busy' while one does. */
  whileNotChecking<T>(watchId: string, change: () => Promise<T>): Promise<T | 'busy'> {
    return this.locks.hold(`watch-lock:${watchId}`, change, { watchId });
  }

  private async runLocked(
    watchId: string,
    scheduledFor: number,
    trigger: WatchRunRecord['trigger'],
    runBy: string | undefined,
  ): Promise<WatchRunOutcome> {
    const { store, owner } = this.options;
    const watch = await this.options.repository.get(watchId);
    if (!watch) return 'missing';
    const halted = await this.options.app?.stopped();
    if (halted) return this.holdWhileStopped(watch, scheduledFor, trigger, halted);
    const refused = await this.options.refusal?.({
      teamId: watch.teamId,
      channelId: watch.channelId,
      userId: watch.createdBy,
    });
    if (refused) return await this.refuse(watch, scheduledFor, trigger, refused);
    const claim = `watch-run:${watch.id}:${scheduledFor}`;
    if (!(await store.claim(claim, owner, CLAIM_TTL_MS))) return 'claimed_elsewhere';
    let record: WatchRunRecord;
    try {
      record = await this.check(watch, scheduledFor, trigger, runBy ?? watch.createdBy);
    } catch (error) {
      if (!(error instanceof StoppedError)) throw error;
      // Shutting down before the call went out: unrecorded and unclaimed, so the next process catches it up.
      await store
        .releaseClaim(claim, owner)
        .catch((releaseError: unknown) =>
          this.options.logger?.warn(
            { err: releaseError, watchId: watch.id },
            'could not release the claim of a check stopped by shutdown',
          ),
        );
      this.options.logger?.info(
        { watchId: watch.id, scheduledFor: new Date(scheduledFor).toISOString() },
        'watch check stopped by shutdown before its call was sent; left for the next start',
      );
      return 'stopped';
    }
    try {
      await this.options.repository.update(watch.id, (stored) => {
        recordRun(stored, record);
      });
    } catch (error) {
      // The new state was stored before posting, so nothing is posted twice; only the check's entry
      // in the watch's history is missing, and the person who ran it is told so.
      this.options.logger?.warn(
        { err: error, watchId: watch.id },
        'could not record the watch check; its new state was stored before posting',
      );
      record.unrecorded = true;
    }
    this.options.logger?.info(
      { watchId: watch.id, ...record, scheduledFor: new Date(scheduledFor).toISOString() },
      'watch check finished',
    );
    this.options.onRun?.(record);
    return record;
  }

  /** Nothing is claimed or spent: the watch pauses with the allowlists' reason, shown on Home and in the list. */
  private async refuse(
    watch: Watch,
    scheduledFor: number,
    trigger: WatchRunRecord['trigger'],
    reason: Phrase,
  ): Promise<WatchRunRecord> {
    const record: WatchRunRecord = {
      scheduledFor,
      trigger,
      finishedAt: this.options.clock.now(),
      outcome: 'refused',
      coinsSpent: 0,
      detail: reason,
    };
    await this.options.repository.update(watch.id, (stored) => {
      stored.paused = {
        reason,
        remedy: { key: 'watch.pause.allowThenResume', values: { id: watch.id } },
        at: this.options.clock.now(),
      };
      recordRun(stored, record);
    });
    this.options.logger?.warn(
      { watchId: watch.id, teamId: watch.teamId, channelId: watch.channelId },
      'watch paused: the allowlists refuse it',
    );
    this.options.onRun?.(record);
    return record;
  }

  /** As digests: nothing claimed or spent while the app cannot post; the next post says since when. */
  private async holdWhileStopped(
    watch: Watch,
    scheduledFor: number,
    trigger: WatchRunRecord['trigger'],
    halted: { reason: Phrase; since: number },
  ): Promise<WatchRunRecord> {
    const record: WatchRunRecord = {
      scheduledFor,
      trigger,
      finishedAt: this.options.clock.now(),
      outcome: 'refused',
      coinsSpent: 0,
      detail: halted.reason,
    };
    await this.options.repository.update(watch.id, (stored) => {
      stored.heldSince ??= halted.since;
      recordRun(stored, record);
    });
    this.options.onRun?.(record);
    return record;
  }

  async recordMissed(watch: Watch, scheduledFor: number): Promise<void> {
    await this.options.repository.update(watch.id, (stored) => {
      const record: WatchRunRecord = {
        scheduledFor,
        finishedAt: this.options.clock.now(),
        trigger: 'schedule',
        outcome: 'missed',
        coinsSpent: 0,
        detail: { key: 'watch.run.notRunning' },
      };
      recordRun(stored, record);
      this.options.onRun?.(record);
    });
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
    const locale = watch.lang ?? this.options.locale ?? FALLBACK_LOCALE;
    const notice: WatchNotice = {
      watch,
      locale,
      simulated: this.options.simulated,
      checkedAt: clock.now(),
      ...(watch.heldSince !== undefined ? { heldSince: watch.heldSince } : {}),
    };
    // A manual check is "now"; a scheduled one wants data from its own time on, shared with every watch due with it.
    const notBefore = Math.min(scheduledFor, clock.now());
    let outcome: Awaited<ReturnType<typeof checkWatch>>;
    try {
      outcome = await checkWatch(
        data,
        watch.target,
        watch.state,
        { teamId: watch.teamId, userId, channelId: watch.channelId, source: 'watch' },
        notBefore,
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
              values: { at: formatZonedTime(resumesAt, data.budgets.timeZone), id: watch.id },
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
      return finish('post_failed', outcome.coinsSpent, { key: 'watch.run.storeDown' });
    }
    const tell = outcome.change ?? (previous === undefined && watch.announceFirst ? outcome.first : undefined);
    if (!tell)
      return finish(
        outcome.notFound ? 'not_found' : previous === undefined ? 'baseline' : 'unchanged',
        outcome.coinsSpent,
      );
    const posted = await this.tryPost(watch, {
      ...notice,
      change: tell,
      ...(previous === undefined ? { first: true } : {}),
    });
    // Slack may have posted it: the new state stays, so the next check does not post the change again.
    if (!posted.ok && posted.landed === 'unknown') return finish('post_unknown', outcome.coinsSpent, posted.detail);
    if (!posted.ok) {
      await repository
        .update(watch.id, (stored) => {
          if (previous === undefined) delete stored.state;
          else stored.state = previous;
        })
        .catch((error: unknown) =>
          this.options.logger?.error(
            { err: error, watchId: watch.id },
            'the change was not posted and the previous state could not be put back; it will not be posted',
          ),
        );
      return finish('post_failed', outcome.coinsSpent, posted.detail);
    }
    return finish(outcome.notFound ? 'not_found' : previous === undefined ? 'baseline' : 'changed', outcome.coinsSpent);
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
    const posted = await postOrPause(
      () => this.options.poster.post(notice),
      (pause) => this.options.repository.update(watch.id, (stored) => (stored.paused = pause)).then(() => undefined),
      this.options.logger,
      { watchId: watch.id, channelId: watch.channelId },
    );
    if (posted.ok) {
      if (notice.heldSince !== undefined)
        await this.options.repository.update(watch.id, (stored) => delete stored.heldSince).catch(() => undefined);
    } else if (posted.stopsApp) {
      await this.options.app
        ?.stop(posted.code ?? 'invalid_auth')
        .catch((error: unknown) =>
          this.options.logger?.error({ err: error }, 'could not record that Slack refused the app’s token'),
        );
    }
    return posted;
  }
}
