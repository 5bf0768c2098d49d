import { afterEach, describe, expect, it } from 'vitest';
import { BudgetExceededError, NotCachedError, PageOutOfRangeError, ValidationError } from '../../../src/core/errors.js';
import { startVirtualDataService, TEAM, upstreamCalls } from '../../support/dataService.js';

let service: ReturnType<typeof startVirtualDataService> | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

describe('peeking at the cache (what an export would cost)', () => {
  it('says whether a request is cached and fresh, with its paging, and never calls or charges', async () => {
    service = startVirtualDataService({}, { cacheTtlMs: { 'fund-asset': 1000 } });
    expect(await service.client.peek('fund-asset', { fundCode: '000001', pageNo: '2' }, TEAM)).toBeUndefined();
    await service.client.call('fund-asset', { fundCode: '000001', pageNo: '2' }, TEAM);
    const peeked = await service.client.peek('fund-asset', { fundCode: '000001', pageNo: 2, pageSize: 50 }, TEAM);
    expect(peeked).toMatchObject({
      fresh: true,
      paging: { page: 2, pageSize: 50, total: expect.any(Number), hasPrevious: true },
    });
    await service.clock.advance(1500);
    expect(await service.client.peek('fund-asset', { fundCode: '000001', pageNo: '2' }, TEAM)).toMatchObject({
      fresh: false,
    });
    expect(upstreamCalls(service.simulator)).toHaveLength(1);
    expect((await service.client.ledger.usage(TEAM.teamId, service.clock.now())).today.coins).toBe(10);
  });

  it('refuses input a call would refuse', async () => {
    service = startVirtualDataService();
    await expect(service.client.peek('fund-asset', { fundCode: 'abc' }, TEAM)).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('a call saying what it asks before it sends anything (a conversation status line)', () => {
  it('tells the validated request and whether the cache holds it fresh, from its one cache read, before the answer', async () => {
    service = startVirtualDataService({}, { cacheTtlMs: { 'fund-asset': 1000 } });
    const told: Array<{ request: Record<string, unknown>; fresh: boolean; upstreamBefore: number }> = [];
    const beforeSending = async (request: Record<string, unknown>, fresh: boolean) => {
      told.push({ request, fresh, upstreamBefore: upstreamCalls(service!.simulator).length });
    };
    await service.client.call('fund-asset', { fundCode: '000001', pageNo: '2' }, TEAM, { beforeSending });
    await service.client.call('fund-asset', { fundCode: '000001', pageNo: 2 }, TEAM, { beforeSending });
    expect(told).toEqual([
      { request: { fundCode: '000001', pageNo: '2', pageSize: '50' }, fresh: false, upstreamBefore: 0 },
      { request: { fundCode: '000001', pageNo: '2', pageSize: '50' }, fresh: true, upstreamBefore: 1 },
    ]);
    await expect(
      service.client.call('fund-asset', { fundCode: 'abc' }, TEAM, { beforeSending }),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(told).toHaveLength(2);
    expect(upstreamCalls(service.simulator)).toHaveLength(1);
  });
});

describe('a call refused is never told as sent (issue 42.10: no status line quotes a price for a lookup refused)', () => {
  it('the budgets, a page past the known end and a limit on what it may spend refuse before anything is told; a paid call is told once its coins are reserved', async () => {
    service = startVirtualDataService({}, { budgets: { userDaily: 15 } });
    const told: Array<{ fresh: boolean; reserved: number }> = [];
    const beforeSending = async (_request: Record<string, unknown>, fresh: boolean) => {
      const state = await service!.client.budgets.state(TEAM, service!.clock.now());
      told.push({ fresh, reserved: state.user?.spent ?? 0 });
    };
    await service.client.call('fund-asset', { fundCode: '000001' }, TEAM, { beforeSending });
    // Told after the reservation: the budget already counts the call's 10 coins.
    expect(told).toEqual([{ fresh: false, reserved: 10 }]);
    await expect(
      service.client.call('fund-asset', { fundCode: '000001', pageNo: '2' }, TEAM, { beforeSending }),
    ).rejects.toBeInstanceOf(BudgetExceededError);
    await expect(
      service.client.call('fund-asset', { fundCode: '000001', pageNo: '99' }, TEAM, { beforeSending }),
    ).rejects.toBeInstanceOf(PageOutOfRangeError);
    await expect(
      service.client.call('fund-asset', { fundCode: '000002' }, TEAM, { beforeSending, spendAtMost: 0 }),
    ).rejects.toBeInstanceOf(NotCachedError);
    expect(told).toHaveLength(1);
    await service.client.call('fund-asset', { fundCode: '000001' }, TEAM, { beforeSending });
    expect(told.at(-1)).toEqual({ fresh: true, reserved: 10 });
    expect(upstreamCalls(service.simulator)).toHaveLength(1);
  });
});
