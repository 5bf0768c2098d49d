import { afterEach, describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/core/errors.js';
import { startVirtualDataService, TEAM, upstreamCalls } from '../../support/dataService.js';

let service: ReturnType<typeof startVirtualDataService> | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

describe('peeking at the cache (what an export would cost)', () => {
  it('says whether a request is cached and fresh, with its paging, and never calls or charges', async () => {
    service = startVirtualDataService({}, { cacheTtlMs: { 'fund-asset': 1000 } });
    expect(await service.client.peek('fund-asset', { fundCode: '000001', pageNo: '2' })).toBeUndefined();
    await service.client.call('fund-asset', { fundCode: '000001', pageNo: '2' }, TEAM);
    const peeked = await service.client.peek('fund-asset', { fundCode: '000001', pageNo: 2, pageSize: 50 });
    expect(peeked).toMatchObject({
      fresh: true,
      paging: { page: 2, pageSize: 50, total: expect.any(Number), hasPrevious: true },
    });
    await service.clock.advance(1500);
    expect(await service.client.peek('fund-asset', { fundCode: '000001', pageNo: '2' })).toMatchObject({
      fresh: false,
    });
    expect(upstreamCalls(service.simulator)).toHaveLength(1);
    expect((await service.client.ledger.usage(TEAM.teamId, service.clock.now())).today.coins).toBe(10);
  });

  it('refuses input a call would refuse', async () => {
    service = startVirtualDataService();
    await expect(service.client.peek('fund-asset', { fundCode: 'abc' })).rejects.toBeInstanceOf(ValidationError);
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
