// What a saved tender search finds new at one check. The service's document shows neither the fields
// of a bid record nor the order of a page; like the simulator, and like anyone paging a news list,
// this takes a page to be newest first: while every notice of a page is new the next one may hold
// more, and once a page holds a notice told before, nothing beyond it is new.
import type { CallContext, CallResult, DataClient } from '../client/dataClient.js';
import { UpstreamError } from '../errors.js';
import { WATCHED_OPERATIONS } from '../operations/index.js';
import { type IdentityBasis, type NoticeIdentity, noticeIdentities } from './noticeIdentity.js';
import type { CheckOutcome, TenderSearch, WatchState, WatchTarget } from './types.js';

type TenderTarget = Extract<WatchTarget, { kind: 'tenders' }>;

/**
 * Identities kept per watch, most recently seen last. Every check marks again every notice it read,
 * so a notice stays known for as long as it can still appear on the pages a check reads (at most
 * TENDER_PAGES_MOST pages of 10, two or three identities each: 150 at most); the rest is room for a
 * service that serves a page in a different order from one check to the next. About 40 KB a watch.
 */
export const TOLD_KEPT = 1000;

/** A check reads one page unless every notice on it is new; by default at most this many (its cap). */
export const TENDER_PAGES_DEFAULT = 3;
/** The most pages a check may read: one message's table holds their notices (Slack's data_table: 100 rows). */
export const TENDER_PAGES_MOST = 5;

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

interface SeenNotice {
  record: unknown;
  identities: NoticeIdentity[];
}

/**
 * One check of a saved search: reads its first page (and the next while every notice of a page is
 * new, up to the watch's cap), and tells the notices whose identity it has not told before, once. A
 * notice is known by its strongest identity (the service's id, else its link, else the fingerprint
 * of its title, purchaser, kind and date); when the service identifies it otherwise than at the last
 * check (it stopped or started sending ids), by any of them. The first check records the first page.
 * A later page that fails is left for the next check: the notices of the pages paid for are told.
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
  const lastBasis = previous?.kind === 'tenders' ? new Set(previous.identifiedBy) : undefined;
  const firstCheck = lastBasis === undefined;
  const fresh: SeenNotice[] = [];
  const seen: NoticeIdentity[] = [];
  const readNow = new Set<NoticeIdentity>();
  const basis = new Set<IdentityBasis>();
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
    let everyOneNew = records.length > 0;
    for (const record of records) {
      const identities = noticeIdentities(record);
      // A record with neither id, link nor title names no notice: it cannot be told once, so it is not told.
      if (!identities) continue;
      basis.add(identities.basis);
      seen.push(...identities.all);
      // Met again within this check: the list moved on between two pages.
      if (readNow.has(identities.primary)) continue;
      readNow.add(identities.primary);
      const told =
        known.has(identities.primary) ||
        (lastBasis !== undefined &&
          !lastBasis.has(identities.basis) &&
          identities.all.some((identity) => known.has(identity)));
      if (told) everyOneNew = false;
      else fresh.push({ record, identities: identities.all });
    }
    const fullPage = records.length >= Number(answer.request.pageSize);
    if (firstCheck || !everyOneNew || !fullPage || !answer.paging?.hasNext) break;
    if (page === target.maxPages) capped = { pages: page, coins: page * answer.cost };
  }
  const seenNow = new Set(seen);
  const keep = [...told.filter((identity) => !seenNow.has(identity)), ...seenNow].slice(-TOLD_KEPT);
  const state: WatchState = {
    kind: 'tenders',
    identifiedBy: basis.size > 0 ? [...basis].sort() : [...(lastBasis ?? [])].sort(),
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
      records: fresh.map((notice) => notice.record),
      ...(capped ? { capped } : {}),
      ...(unreadPage ? { unreadPage } : {}),
    },
  };
}
