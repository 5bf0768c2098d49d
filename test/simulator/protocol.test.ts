// Routing, envelopes, authentication and the order of checks, common to all operations.
import { describe, expect, it } from 'vitest';
import { OPERATION_IDS } from '../../src/simulator/index.js';
import { call, callOperation, FIXED_NOW, OP, useSimulator } from './simulatorTestKit.js';

const ORDER_TEST_KEY = 'order-test-key';
const simulator = useSimulator({
  now: () => FIXED_NOW,
  apiKeys: ['sim-key', ORDER_TEST_KEY],
  rateLimits: { 'fund-new-list': { count: 1, windowMs: 60_000 } },
});

const VALID_BODIES = {
  [OP.taxpayer]: { keyword: '华信' },
  [OP.bids]: { keyword: '人民医院' },
  [OP.fundAsset]: { fundCode: '000001' },
  [OP.futures]: { symbol: 'CL', type: '0' },
  [OP.newFunds]: {},
};

describe('routing', () => {
  it('describes itself as a simulator at GET /', async () => {
    const result = await call(simulator(), '/', undefined, { method: 'GET' });
    expect(result.status).toBe(200);
    expect(result.json.simulator).toBe(true);
    expect(result.json.description).toMatch(/SIMULATOR/);
    expect(result.json.operations).toHaveLength(5);
  });

  it('marks every response with X-Simulator: 1', async () => {
    const answers = await Promise.all([
      call(simulator(), '/', undefined, { method: 'GET' }),
      call(simulator(), '/v1/nothing-here', {}),
      callOperation(simulator(), OP.fundAsset, { fundCode: '000001' }),
      call(simulator(), '/__simulator/stats', undefined, { method: 'GET' }),
    ]);
    for (const answer of answers) expect(answer.headers.get('x-simulator')).toBe('1');
  });

  it('answers an unknown path with 404 in envelope B', async () => {
    const result = await call(simulator(), '/v1/enterprise-search', {});
    expect(result.status).toBe(404);
    expect(result.json).toMatchObject({ code: 404, data: null });
    expect(typeof result.json.msg).toBe('string');
  });

  it('answers another method with 405 in the operation envelope', async () => {
    const envelopeB = await callOperation(simulator(), OP.fundAsset, undefined, { method: 'GET' });
    expect(envelopeB.status).toBe(405);
    expect(envelopeB.headers.get('allow')).toBe('POST');
    expect(envelopeB.json).toMatchObject({ code: 405, data: null });
    const envelopeA = await callOperation(simulator(), OP.taxpayer, undefined, { method: 'PUT', rawBody: '{}' });
    expect(envelopeA.status).toBe(405);
    expect(envelopeA.json).toMatchObject({ code: 'METHOD_NOT_ALLOWED', data: null });
  });

  it.each([
    ['not JSON', '{keyword:'],
    ['an array', '[]'],
    ['a string', '"fund"'],
    ['null', 'null'],
    ['empty', ''],
  ])('refuses a body that is %s with 400', async (_label, rawBody) => {
    const envelopeB = await callOperation(simulator(), OP.fundAsset, undefined, { rawBody });
    expect(envelopeB.status).toBe(400);
    expect(envelopeB.json).toMatchObject({ code: 400, data: null });
    const envelopeA = await callOperation(simulator(), OP.taxpayer, undefined, { rawBody });
    expect(envelopeA.status).toBe(400);
    expect(envelopeA.json).toMatchObject({ code: 'INVALID_PARAMETER', data: null });
  });
});

describe('authentication', () => {
  it.each(OPERATION_IDS)('refuses %s without a key or with an unknown one', async (operation) => {
    for (const key of [null, 'not-a-key']) {
      const result = await callOperation(simulator(), operation, VALID_BODIES[operation], { key });
      expect(result.status).toBe(401);
      const expectedCode = operation === OP.taxpayer ? 'UNAUTHORIZED' : 401;
      expect(result.json.code).toBe(expectedCode);
      expect(result.json.data).toBeNull();
    }
  });

  it('checks the key before the body', async () => {
    const result = await callOperation(simulator(), OP.fundAsset, undefined, { key: null, rawBody: 'nonsense' });
    expect(result.status).toBe(401);
  });

  it('does not keep unaccepted keys in its statistics', async () => {
    await callOperation(simulator(), OP.fundAsset, { fundCode: '000001' }, { key: 'my-real-production-key' });
    const recorded = simulator()
      .stats()
      .calls.map((entry) => entry.key);
    expect(recorded).not.toContain('my-real-production-key');
    expect(recorded).toContain('(unrecognised)');
  });
});

describe('envelopes', () => {
  it.each(OPERATION_IDS.filter((id) => id !== OP.taxpayer))('answers %s in envelope B', async (operation) => {
    const result = await callOperation(simulator(), operation, VALID_BODIES[operation]);
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({ code: 200, msg: 'success' });
    expect(result.json.taskNo).toMatch(/^[0-9a-f]{20}$/);
    expect(typeof result.json.data).toBe('object');
  });

  it('gives each response its own taskNo', async () => {
    const first = await callOperation(simulator(), OP.fundAsset, { fundCode: '000001' });
    const second = await callOperation(simulator(), OP.fundAsset, { fundCode: '000001' });
    expect(first.json.taskNo).not.toBe(second.json.taskNo);
    expect(first.json.data).toEqual(second.json.data);
  });

  it.each([['SUCCESS'], [200], ['200']] as const)(
    'answers the taxpayer operation in envelope A with code %j',
    async (code) => {
      simulator().setOptions({ envelopeACode: code });
      const result = await callOperation(simulator(), OP.taxpayer, { keyword: '华信' });
      expect(result.status).toBe(200);
      expect(result.json).toMatchObject({ code, message: 'success' });
      expect(result.json.code).toStrictEqual(code);
      expect(result.json).not.toHaveProperty('taskNo');
      expect(typeof result.json.data.total).toBe('number');
      simulator().setOptions({ envelopeACode: 'SUCCESS' });
    },
  );
});

describe('order of checks', () => {
  it('rate-limits before it validates parameters', async () => {
    // fund-new-list allows one call a minute per key in this file; this key has not used it yet.
    const first = await callOperation(simulator(), OP.newFunds, { pageSize: 'many' }, { key: ORDER_TEST_KEY });
    expect(first.status).toBe(400);
    const second = await callOperation(simulator(), OP.newFunds, { pageSize: 'many' }, { key: ORDER_TEST_KEY });
    expect(second.status).toBe(429);
  });
});
