import { describe, expect, it } from 'vitest';
import { SlidingWindowRateLimiter } from '../../src/simulator/rateLimiter.js';
import { ManualClock } from '../support/clocks.js';
import { callOperation, FIXED_NOW, OP, useSimulator } from './simulatorTestKit.js';

// The windows run on a clock the test moves: a real window would make a busy machine's slow
// requests fall into the next one.
const WINDOW_MS = 1_000;
const clock = new ManualClock(FIXED_NOW);
const simulator = useSimulator({
  now: () => FIXED_NOW,
  clock,
  apiKeys: ['sim-key', 'other-key'],
  rateLimits: {
    'fund-asset': { count: 3, windowMs: WINDOW_MS },
    'enterprise-general-taxpayer-query': { count: 3, windowMs: WINDOW_MS },
  },
});
const withSpecLimits = useSimulator({ now: () => FIXED_NOW });
const fundAsset = (key = 'sim-key') => callOperation(simulator(), OP.fundAsset, { fundCode: '000001' }, { key });

describe('sliding window limiter', () => {
  it('frees a slot when the oldest admitted call leaves the window, and ignores refused calls', () => {
    let now = 0;
    const limiter = new SlidingWindowRateLimiter(() => now);
    const limit = { count: 2, windowMs: 10_000 };
    expect(limiter.tryAdmit('a', limit).admitted).toBe(true);
    now = 4_000;
    expect(limiter.tryAdmit('a', limit).admitted).toBe(true);
    now = 5_000;
    expect(limiter.tryAdmit('a', limit)).toEqual({ admitted: false, retryAfterSeconds: 5 });
    now = 9_999;
    expect(limiter.tryAdmit('a', limit)).toEqual({ admitted: false, retryAfterSeconds: 1 });
    now = 10_001; // the call at 0 has left; the refused ones never counted
    expect(limiter.tryAdmit('a', limit).admitted).toBe(true);
    expect(limiter.tryAdmit('b', limit).admitted).toBe(true);
  });
});

describe('rate limiting over HTTP', () => {
  it('answers 429 with Retry-After once the limit is reached, without charging', async () => {
    simulator().reset();
    for (let i = 0; i < 3; i++) expect((await fundAsset()).status).toBe(200);
    const refused = await fundAsset();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.json).toMatchObject({ code: 429, data: null });
    expect(typeof refused.json.taskNo).toBe('string');
    const stats = simulator().stats();
    expect(stats.coinsByKey['sim-key']).toBe(30);
    expect(stats.rateLimited).toBe(1);
    expect(stats.calls.at(-1)).toMatchObject({ operation: 'fund-asset', status: 429, outcome: 'rate_limited' });
  });

  it('keeps separate windows per key and per operation', async () => {
    simulator().reset();
    for (let i = 0; i < 3; i++) await fundAsset();
    expect((await fundAsset()).status).toBe(429);
    expect((await fundAsset('other-key')).status).toBe(200);
    expect((await callOperation(simulator(), OP.newFunds, {})).status).toBe(200);
  });

  it('admits again once the window has passed, refused calls not counting', async () => {
    simulator().reset();
    for (let i = 0; i < 3; i++) await fundAsset();
    for (let i = 0; i < 5; i++) expect((await fundAsset()).status).toBe(429);
    clock.set(clock.now() + WINDOW_MS + 1);
    for (let i = 0; i < 3; i++) expect((await fundAsset()).status).toBe(200);
  });

  it('uses RATE_LIMITED in envelope A', async () => {
    simulator().reset();
    for (let i = 0; i < 3; i++) await callOperation(simulator(), OP.taxpayer, { keyword: '华信' });
    const refused = await callOperation(simulator(), OP.taxpayer, { keyword: '华信' });
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: 'RATE_LIMITED', data: null });
    expect(refused.headers.get('retry-after')).toBe('1');
  });

  it('starts from the spec limits: 60 a minute for the fund operations, Retry-After up to a minute', async () => {
    const started = Date.now();
    for (let i = 0; i < 60; i++) expect((await callOperation(withSpecLimits(), OP.newFunds, {})).status).toBe(200);
    const refused = await callOperation(withSpecLimits(), OP.newFunds, {});
    expect(refused.status).toBe(429);
    // The window opened with the first call: what is left of its minute, however long a busy machine took for the 60.
    const spentSeconds = Math.ceil((Date.now() - started) / 1000);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(59 - spentSeconds);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('applies limits changed at run time', async () => {
    simulator().reset();
    simulator().setOptions({ rateLimits: { 'fund-asset': { count: 1, windowMs: 60_000 } } });
    expect((await fundAsset()).status).toBe(200);
    const refused = await fundAsset();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(50);
    simulator().setOptions({ rateLimits: { 'fund-asset': { count: 3, windowMs: WINDOW_MS } } });
  });
});
