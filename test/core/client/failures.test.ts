import { afterEach, describe, expect, it } from 'vitest';
import { DataClient } from '../../../src/core/client/dataClient.js';
import { BudgetExceededError, type UpstreamError, ValidationError } from '../../../src/core/errors.js';
import { MemoryStore } from '../../../src/core/store/memoryStore.js';
import { startSimulator } from '../../../src/simulator/index.js';
import { ManualClock, PINNED_AT } from '../../support/clocks.js';
import {
  startVirtualDataService as startDataService,
  TEAM,
  TEST_KEY,
  upstreamCalls,
} from '../../support/dataService.js';

// Failure handling is about decisions and time, not sockets: the simulator's own decisions on
// virtual time (the HTTP path is covered by the envelope, operations and end-to-end tests).
let service: ReturnType<typeof startDataService> | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('each failure kind is a typed error with what the service said, never the key', () => {
  it('validation: nothing is sent', async () => {
    service = startDataService();
    const error = await failure(
      service.client.call('enterprise-general-taxpayer-query', { keyword: '91350100M000100Y44' }, TEAM),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).problems[0]!.field).toBe('keyword');
    expect((error as ValidationError).example).toBeTruthy();
    expect(upstreamCalls(service.simulator)).toHaveLength(0);
  });

  it('auth: a refused key is not retried and the error does not carry the key', async () => {
    service = startDataService({ apiKeys: ['another-key'] });
    const error = await failure(service.client.call('fund-asset', { fundCode: '000001' }, TEAM));
    expect(error).toMatchObject({ kind: 'auth', httpStatus: 401, businessCode: 401, operation: 'fund-asset' });
    expect((error as UpstreamError).taskNo).toBeTruthy();
    expect(JSON.stringify({ ...(error as object), message: (error as Error).message })).not.toContain('test-key');
    expect(upstreamCalls(service.simulator)).toHaveLength(1);
  });

  it('rejected: the service refused the input (unknown symbol); not retried, coins released', async () => {
    service = startDataService({}, { budgets: { teamDaily: 5, timeZone: 'UTC' } });
    const error = await failure(
      service.client.call('finance-external-futures-kline', { symbol: 'ZZZ', type: '0' }, TEAM),
    );
    expect(error).toMatchObject({ kind: 'rejected', httpStatus: 400, retryable: false });
    expect(upstreamCalls(service.simulator)).toHaveLength(1);
    // The reservation came back, so the whole budget is still there for a good call.
    await expect(
      service.client.call('finance-external-futures-kline', { symbol: 'CL', type: '0' }, TEAM),
    ).resolves.toMatchObject({ coinsSpent: 5 });
  });

  it('insufficient balance', async () => {
    service = startDataService({ balance: 15 });
    await service.client.call('fund-asset', { fundCode: '000001' }, TEAM);
    const error = await failure(service.client.call('fund-asset', { fundCode: '110022' }, TEAM));
    expect(error).toMatchObject({ kind: 'insufficient_balance', httpStatus: 402 });
  });

  it('server errors are retried twice, then reported; every attempt is in the ledger', async () => {
    service = startDataService({ faults: { errorRate: 1 } });
    const error = await failure(service.client.call('fund-asset', { fundCode: '000001' }, TEAM));
    expect(error).toMatchObject({ kind: 'server', httpStatus: 500 });
    expect(upstreamCalls(service.simulator)).toHaveLength(3);
    const entries = await service.client.ledger.entries('T1', 0, service.clock.now() + 1);
    expect(entries.map((e) => [e.attempt, e.outcome, e.coins])).toEqual([
      [0, 'server', 0],
      [1, 'server', 0],
      [2, 'server', 0],
    ]);
  });

  it('a business failure sent with HTTP 200 is still a failure', async () => {
    service = startDataService({ apiKeys: ['another-key'], faults: { businessErrorWithHttp200: true } });
    const error = await failure(service.client.call('fund-new-list', {}, TEAM));
    expect(error).toMatchObject({ kind: 'auth', httpStatus: 200, businessCode: 401 });
  });

  it('malformed JSON is reported, not retried and counted as charged, unconfirmed (the service may have charged it)', async () => {
    service = startDataService({ faults: { malformedRate: 1 } });
    const error = await failure(service.client.call('fund-new-list', {}, TEAM));
    expect(error).toMatchObject({ kind: 'malformed', mayHaveCharged: true });
    expect(upstreamCalls(service.simulator)).toHaveLength(1);
    const [entry] = await service.client.ledger.entries('T1', 0, service.clock.now() + 1);
    expect(entry).toMatchObject({ coins: 10, unconfirmed: true });
    expect(service.simulator.stats().coinsByKey[TEST_KEY]).toBe(10);
  });

  it('a changed response shape is an "upstream response changed" error, charged, logged, nothing crashes', async () => {
    service = startDataService({ faults: { changedFieldRate: 1 } });
    for (const [id, input] of [
      ['finance-external-futures-kline', { symbol: 'CL', type: '0' }],
      ['fund-asset', { fundCode: '000001' }],
      ['fund-new-list', {}],
      ['enterprise-general-taxpayer-query', { keyword: '科技' }],
    ] as const) {
      const error = await failure(service.client.call(id, input, TEAM));
      expect(error, id).toMatchObject({ kind: 'schema_changed', operation: id });
    }
    const usage = await service.client.ledger.usage('T1', service.clock.now());
    expect(usage.today.coins).toBe(5 + 10 + 10 + 20);
    // A success code is a charge even when the body surprises: the service billed the same.
    expect(service.simulator.stats().coinsByKey[TEST_KEY]).toBe(5 + 10 + 10 + 20);
  });

  it('rate-limit answers are retried after Retry-After and reported when they persist', async () => {
    service = startDataService({ faults: { rateLimitRate: 1 } }, { retry: { maxRetries: 1, baseDelayMs: 10 } });
    const error = await failure(service.client.call('fund-asset', { fundCode: '000001' }, TEAM));
    expect(error).toMatchObject({ kind: 'rate_limited', httpStatus: 429, retryAfterMs: 1000 });
    const [first, second] = upstreamCalls(service.simulator);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(1000);
  });

  it('a budget that would be exceeded stops the call before it is sent', async () => {
    service = startDataService({}, { budgets: { userDaily: 25, timeZone: 'UTC' } });
    await service.client.call('enterprise-general-taxpayer-query', { keyword: '科技' }, TEAM);
    const error = await failure(service.client.call('enterprise-general-taxpayer-query', { keyword: '光伏' }, TEAM));
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect(error).toMatchObject({ scope: 'user', limit: 25, spent: 20, needed: 20 });
    expect(upstreamCalls(service.simulator)).toHaveLength(1);
    // Another user of the same team still has their own budget.
    await expect(
      service.client.call('enterprise-general-taxpayer-query', { keyword: '光伏' }, { ...TEAM, userId: 'U2' }),
    ).resolves.toBeTruthy();
  });
});

