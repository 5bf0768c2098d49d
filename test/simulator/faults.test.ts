import { beforeEach, describe, expect, it } from 'vitest';
import { type OperationId, startSimulator } from '../../src/simulator/index.js';
import { ManualClock } from '../support/clocks.js';
import { callOperation, FIXED_NOW, GENEROUS_RATE_LIMITS, OP, useSimulator } from './simulatorTestKit.js';

const simulator = useSimulator({ now: () => FIXED_NOW, rateLimits: GENEROUS_RATE_LIMITS });

const VALID_BODIES: Record<OperationId, Record<string, unknown>> = {
  [OP.taxpayer]: { keyword: '华信' },
  [OP.bids]: { keyword: '人民医院' },
  [OP.fundAsset]: { fundCode: '110022' },
  [OP.futures]: { symbol: 'CL', type: '0' },
  [OP.newFunds]: {},
};

beforeEach(() => {
  simulator().setFaults({});
  simulator().reset();
});

describe('faults', () => {
  it('answers 500 with an internal-error envelope at errorRate 1, without charging', async () => {
    simulator().setFaults({ errorRate: 1 });
    const envelopeB = await callOperation(simulator(), OP.fundAsset, VALID_BODIES[OP.fundAsset]);
    expect(envelopeB.status).toBe(500);
    expect(envelopeB.json).toMatchObject({ code: 500, data: null });
    const envelopeA = await callOperation(simulator(), OP.taxpayer, VALID_BODIES[OP.taxpayer]);
    expect(envelopeA.status).toBe(500);
    expect(envelopeA.json).toMatchObject({ code: 'INTERNAL_ERROR', data: null });
    const stats = simulator().stats();
    expect(stats.coinsByKey).toEqual({});
    expect(stats.calls.map((entry) => entry.outcome)).toEqual(['fault', 'fault']);
  });

  it('validates before it injects faults', async () => {
    simulator().setFaults({ errorRate: 1 });
    expect((await callOperation(simulator(), OP.fundAsset, { fundCode: 'x' })).status).toBe(400);
    expect((await callOperation(simulator(), OP.fundAsset, VALID_BODIES[OP.fundAsset], { key: null })).status).toBe(
      401,
    );
  });

  it('leaves a call unanswered at timeoutRate 1 until the client gives up, and charges it (it was decided)', async () => {
    simulator().setFaults({ timeoutRate: 1 });
    // Only the client's own deadline ends the call: no answer, not even an error, ever comes.
    await expect(
      callOperation(simulator(), OP.futures, VALID_BODIES[OP.futures], { signal: AbortSignal.timeout(200) }),
    ).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(simulator().stats().calls).toMatchObject([{ operation: OP.futures, status: 0, outcome: 'fault' }]);
    expect(Object.values(simulator().stats().coinsByKey)).toEqual([5]);
  });

  it('ends hanging calls promptly when it closes', async () => {
    const own = await startSimulator({ faults: { timeoutRate: 1 } });
    const hanging = callOperation(own, OP.fundAsset, VALID_BODIES[OP.fundAsset]);
    while (own.stats().calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    // Were the hanging request kept open, close() would never resolve and the test would time out.
    await own.close();
    await expect(hanging).rejects.toThrow();
  });

  it('sends a body that is not JSON at malformedRate 1, charged (decided a success, mangled on the way)', async () => {
    simulator().setFaults({ malformedRate: 1 });
    for (const operation of Object.values(OP)) {
      const result = await callOperation(simulator(), operation, VALID_BODIES[operation]);
      expect(result.status).toBe(200);
      expect(result.text.startsWith('{')).toBe(true);
      expect(() => JSON.parse(result.text)).toThrow();
    }
    expect(Object.values(simulator().stats().coinsByKey)).toEqual([20 + 10 + 10 + 5 + 10]);
  });

  it('changes a required field at changedFieldRate 1, and charges it: a success code is a charge', async () => {
    simulator().setFaults({ changedFieldRate: 1 });
    const taxpayer = await callOperation(simulator(), OP.taxpayer, VALID_BODIES[OP.taxpayer]);
    expect(taxpayer.json.code).toBe('SUCCESS');
    expect(taxpayer.json.data).not.toHaveProperty('list');
    const bids = await callOperation(simulator(), OP.bids, VALID_BODIES[OP.bids]);
    expect(bids.json.code).toBe(200);
    expect(bids.json.data).not.toHaveProperty('list');
    const asset = await callOperation(simulator(), OP.fundAsset, VALID_BODIES[OP.fundAsset]);
    expect(typeof asset.json.data.list[0].asset).toBe('string');
    const futures = await callOperation(simulator(), OP.futures, VALID_BODIES[OP.futures]);
    expect(futures.json.data).not.toHaveProperty('lines');
    const newFunds = await callOperation(simulator(), OP.newFunds, VALID_BODIES[OP.newFunds]);
    expect(newFunds.json.data).not.toHaveProperty('count');
    expect(Object.values(simulator().stats().coinsByKey)).toEqual([20 + 10 + 10 + 5 + 10]);
  });

  it('answers as if rate limited at rateLimitRate 1, counted as a fault', async () => {
    simulator().setFaults({ rateLimitRate: 1 });
    const result = await callOperation(simulator(), OP.newFunds, {});
    expect(result.status).toBe(429);
    expect(result.headers.get('retry-after')).toBe('1');
    expect(result.json).toMatchObject({ code: 429, data: null });
    expect(simulator().stats()).toMatchObject({ rateLimited: 0, calls: [{ outcome: 'fault', status: 429 }] });
  });

  it('sends failures with HTTP 200 when businessErrorWithHttp200 is set', async () => {
    simulator().setFaults({ businessErrorWithHttp200: true });
    const unauthorized = await callOperation(simulator(), OP.taxpayer, VALID_BODIES[OP.taxpayer], { key: null });
    expect(unauthorized.status).toBe(200);
    expect(unauthorized.json).toMatchObject({ code: 'UNAUTHORIZED', data: null });
    const invalid = await callOperation(simulator(), OP.fundAsset, { fundCode: 'x' });
    expect(invalid.status).toBe(200);
    expect(invalid.json).toMatchObject({ code: 400, data: null });
    simulator().setFaults({ businessErrorWithHttp200: true, errorRate: 1 });
    const failed = await callOperation(simulator(), OP.futures, VALID_BODIES[OP.futures]);
    expect(failed.status).toBe(200);
    expect(failed.json).toMatchObject({ code: 500, data: null });
    expect(simulator().stats().coinsByKey).toEqual({});
  });

  it('adds a fixed latency or one drawn from a range', async () => {
    // On virtual time the latency is exact, however busy the machine is.
    const clock = new ManualClock(FIXED_NOW);
    const own = await startSimulator({ clock, faults: { latencyMs: 150 }, rateLimits: GENEROUS_RATE_LIMITS });
    try {
      let started = clock.now();
      expect((await callOperation(own, OP.futures, VALID_BODIES[OP.futures])).status).toBe(200);
      expect(clock.now() - started).toBe(150);
      own.setFaults({ latencyMs: [60, 90] });
      const latencies: number[] = [];
      for (let i = 0; i < 5; i++) {
        started = clock.now();
        await callOperation(own, OP.futures, VALID_BODIES[OP.futures]);
        latencies.push(clock.now() - started);
      }
      for (const latency of latencies) {
        expect(latency).toBeGreaterThanOrEqual(60);
        expect(latency).toBeLessThanOrEqual(90);
      }
      expect(new Set(latencies).size).toBeGreaterThan(1);
    } finally {
      await own.close();
    }
  });

  it('applies per-operation settings over the shared ones', async () => {
    simulator().setFaults({ errorRate: 1, perOperation: { [OP.fundAsset]: { errorRate: 0 } } });
    expect((await callOperation(simulator(), OP.fundAsset, VALID_BODIES[OP.fundAsset])).status).toBe(200);
    expect((await callOperation(simulator(), OP.futures, VALID_BODIES[OP.futures])).status).toBe(500);
  });

  it('with pages, faults only the calls asking one of those pages (a call naming none asks page 1)', async () => {
    simulator().setFaults({ perOperation: { [OP.newFunds]: { errorRate: 1, pages: [2] } } });
    expect((await callOperation(simulator(), OP.newFunds, {})).status).toBe(200);
    expect((await callOperation(simulator(), OP.newFunds, { pageNo: '1' })).status).toBe(200);
    expect((await callOperation(simulator(), OP.newFunds, { pageNo: '2' })).status).toBe(500);
    simulator().setFaults({ errorRate: 1, pages: [1, 3] });
    expect((await callOperation(simulator(), OP.bids, VALID_BODIES[OP.bids])).status).toBe(500);
    expect((await callOperation(simulator(), OP.bids, { ...VALID_BODIES[OP.bids], pageIndex: '2' })).status).toBe(200);
    expect((await callOperation(simulator(), OP.bids, { ...VALID_BODIES[OP.bids], pageIndex: '3' })).status).toBe(500);
    expect(() => simulator().setFaults({ timeoutRate: 1, pages: [] })).toThrow(/invalid fault options/);
  });

  it('draws the same faults from the same seed', async () => {
    const statusesFrom = async (seed: number) => {
      const own = await startSimulator({ seed, faults: { errorRate: 0.5 }, rateLimits: GENEROUS_RATE_LIMITS });
      const statuses = [];
      for (let i = 0; i < 24; i++)
        statuses.push((await callOperation(own, OP.futures, VALID_BODIES[OP.futures])).status);
      await own.close();
      return statuses.join(',');
    };
    const first = await statusesFrom(7);
    expect(await statusesFrom(7)).toBe(first);
    expect(first).toContain('500');
    expect(first).toContain('200');
    expect(await statusesFrom(8)).not.toBe(first);
  });

  it('refuses fault settings it would not understand', () => {
    expect(() => simulator().setFaults({ errorRate: 2 })).toThrow(/invalid fault options/);
    expect(() => simulator().setFaults({ errorrate: 0.5 } as never)).toThrow(/invalid fault options/);
    expect(() => simulator().setFaults({ latencyMs: [90, 60] })).toThrow(/invalid fault options/);
    expect(() => simulator().setFaults({ perOperation: { 'no-such-op': { errorRate: 1 } } as never })).toThrow();
  });
});
