import { FALLBACK_LOCALE, type Locale, type Phrase } from '../../i18n/lang.js';
import type { DataClient } from '../client/dataClient.js';
import { BudgetExceededError, StoppedError } from '../errors.js';
import { failurePhrase } from '../jobs/failurePhrase.js';
import { type JobRunnerOptions, type JobRunOutcome, JobRuns, jobRunnerOptions } from '../jobs/jobRuns.js';
import type { PostResult } from '../jobs/runLocks.js';
import { coinsOfFailure, collectNewFunds } from './collect.js';
import type { DigestRepository } from './digestRepository.js';
import { filterNewFunds } from './newFundFilter.js';
import type { Digest, DigestContent, DigestPoster, DigestRunRecord } from './types.js';

export interface DigestRunnerOptions extends JobRunnerOptions<DigestRunRecord> {
  repository: DigestRepository;
  data: DataClient;
  poster: DigestPoster;
  /** Post "no new funds" when nothing is new (DIGEST_POST_EMPTY). */
  postEmpty: boolean;
  simulated: boolean;
  /** The workspace's language (its settings, else DEFAULT_LOCALE), for digests that did not choose their own; English when unset. */
  localeFor?: (teamId: string) => Promise<Locale | undefined>;
}

/** `busy`: another run of this digest (manual or scheduled) is under way; the scheduler tries again. */
/** `stopped`: the app began shutting down before the first page's call was sent; nothing was recorded or spent. */
export type DigestRunOutcome = JobRunOutcome<DigestRunRecord>;

/**
 * Runs one digest for one scheduled time, at most once across restarts and replicas (JobRuns: its
 * lock, and a claim in the store before anything is spent). A failed post keeps the subscription
 * and its funds unposted; a channel the app cannot post in pauses the digest with what to do about it.
 */
export class DigestRunner {
  private readonly runs: JobRuns<Digest, DigestRunRecord>;

  constructor(private readonly options: DigestRunnerOptions) {
    this.runs = new JobRuns<Digest, DigestRunRecord>({
      ...jobRunnerOptions(options),
      kind: 'digest',
      repository: options.repository,
      quietRecord: (run) => ({ ...run, newFunds: 0 }),
      allowThenResume: 'digests.pause.allowThenResume',
      notRunning: 'digests.run.notRunning',
      afterRun: (stored, record) => {
        if (record.outcome === 'posted' || record.outcome === 'nothing_new') delete stored.paused;
        if (record.outcome === 'posted' || record.outcome === 'over_budget') delete stored.heldSince;
      },
    });
  }

  /**
   * Two runs at once would both read the same "seen" funds and post them twice (Run now during the
   * scheduled run, a double click): JobRuns holds the digest's lock before its claim.
   */
  run(digestId: string, scheduledFor: number, trigger: DigestRunRecord['trigger']): Promise<DigestRunOutcome> {
    return this.runs.run(digestId, scheduledFor, trigger, (digest) => this.runClaimed(digest, scheduledFor, trigger));
  }

  /** Records a scheduled time that passed while the app was down, beyond the catch-up window. */
  recordMissed(digest: Digest, scheduledFor: number): Promise<void> {
    return this.runs.recordMissed(digest, scheduledFor);
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
      coinsAtRisk?: number,
    ): DigestRunRecord => ({
      ...base,
      finishedAt: clock.now(),
      outcome,
      newFunds,
      coinsSpent,
      ...(coinsAtRisk ? { coinsAtRisk } : {}),
      ...(detail ? { detail } : {}),
    });
    const locale = digest.lang ?? (await this.options.localeFor?.(digest.teamId)) ?? FALLBACK_LOCALE;
    const content: DigestContent = {
      digest,
      funds: [],
      firstRun: false,
      empty: false,
      simulated: this.options.simulated,
      locale,
      ...(digest.heldSince !== undefined ? { heldSince: digest.heldSince } : {}),
    };

    const seen = await repository.seen(digest.id);
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
      // A first page whose answer never came (or came unreadable) is counted as the ledger counts it.
      const { spent, atRisk } = coinsOfFailure(error);
      return finish('fetch_failed', 0, spent, failurePhrase(error), atRisk);
    }

    // A filtered digest posts its kinds and words only; every fund read counts as seen, so the next
    // run stops at the first page of funds it looked at, matching or not.
    content.funds = digest.fundFilter ? filterNewFunds(collected.funds, digest.fundFilter) : collected.funds;
    content.firstRun = seen === undefined;
    if (collected.unreadPage) content.unreadPage = collected.unreadPage;
    const { coinsSpent, coinsAtRisk } = collected;
    // Recorded before posting: if the store fails after the post, the funds are not posted a second
    // time by a later run. A post that certainly failed gives them back. A run cut short records the
    // funds it read as unfinished, so the next one reads on past them; a run that got past clears it.
    const codes = collected.funds.map((fund) => fund.fundCode);
    const record = codes.length > 0 || collected.unfinished !== undefined || seen?.unfinished !== undefined;
    const markSeen = () => repository.markSeen(digest.id, codes, collected.unfinished);
    if (content.funds.length === 0) {
      if (!this.options.postEmpty) {
        if (record) await markSeen().catch(() => undefined);
        return finish('nothing_new', 0, coinsSpent, undefined, coinsAtRisk);
      }
      content.empty = true;
    }
    try {
      if (record) await markSeen();
    } catch (error) {
      this.options.logger?.warn(
        { err: error, digestId: digest.id },
        'could not record the funds about to be posted; nothing posted',
      );
      return finish('post_failed', content.funds.length, coinsSpent, { key: 'digests.run.storeDown' }, coinsAtRisk);
    }
    const posted = await this.tryPost(digest, content);
    // Slack may have posted it: its funds stay marked as posted, so no later run posts them again.
    if (!posted.ok && posted.landed === 'unknown')
      return finish('post_unknown', content.funds.length, coinsSpent, posted.detail, coinsAtRisk);
    if (!posted.ok) {
      if (record) {
        await repository
          .restoreSeen(digest.id, seen)
          .catch((error: unknown) =>
            this.options.logger?.error(
              { err: error, digestId: digest.id, fundCodes: codes },
              'the digest was not posted and its funds could not be given back; they will not be posted',
            ),
          );
      }
      return finish('post_failed', content.funds.length, coinsSpent, posted.detail, coinsAtRisk);
    }
    const stopped: Phrase | undefined =
      collected.stoppedBy === undefined
        ? undefined
        : {
            key: 'digests.run.stoppedAfterPage',
            values: { page: collected.pagesFetched, why: failurePhrase(collected.stoppedBy) },
          };
    return finish(content.empty ? 'nothing_new' : 'posted', content.funds.length, coinsSpent, stopped, coinsAtRisk);
  }

  private tryPost(digest: Digest, content: DigestContent): Promise<PostResult> {
    return this.runs.post(digest, () => this.options.poster.post(content));
  }
}