describe('timeouts', () => {
  it('a 6 s answer over HTTP fails at the 5 s budget, not later, and the answer is never awaited', async () => {
    // The transport times its budget on the injected clock; the test moves that clock by hand once the
    // simulator has the request, so the figures are exact on any machine.
    const clock = new ManualClock(PINNED_AT, { auto: false });
    const simulator = await startSimulator({ apiKeys: [TEST_KEY], clock, faults: { latencyMs: 6000 } });
    const client = new DataClient({
      baseUrl: simulator.url,
      apiKey: TEST_KEY,
      store: new MemoryStore({ clock }),
      clock,
      retry: { maxRetries: 0 },
    });
    try {
      const started = clock.now();
      const outcome = failure(client.call('fund-asset', { fundCode: '000001' }, TEAM));
      while (simulator.stats().calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      await clock.advance(4999);
      await clock.advance(1);
      const error = await outcome;
      expect(error).toMatchObject({ kind: 'timeout' });
      expect(clock.now() - started).toBe(5000);
      expect(simulator.stats().calls).toHaveLength(1);
    } finally {
      await client.close();
      await simulator.close();
    }
  });

  it('an observer (metrics) that throws costs no charge its ledger line, and the answer still arrives', async () => {
    service = startDataService(
      {},
      {
        observer: {
          upstreamCall: () => {
            throw new Error('metrics broke');
          },
        },
      },
    );
    const answer = await service.client.call('fund-asset', { fundCode: '000001' }, TEAM);
    expect(answer).toMatchObject({ source: 'upstream', coinsSpent: 10 });
    const [entry] = await service.client.ledger.entries('T1', 0, service.clock.now() + 1);
    expect(entry).toMatchObject({ operation: 'fund-asset', coins: 10, outcome: 'success' });
  });

  it('a call that times out is counted as charged and not retried: the service may have decided it', async () => {
    service = startDataService(
      { faults: { timeoutRate: 1 } },
      { timeoutMs: 300, retry: { maxRetries: 2, baseDelayMs: 10 }, budgets: { teamDaily: 100, timeZone: 'UTC' } },
    );
    const error = await failure(service.client.call('fund-asset', { fundCode: '000001' }, TEAM));
    expect(error).toMatchObject({ kind: 'timeout', mayHaveCharged: true, retryable: false, coinsAtRisk: 10 });
    expect(upstreamCalls(service.simulator)).toHaveLength(1);
    const [entry] = await service.client.ledger.entries('T1', 0, service.clock.now() + 1);
    expect(entry).toMatchObject({ outcome: 'timeout', coins: 10, unconfirmed: true });
    // The budget keeps the reservation; usage says what may have been charged.
    expect((await service.client.budgets.state(TEAM, service.clock.now())).team.spent).toBe(10);
    expect((await service.client.ledger.usage('T1', service.clock.now())).today).toMatchObject({
      coins: 10,
      unconfirmedCoins: 10,
    });
    expect(service.simulator.stats().coinsByKey[TEST_KEY]).toBe(10);
  });

  it('answers slower than the timeout never let the service charge past the budget, and the ledger matches it', async () => {
    // Every answer takes 6 s against a 5 s budget: each call is decided (and charged) at the service
    // and lost on the way back. 10 distinct lookups of 10 coins each against a 30-coin budget.
    service = startDataService({ faults: { latencyMs: 6000 } }, { budgets: { teamDaily: 30, timeZone: 'UTC' } });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => service!.client.call('fund-asset', { fundCode: String(300000 + i) }, TEAM)),
    );
    const charged = service.simulator.stats().coinsByKey[TEST_KEY] ?? 0;
    const ledger = (await service.client.ledger.entries('T1', 0, service.clock.now() + 1)).reduce(
      (sum, entry) => sum + entry.coins,
      0,
    );
    expect(charged).toBeLessThanOrEqual(30);
    expect(ledger).toBe(charged);
    expect(
      outcomes.filter((o) => o.status === 'rejected' && (o.reason as { kind?: string }).kind === 'timeout'),
    ).toHaveLength(3);
    expect(
      outcomes.filter((o) => o.status === 'rejected' && (o.reason as { kind?: string }).kind === 'budget'),
    ).toHaveLength(7);
    // One send per lookup that got past the budget, none for the others.
    const sent = upstreamCalls(service.simulator).map((call) => (call.request as { fundCode: string }).fundCode);
    expect(new Set(sent).size).toBe(sent.length);
    expect(sent).toHaveLength(3);
  });

  it('connection refused before sending is not a charge, and is retried', async () => {
    const clock = new ManualClock(PINNED_AT);
    const client = new DataClient({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: TEST_KEY,
      store: new MemoryStore({ clock }),
      clock,
      retry: { maxRetries: 2, baseDelayMs: 10 },
      budgets: { teamDaily: 100, timeZone: 'UTC' },
    });
    try {
      const error = await failure(client.call('fund-asset', { fundCode: '000001' }, TEAM));
      expect(error).toMatchObject({ kind: 'network', mayHaveCharged: false });
      const entries = await client.ledger.entries('T1', 0, clock.now() + 1);
      expect(entries.map((entry) => [entry.outcome, entry.coins])).toEqual([
        ['network', 0],
        ['network', 0],
        ['network', 0],
      ]);
      expect((await client.budgets.state(TEAM, clock.now())).team.spent).toBe(0);
    } finally {
      await client.close();
    }
  });
});
