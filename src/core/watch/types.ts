import type { Locale, Phrase } from '../../i18n/lang.js';
import type { Schedule } from '../jobs/schedule.js';
import type { JobPause } from '../jobs/types.js';
import type { RequestOf, WATCHED_OPERATIONS } from '../operations/index.js';
import type { NoticeIdentity } from './noticeIdentity.js';

/**
 * A saved tender search: the search as a person asks it (keyword, region, kind of notice, fields
 * matched, and a publication period only where one was typed: an open end is "up to today" on the
 * day of each check), always from its first page.
 */
export type TenderSearch = Omit<RequestOf<(typeof WATCHED_OPERATIONS)['tenders']>, 'pageIndex' | 'pageSize'>;

/** What a watch looks at, and what counts as a change worth telling the channel. */
export type WatchTarget =
  /** A company's general-taxpayer record, by credit code or name: any field that changes. */
  | { kind: 'company'; keyword: string }
  /** A fund's latest net assets: a move of more than `changePercent` %, or without it any new date. */
  | { kind: 'fund'; fundCode: string; changePercent?: number }
  /** A futures contract's latest close on one candle period crossing `level`, once per crossing. */
  /** `type` is the operation's candle code (`0` daily, `5`, `60` …), read by checks.ts. */
  | { kind: 'contract'; symbol: string; type: string; direction: 'above' | 'below'; level: number }
  /**
   * A saved tender search: each notice it finds that the watch has not told before, once. A check
   * reads further pages only while every notice of a page is new, and at most `maxPages` (its coin
   * cap, said before saving).
   */
  | { kind: 'tenders'; search: TenderSearch; maxPages: number };

export type WatchKind = WatchTarget['kind'];

/** What the last check saw, compared with at the next one (the first check only records it). */
export type WatchState =
  /** `record`: the last values found (kept while not found); `creditNo`: the company, once a check found it. */
  | { kind: 'company'; found: boolean; record: Record<string, string>; creditNo?: string }
  | { kind: 'fund'; assetDate?: string; asset?: number }
  | { kind: 'contract'; close: number; at: number; beyond: boolean }
  /**
   * `checkedAt`: when the last whole check read the list (down to notices it knew, its cap or the
   * list's end); `unfinished`: what checks cut short since read (a later page unanswered), for the
   * next check to read past. Absent in states stored by earlier versions (which kept `identifiedBy`).
   * The identities told are kept beside the watch (WatchRepository.told), not in it.
   */
  | { kind: 'tenders'; checkedAt?: number; unfinished?: NoticeIdentity[] };

/** One changed field, as the channel sees it: before and after side by side. */
export interface FieldChange {
  /** The service's field name (`taxCreditRating`); the Slack side labels it. */
  field: string;
  before: string;
  after: string;
}

/** A change one check found. */
export interface WatchChange {
  /** Before/after rows; empty for a saved search, whose change is its new `records`. */
  rows: FieldChange[];
  /** A saved search's new records (the service's, as served), newest first: one table, one message. */
  records?: unknown[];
  /** Every record read was new and the check stopped at its cap (pages, and the coins they cost): more may be waiting beyond it. */
  capped?: { pages: number; coins: number };
  /** A later page could not be read (and may have been charged): its notices were not told this time. */
  unreadPage?: { page: number; coinsAtRisk?: number };
  /** The service's name of what changed (a company, a fund code, a contract), for the message's title. */
  subject: string;
  /** The company is no longer found (told once, no rows). */
  notFound?: boolean;
}

export interface WatchPause extends JobPause {
  /**
   * A pause for the budget ends by itself when the budget day turns (BUDGET_TZ): the first check due
   * from then on runs. Absent: paused until someone resumes it.
   */
  resumesAt?: number;
}

/** The pause in force at `now`, if any: a budget pause has ended once its day has turned. */
export function pauseAt(watch: Pick<Watch, 'paused'>, now: number): WatchPause | undefined {
  const pause = watch.paused;
  return pause && !(pause.resumesAt !== undefined && pause.resumesAt <= now) ? pause : undefined;
}

export interface WatchRunRecord {
  scheduledFor: number;
  finishedAt: number;
  trigger: 'schedule' | 'catch-up' | 'manual';
  /** `post_unknown`: Slack did not say whether it posted the change (its state stays stored, so never twice). */
  outcome:
    | 'baseline'
    | 'changed'
    | 'unchanged'
    | 'not_found'
    | 'over_budget'
    | 'post_failed'
    | 'post_unknown'
    | 'fetch_failed'
    | 'missed'
    | 'refused';
  coinsSpent: number;
  detail?: Phrase;
  /** A check (or a later page of it) whose answer never came (timeout, unreadable): what the service may have charged for it. */
  coinsAtRisk?: number;
  /** A saved search: how many new notices it posted. */
  newRecords?: number;
  /** The store did not answer when this check was to be recorded: it is missing from the watch's history. */
  unrecorded?: boolean;
}

export interface Watch {
  id: string;
  teamId: string;
  channelId: string;
  createdBy: string;
  createdAt: number;
  target: WatchTarget;
  schedule: Schedule;
  /** The language of its posts; absent: the workspace's. */
  lang?: Locale;
  /** Post the first check's values too (otherwise the first check only records the baseline). */
  announceFirst?: boolean;
  paused?: WatchPause;
  state?: WatchState;
  lastRun?: WatchRunRecord;
  lastScheduledFor?: number;
  /**
   * Its checks in the 30 days after it was saved (what its cost is read from): counted once when it
   * is saved, not on every list. Absent in watches saved before it was kept; counted and stored then.
   */
  checksPerMonth?: number;
  /** Checks in a row answered in a shape this app cannot read (paid for); the watch pauses at 3. */
  schemaChanges?: number;
  /** Since when its checks were held because the app could not post (AppStatus); its next post says so. */
  heldSince?: number;
}

/** What one check found: what to keep for the next one, and what to tell. */
export interface CheckOutcome {
  /** What to compare the next check with. */
  state: WatchState;
  /** Set when this check found something to tell the channel. */
  change?: WatchChange;
  /** What the first check saw, shown when a watch asks to announce it. */
  first?: WatchChange;
  coinsSpent: number;
  /** The service found no such company this time. */
  notFound?: boolean;
  /** A saved search: the identities of the notices told and seen, to keep beside the watch (newest last). */
  told?: NoticeIdentity[];
  /** A later page of a saved search failed (or met the budget): the pages read before it are told. */
  stoppedBy?: unknown;
  /** What the service may have charged for a later page that went unanswered (a timeout): counted as the ledger counts it. */
  coinsAtRisk?: number;
}

/** What a check hands to whoever posts it (the Slack side renders it). */
export interface WatchNotice {
  watch: Watch;
  locale: Locale;
  simulated: boolean;
  /** A change to show as a before/after table; or, instead, why the watch paused. */
  change?: WatchChange;
  /** The first check's values, posted only when the watch asked for it. */
  first?: boolean;
  paused?: WatchPause;
  /** When the data was fetched. */
  checkedAt: number;
  /** Its checks were held from then until now because the app could not post: the post says so. */
  heldSince?: number;
  /** The name the workspace has seen for what it watches (a fund's), for the post to say it. */
  subjectName?: string;
}

export interface WatchPoster {
  post(notice: WatchNotice): Promise<void>;
}
