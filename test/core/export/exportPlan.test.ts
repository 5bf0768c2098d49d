import { describe, expect, it } from 'vitest';
import { cacheKey } from '../../../src/core/client/cache.js';
import { ValidationError } from '../../../src/core/errors.js';
import { exportKey, largestPageSize, type PeekedPage, planExport } from '../../../src/core/export/exportPlan.js';
import { pageInfo } from '../../../src/core/operations/definition.js';
import { OPERATION_IDS, type OperationId, operations } from '../../../src/core/operations/index.js';
import { validate } from '../../../src/core/operations/validate.js';

const BIDS: OperationId = 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list';
const FUND_ASSET: OperationId = 'fund-asset';
const FUTURES = 'finance-external-futures-kline';

/** A cache holding exactly these requests, fresh, as DataClient.peek would report them. */
function cacheWith(
  entries: Array<{ operation: OperationId; request: Record<string, unknown>; total?: number; received?: number }>,
) {
  const held = new Map<string, PeekedPage>();
  for (const entry of entries) {
    const definition = operations[entry.operation] as { pageField?: string };
    const page = Number(entry.request[definition.pageField ?? ''] ?? 1);
    const size = Number(entry.request.pageSize ?? 10);
    held.set(cacheKey(entry.operation, entry.request), {
      fresh: true,
      paging: pageInfo(page, size, entry.total, entry.received ?? size),
    });
  }
  const asked: string[] = [];
  return {
    asked,
    peek: async (operation: OperationId, request: Record<string, unknown>) => {
      const key = cacheKey(operation, validate(operation, request));
      asked.push(key);
      return held.get(key);
    },
  };
}

const deps = (peek: ReturnType<typeof cacheWith>['peek'], maxPages = 20) => ({
  peek,
  costOf: (operation: OperationId) => operations[operation].cost,
  maxPages,
});

describe('planning an export', () => {
  it('3 pages of bids with page 1 cached: 2 to fetch at 10 coins', async () => {
    const request = { keyword: '光伏组件', pageSize: '10', pageIndex: '1' };
    const cache = cacheWith([{ operation: BIDS, request, total: 23 }]);
    const plan = await planExport(BIDS, request, deps(cache.peek));
    expect(plan).toMatchObject({
      paged: true,
      pageSize: 10,
      total: 23,
      pageCount: 3,
      lastPage: 3,
      capped: false,
      cachedPages: [1],
      pagesToFetch: 2,
      costPerPage: 10,
      coins: 20,
    });
    expect(plan.requestedPageSize).toBeUndefined();
  });

  it('takes the largest page size the operation allows when that costs fewer coins, starting from any page', async () => {
    const page3 = { fundCode: '000001', pageNo: '3', pageSize: '10' };
    const cache = cacheWith([{ operation: FUND_ASSET, request: page3, total: 100 }]);
    const plan = await planExport(FUND_ASSET, page3, deps(cache.peek));
    expect(plan).toMatchObject({
      pageSize: 50,
      pageCount: 2,
      lastPage: 2,
      cachedPages: [],
      pagesToFetch: 2,
      coins: 20,
      requestedPageSize: 10,
      requestedPageCount: 10,
    });
    expect(plan.request).toEqual({ fundCode: '000001', pageNo: '1', pageSize: '50' });
  });

  it("keeps the query's own page size when its cached pages make it as cheap", async () => {
    const pages = [1, 2].map((page) => ({
      operation: FUND_ASSET,
      request: { fundCode: '000001', pageNo: String(page), pageSize: '10' },
      total: 30,
    }));
    const plan = await planExport(FUND_ASSET, pages[0]!.request, deps(cacheWith(pages).peek));
    // Own size: 3 pages, 2 cached → 10 coins; size 50: 1 page, none cached → 10 coins. A tie keeps the query's size.
    expect(plan).toMatchObject({ pageSize: 10, cachedPages: [1, 2], pagesToFetch: 1, coins: 10 });
  });

  it('stops at EXPORT_MAX_PAGES and says the result goes on', async () => {
    const request = { keyword: '有限公司', pageNo: 1, pageSize: 20 };
    const cache = cacheWith([{ operation: 'enterprise-general-taxpayer-query', request, total: 680 }]);
    const plan = await planExport('enterprise-general-taxpayer-query', request, deps(cache.peek, 20));
    expect(plan).toMatchObject({
      pageCount: 34,
      lastPage: 20,
      capped: true,
      pagesToFetch: 19,
      coins: 380,
      maxPages: 20,
    });
  });

  it('without a total, counts the cached pages up to one that says it is the last', async () => {
    const pages = [1, 2].map((page) => ({
      operation: BIDS,
      request: { keyword: '光伏组件', pageSize: '10', pageIndex: String(page) },
      received: page === 2 ? 4 : 10,
    }));
    const known = await planExport(BIDS, pages[0]!.request, deps(cacheWith(pages).peek));
    expect(known).toMatchObject({ pageCount: 2, lastPage: 2, cachedPages: [1, 2], coins: 0 });
    const unknown = await planExport(BIDS, pages[0]!.request, deps(cacheWith([pages[0]!]).peek, 5));
    expect(unknown.pageCount).toBeUndefined();
    expect(unknown).toMatchObject({ lastPage: 5, cachedPages: [1], pagesToFetch: 4, coins: 40, capped: false });
  });

  it('futures: one lookup, free when cached', async () => {
    const request = { symbol: 'CL', type: '5', limit: '30' };
    expect(await planExport(FUTURES, request, deps(cacheWith([{ operation: FUTURES, request }]).peek))).toMatchObject({
      paged: false,
      lastPage: 1,
      cachedPages: [1],
      coins: 0,
    });
    expect(await planExport(FUTURES, request, deps(cacheWith([]).peek))).toMatchObject({
      paged: false,
      cachedPages: [],
      pagesToFetch: 1,
      coins: 5,
    });
  });

  it("finds each operation's largest page size in its own validation", () => {
    const queries: Partial<Record<OperationId, Record<string, unknown>>> = {
      'enterprise-general-taxpayer-query': { keyword: '华信', pageNo: 1, pageSize: 10 },
      [BIDS]: { keyword: '光伏组件', pageIndex: '1', pageSize: '10' },
      [FUND_ASSET]: { fundCode: '000001', pageNo: '1', pageSize: '10' },
      'fund-new-list': { pageNo: '1', pageSize: '10' },
    };
    for (const id of OPERATION_IDS.filter((operation) => queries[operation])) {
      const request = queries[id]!;
      const largest = largestPageSize(id, request);
      expect(() => validate(id, { ...request, pageSize: largest })).not.toThrow();
      expect(() => validate(id, { ...request, pageSize: largest + 1 })).toThrow(ValidationError);
    }
    expect(largestPageSize(BIDS, queries[BIDS]!)).toBe(10);
    expect(largestPageSize(FUND_ASSET, queries[FUND_ASSET]!)).toBe(50);
  });

  it('names the same query the same whatever page or page size it was seen at', () => {
    const a = exportKey('T1', FUND_ASSET, { fundCode: '000001', pageNo: '3', pageSize: '10' });
    expect(exportKey('T1', FUND_ASSET, { fundCode: '000001', pageNo: '1', pageSize: '50' })).toBe(a);
    expect(exportKey('T2', FUND_ASSET, { fundCode: '000001', pageNo: '1', pageSize: '50' })).not.toBe(a);
    expect(exportKey('T1', FUND_ASSET, { fundCode: '000002', pageNo: '3', pageSize: '10' })).not.toBe(a);
  });
});
