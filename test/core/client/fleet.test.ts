import { setTimeout as sleep } from 'node:timers/promises';
import { createClient } from '@redis/client';
import { expect, it } from 'vitest';
import { DataClient } from '../../../src/core/client/dataClient.js';
import { createTransport, type Transport } from '../../../src/core/client/http.js';
import { DigestRepository } from '../../../src/core/digest/digestRepository.js';
import { BudgetExceededError, BudgetUnavailableError } from '../../../src/core/errors.js';
import { RedisStore } from '../../../src/core/store/redisStore.js';
import type { Store } from '../../../src/core/store/types.js';
import { type Simulator, type SimulatorOptions, startSimulator } from '../../../src/simulator/index.js';
import { maxInWindow } from '../../support/measure.js';
import { describeWithRedis, redisUrl } from '../../support/redis.js';
import { PrivateRedis } from '../../support/redisServer.js';
import { TcpProxy } from '../../support/tcpProxy.js';

const KEY = 'fleet-key';
const FAST = {
  'fund-asset': { count: 10_000, windowMs: 1000 },
  'fund-new-list': { count: 10_000, windowMs: 1000 },
} as const;

/** Three replicas: each its own Redis connection and client, as three processes would have. */
async function fleet(
  prefix: string,
  simulatorOptions: SimulatorOptions,
  clientOptions: Partial<ConstructorParameters<typeof DataClient>[0]> = {},
  size = 3,
  url = redisUrl,
) {
  const simulator = await startSimulator({ apiKeys: [KEY], ...simulatorOptions });
  const stores: Store[] = [];
  const clients: DataClient[] = [];
  for (let i = 0; i < size; i++) {
    const store = await RedisStore.connect(url, { prefix, description: 'redis' });
    stores.push(store);
    clients.push(
      new DataClient({
        baseUrl: simulator.url,
        apiKey: KEY,
        store,
        replicaId: `replica-${i}`,
        retry: { baseDelayMs: 20, maxDelayMs: 200 },
        ...clientOptions,
      }),
    );
  }
  return {
    simulator,
    clients,
    stores,
    async close() {
      await Promise.all(clients.map((client) => client.close()));
      await Promise.all(stores.map((store) => store.close()));
      await simulator.close();
    },
  };
}

const TEAM = { teamId: 'T1', userId: 'U1' };

