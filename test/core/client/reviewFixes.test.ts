import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Keyv } from 'keyv';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { ResultCache } from '../../../src/core/client/cache.js';
import { DataClient } from '../../../src/core/client/dataClient.js';
import { systemClock } from '../../../src/core/clock.js';
import { BudgetExceededError } from '../../../src/core/errors.js';
import { MemoryStore } from '../../../src/core/store/memoryStore.js';
import { ManualClock, PINNED_AT } from '../../support/clocks.js';
import { startVirtualDataService as startDataService, TEAM, upstreamCalls } from '../../support/dataService.js';

let service: ReturnType<typeof startDataService> | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

describe('sharing and pausing', () => {
  it('a call that joined another user’s call refused by that user’s budget is made with its own budget', async () => {
    service = startDataService({ faults: { latencyMs: 100 } }, { budgets: { userDaily: 10, timeZone: 'UTC' } });
    await service.client.call('fund-asset', { fundCode: '000001' }, { teamId: 'T1', userId: 'A' });
    // A has spent their 10 coins; B asks the same new question at the same moment.
    const [a, b] = await Promise.allSettled([
      service.client.call('fund-asset', { fundCode: '110022' }, { teamId: 'T1', userId: 'A' }),
      service.client.call('fund-asset', { fundCode: '110022' }, { teamId: 'T1', userId: 'B' }),
    ]);
    expect(a.status === 'rejected' && a.reason instanceof BudgetExceededError).toBe(true);
    expect(b.status).toBe('fulfilled');
    expect(b.status === 'fulfilled' && b.value.coinsSpent).toBe(10);
  });

  it('Retry-After holds back calls already waiting in the queue, not only new ones', async () => {
    const limit = { 'fund-asset': { count: 20, windowMs: 1000 } } as const;
    const clock = new ManualClock(PINNED_AT, { auto: false });
    service = startDataService(
      { rateLimits: limit, faults: { rateLimitRate: 1 } },
      { clock, rateLimits: limit, retry: { maxRetries: 1, baseDelayMs: 10 } },
    );
    // All four are queued at once; the first is answered 429 while the others wait their turn (51 ms apart).
    const calls = ['000001', '100001', '100002', '100003'].map((fundCode) =>
      service!.client.call('fund-asset', { fundCode }, TEAM).catch(() => undefined),
    );
    await clock.advance(0);
    expect(upstreamCalls(service.simulator)).toHaveLength(1);
    service.simulator.setFaults({});
    const refusedAt = upstreamCalls(service.simulator)[0]!.at;
    await clock.advance(5000);
    await Promise.all(calls);
    const later = upstreamCalls(service.simulator).slice(1);
    expect(later.length).toBeGreaterThanOrEqual(3);
    // Retry-After: 1 s from the 429; nothing may reach the service before then.
    for (const call of later) expect(call.at - refusedAt).toBeGreaterThanOrEqual(1000);
  });
});

describe('responses the schema cannot check', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  it('futures lines shorter than their fields are an "upstream response changed" error, not a crash', async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          code: 200,
          msg: 'success',
          taskNo: 't-short',
          data: {
            fields: ['open', 'close', 'high', 'low', 'change', 'changeRate', 'volume', 'tick_at'],
            lines: [[1, 2, 3]],
          },
        }),
      );
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const client = new DataClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      apiKey: 'k',
      store: new MemoryStore(),
    });
    await expect(
      client.call('finance-external-futures-kline', { symbol: 'CL', type: '0' }, TEAM),
    ).rejects.toMatchObject({ kind: 'schema_changed', taskNo: 't-short' });
    const [entry] = await client.ledger.entries('T1', 0, Date.now() + 1);
    expect(entry).toMatchObject({ outcome: 'schema_changed', coins: 5 });
    await client.close();
  });
});

describe('failures that must not be silent or leak', () => {
  it("a failing cache store is logged once; calls go on, answered from this process's own copy", async () => {
    const lines: string[] = [];
    const logger = pino({}, { write: (line: string) => void lines.push(JSON.parse(line).msg) });
    const failing = {
      get: async () => Promise.reject(new Error('down')),
      set: async () => Promise.reject(new Error('down')),
      delete: async () => false,
      clear: async () => undefined,
      on() {
        return this;
      },
    };
    const cache = new ResultCache(new Keyv({ store: failing as never }) as never, systemClock, 1000, logger);
    expect(await cache.get('a', 10)).toBeUndefined();
    await cache.set('a', { result: 1, storedAt: Date.now() }, 10);
    expect(await cache.get('a', 10)).toMatchObject({ result: 1 });
    expect(lines).toEqual(['cache store failed; calling without cache until it answers']);
  });
});
