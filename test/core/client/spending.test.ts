import { afterEach, describe, expect, it } from 'vitest';
import { BudgetExceededError, NotCachedError } from '../../../src/core/errors.js';
import { startVirtualDataService as startDataService, TEAM, upstreamCalls } from '../../support/dataService.js';
import { maxInWindow } from '../../support/measure.js';

// Spending and pacing are decisions over time: the simulator's decisions on virtual time.
let service: ReturnType<typeof startDataService> | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

const FAST = { 'fund-asset': { count: 1000, windowMs: 1000 } } as const;

describe('never paying twice', () => {
  it('a repeated call is answered from cache, costs nothing and says how old it is', async () => {
    service = startDataService();
    const first = await service.client.call('fund-asset', { fundCode: '000001' }, TEAM);
    const again = await service.client.call(
      'fund-asset',
      { fundCode: '000001', pageNo: '1', pageSize: '50' },
      { ...TEAM, userId: 'U2' },
    );
    expect(first).toMatchObject({ source: 'upstream', coinsSpent: 10 });
    expect(again).toMatchObject({ source: 'cache', coinsSpent: 0, cost: 10, taskNo: first.taskNo });
    expect(again.ageMs).toBeGreaterThanOrEqual(0);
    expect(again.result).toEqual(first.result);
    expect(upstreamCalls(service.simulator)).toHaveLength(1);
  });

  it('a stale entry is refetched, yet stays available for sharing without a charge', async () => {
    service = startDataService({}, { cacheTtlMs: { futures: 50 } });
    await service.client.call('finance-external-futures-kline', { symbol: 'CL', type: '5' }, TEAM);
    await service.clock.advance(80);
    const shared = await service.client.call('finance-external-futures-kline', { symbol: 'CL', type: '5' }, TEAM, {
      cacheOnly: true,
    });
    expect(shared).toMatchObject({ source: 'cache', coinsSpent: 0 });
    expect(upstreamCalls(service.simulator)).toHaveLength(1);
    const fresh = await service.client.call('finance-external-futures-kline', { symbol: 'CL', type: '5' }, TEAM);
    expect(fresh.source).toBe('upstream');
    await expect(
      service.client.call('finance-external-futures-kline', { symbol: 'GC', type: '5' }, TEAM, { cacheOnly: true }),
    ).rejects.toBeInstanceOf(NotCachedError);
  });

  it('20 concurrent identical calls make one upstream call and charge once', async () => {
    service = startDataService({ faults: { latencyMs: 200 } });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        service!.client.call('fund-new-list', { saleStatus: 'true' }, { ...TEAM, userId: `U${i}` }),
      ),
    );
    expect(upstreamCalls(service.simulator)).toHaveLength(1);
    expect(answers.filter((a) => a.source === 'upstream')).toHaveLength(1);
    expect(answers.filter((a) => a.source === 'shared')).toHaveLength(19);
    expect(answers.reduce((sum, a) => sum + a.coinsSpent, 0)).toBe(10);
    expect((await service.client.ledger.usage('T1', service.clock.now())).today.coins).toBe(10);
  });

  it('100 concurrent calls against a 100-coin budget: exactly 10 go through, never overspent', async () => {
    service = startDataService(
      { rateLimits: FAST },
      { rateLimits: FAST, budgets: { teamDaily: 100, timeZone: 'UTC' } },
    );
    const codes = Array.from({ length: 100 }, (_, i) => String(100000 + i));
    const outcomes = await Promise.allSettled(
      codes.map((fundCode) => service!.client.call('fund-asset', { fundCode }, TEAM)),
    );
    const passed = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(passed).toHaveLength(10);
    expect(refused.every((o) => (o as PromiseRejectedResult).reason instanceof BudgetExceededError)).toBe(true);
    expect(service.simulator.stats().coinsByKey['test-key']).toBe(100);
    const state = await service.client.budgets.state(TEAM, service.clock.now());
    expect(state.team).toEqual({ spent: 100, limit: 100 });
  });

  it('usage sums today and this month by operation and by user', async () => {
    service = startDataService();
    await service.client.call('fund-asset', { fundCode: '000001' }, TEAM);
    await service.client.call('finance-external-futures-kline', { symbol: 'CL', type: '0' }, { ...TEAM, userId: 'U2' });
    await service.client.call('fund-asset', { fundCode: '000001' }, TEAM);
    const usage = await service.client.ledger.usage('T1', service.clock.now());
    expect(usage.today).toMatchObject({ coins: 15, calls: 2 });
    expect(usage.month.coins).toBe(15);
    expect(usage.today.byOperation).toEqual({
      'fund-asset': { coins: 10, calls: 1 },
      'finance-external-futures-kline': { coins: 5, calls: 1 },
    });
    expect(usage.today.byUser).toEqual({ U1: { coins: 10, calls: 1 }, U2: { coins: 5, calls: 1 } });
  });
});

describe('rate limits, scaled down', () => {
  it('a backlog never exceeds 5 per second at the service, yet uses at least 90% of it', async () => {
    const limit = { 'fund-asset': { count: 5, windowMs: 1000 } } as const;
    service = startDataService({ rateLimits: limit }, { rateLimits: limit });
    const codes = Array.from({ length: 16 }, (_, i) => String(200000 + i));
    const waits: number[] = [];
    await Promise.all(
      codes.map((fundCode) =>
        service!.client.call('fund-asset', { fundCode }, TEAM, { onWait: (ms) => waits.push(ms) }),
      ),
    );
    const arrivals = upstreamCalls(service.simulator)
      .map((c) => c.at)
      .sort((a, b) => a - b);
    expect(service.simulator.stats().rateLimited).toBe(0);
    expect(arrivals).toHaveLength(16);
    for (let i = 5; i < arrivals.length; i++) expect(arrivals[i]! - arrivals[i - 5]!).toBeGreaterThanOrEqual(1000);
    expect(maxInWindow(arrivals, 1000)).toBe(5);
    const achieved = (arrivals.length - 1) / ((arrivals.at(-1)! - arrivals[0]!) / 1000);
    expect(achieved).toBeGreaterThanOrEqual(0.9 * 5);
    // The limiter told waiting callers how long; the last in line heard about 3 s.
    expect(Math.max(...waits)).toBeGreaterThan(2000);
  });
});
