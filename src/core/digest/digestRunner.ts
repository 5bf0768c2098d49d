import type { Logger } from 'pino';
import { FALLBACK_LOCALE, type Locale, type Phrase } from '../../i18n/lang.js';
import type { DataClient } from '../client/dataClient.js';
import type { Clock } from '../clock.js';
import { BudgetExceededError, StoppedError } from '../errors.js';
import { failurePhrase } from '../jobs/failurePhrase.js';
import { type PostResult, postOrPause, RunLocks, recordRun } from '../jobs/runLocks.js';
import type { AppStatus } from '../jobs/types.js';
import type { Store } from '../store/types.js';
import { collectNewFunds } from './collect.js';
import type { DigestRepository } from './digestRepository.js';
import type { Digest, DigestContent, DigestPoster, DigestRunRecord } from './types.js';

export interface DigestRunnerOptions {
  repository: DigestRepository;
  data: DataClient;
  store: Store;
  poster: DigestPoster;
  clock: Clock;
  logger?: Logger;
  /** Post "no new funds" when nothing is new (DIGEST_POST_EMPTY). */
  postEmpty: boolean;
  simulated: boolean;
  /** The workspace's language (DEFAULT_LOCALE), for digests that did not choose their own; English when unset. */
  locale?: Locale;
  /** This process, in claims (several replicas may race for a run). */
  owner: string;
  /** Told about every finished run (metrics). */
  onRun?: (record: DigestRunRecord) => void;
  /** Why the allowlists refuse this digest's team, channel or creator now (see WatchRunnerOptions.refusal). */
  refusal?: (where: {
    teamId: string;
    channelId: string;
    userId: string;
  }) => Phrase | undefined | Promise<Phrase | undefined>;
  /** Whether the app may post at all (an uninstall or a revoked token holds every run before it spends). */
  app?: AppStatus;
}

/** A claim on one scheduled run outlives any catch-up window, so a run can only ever be taken once. */
const CLAIM_TTL_MS = 7 * 86_400_000;

/** One run of a digest at a time, whatever started it; long enough for Slack's own retries. */

/** `busy`: another run of this digest (manual or scheduled) is under way; the scheduler tries again. */
/** `stopped`: the app began shutting down before the first page's call was sent; nothing was recorded or spent. */
export type DigestRunOutcome = DigestRunRecord | 'missing' | 'claimed_elsewhere' | 'busy' | 'stopped';

/**
 * Runs one digest for one scheduled time, at most once across restarts and replicas: the run is
 * claimed in the store (Redis: SET NX PX on digest id + scheduled time) before anything is spent.
 * A failed post keeps the subscription and its funds unposted; a channel the app cannot post in
 * pauses the digest with what to do about it.
 */
export class DigestRunner {
  private readonly locks: RunLocks;

  constructor(private readonly options: DigestRunnerOptions) {
    this.locks = new RunLocks(options.store, options.owner, options.clock, options.logger);
  }

  async run(digestId: string, scheduledFor: number, trigger: DigestRunRecord['trigger']): Promise<DigestRunOutcome> {
    // Two runs at once would both read the same "seen" funds and post them twice (Run now during the
    // scheduled run, a double click): the lock comes before the claim, so a scheduled run that finds
    // it taken is tried again on the next tick instead of being used up.
    return this.locks.hold(`digest-lock:${digestId}`, () => this.runLocked(digestId, scheduledFor, trigger), {
      digestId,
    });
  }

