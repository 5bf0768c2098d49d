import { cacheKey } from '../client/cache.js';
import { type PagingSpec, withPageSize } from '../operations/definition.js';
import { type AnyOperation, type OperationId, operations, type PageInfo } from '../operations/index.js';

/** What the cache holds for one page (DataClient.peek): free when fresh; its paging says how many pages there are. */
export interface PeekedPage {
  fresh: boolean;
  paging?: PageInfo;
}

export interface ExportPlanDeps {
  peek(operation: OperationId, request: Record<string, unknown>): Promise<PeekedPage | undefined>;
  /** Coins one upstream call of the operation costs here (the prices every screen shows). */
  costOf(operation: OperationId): number;
  /** EXPORT_MAX_PAGES: an export never fetches more pages than this. */
  maxPages: number;
}

/**
 * What a whole export will fetch and cost, worked out from the cache before anything is spent.
 * Pages are numbered from 1 in `pageSize`; the export covers pages 1 to `lastPage`.
 */
export interface ExportPlan {
  operation: OperationId;
  /** The query at page 1, in the page size the export uses (a wire request). */
  request: Record<string, unknown>;
  /** False for an operation with a single answer (futures candles): one "page". */
  paged: boolean;
  pageSize?: number;
  /** The page size of the query the export started from, when the export uses a larger one. */
  requestedPageSize?: number;
  /** How many pages the query has in its own page size, when known and different. */
  requestedPageCount?: number;
  /** Records in the whole result, when the service says. */
  total?: number;
  /** Pages of the whole result in `pageSize`, when known. */
  pageCount?: number;
  /** The last page the export fetches: the result's last, or EXPORT_MAX_PAGES, whichever is first. */
  lastPage: number;
  maxPages: number;
  /** The result has more pages than EXPORT_MAX_PAGES: the file will stop at `lastPage`. */
  capped: boolean;
  /** Pages of 1..lastPage fresh in the cache: free. */
  cachedPages: number[];
  /** Pages that will be paid for (when the page count is unknown, at most this many). */
  pagesToFetch: number;
  costPerPage: number;
  /** pagesToFetch × costPerPage: what the export costs, or at most costs when the page count is unknown. */
  coins: number;
}

function pageSizeOf(operation: OperationId, request: Record<string, unknown>): number | undefined {
  const spec: PagingSpec | undefined = operations[operation].pages;
  const size = Number(spec ? request[spec.sizeField] : undefined);
  return Number.isInteger(size) && size > 0 ? size : undefined;
}

/** The request at another page size, in the wire type the operation declares (not guessed from the request). */
function sized(operation: OperationId, request: Record<string, unknown>, size: number): Record<string, unknown> {
  const spec: PagingSpec | undefined = operations[operation].pages;
  return spec ? withPageSize(spec, request, size) : request;
}

/**
 * The largest page size the operation allows (50 for the fund operations, 10 for bids, 20 for
 * taxpayers): fewer pages, so fewer coins. Read from the operation's paging declaration, the same
 * one its validation caps page sizes with, so the two cannot drift apart.
 */
export function largestPageSize(operation: OperationId, request: Record<string, unknown>): number {
  return operations[operation].pages?.largest ?? pageSizeOf(operation, request) ?? 1;
}

/**
 * Identifies the query whatever page or page size it was seen at: two exports of the same query in
 * one workspace are one export (the second joins the first).
 */
export function exportKey(teamId: string, operation: OperationId, request: Record<string, unknown>): string {
  const definition: AnyOperation = operations[operation];
  const firstPage = definition.withPage ? (definition.withPage(request, 1) as Record<string, unknown>) : request;
  return `${teamId}:${cacheKey(operation, { ...firstPage, pageSize: undefined })}`;
}

interface Candidate {
  pageSize: number;
  request: Record<string, unknown>;
  pageCount?: number;
  lastPage: number;
  cachedPages: number[];
}

