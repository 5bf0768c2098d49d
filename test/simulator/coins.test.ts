import { afterEach, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from '../../src/simulator/index.js';
import { callOperation, FIXED_NOW, GENEROUS_RATE_LIMITS, OP, useSimulator } from './simulatorTestKit.js';

const simulator = useSimulator({ now: () => FIXED_NOW, apiKeys: ['key-a', 'key-b'], rateLimits: GENEROUS_RATE_LIMITS });

describe('coins', () => {
  it('charges each successful call its documented cost, per key', async () => {
    simulator().reset();
    await callOperation(simulator(), OP.taxpayer, { keyword: '华信' }, { key: 'key-a' });
    await callOperation(simulator(), OP.fundAsset, { fundCode: '000001' }, { key: 'key-a' });
    await callOperation(simulator(), OP.newFunds, {}, { key: 'key-a' });
    await callOperation(simulator(), OP.futures, { symbol: 'CL', type: '0' }, { key: 'key-a' });
    await callOperation(simulator(), OP.bids, { keyword: '人民医院' }, { key: 'key-b' });
    await callOperation(simulator(), OP.futures, { symbol: 'CL', type: '0' }, { key: 'key-b' });
    const stats = simulator().stats();
    expect(stats.coinsByKey).toEqual({ 'key-a': 20 + 10 + 10 + 5, 'key-b': 10 + 5 });
    expect(stats.successByOperation).toEqual({
      [OP.taxpayer]: 1,
      [OP.fundAsset]: 1,
      [OP.newFunds]: 1,
      [OP.futures]: 2,
      [OP.bids]: 1,
    });
  });

  it('does not charge failed calls', async () => {
    simulator().reset();
    await callOperation(simulator(), OP.fundAsset, { fundCode: 'bad' }, { key: 'key-a' });
    await callOperation(simulator(), OP.fundAsset, { fundCode: '000001' }, { key: 'unknown' });
    await callOperation(simulator(), OP.taxpayer, { keyword: '' }, { key: 'key-a' });
    const stats = simulator().stats();
    expect(stats.coinsByKey).toEqual({});
    expect(stats.callsByOperation).toEqual({ [OP.fundAsset]: 2, [OP.taxpayer]: 1 });
    expect(stats.calls.map((entry) => entry.outcome)).toEqual(['bad_request', 'unauthorized', 'bad_request']);
  });

  it('clears coin counters on reset', async () => {
    await callOperation(simulator(), OP.fundAsset, { fundCode: '000001' }, { key: 'key-a' });
    simulator().reset();
    expect(simulator().stats()).toEqual({
      calls: [],
      coinsByKey: {},
      callsByOperation: {},
      successByOperation: {},
      rateLimited: 0,
    });
  });
});

describe('balance', () => {
  let limited: Simulator | undefined;
  afterEach(async () => {
    await limited?.close();
  });

  it('answers 402 once a call would exceed the balance, in both envelopes', async () => {
    limited = await startSimulator({ now: () => FIXED_NOW, balance: 25, rateLimits: GENEROUS_RATE_LIMITS });
    expect((await callOperation(limited, OP.taxpayer, { keyword: '华信' })).status).toBe(200); // 20
    const taxpayer = await callOperation(limited, OP.taxpayer, { keyword: '华信' });
    expect(taxpayer.status).toBe(402);
    expect(taxpayer.json).toMatchObject({ code: 'INSUFFICIENT_BALANCE', data: null });
    expect((await callOperation(limited, OP.futures, { symbol: 'GC', type: '0' })).status).toBe(200); // 25
    const futures = await callOperation(limited, OP.futures, { symbol: 'GC', type: '0' });
    expect(futures.status).toBe(402);
    expect(futures.json).toMatchObject({ code: 402, data: null });
    const stats = limited.stats();
    expect(stats.coinsByKey['sim-key']).toBe(25);
    expect(stats.calls.filter((entry) => entry.outcome === 'insufficient_balance')).toHaveLength(2);
    limited.reset();
    expect((await callOperation(limited, OP.taxpayer, { keyword: '华信' })).status).toBe(200);
  });
});
