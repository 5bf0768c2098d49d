import type { Locale, Phrase } from '../../i18n/lang.js';
import type { Caps } from '../jobs/caps.js';
import type { Schedule } from '../jobs/schedule.js';
import type { JobPause } from '../jobs/types.js';
import type { NewFund, SaleFilter } from './collect.js';
import type { FundKind } from './newFundFilter.js';

/** A digest's funds by kind and by words in their name or manager; its sale status is its `filter`. */
export interface FundFilter {
  kinds?: FundKind[];
  words?: string[];
}

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

export interface DigestRunRecord {
  /** The scheduled time this run was for (or the moment of a manual run). */
  scheduledFor: number;
  finishedAt: number;
  trigger: 'schedule' | 'catch-up' | 'manual';
  /** `post_unknown`: Slack did not say whether it posted (its funds stay marked as posted, so never twice). */
  outcome:
    | 'posted'
    | 'nothing_new'
    | 'over_budget'
    | 'post_failed'
    | 'post_unknown'
    | 'fetch_failed'
    | 'missed'
    | 'refused';
  newFunds: number;
  /** What the pages it read cost (an answer in a shape not known included: it was charged). */
  coinsSpent: number;
  /** What a page whose answer never came may have cost: the ledger counts it as spent, and so does what the run says. */
  coinsAtRisk?: number;
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
  /** Only funds of these kinds, whose name or manager holds these words (`type:债券型 name:易方达`); absent: every new fund. */
  fundFilter?: FundFilter;
  /** The language of its posts, chosen when it was added; absent: the workspace's (DEFAULT_LOCALE). */
  lang?: Locale;
  paused?: JobPause;
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
  /** A later page could not be read (and may have been charged): its funds come with the next run. */
  unreadPage?: { page: number; coinsAtRisk?: number };
  simulated: boolean;
  /** The language to post in: the digest's own, else the workspace's (the runner decides, the poster renders). */
  locale: Locale;
  /** Its runs were held from then until now because the app could not post: the post says so. */
  heldSince?: number;
}

export interface DigestPoster {
  post(content: DigestContent): Promise<void>;
}