/** Pages 1..n of the query in `size`, with which are cached; `total` when known gives n at once. */
async function candidate(
  deps: ExportPlanDeps,
  operation: OperationId,
  base: Record<string, unknown>,
  size: number,
  total: number | undefined,
): Promise<Candidate> {
  const definition: AnyOperation = operations[operation];
  const request = sized(operation, definition.withPage!(base, 1) as Record<string, unknown>, size);
  const pageRequest = (page: number) => definition.withPage!(request, page) as Record<string, unknown>;
  if (total !== undefined) {
    const pageCount = Math.max(1, Math.ceil(total / size));
    const lastPage = Math.min(pageCount, deps.maxPages);
    const pages = Array.from({ length: lastPage }, (_, index) => index + 1);
    const peeked = await Promise.all(pages.map((page) => deps.peek(operation, pageRequest(page))));
    return {
      pageSize: size,
      request,
      pageCount,
      lastPage,
      cachedPages: pages.filter((_, index) => peeked[index]?.fresh),
    };
  }
  // No total: walk the cached pages; one that says it is the last gives the count.
  const cachedPages: number[] = [];
  for (let page = 1; page <= deps.maxPages; page++) {
    const peeked = await deps.peek(operation, pageRequest(page));
    if (!peeked?.fresh) continue;
    cachedPages.push(page);
    if (peeked.paging && !peeked.paging.hasNext)
      return { pageSize: size, request, pageCount: page, lastPage: page, cachedPages };
  }
  return { pageSize: size, request, lastPage: deps.maxPages, cachedPages };
}

/** Records the candidate's pages hold (more is better when EXPORT_MAX_PAGES cuts the result short). */
function covered(option: Candidate, total: number | undefined): number {
  return total === undefined ? option.lastPage * option.pageSize : Math.min(total, option.lastPage * option.pageSize);
}

/**
 * What exporting the whole of this query costs. The query's own page size is compared with the
 * largest the operation allows: the export takes whichever covers more of the result within
 * EXPORT_MAX_PAGES, then whichever costs fewer coins (cached pages of the query's own size are free),
 * then the query's own size. Reads only the cache; spends nothing.
 */
export async function planExport(
  operation: OperationId,
  request: Record<string, unknown>,
  deps: ExportPlanDeps,
  options: { pageSize?: number } = {},
): Promise<ExportPlan> {
  const definition: AnyOperation = operations[operation];
  const costPerPage = deps.costOf(operation);
  const base = { operation, maxPages: deps.maxPages, costPerPage };
  if (!definition.withPage) {
    const peeked = await deps.peek(operation, request);
    const cachedPages = peeked?.fresh ? [1] : [];
    const pagesToFetch = 1 - cachedPages.length;
    return {
      ...base,
      request,
      paged: false,
      pageCount: 1,
      lastPage: 1,
      capped: false,
      cachedPages,
      pagesToFetch,
      coins: pagesToFetch * costPerPage,
    };
  }

  // The total comes from any page seen: the one the button was under, else the first.
  const seen =
    (await deps.peek(operation, request)) ??
    (await deps.peek(operation, definition.withPage(request, 1) as Record<string, unknown>));
  const total = seen?.paging?.total;
  const ownSize = pageSizeOf(operation, request) ?? largestPageSize(operation, request);
  const sizes =
    options.pageSize !== undefined ? [options.pageSize] : [...new Set([ownSize, largestPageSize(operation, request)])];
  // Without a total the number of pages is unknown at any size; the query's own size at least finds its cached pages.
  const candidates = await Promise.all(
    (total === undefined && options.pageSize === undefined ? [ownSize] : sizes).map((size) =>
      candidate(deps, operation, request, size, total),
    ),
  );
  const coinsOf = (option: Candidate) => (option.lastPage - option.cachedPages.length) * costPerPage;
  const best = candidates.reduce((chosen, option) => {
    const more = covered(option, total) - covered(chosen, total);
    if (more !== 0) return more > 0 ? option : chosen;
    return coinsOf(option) < coinsOf(chosen) ? option : chosen;
  });
  const pagesToFetch = best.lastPage - best.cachedPages.length;
  const plan: ExportPlan = {
    ...base,
    request: best.request,
    paged: true,
    pageSize: best.pageSize,
    lastPage: best.lastPage,
    capped: best.pageCount !== undefined && best.pageCount > deps.maxPages,
    cachedPages: best.cachedPages,
    pagesToFetch,
    coins: pagesToFetch * costPerPage,
  };
  if (total !== undefined) plan.total = total;
  if (best.pageCount !== undefined) plan.pageCount = best.pageCount;
  if (best.pageSize !== ownSize) {
    plan.requestedPageSize = ownSize;
    if (total !== undefined) plan.requestedPageCount = Math.max(1, Math.ceil(total / ownSize));
  }
  return plan;
}
