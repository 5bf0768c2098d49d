import { afterEach, describe, expect, it } from 'vitest';
import { DataClient, type DataClientOptions } from '../../../src/core/client/dataClient.js';
import { dataKeyIdOf, dataKeyOf } from '../../../src/core/client/dataKey.js';
import { BudgetExceededError } from '../../../src/core/errors.js';
import type { LedgerEntry } from '../../../src/core/ledger/ledger.js';
import { RedisStore } from '../../../src/core/store/redisStore.js';
import type { Store } from '../../../src/core/store/types.js';
import { startSimulator } from '../../../src/simulator/index.js';
import { startVirtualDataService, TEST_KEY, upstreamCalls } from '../../support/dataService.js';
import { describeWithRedis, redisUrl } from '../../support/redis.js';

/**
 * Bring your own key (issue 46): a workspace with a data-service key of its own has its calls sent
 * and charged with it, and the cache, the calls in flight and the rate limits are per key: a result
 * paid with one key never answers a call made with another, and one key's burst never takes
 * another key's turns.
 */

const OWN_KEY = 'ws-own-key-0123456789';
/** A workspace with its own key, and one going with the operator's. */
const OWN = { teamId: 'T0OWNKEY', userId: 'U1' };
const OPERATOR = { teamId: 'T0OPERATOR', userId: 'U2' };

function keysOf(keys: Record<string, string>): DataClientOptions['keyFor'] {
  return async (teamId) => (keys[teamId] ? dataKeyOf(keys[teamId]) : undefined);
}

let service: ReturnType<typeof startVirtualDataService> | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

function start(
  clientOptions: Partial<DataClientOptions> = {},
  simulator: Parameters<typeof startVirtualDataService>[0] = {},
) {
  service = startVirtualDataService(
    { apiKeys: [TEST_KEY, OWN_KEY], ...simulator },
    { keyFor: keysOf({ [OWN.teamId]: OWN_KEY }), ...clientOptions },
  );
  return service;
}

async function ledgerOf(client: DataClient, teamId: string, now: number): Promise<LedgerEntry[]> {
  return client.ledger.entries(teamId, now - 86_400_000, now + 1);
}