describeWithRedis('three replicas sharing Redis', (prefix) => {
  it('share one rate limit: never more than the limit per window at the service, nothing refused', async () => {
    const limit = { 'fund-asset': { count: 10, windowMs: 1000 } } as const;
    const f = await fleet(`${prefix}limit:`, { rateLimits: limit }, { rateLimits: limit });
    try {
      await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          f.clients[i % 3]!.call('fund-asset', { fundCode: String(400000 + i) }, TEAM),
        ),
      );
      // Only this fleet's calls (its key).
      const calls = f.simulator.stats().calls.filter((call) => call.key === KEY);
      const arrivals = calls.map((call) => call.at);
      // Each call went out once: no window at the service held more than the limit, so nothing was refused.
      // On failure, say which calls did not simply succeed (a refusal records no request body).
      const unusual = calls
        .filter((call) => call.outcome !== 'success')
        .map((call) => ({ at: call.at, status: call.status, outcome: call.outcome }));
      expect(arrivals, `calls that did not simply succeed: ${JSON.stringify(unusual)}`).toHaveLength(24);
      expect(f.simulator.stats().rateLimited).toBe(0);
      expect(maxInWindow(arrivals, 1000)).toBeLessThanOrEqual(10);
      // How much of the limit the fleet uses is a speed, which a loaded machine lowers: bench:fleet measures it, with a goal.
    } finally {
      await f.close();
    }
  });

  it('allow for a stall of the process between counting a call and sending it: the late call does not crowd the next window', async () => {
    const limit = { 'fund-asset': { count: 5, windowMs: 1000 } } as const;
    const simulator = await startSimulator({ apiKeys: [KEY], rateLimits: limit });
    const store = await RedisStore.connect(redisUrl, { prefix: `${prefix}stall:`, description: 'redis' });
    const real = createTransport({ baseUrl: simulator.url, apiKey: KEY, timeoutMs: 5000 });
    let sent = 0;
    // The first call is counted, then the whole process is held up for 200 ms before it goes out:
    // what a busy machine or a long GC does, here on purpose.
    const stalling: Transport = {
      post: (path, operation, body) => {
        if (sent++ === 0) {
          const until = Date.now() + 200;
          while (Date.now() < until);
        }
        return real.post(path, operation, body);
      },
      close: () => real.close(),
    };
    const client = new DataClient({
      baseUrl: simulator.url,
      apiKey: KEY,
      store,
      replicaId: 'stalled',
      transport: stalling,
      rateLimits: limit,
    });
    try {
      await Promise.all(
        Array.from({ length: 7 }, (_, i) => client.call('fund-asset', { fundCode: String(450000 + i) }, TEAM)),
      );
      expect(simulator.stats().rateLimited).toBe(0);
      expect(simulator.stats().calls.filter((call) => call.key === KEY)).toHaveLength(7);
    } finally {
      await client.close();
      await store.close();
      await simulator.close();
    }
  });

  it('keep budgets exact: 300 concurrent calls on three replicas never overspend', async () => {
    const f = await fleet(
      `${prefix}budget:`,
      { rateLimits: FAST },
      { rateLimits: FAST, budgets: { teamDaily: 100, timeZone: 'UTC' } },
    );
    try {
      const outcomes = await Promise.allSettled(
        Array.from({ length: 300 }, (_, i) =>
          f.clients[i % 3]!.call('fund-asset', { fundCode: String(500000 + i) }, TEAM),
        ),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
      expect(
        outcomes
          .filter((o) => o.status === 'rejected')
          .every((o) => (o as PromiseRejectedResult).reason instanceof BudgetExceededError),
      ).toBe(true);
      expect(f.simulator.stats().coinsByKey[KEY]).toBe(100);
      expect((await f.clients[1]!.ledger.usage('T1', Date.now())).today.coins).toBe(100);
    } finally {
      await f.close();
    }
  });

  it('make one upstream call for identical calls on different replicas at the same moment', async () => {
    const f = await fleet(`${prefix}inflight:`, { rateLimits: FAST, faults: { latencyMs: 300 } }, { rateLimits: FAST });
    try {
      const answers = await Promise.all(
        Array.from({ length: 15 }, (_, i) =>
          f.clients[i % 3]!.call('fund-new-list', { saleStatus: 'true' }, { teamId: 'T1', userId: `U${i}` }),
        ),
      );
      expect(f.simulator.stats().calls).toHaveLength(1);
      expect(answers.filter((a) => a.source === 'upstream')).toHaveLength(1);
      expect(answers.filter((a) => a.source === 'shared')).toHaveLength(14);
      expect(answers.reduce((sum, a) => sum + a.coinsSpent, 0)).toBe(10);
      expect(new Set(answers.map((a) => a.taskNo)).size).toBe(1);
    } finally {
      await f.close();
    }
  });
});

