import { describe, expect, it } from 'vitest';
import type { CallResult } from '../../../src/core/client/dataClient.js';
import { BudgetExceededError, PageOutOfRangeError, UpstreamError } from '../../../src/core/errors.js';
import type { ExportPlan } from '../../../src/core/export/exportPlan.js';
import { type ExportProgress, runExport } from '../../../src/core/export/runExport.js';
import { pageInfo } from '../../../src/core/operations/definition.js';
import { english } from '../../../src/i18n/lang.js';

const BIDS = 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list';

function plan(overrides: Partial<ExportPlan> = {}): ExportPlan {
  return {
    operation: BIDS,
    request: { keyword: '光伏组件', pageSize: '10', pageIndex: '1' },
    paged: true,
    pageSize: 10,
    total: 23,
    pageCount: 3,
    lastPage: 3,
    maxPages: 20,
    capped: false,
    cachedPages: [1],
    pagesToFetch: 2,
    costPerPage: 10,
    coins: 20,
    ...overrides,
  };
}

/** Pages of a result of `total` records (unknown when undefined); page 1 from cache, the others charged. */
function pages(total: number | undefined, options: { failAt?: number; error?: unknown; records?: number } = {}) {
  const asked: number[] = [];
  const call = async (_operation: string, request: Record<string, unknown>): Promise<CallResult> => {
    const page = Number(request.pageIndex);
    asked.push(page);
    if (page === options.failAt) throw options.error;
    const received = total === undefined ? (page < 3 ? 10 : 4) : Math.max(0, Math.min(10, total - (page - 1) * 10));
    const records = Array.from({ length: received }, (_, index) => ({ id: `${page}-${index}` }));
    const cached = page === 1;
    return {
      operation: BIDS,
      request,
      result: { records, ...(total !== undefined ? { total } : {}) },
      source: cached ? 'cache' : 'upstream',
      coinsSpent: cached ? 0 : 10,
      cost: 10,
      storedAt: 0,
      ageMs: 0,
      paging: pageInfo(page, 10, total, received),
    } as unknown as CallResult;
  };
  return { asked, call };
}

describe('running an export', () => {
  it('fetches every page in order, telling progress before each, and counts only the coins spent', async () => {
    const { asked, call } = pages(23);
    const progress: ExportProgress[] = [];
    const outcome = await runExport(plan(), {
      call,
      onProgress: (state) => progress.push(state),
      timeZone: 'Asia/Shanghai',
    });
    expect(asked).toEqual([1, 2, 3]);
    expect(progress).toEqual([
      { page: 1, lastPage: 3, pagesDone: 0, coinsSpent: 0 },
      { page: 2, lastPage: 3, pagesDone: 1, coinsSpent: 0 },
      { page: 3, lastPage: 3, pagesDone: 2, coinsSpent: 10 },
    ]);
    expect(outcome).toMatchObject({ coinsSpent: 20, coinsAtRisk: 0, pageCount: 3, capped: false });
    expect(outcome.pages).toHaveLength(3);
    expect(outcome.shortfall).toBeUndefined();
  });

  it('stops at a budget: the pages before it are kept, and nothing was charged for the refused one', async () => {
    const error = new BudgetExceededError('team', 25, 20, 10, new Date(Date.parse('2026-11-22T16:00:00Z')));
    const { asked, call } = pages(23, { failAt: 3, error });
    const outcome = await runExport(plan(), { call, timeZone: 'Asia/Shanghai' });
    expect(asked).toEqual([1, 2, 3]);
    expect(outcome.pages).toHaveLength(2);
    expect(outcome.shortfall).toMatchObject({ fromPage: 3, toPage: 3, charged: 'no', coins: 0 });
    expect(english.t(outcome.shortfall!.reason)).toBe(
      "the workspace's daily budget of 25 coins would be passed (20 spent today; it resets at 2026-11-23 00:00)",
    );
  });

  it('a page with no answer may have been charged: said, counted at risk, and not retried', async () => {
    const error = new UpstreamError('timeout', { operation: BIDS });
    error.coinsAtRisk = 10;
    const { asked, call } = pages(23, { failAt: 2, error });
    const outcome = await runExport(plan(), { call, timeZone: 'UTC' });
    expect(asked).toEqual([1, 2]);
    expect(outcome).toMatchObject({ coinsSpent: 0, coinsAtRisk: 10 });
    expect(outcome.shortfall).toMatchObject({
      fromPage: 2,
      toPage: 3,
      charged: 'maybe',
      coins: 10,
      reason: { key: 'export.reason.timeout' },
    });
  });

  it('follows the live page count: a result that shrank ends early, without a shortfall', async () => {
    const { asked, call } = pages(12);
    const outcome = await runExport(plan(), { call, timeZone: 'UTC' });
    expect(asked).toEqual([1, 2]);
    expect(outcome).toMatchObject({ pageCount: 2, capped: false });
    const past = pages(23, { failAt: 3, error: new PageOutOfRangeError(BIDS, 'pageIndex', 3, 2, '') });
    const ended = await runExport(plan(), { call: past.call, timeZone: 'UTC' });
    expect(ended).toMatchObject({ pageCount: 2 });
    expect(ended.shortfall).toBeUndefined();
  });

  it('does not follow a result that grew past the pages confirmed: it stops there and says the result grew', async () => {
    const { asked, call } = pages(95);
    const outcome = await runExport(plan(), { call, timeZone: 'UTC' });
    expect(asked).toEqual([1, 2, 3]);
    expect(outcome.coinsSpent).toBe(20);
    expect(outcome).toMatchObject({ pageCount: 10, grewTo: 10, capped: false });
  });

  it('without a total, reads until a short page; at EXPORT_MAX_PAGES with more to come, says it is capped', async () => {
    const unknown = plan({ pageCount: undefined, total: undefined, lastPage: 20, maxPages: 20 });
    const whole = pages(undefined);
    const outcome = await runExport(unknown, { call: whole.call, timeZone: 'UTC' });
    expect(whole.asked).toEqual([1, 2, 3]);
    expect(outcome).toMatchObject({ pageCount: 3, capped: false });
    const cut = pages(undefined);
    const capped = await runExport({ ...unknown, lastPage: 2, maxPages: 2 }, { call: cut.call, timeZone: 'UTC' });
    expect(cut.asked).toEqual([1, 2]);
    expect(capped.pageCount).toBeUndefined();
    expect(capped.capped).toBe(true);
  });
});