describe('a workspace with its own key, one without', () => {
  it('the same lookup from both is two upstream calls, each sent and charged with its own key; each is then answered from its own cache', async () => {
    const s = start();
    const asked = { fundCode: '000001' };
    const own = await s.client.call('fund-asset', asked, OWN);
    const operator = await s.client.call('fund-asset', asked, OPERATOR);
    expect([own.source, operator.source]).toEqual(['upstream', 'upstream']);
    expect(upstreamCalls(s.simulator).map((call) => call.key)).toEqual([OWN_KEY, TEST_KEY]);
    expect(s.simulator.stats().coinsByKey).toEqual({ [OWN_KEY]: 10, [TEST_KEY]: 10 });
    expect([own.keyId, operator.keyId]).toEqual([dataKeyIdOf(OWN_KEY), dataKeyIdOf(TEST_KEY)]);
    // Asked again, each is answered from what its own key paid for.
    expect((await s.client.call('fund-asset', asked, OWN)).source).toBe('cache');
    expect((await s.client.call('fund-asset', asked, OPERATOR)).source).toBe('cache');
    expect(upstreamCalls(s.simulator)).toHaveLength(2);
    // Peeking (what an export would cost) sees only the workspace's key's cache.
    expect((await s.client.peek('fund-asset', { fundCode: '000002' }, OWN))?.fresh).toBeUndefined();
    await s.client.call('fund-asset', { fundCode: '000002' }, OPERATOR);
    expect(await s.client.peek('fund-asset', { fundCode: '000002' }, OWN)).toBeUndefined();
    expect((await s.client.peek('fund-asset', { fundCode: '000002' }, OPERATOR))?.fresh).toBe(true);
    // The ledger says which key paid, by its id; never the key.
    const now = s.clock.now();
    const ownLedger = await ledgerOf(s.client, OWN.teamId, now);
    expect(ownLedger.map((entry) => entry.keyId)).toEqual([dataKeyIdOf(OWN_KEY)]);
    expect((await ledgerOf(s.client, OPERATOR.teamId, now)).map((entry) => entry.keyId)).toEqual([
      dataKeyIdOf(TEST_KEY),
      dataKeyIdOf(TEST_KEY),
    ]);
    expect(JSON.stringify(ownLedger)).not.toContain(OWN_KEY);
  });

  it('a call in flight is joined only by calls made with the same key', async () => {
    const s = start();
    const asked = { fundCode: '110022' };
    const results = await Promise.all([
      s.client.call('fund-asset', asked, OWN),
      s.client.call('fund-asset', asked, { ...OWN, userId: 'U3' }),
      s.client.call('fund-asset', asked, OPERATOR),
      s.client.call('fund-asset', asked, { ...OPERATOR, userId: 'U4' }),
    ]);
    expect(results.map((result) => result.source).sort()).toEqual(['shared', 'shared', 'upstream', 'upstream']);
    expect(
      upstreamCalls(s.simulator)
        .map((call) => call.key)
        .sort(),
    ).toEqual([OWN_KEY, TEST_KEY].sort());
  });

  it("one key's burst waits under its own rate limit and never takes the other key's turns", async () => {
    const limit = { 'fund-asset': { count: 2, windowMs: 60_000 } } as const;
    const s = start({ rateLimits: limit }, { rateLimits: limit });
    const startedAt = s.clock.now();
    const burst = Array.from({ length: 4 }, (_, i) =>
      s.client.call('fund-asset', { fundCode: String(300000 + i) }, OWN),
    );
    const operator = s.client.call('fund-asset', { fundCode: '399999' }, OPERATOR);
    await Promise.all([...burst, operator]);
    const calls = upstreamCalls(s.simulator);
    // The operator's key was not held back by the workspace's burst: its call went out at once.
    expect(calls.find((call) => call.key === TEST_KEY)?.at).toBe(startedAt);
    // The workspace's four kept to its own limit (two a minute), and the service refused nothing.
    const own = calls.filter((call) => call.key === OWN_KEY).map((call) => call.at - startedAt);
    expect(own).toHaveLength(4);
    expect(own.filter((at) => at < 60_000)).toHaveLength(2);
    expect(s.simulator.stats().rateLimited).toBe(0);
  });

  it("the operator's key budget counts only the operator's key", async () => {
    const s = start({ budgets: { keyDaily: 10, timeZone: 'UTC' } });
    // The workspace pays with its own key: the operator's budget of 10 coins a day does not apply.
    for (const fundCode of ['000001', '000002', '000003']) await s.client.call('fund-asset', { fundCode }, OWN);
    expect((await s.client.budgets.state(OWN, s.clock.now())).key).toBeUndefined();
    await s.client.call('fund-asset', { fundCode: '000004' }, OPERATOR);
    const state = await s.client.budgets.state(OPERATOR, s.clock.now());
    expect(state.key).toEqual({ spent: 10, limit: 10 });
    await expect(s.client.call('fund-asset', { fundCode: '000005' }, OPERATOR)).rejects.toBeInstanceOf(
      BudgetExceededError,
    );
    expect(s.simulator.stats().coinsByKey).toEqual({ [OWN_KEY]: 30, [TEST_KEY]: 10 });
  });

  it('drops the pacers of keys gone idle, so many workspaces calling once each hold no pacer each', async () => {
    const keys: Record<string, string> = {};
    for (let i = 0; i < 300; i++) keys[`T${i}`] = `ws-key-${i}-abcdefgh`;
    const s = start({ keyFor: keysOf(keys) }, { apiKeys: [TEST_KEY, ...Object.values(keys)] });
    for (let i = 0; i < 300; i++) {
      await s.client.call('fund-asset', { fundCode: String(200000 + i) }, { teamId: `T${i}` });
      // Past the fund-asset window (60 a minute): this key's pacer is idle from here on.
      await s.clock.advance(61_000);
    }
    expect(upstreamCalls(s.simulator)).toHaveLength(300);
    // One pacer per busy key at most, kept within twice the sweep threshold (64): never one per key.
    expect(s.client.pacersHeld).toBeLessThanOrEqual(128);
  });
});

describeWithRedis('two replicas sharing Redis, two keys', (prefix) => {
  let stores: Store[] = [];
  let clients: DataClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await Promise.all(stores.map((store) => store.close()));
    stores = [];
    clients = [];
  });

  it('an identical call on two replicas at once is one upstream call per key, never one for both keys', async () => {
    const simulator = await startSimulator({ apiKeys: [TEST_KEY, OWN_KEY], seed: 7 });
    try {
      for (const replica of ['a', 'b']) {
        const store = await RedisStore.connect(redisUrl, { prefix: `${prefix}inflight:`, description: 'redis' });
        stores.push(store);
        clients.push(
          new DataClient({
            baseUrl: simulator.url,
            apiKey: TEST_KEY,
            store,
            replicaId: `replica-${replica}`,
            keyFor: keysOf({ [OWN.teamId]: OWN_KEY }),
          }),
        );
      }
      const [a, b] = clients as [DataClient, DataClient];
      const asked = { fundCode: '510300' };
      await Promise.all([
        a.call('fund-asset', asked, OWN),
        b.call('fund-asset', asked, { ...OWN, userId: 'U9' }),
        a.call('fund-asset', asked, OPERATOR),
        b.call('fund-asset', asked, { ...OPERATOR, userId: 'U8' }),
      ]);
      expect(
        simulator
          .stats()
          .calls.map((call) => call.key)
          .sort(),
      ).toEqual([OWN_KEY, TEST_KEY].sort());
      expect(simulator.stats().coinsByKey).toEqual({ [OWN_KEY]: 10, [TEST_KEY]: 10 });
      // The other replica answers each from its own key's cache.
      expect((await b.call('fund-asset', asked, OWN)).source).toBe('cache');
      expect((await a.call('fund-asset', asked, OPERATOR)).source).toBe('cache');
    } finally {
      await simulator.close();
    }
  });
});
