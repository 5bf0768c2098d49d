import { describe, expect, it } from 'vitest';
import { call, callOperation, FIXED_NOW, GENEROUS_RATE_LIMITS, OP, useSimulator } from './simulatorTestKit.js';

const simulator = useSimulator({ now: () => FIXED_NOW, rateLimits: GENEROUS_RATE_LIMITS });
const admin = (path: string, method: string, body?: unknown) =>
  call(simulator(), `/__simulator/${path}`, body, { method, key: null });

describe('admin endpoints', () => {
  it('reports statistics without the per-call bodies', async () => {
    simulator().reset();
    await callOperation(simulator(), OP.futures, { symbol: 'CL', type: '0' });
    await callOperation(simulator(), OP.futures, { symbol: 'cl', type: '0' });
    const result = await admin('stats', 'GET');
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({
      coinsByKey: { 'sim-key': 5 },
      callsByOperation: { [OP.futures]: 2 },
      successByOperation: { [OP.futures]: 1 },
      rateLimited: 0,
    });
    expect(result.json.calls).toHaveLength(2);
    expect(result.json.calls[0]).toEqual({
      operation: OP.futures,
      key: 'sim-key',
      at: expect.any(Number),
      status: 200,
      outcome: 'success',
    });
    expect(result.json.calls[1]).toMatchObject({ status: 400, outcome: 'bad_request' });
    expect(simulator().stats().calls[0]!.body).toMatchObject({ code: 200 });
  });

  it('resets statistics', async () => {
    await callOperation(simulator(), OP.futures, { symbol: 'CL', type: '0' });
    expect((await admin('reset', 'POST')).json).toEqual({ ok: true });
    expect((await admin('stats', 'GET')).json).toEqual({
      calls: [],
      coinsByKey: {},
      callsByOperation: {},
      successByOperation: {},
      rateLimited: 0,
    });
  });

  it('replaces fault settings, and refuses bad ones', async () => {
    const set = await admin('faults', 'POST', { errorRate: 1, perOperation: { [OP.newFunds]: { errorRate: 0 } } });
    expect(set.status).toBe(200);
    expect((await callOperation(simulator(), OP.futures, { symbol: 'CL', type: '0' })).status).toBe(500);
    expect((await callOperation(simulator(), OP.newFunds, {})).status).toBe(200);
    const bad = await admin('faults', 'POST', { errorRate: 'often' });
    expect(bad.status).toBe(400);
    expect(bad.json.ok).toBe(false);
    const notJson = await call(simulator(), '/__simulator/faults', undefined, { rawBody: 'nope' });
    expect(notJson.status).toBe(400);
    await admin('faults', 'POST', {});
    expect((await callOperation(simulator(), OP.futures, { symbol: 'CL', type: '0' })).status).toBe(200);
  });

  it('answers a wrong method with 405 and an unknown endpoint with 404', async () => {
    expect((await admin('stats', 'POST', {})).status).toBe(405);
    expect((await admin('reset', 'GET')).status).toBe(405);
    expect((await admin('nothing', 'GET')).status).toBe(404);
  });
});
