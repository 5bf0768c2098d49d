import { describe, expect, it } from 'vitest';
import { simulatorOptionsFromEnv } from '../../src/simulator/index.js';

describe('simulatorOptionsFromEnv', () => {
  it('uses port 8787 and nothing else when the environment is empty', () => {
    expect(simulatorOptionsFromEnv({})).toEqual({ port: 8787, faults: {} });
  });

  it('treats blank variables as unset', () => {
    expect(simulatorOptionsFromEnv({ SIMULATOR_PORT: ' ', SIMULATOR_ERROR_RATE: '' })).toEqual({
      port: 8787,
      faults: {},
    });
  });

  it('reads every variable', () => {
    const options = simulatorOptionsFromEnv({
      SIMULATOR_PORT: '9000',
      SIMULATOR_API_KEYS: 'alpha, beta,,',
      SIMULATOR_RATE_LIMITS: 'fund-asset=6/10s, finance-external-futures-kline=5/1s',
      SIMULATOR_ENVELOPE_A_CODE: '200',
      SIMULATOR_LATENCY_MS: '50-250',
      SIMULATOR_ERROR_RATE: '0.1',
      SIMULATOR_TIMEOUT_RATE: '0.02',
      SIMULATOR_MALFORMED_RATE: '.05',
      SIMULATOR_CHANGED_FIELD_RATE: '0',
      SIMULATOR_RATE_LIMIT_RATE: '1',
      SIMULATOR_BUSINESS_ERROR_HTTP_200: 'true',
      SIMULATOR_SEED: '42',
      SIMULATOR_BALANCE: '1000',
    });
    expect(options).toEqual({
      port: 9000,
      apiKeys: ['alpha', 'beta'],
      rateLimits: {
        'fund-asset': { count: 6, windowMs: 10_000 },
        'finance-external-futures-kline': { count: 5, windowMs: 1_000 },
      },
      envelopeACode: 200,
      faults: {
        latencyMs: [50, 250],
        errorRate: 0.1,
        timeoutRate: 0.02,
        malformedRate: 0.05,
        changedFieldRate: 0,
        rateLimitRate: 1,
        businessErrorWithHttp200: true,
      },
      seed: 42,
      balance: 1000,
    });
  });

  it('accepts typed names and every window unit', () => {
    const { rateLimits } = simulatorOptionsFromEnv({
      SIMULATOR_RATE_LIMITS: 'taxpayer=600/1m,bids=60/m,fund-asset=3/500ms,futures=5/s,new-funds=100/2h',
    });
    expect(rateLimits).toEqual({
      'enterprise-general-taxpayer-query': { count: 600, windowMs: 60_000 },
      'thirdpartymarket-cmapi00069224-enterprise-search-bid-list': { count: 60, windowMs: 60_000 },
      'fund-asset': { count: 3, windowMs: 500 },
      'finance-external-futures-kline': { count: 5, windowMs: 1_000 },
      'fund-new-list': { count: 100, windowMs: 7_200_000 },
    });
  });

  it.each([
    ['SUCCESS', 'SUCCESS'],
    ['200', 200],
    ['"200"', '200'],
  ])('reads envelope A code %s', (text, expected) => {
    expect(simulatorOptionsFromEnv({ SIMULATOR_ENVELOPE_A_CODE: text }).envelopeACode).toStrictEqual(expected);
  });

  it('reads a fixed latency', () => {
    expect(simulatorOptionsFromEnv({ SIMULATOR_LATENCY_MS: '120' }).faults).toEqual({ latencyMs: 120 });
  });

  it.each([
    ['SIMULATOR_PORT', 'eighty'],
    ['SIMULATOR_PORT', '70000'],
    ['SIMULATOR_RATE_LIMITS', 'fund-asset=6'],
    ['SIMULATOR_RATE_LIMITS', 'stocks=6/1s'],
    ['SIMULATOR_RATE_LIMITS', 'futures=0/1s'],
    ['SIMULATOR_RATE_LIMITS', 'futures=5/1d'],
    ['SIMULATOR_ENVELOPE_A_CODE', 'OK'],
    ['SIMULATOR_LATENCY_MS', '300-100'],
    ['SIMULATOR_LATENCY_MS', 'slow'],
    ['SIMULATOR_ERROR_RATE', '1.5'],
    ['SIMULATOR_TIMEOUT_RATE', '-0.1'],
    ['SIMULATOR_SEED', 'abc'],
    ['SIMULATOR_API_KEYS', ', ,'],
    ['SIMULATOR_BUSINESS_ERROR_HTTP_200', 'maybe'],
  ])('names %s when its value %j is unusable', (name, value) => {
    expect(() => simulatorOptionsFromEnv({ [name]: value })).toThrow(name);
  });
});