  private async runLocked(
    digestId: string,
    scheduledFor: number,
    trigger: DigestRunRecord['trigger'],
  ): Promise<DigestRunOutcome> {
    const { repository, store, owner } = this.options;
    const digest = await repository.get(digestId);
    if (!digest) return 'missing';
    const halted = await this.options.app?.stopped();
    if (halted) return this.holdWhileStopped(digest, scheduledFor, trigger, halted);
    const refused = await this.options.refusal?.({
      teamId: digest.teamId,
      channelId: digest.channelId,
      userId: digest.createdBy,
    });
    if (refused) return this.refuse(digest, scheduledFor, trigger, refused);
    const claim = `digest-run:${digest.id}:${scheduledFor}`;
    const claimed = await store.claim(claim, owner, CLAIM_TTL_MS);
    if (!claimed) return 'claimed_elsewhere';

    let record: DigestRunRecord;
    try {
      record = await this.runClaimed(digest, scheduledFor, trigger);
    } catch (error) {
      if (!(error instanceof StoppedError)) throw error;
      // Shutting down before the first call went out: unrecorded and unclaimed, so the next process catches it up.
      await store
        .releaseClaim(claim, owner)
        .catch((releaseError: unknown) =>
          this.options.logger?.warn(
            { err: releaseError, digestId: digest.id },
            'could not release the claim of a run stopped by shutdown',
          ),
        );
      this.options.logger?.info(
        { digestId: digest.id, scheduledFor: new Date(scheduledFor).toISOString() },
        'digest run stopped by shutdown before its first call was sent; left for the next start',
      );
      return 'stopped';
    }
    try {
      await repository.update(digest.id, (stored) => {
        recordRun(stored, record);
        if (record.outcome === 'posted' || record.outcome === 'nothing_new') delete stored.paused;
        if (record.outcome === 'posted' || record.outcome === 'over_budget') delete stored.heldSince;
      });
    } catch (error) {
      // What was posted is already marked as posted (before posting), so it is never posted again;
      // only the run's entry in the digest's history is missing, and the person is told so.
      this.options.logger?.warn(
        { err: error, digestId: digest.id },
        'could not record the digest run; its funds are marked as posted',
      );
      record.unrecorded = true;
    }
    this.options.logger?.info(
      { digestId: digest.id, ...record, scheduledFor: new Date(scheduledFor).toISOString() },
      'digest run finished',
    );
    this.options.onRun?.(record);
    return record;
  }

  /** Nothing is claimed or spent: the digest pauses with the allowlists' reason, shown on Home and in the list. */
  private async refuse(
    digest: Digest,
    scheduledFor: number,
    trigger: DigestRunRecord['trigger'],
    reason: Phrase,
  ): Promise<DigestRunRecord> {
    const now = this.options.clock.now();
    const record: DigestRunRecord = {
      scheduledFor,
      trigger,
      finishedAt: now,
      outcome: 'refused',
      newFunds: 0,
      coinsSpent: 0,
      detail: reason,
    };
    await this.options.repository.update(digest.id, (stored) => {
      stored.paused = { reason, remedy: { key: 'digests.pause.allowThenResume', values: { id: digest.id } }, at: now };
      recordRun(stored, record);
    });
    this.options.logger?.warn(
      { digestId: digest.id, teamId: digest.teamId, channelId: digest.channelId },
      'digest paused: the allowlists refuse it',
    );
    this.options.onRun?.(record);
    return record;
  }

  /**
   * The app cannot post (uninstalled, its token revoked): nothing is claimed or spent, the run is
   * recorded as held, and the digest's next post says since when its runs were held.
   */
  private async holdWhileStopped(
    digest: Digest,
    scheduledFor: number,
    trigger: DigestRunRecord['trigger'],
    halted: { reason: Phrase; since: number },
  ): Promise<DigestRunRecord> {
    const record: DigestRunRecord = {
      scheduledFor,
      trigger,
      finishedAt: this.options.clock.now(),
      outcome: 'refused',
      newFunds: 0,
      coinsSpent: 0,
      detail: halted.reason,
    };
    await this.options.repository.update(digest.id, (stored) => {
      stored.heldSince ??= halted.since;
      recordRun(stored, record);
    });
    this.options.onRun?.(record);
    return record;
  }

  /** Records a scheduled time that passed while the app was down, beyond the catch-up window. */
  async recordMissed(digest: Digest, scheduledFor: number): Promise<void> {
    await this.options.repository.update(digest.id, (stored) => {
      const record: DigestRunRecord = {
        scheduledFor,
        finishedAt: this.options.clock.now(),
        trigger: 'schedule',
        outcome: 'missed',
        newFunds: 0,
        coinsSpent: 0,
        detail: { key: 'digests.run.notRunning' },
      };
      recordRun(stored, record);
      this.options.onRun?.(record);
    });
  }

