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
  /** `post_unknown`: Slack did not say whether it posted (its funds stay marked as posted, so never twice). */
  outcome: 'posted' | 'nothing_new' | 'over_budget' | 'post_failed' | 'post_unknown' | 'fetch_failed' | 'missed' | 'refused';
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
  /** Since when its runs were held because the app could not post (AppStatus); its next post says so. */
  heldSince?: number;
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
  /** Its runs were held from then until now because the app could not post: the post says so. */
  heldSince?: number;
}

/**
 * A failure to post that the poster recognised: `pause` says whether the job must stop until someone
 * fixes its channel; `landed: 'unknown'` that Slack may have posted it (no answer in time, a 5xx), so
 * it must not be posted again; `stopsApp` that Slack no longer takes the app's token at all.
 */
export class DigestPostError extends Error {
  readonly landed: 'no' | 'unknown';
  readonly stopsApp: boolean;

  constructor(
    readonly code: string,
    readonly pause: DigestPause | undefined,
    options: { landed?: 'no' | 'unknown'; stopsApp?: boolean } = {},
  ) {
    super(`could not post the digest: ${code}`);
    this.name = 'DigestPostError';
    this.landed = options.landed ?? 'no';
    this.stopsApp = options.stopsApp ?? false;
  }
}

/**
 * Whether the app may post (and so spend) on its own at all, kept by the Slack side: an uninstall or
 * a revoked token stops every scheduled job before it spends, until Slack takes the token again.
 */
export interface AppStatus {
  /** Why every job holds now, and since when; undefined while the app may post. */
  stopped(): Promise<{ reason: Phrase; since: number } | undefined>;
  /** A post showed Slack no longer takes the app's token (`code`: token_revoked, invalid_auth …). */
  stop(code: string): Promise<void>;
}

export interface DigestPoster {
  post(content: DigestContent): Promise<void>;
}
