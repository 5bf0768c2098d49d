import type { CallResult } from '../client/dataClient.js';
import { NotCachedError, PageOutOfRangeError } from '../errors.js';
import { type AnyOperation, type OperationId, operations } from '../operations/index.js';
import { type ExportFailure, exportFailure } from './exportFailure.js';
import type { ExportPlan } from './exportPlan.js';

/** Where an export is, told before each page is fetched. */
export interface ExportProgress {
  /** The page being fetched now. */
  page: number;
  /** The last page the export will fetch, when the number of pages is known. */
  lastPage?: number;
  pagesDone: number;
  /** Coins spent by the export so far (pages from cache or shared with another lookup cost nothing). */
  coinsSpent: number;
}

/** Pages the file does not have because a call failed, from `fromPage` on. */
export interface ExportShortfall extends ExportFailure {
  fromPage: number;
  /** The last page the export meant to fetch, when the number of pages was known. */
  toPage?: number;
}

export interface ExportOutcome {
  plan: ExportPlan;
  /** Every page fetched, in order. */
  pages: CallResult[];
  /** Coins the export spent for sure: pages paid for, and a failed page that was charged. */
  coinsSpent: number;
  /** Coins a page with no readable answer may have cost (never retried). */
  coinsAtRisk: number;
  /** Pages of the whole result, as the last answer told them (the result may have changed since the plan). */
  pageCount?: number;
  /** The result goes on past EXPORT_MAX_PAGES: the file stops there. */
  capped: boolean;
  /** Pages the result grew to past the ones confirmed (and paid for); the file stops at the confirmed last page. */
  grewTo?: number;
  shortfall?: ExportShortfall;
}

export interface RunExportDeps {
  /**
   * One page through the data client (validation, cache, single flight, budgets, limiter, ledger),
   * spending at most `spendAtMost` coins: a page that would cost more is refused with NotCachedError.
   */
  call(operation: OperationId, request: Record<string, unknown>, spendAtMost: number): Promise<CallResult>;
  /** The coins the person confirmed for the whole export (the plan's cost when not given). */
  confirmedCoins?: number;
  onProgress?(progress: ExportProgress): void;
  /** Zone for times in the reasons (when a budget resets). */
  timeZone: string;
}

/**
 * Fetches pages 1 to the plan's last page, one after another, through the client, so each is
 * validated, cached, shared, charged against the budgets, paced and written to the ledger like any
 * lookup. The first failure stops the export: the pages fetched so far are kept, and what is
 * missing, why, and whether the failed call was charged is said in `shortfall`. Nothing is retried
 * here, least of all a call that may have been charged.
 */
export async function runExport(plan: ExportPlan, deps: RunExportDeps): Promise<ExportOutcome> {
  const definition: AnyOperation = operations[plan.operation];
  const pages: CallResult[] = [];
  let coinsSpent = 0;
  let coinsAtRisk = 0;
  let pageCount = plan.pageCount;
  let lastPage = plan.lastPage;
  let moreAfterLast = false;
  let shortfall: ExportShortfall | undefined;
  // A page that was free when the cost was confirmed can expire before the export reaches it: every
  // paid page is checked against what is left of the confirmed coins, and the export stops rather than overspend.
  const confirmedCoins = deps.confirmedCoins ?? plan.coins;
  for (let page = 1; page <= lastPage; page++) {
    deps.onProgress?.({ page, ...(pageCount !== undefined ? { lastPage } : {}), pagesDone: pages.length, coinsSpent });
    const request =
      plan.paged && definition.withPage
        ? (definition.withPage(plan.request, page) as Record<string, unknown>)
        : plan.request;
    let answer: CallResult;
    try {
      answer = await deps.call(plan.operation, request, Math.max(0, confirmedCoins - coinsSpent - coinsAtRisk));
    } catch (error) {
      if (error instanceof NotCachedError) {
        shortfall = {
          reason: { key: 'export.reason.overConfirmed', values: { coins: confirmedCoins } },
          charged: 'no',
          coins: 0,
          fromPage: page,
          ...(pageCount !== undefined ? { toPage: lastPage } : {}),
        };
        break;
      }
      // The result ended before this page (it shrank since the plan): nothing is missing.
      if (error instanceof PageOutOfRangeError) {
        pageCount = page - 1;
        break;
      }
      const failure = exportFailure(error, plan.costPerPage, deps.timeZone);
      if (failure.charged === 'yes') coinsSpent += failure.coins;
      if (failure.charged === 'maybe') coinsAtRisk += failure.coins;
      shortfall = { ...failure, fromPage: page, ...(pageCount !== undefined ? { toPage: lastPage } : {}) };
      break;
    }
    pages.push(answer);
    coinsSpent += answer.coinsSpent;
    // The answer in hand knows the number of pages best: the result may have grown or shrunk since the plan.
    const paging = answer.paging;
    if (!plan.paged || !paging) continue;
    if (paging.pageCount !== undefined) {
      pageCount = paging.pageCount;
      // A result that grew since the plan is not followed past the page the user confirmed paying
      // for: the file stops there and says more pages exist.
      lastPage = Math.min(pageCount, plan.maxPages, plan.lastPage);
    } else if (!paging.hasNext) {
      pageCount = page;
      lastPage = page;
    }
    moreAfterLast = page === lastPage && paging.hasNext;
  }
  const outcome: ExportOutcome = {
    plan,
    pages,
    coinsSpent,
    coinsAtRisk,
    capped: pageCount !== undefined ? pageCount > plan.maxPages : moreAfterLast,
  };
  if (pageCount !== undefined) outcome.pageCount = pageCount;
  if (pageCount !== undefined && pageCount > plan.lastPage && plan.lastPage < plan.maxPages && !shortfall)
    outcome.grewTo = Math.min(pageCount, plan.maxPages);
  if (shortfall) outcome.shortfall = shortfall;
  return outcome;
}
