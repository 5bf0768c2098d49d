// What a saved tender search finds new at one check. The service's document shows neither the fields
// of a bid record nor the order of a page; like the simulator, and like anyone paging a news list,
// this takes a page to be newest first: while every notice of a page is new the next one may hold
// more, and once a page holds a notice told before, nothing beyond it is new. A check cut short (a
// later page unanswered) leaves that edge unreached: the next one reads on past what it told.

import { localDate } from '../../time/calendar.js';
import type { CallContext, CallResult, DataClient } from '../client/dataClient.js';
import { UpstreamError } from '../errors.js';
import { SERVICE_TIME_ZONE } from '../operations/definition.js';
import { WATCHED_OPERATIONS } from '../operations/index.js';
import { type NoticeIdentity, type PageNotice, pageNotices } from './noticeIdentity.js';
import type { CheckOutcome, TenderSearch, WatchState, WatchTarget } from './types.js';

type TenderTarget = Extract<WatchTarget, { kind: 'tenders' }>;

/**
 * Identities kept per watch, most recently seen last. Every check marks again every notice it read,
 * so a notice stays known for as long as it can still appear on the pages a check reads (at most
 * TENDER_PAGES_MOST pages of 10, one identity each, two for records saying the same: 100 at most);
 * the rest is room for a service that serves a page in a different order from one check to the
 * next, and for what earlier versions stored (three identities a notice). About 30 KB a watch.
 */
export const TOLD_KEPT = 1000;

/**
 * A notice not told before, dated two days or more before the last whole check (before the day
 * before it, in Shanghai), was there a day at least before that check read the notices newer than
 * it: it is old, whatever order the service serves it in now. The day between lets a service list a
 * notice a little late.
 */
const OLD_AFTER_MS = 24 * 3_600_000;

/** A check reads one page unless every notice on it is new; by default at most this many (its cap). */
export const TENDER_PAGES_DEFAULT = 3;
/** The most pages a check may read: one message's table holds their notices (Slack's data_table: 100 rows). */
export const TENDER_PAGES_MOST = 5;
/** What checks cut short read, kept until a check reads past it: two checks' most pages, of 10 notices. */
const UNFINISHED_KEPT = 2 * TENDER_PAGES_MOST * 10;

/** The question a check asks for page `page`: the search as a person asks it (the operation's own page size). */
export function tenderInput(search: TenderSearch, page = 1): Record<string, string> {
  const input: Record<string, string> = {};
  for (const [field, value] of Object.entries(search)) if (typeof value === 'string' && value) input[field] = value;
  if (page > 1) input.pageIndex = String(page);
  return input;
}

/**
 * A search as a result asked it, to be watched from then on: its keyword, region, kind of notice and
 * fields, without its period. A watch tells what is published from now on, which any period reaching
 * today finds: a period that ended would find nothing new, and one from a start would stop finding
 * notices a year after it (the longest the service searches).
 */
export function searchToWatch(request: Record<string, unknown>): TenderSearch | undefined {
  const text = (field: string) =>
    typeof request[field] === 'string' && request[field] !== '' ? (request[field] as string) : undefined;
  const keyword = text('keyword');
  if (keyword === undefined) return undefined;
  const search: TenderSearch = { keyword };
  for (const field of ['province', 'type', 'searchType'] as const) {
    const value = text(field);
    if (value !== undefined) search[field] = value;
  }
  return search;
}

/** Told before this check: by its identity, by what an earlier version stored, or as the one of its twins seen alone. */
function toldBefore(notice: PageNotice, known: ReadonlySet<NoticeIdentity>): boolean {
  if (known.has(notice.identity) || (notice.legacy !== undefined && known.has(notice.legacy))) return true;
  // Records saying the same, one of which a check saw alone: the last of them (the oldest, newest first) is that one.
  const { plain, twins } = notice;
  return (
    plain !== undefined &&
    twins !== undefined &&
    known.has(plain) &&
    !twins.some((twin) => known.has(twin)) &&
    twins.at(-1) === notice.identity
  );
}

/**
 * One check of a saved search: reads its first page (and the next while every notice of a page is
 * new, up to the watch's cap), and tells the notices it has not told before, once, each known by
 * what it says (noticeIdentity.ts). The first check records the first page. A later page that fails
 * is left for the next check: the notices of the pages paid for are told, and the next check reads
 * on past them (they are told, but beyond them lies a page no check read) until it meets a notice
 * known from before, its cap or the end of the list. A notice not told before and dated two days or
 * more before the last whole check is not new (OLD_AFTER_MS): a service that serves the same
 * notices in another order brings no old one up as new.
 */