  private async runClaimed(
    digest: Digest,
    scheduledFor: number,
    trigger: DigestRunRecord['trigger'],
  ): Promise<DigestRunRecord> {
    const { repository, data, clock } = this.options;
    const base = { scheduledFor, trigger };
    const finish = (
      outcome: DigestRunRecord['outcome'],
      newFunds: number,
      coinsSpent: number,
      detail?: Phrase,
    ): DigestRunRecord => ({
      ...base,
      finishedAt: clock.now(),
      outcome,
      newFunds,
      coinsSpent,
      ...(detail ? { detail } : {}),
    });
    const locale = digest.lang ?? this.options.locale ?? FALLBACK_LOCALE;
    const content: DigestContent = {
      digest,
      funds: [],
      firstRun: false,
      empty: false,
      simulated: this.options.simulated,
      locale,
      ...(digest.heldSince !== undefined ? { heldSince: digest.heldSince } : {}),
    };

    const seen = await repository.seenCodes(digest.id);
    let collected: Awaited<ReturnType<typeof collectNewFunds>>;
    try {
      collected = await collectNewFunds(data, digest.filter, seen, {
        teamId: digest.teamId,
        channelId: digest.channelId,
        digestId: digest.id,
      });
    } catch (error) {
      if (error instanceof BudgetExceededError) {
        content.budgetNotice = failurePhrase(error);
        const posted = await this.tryPost(digest, content);
        return finish(
          posted.ok ? 'over_budget' : posted.landed === 'unknown' ? 'post_unknown' : 'post_failed',
          0,
          0,
          posted.ok ? content.budgetNotice : posted.detail,
        );
      }
      if (error instanceof StoppedError) throw error;
      return finish('fetch_failed', 0, 0, failurePhrase(error));
    }

    content.funds = collected.funds;
    content.firstRun = seen === undefined;
    if (collected.funds.length === 0) {
      if (!this.options.postEmpty) return finish('nothing_new', 0, collected.coinsSpent);
      content.empty = true;
    }
    // Recorded before posting: if the store fails after the post, the funds are not posted a second
    // time by a later run. A post that certainly failed gives them back.
    const codes = collected.funds.map((fund) => fund.fundCode);
    try {
      if (codes.length > 0) await repository.markSeen(digest.id, codes);
    } catch (error) {
      this.options.logger?.warn(
        { err: error, digestId: digest.id },
        'could not record the funds about to be posted; nothing posted',
      );
      return finish('post_failed', collected.funds.length, collected.coinsSpent, { key: 'digests.run.storeDown' });
    }
    const posted = await this.tryPost(digest, content);
    // Slack may have posted it: its funds stay marked as posted, so no later run posts them again.
    if (!posted.ok && posted.landed === 'unknown')
      return finish('post_unknown', collected.funds.length, collected.coinsSpent, posted.detail);
    if (!posted.ok) {
      if (codes.length > 0) {
        await repository
          .restoreSeen(digest.id, seen)
          .catch((error: unknown) =>
            this.options.logger?.error(
              { err: error, digestId: digest.id, fundCodes: codes },
              'the digest was not posted and its funds could not be given back; they will not be posted',
            ),
          );
      }
      return finish('post_failed', collected.funds.length, collected.coinsSpent, posted.detail);
    }
    const stopped: Phrase | undefined =
      collected.stoppedBy === undefined
        ? undefined
        : {
            key: 'digests.run.stoppedAfterPage',
            values: { page: collected.pagesFetched, why: failurePhrase(collected.stoppedBy) },
          };
    return finish(content.empty ? 'nothing_new' : 'posted', collected.funds.length, collected.coinsSpent, stopped);
  }

  private async tryPost(digest: Digest, content: DigestContent): Promise<PostResult> {
    const posted = await postOrPause(
      () => this.options.poster.post(content),
      (pause) => this.options.repository.update(digest.id, (stored) => (stored.paused = pause)).then(() => undefined),
      this.options.logger,
      { digestId: digest.id, channelId: digest.channelId },
    );
    if (!posted.ok && posted.stopsApp)
      await this.options.app
        ?.stop(posted.code ?? 'invalid_auth')
        .catch((error: unknown) =>
          this.options.logger?.error({ err: error }, 'could not record that Slack refused the app’s token'),
        );
    return posted;
  }
}
