import type { Locale, Phrase } from '../../i18n/lang.js';
import type { NewFund, SaleFilter } from './collect.js';
import type { Schedule } from './schedule.js';
import type { Caps } from './caps.js';

/** DIGEST_* settings, read by src/config.ts. */
export interface DigestConfig {
  /** Zone of a digest added without tz:. */
  timeZone: string;
  postEmpty: boolean;
  catchUpMs: number;
  /** WATCH_MAX_PER_* and DIGEST_MAX_PER_*: how many of each a person, a channel and a workspace may have. */
  caps: { watches: Caps; digests: Caps };
}

export type { SaleFilter } from './collect.js';

/** Why a digest stopped posting; it stays stored, paused, until someone fixes the cause. */
export interface DigestPause {
  /** A phrase, so each reader sees it in their language; a plain text in digests stored before phrases. */
  reason: Phrase | string;
  /** What to do about it, e.g. "invite @dq to the channel". */
  remedy: Phrase | string;
  at: number;
}

export interface DigestRunRecord {
  /** The scheduled time this run was for (or the moment of a manual run). */
  scheduledFor: number;
  finishedAt: number;
  trigger: 'schedule' | 'catch-up' | 'manual';
  outcome: 'posted' | 'nothing_new' | 'over_budget' | 'post_failed' | 'fetch_failed' | 'missed' | 'refused';
  newFunds: number;
  coinsSpent: number;
  /** Why it went as it did (a phrase; plain text in records stored before phrases). */
  detail?: Phrase | string;
  /** The store failed after the post: the run is missing from the digest's history (its funds are marked as posted). */
  unrecorded?: boolean;
}

export interface Digest {
  id: string;
  teamId: string;
  channelId: string;
  createdBy: string;
  createdAt: number;
  schedule: Schedule;
  filter: SaleFilter;
  /** The language of its posts, chosen when it was added; absent: the workspace's (DEFAULT_LOCALE). */
  lang?: Locale;
  paused?: DigestPause;
  lastRun?: DigestRunRecord;
  /** The latest scheduled time that has been dealt with (run, or missed beyond the catch-up window). */
  lastScheduledFor?: number;
}

/** What one run found, handed to whoever posts it (the Slack side renders it). */
export interface DigestContent {
  digest: Digest;
  funds: NewFund[];
  firstRun: boolean;
  /** When nothing is new and empty posts are on. */
  empty: boolean;
  /** Set instead of funds when the budget did not allow the run. */
  budgetNotice?: Phrase;
  simulated: boolean;
  /** The language to post in: the digest's own, else the workspace's (the runner decides, the poster renders). */
  locale: Locale;
}

/** A failure to post that the poster recognised; `pause` says whether the digest must stop until fixed. */
export class DigestPostError extends Error {
  constructor(
    readonly code: string,
    readonly pause: DigestPause | undefined,
  ) {
    super(`could not post the digest: ${code}`);
    this.name = 'DigestPostError';
  }
}

export interface DigestPoster {
  post(content: DigestContent): Promise<void>;
}