export async function checkNewNotices(
  data: DataClient,
  target: TenderTarget,
  previous: WatchState | undefined,
  told: readonly NoticeIdentity[],
  context: CallContext,
  notBefore: number,
): Promise<CheckOutcome> {
  const known = new Set(told);
  const last = previous?.kind === 'tenders' ? previous : undefined;
  const firstCheck = last === undefined;
  const cutShort = new Set(last?.unfinished);
  const oldBefore =
    last?.checkedAt === undefined ? undefined : localDate(last.checkedAt - OLD_AFTER_MS, SERVICE_TIME_ZONE);
  const fresh: unknown[] = [];
  const seen: NoticeIdentity[] = [];
  const readNow = new Set<NoticeIdentity>();
  let firstPage: unknown[] = [];
  let coinsSpent = 0;
  let capped: { pages: number; coins: number } | undefined;
  let stoppedBy: unknown;
  let unreadPage: { page: number; coinsAtRisk?: number } | undefined;
  for (let page = 1; page <= target.maxPages; page++) {
    let answer: CallResult<typeof WATCHED_OPERATIONS.tenders>;
    try {
      answer = await data.call(WATCHED_OPERATIONS.tenders, tenderInput(target.search, page), context, {
        notBefore,
        confirmed: true,
      });
    } catch (error) {
      if (page === 1) throw error;
      stoppedBy = error;
      // A page that went unanswered may have been charged all the same: the run says so, as the ledger does.
      const coinsAtRisk = error instanceof UpstreamError && error.mayHaveCharged ? error.coinsAtRisk : undefined;
      unreadPage = { page, ...(coinsAtRisk ? { coinsAtRisk } : {}) };
      break;
    }
    coinsSpent += answer.coinsSpent;
    const records = answer.result.records;
    if (page === 1) firstPage = records;
    // Read on while every notice of the page is new, or told by a check cut short.
    let readOn = records.length > 0;
    pageNotices(records).forEach((notice, index) => {
      // A record with neither a title nor an id or link of its own names no notice: it cannot be told once, so it is not told.
      if (!notice) return;
      seen.push(notice.identity, ...(notice.plain ? [notice.plain] : []));
      // Met again within this check: the list moved on between two pages.
      if (readNow.has(notice.identity)) return;
      readNow.add(notice.identity);
      if (toldBefore(notice, known)) {
        if (!cutShort.has(notice.identity)) readOn = false;
      } else if (oldBefore !== undefined && notice.date !== undefined && notice.date < oldBefore) {
        readOn = false;
      } else {
        fresh.push(records[index]);
      }
    });
    const fullPage = records.length >= Number(answer.request.pageSize);
    if (firstCheck || !readOn || !fullPage || !answer.paging?.hasNext) break;
    if (page === target.maxPages) capped = { pages: page, coins: page * answer.cost };
  }
  const seenNow = new Set(seen);
  const keep = [...told.filter((identity) => !seenNow.has(identity)), ...seenNow].slice(-TOLD_KEPT);
  // A check cut short keeps the time of the last whole one, and what it read for the next to read past.
  const state: WatchState =
    unreadPage === undefined
      ? { kind: 'tenders', checkedAt: notBefore }
      : {
          kind: 'tenders',
          ...(last?.checkedAt !== undefined ? { checkedAt: last.checkedAt } : {}),
          unfinished: [...new Set([...cutShort, ...readNow])].slice(-UNFINISHED_KEPT),
        };
  const subject = target.search.keyword;
  const outcome: CheckOutcome = {
    state,
    told: keep,
    coinsSpent,
    ...(stoppedBy !== undefined ? { stoppedBy } : {}),
    ...(unreadPage?.coinsAtRisk ? { coinsAtRisk: unreadPage.coinsAtRisk } : {}),
  };
  if (firstCheck) return { ...outcome, first: { subject, rows: [], records: firstPage } };
  if (fresh.length === 0) return outcome;
  return {
    ...outcome,
    change: {
      subject,
      rows: [],
      records: fresh,
      ...(capped ? { capped } : {}),
      ...(unreadPage ? { unreadPage } : {}),
    },
  };
}
