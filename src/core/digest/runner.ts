import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { DataClient } from '../client/dataClient.js';
import type { Clock } from '../clock.js';
import { DEFAULT_LOCALE, type Locale, type Phrase } from '../../i18n/lang.js';
import { BudgetExceededError } from '../errors.js';
import type { Store } from '../store/types.js';
import { collectNewFunds } from './collect.js';
import { failurePhrase } from './failure.js';
import type { DigestRepository } from './repository.js';
import { DigestPostError, type Digest, type DigestContent, type DigestPoster, type DigestRunRecord } from './types.js';

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
}

/** A claim on one scheduled run outlives any catch-up window, so a run can only ever be taken once. */
const CLAIM_TTL_MS = 7 * 86_400_000;

/** One run of a digest at a time, whatever started it; long enough for Slack's own retries. */
const LOCK_TTL_MS = 15 * 60_000;

/** `busy`: another run of this digest (manual or scheduled) is under way; the scheduler tries again. */
export type RunOutcome = DigestRunRecord | 'missing' | 'claimed_elsewhere' | 'busy';

/**
 * Runs one digest for one scheduled time, at most once across restarts and replicas: the run is
 * claimed in the store (Redis: SET NX PX on digest id + scheduled time) before anything is spent.
 * A failed post keeps the subscription and its funds unposted; a channel the app cannot post in
 * pauses the digest with what to do about it.
 */
export class DigestRunner {
  constructor(private readonly options: DigestRunnerOptions) {}

  async run(digestId: string, scheduledFor: number, trigger: DigestRunRecord['trigger']): Promise<RunOutcome> {
    const { store, owner } = this.options;
    // Two runs at once would both read the same "seen" funds and post them twice (Run now during the
    // scheduled run, a double click): the lock comes before the claim, so a scheduled run that finds
    // it taken is tried again on the next tick instead of being used up.
    const lock = `digest-lock:${digestId}`;
    const lockOwner = `${owner}:${randomBytes(4).toString('hex')}`;
    if (!(await store.claim(lock, lockOwner, LOCK_TTL_MS))) return 'busy';
    try {
      return await this.runLocked(digestId, scheduledFor, trigger);
    } finally {
      await store.releaseClaim(lock, lockOwner).catch(() => undefined);
    }
  }

  private async runLocked(digestId: string, scheduledFor: number, trigger: DigestRunRecord['trigger']): Promise<RunOutcome> {
    const { repository, store, owner } = this.options;
    const digest = await repository.get(digestId);
    if (!digest) return 'missing';
    const claimed = await store.claim(`digest-run:${digest.id}:${scheduledFor}`, owner, CLAIM_TTL_MS);
    if (!claimed) return 'claimed_elsewhere';

    const record = await this.runClaimed(digest, scheduledFor, trigger);
    await repository.update(digest.id, (stored) => {
      stored.lastRun = record;
      if (trigger !== 'manual') stored.lastScheduledFor = Math.max(stored.lastScheduledFor ?? 0, scheduledFor);
      if (record.outcome === 'posted' || record.outcome === 'nothing_new') delete stored.paused;
    });
    this.options.logger?.info({ digestId: digest.id, ...record, scheduledFor: new Date(scheduledFor).toISOString() }, 'digest run finished');
    this.options.onRun?.(record);
    return record;
  }

  /** Records a scheduled time that passed while the app was down, beyond the catch-up window. */
  async recordMissed(digest: Digest, scheduledFor: number): Promise<void> {
    await this.options.repository.update(digest.id, (stored) => {
      stored.lastScheduledFor = Math.max(stored.lastScheduledFor ?? 0, scheduledFor);
      stored.lastRun = { scheduledFor, finishedAt: this.options.clock.now(), trigger: 'schedule', outcome: 'missed', newFunds: 0, coinsSpent: 0, detail: { key: 'digests.run.notRunning' } };
      this.options.onRun?.(stored.lastRun);
    });
  }

  private async runClaimed(digest: Digest, scheduledFor: number, trigger: DigestRunRecord['trigger']): Promise<DigestRunRecord> {
    const { repository, data, poster, clock } = this.options;
    const base = { scheduledFor, trigger };
    const finish = (outcome: DigestRunRecord['outcome'], newFunds: number, coinsSpent: number, detail?: Phrase): DigestRunRecord => ({
      ...base, finishedAt: clock.now(), outcome, newFunds, coinsSpent, ...(detail ? { detail } : {}),
    });
    const locale = digest.lang ?? this.options.locale ?? DEFAULT_LOCALE;
    const content: DigestContent = { digest, funds: [], firstRun: false, empty: false, simulated: this.options.simulated, locale };

    const seen = await repository.seenCodes(digest.id);
    let collected;
    try {
      collected = await collectNewFunds(data, digest.filter, seen, { teamId: digest.teamId, channelId: digest.channelId, digestId: digest.id });
    } catch (error) {
      if (error instanceof BudgetExceededError) {
        content.budgetNotice = failurePhrase(error);
        const posted = await this.tryPost(digest, content);
        return finish(posted.ok ? 'over_budget' : 'post_failed', 0, 0, posted.ok ? content.budgetNotice : posted.detail);
      }
      return finish('fetch_failed', 0, 0, failurePhrase(error));
    }

    content.funds = collected.funds;
    content.firstRun = seen === undefined;
    if (collected.funds.length === 0) {
      if (!this.options.postEmpty) return finish('nothing_new', 0, collected.coinsSpent);
      content.empty = true;
    }
    const posted = await this.tryPost(digest, content);
    if (!posted.ok) return finish('post_failed', collected.funds.length, collected.coinsSpent, posted.detail);
    await repository.markSeen(digest.id, collected.funds.map((fund) => fund.fundCode));
    const stopped: Phrase | undefined =
      collected.stoppedBy === undefined ? undefined : { key: 'digests.run.stoppedAfterPage', values: { page: collected.pagesFetched, why: failurePhrase(collected.stoppedBy) } };
    return finish(content.empty ? 'nothing_new' : 'posted', collected.funds.length, collected.coinsSpent, stopped);
  }

  private async tryPost(digest: Digest, content: DigestContent): Promise<{ ok: true } | { ok: false; detail: Phrase }> {
    try {
      await this.options.poster.post(content);
      return { ok: true };
    } catch (error) {
      const pause = error instanceof DigestPostError ? error.pause : undefined;
      if (pause) await this.options.repository.update(digest.id, (stored) => (stored.paused = pause));
      this.options.logger?.warn({ err: error, digestId: digest.id, channelId: digest.channelId }, 'digest post failed');
      const detail: Phrase = pause
        ? { key: 'digests.run.pausedBecause', values: { reason: pause.reason, remedy: pause.remedy } }
        : error instanceof DigestPostError
          ? { key: 'digests.run.slackAnswered', values: { code: error.code } }
          : { key: 'digests.run.postFailed' };
      return { ok: false, detail };
    }
  }
}