describeWithRedis('when Redis goes away', (prefix) => {
  const target = new URL(redisUrl);

  it('keeps answering without cache, keeps to its share of the limit (the fleet size it last saw), fails budgets closed, and catches up the ledger', async () => {
    const proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 6379) });
    const limit = { 'fund-asset': { count: 20, windowMs: 1000 } } as const;
    const simulator: Simulator = await startSimulator({ apiKeys: [KEY], rateLimits: limit });
    const store = await RedisStore.connect(proxy.url, { prefix: `${prefix}down:`, description: 'redis' });
    const helper = await RedisStore.connect(redisUrl, { prefix: `${prefix}down:`, description: 'redis' });
    const budgeted = new DataClient({
      baseUrl: simulator.url,
      apiKey: KEY,
      store,
      rateLimits: limit,
      replicaId: 'r-budget',
      budgets: { teamDaily: 1000, timeZone: 'UTC' },
    });
    // Two more replicas are alive elsewhere; with these two clients the fleet is four.
    await helper.heartbeat('replicas', 'other-1', 60_000);
    await helper.heartbeat('replicas', 'other-2', 60_000);
    const client = new DataClient({
      baseUrl: simulator.url,
      apiKey: KEY,
      store,
      rateLimits: limit,
      replicaId: 'r-open',
    });
    try {
      await client.call('fund-asset', { fundCode: '000001' }, TEAM);
      for (let i = 0; i < 50 && client.pacing.replicas !== 4; i++) await sleep(20);
      expect(client.pacing.replicas).toBe(4);

      await proxy.cut();
      simulator.reset();
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => client.call('fund-asset', { fundCode: String(600000 + i) }, TEAM)),
      );
      expect(answers.every((a) => a.source === 'upstream')).toBe(true);
      // A quarter of 20/s: ~204 ms apart and at most 5 in a window, so 6 calls span over 1 s instead of ~250 ms.
      const arrivals = simulator.stats().calls.map((call) => call.at);
      expect(maxInWindow(arrivals, 1000)).toBeLessThanOrEqual(5);
      expect(Math.max(...arrivals) - Math.min(...arrivals)).toBeGreaterThanOrEqual(1000);
      await expect(budgeted.call('fund-asset', { fundCode: '000002' }, TEAM)).rejects.toBeInstanceOf(
        BudgetUnavailableError,
      );
      expect(client.ledger.unwritten).toBe(6);

      await proxy.resume();
      for (let i = 0; i < 100 && client.ledger.unwritten > 0; i++) {
        await sleep(100);
        await client.ledger.flush();
      }
      const entries = await client.ledger.entries('T1', 0, Date.now() + 1);
      expect(entries.map((e) => e.operation)).toHaveLength(7);
    } finally {
      await client.close();
      await budgeted.close();
      await store.close();
      await helper.close();
      await proxy.cut();
      await simulator.close();
    }
  });

  it('loses no subscription and no acknowledged ledger entry when Redis is killed and restarted', async () => {
    const redis = await PrivateRedis.start();
    const simulator = await startSimulator({ apiKeys: [KEY], rateLimits: FAST });
    const store = await RedisStore.connect(redis.url, { prefix: 'dq:', description: 'private redis' });
    const client = new DataClient({ baseUrl: simulator.url, apiKey: KEY, store, rateLimits: FAST, replicaId: 'r1' });
    const digests = new DigestRepository(store);
    try {
      for (let i = 0; i < 5; i++) {
        await digests.save({
          id: `d${i}`,
          teamId: 'T1',
          channelId: `C${i}`,
          createdBy: 'U1',
          createdAt: Date.now(),
          schedule: { cadence: { kind: 'daily' }, time: '08:30', timeZone: 'Asia/Shanghai' },
          filter: 'all',
        });
        await client.call('fund-asset', { fundCode: String(700000 + i) }, TEAM);
      }
      await redis.kill();
      // While Redis is down, calls still answer; their ledger entries wait in memory.
      for (let i = 5; i < 8; i++) await client.call('fund-asset', { fundCode: String(700000 + i) }, TEAM);
      await redis.restart();
      for (let i = 0; i < 100; i++) {
        try {
          await store.ping();
          break;
        } catch {
          await sleep(100);
        }
      }
      await client.call('fund-asset', { fundCode: '708000' }, TEAM);
      expect(client.ledger.unwritten).toBe(0);
      expect((await digests.all()).map((d) => d.id)).toEqual(['d0', 'd1', 'd2', 'd3', 'd4']);
      const entries = await client.ledger.entries('T1', 0, Date.now() + 1);
      expect(entries).toHaveLength(9);
      expect(entries.reduce((sum, e) => sum + e.coins, 0)).toBe(90);
    } finally {
      await client.close();
      await store.close();
      await simulator.close();
      await redis.kill();
    }
  });

  it('an identical call in flight when Redis is killed: its marker outlives it by no more than the call timeout plus a margin, so a waiter does not wait on it (issue 21.4)', async () => {
    const redis = await PrivateRedis.start();
    const f = await fleet(
      'dq:',
      { rateLimits: FAST, faults: { latencyMs: 1000 } },
      { rateLimits: FAST, timeoutMs: 2000 },
      2,
      redis.url,
    );
    const [a, b] = f.clients as [DataClient, DataClient];
    try {
      const first = a.call('fund-asset', { fundCode: '000001' }, TEAM);
      for (let i = 0; i < 100 && f.simulator.stats().calls.length === 0; i++) await sleep(20);
      expect(f.simulator.stats().calls).toHaveLength(1);
      // Killed -9 while the call is at the service: its marker cannot be released.
      await redis.kill();
      expect((await first).source).toBe('upstream');
      await redis.restart();
      for (let i = 0; i < 100; i++) {
        try {
          await f.stores[0]!.ping();
          await f.stores[1]!.ping();
          break;
        } catch {
          await sleep(100);
        }
      }
      const raw = createClient({ url: redis.url });
      await raw.connect();
      try {
        const markers = await raw.keys('dq:claim:inflight:*');
        for (const marker of markers) expect(await raw.pTTL(marker)).toBeLessThanOrEqual(2000 + 2000);
      } finally {
        await raw.close();
      }
      // The other replica asks the same: it makes the call itself once the dead call's lease is over.
      const second = await b.call('fund-asset', { fundCode: '000001' }, TEAM);
      expect(second.source).toBe('upstream');
      expect(f.simulator.stats().calls).toHaveLength(2);
    } finally {
      await f.close();
      await redis.kill();
    }
  }, 30_000);
});
