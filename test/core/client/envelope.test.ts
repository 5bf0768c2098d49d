import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnvelope } from '../../../src/core/client/envelope.js';
import type { UpstreamError } from '../../../src/core/errors.js';
import { type DataService, startDataService, TEAM } from '../../support/dataService.js';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  headers,
  text: typeof body === 'string' ? body : JSON.stringify(body),
});

function kindOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return (error as UpstreamError).kind;
  }
  return 'success';
}

describe('envelopes', () => {
  it('envelope A succeeds with "SUCCESS", 200 or "200", and only with a 2xx status', () => {
    for (const code of ['SUCCESS', 200, '200'])
      expect(readEnvelope('A', 'op', answer(200, { code, message: 'ok', data: { x: 1 } }), 0).data).toEqual({ x: 1 });
    expect(kindOf(() => readEnvelope('A', 'op', answer(500, { code: 'SUCCESS', data: {} }), 0))).toBe('server');
    expect(
      kindOf(() => readEnvelope('A', 'op', answer(200, { code: 'FAIL', message: 'bad keyword', data: null }), 0)),
    ).toBe('rejected');
  });

  it('envelope B succeeds with code 200 and carries taskNo', () => {
    expect(readEnvelope('B', 'op', answer(200, { code: 200, msg: 'success', taskNo: 't1', data: [] }), 0)).toEqual({
      data: [],
      taskNo: 't1',
    });
    expect(
      kindOf(() => readEnvelope('B', 'op', answer(200, { code: 500, msg: 'boom', taskNo: 't2', data: null }), 0)),
    ).toBe('server');
    expect(kindOf(() => readEnvelope('B', 'op', answer(200, { code: 429, msg: 'slow down' }), 0))).toBe('rate_limited');
    expect(kindOf(() => readEnvelope('B', 'op', answer(200, { code: 4001, msg: '请求过于频繁' }), 0))).toBe(
      'rate_limited',
    );
    expect(kindOf(() => readEnvelope('B', 'op', answer(403, { code: 403, msg: 'forbidden' }), 0))).toBe('auth');
    expect(kindOf(() => readEnvelope('B', 'op', answer(200, { msg: 'no code' }), 0))).toBe('schema_changed');
  });

  it('non-JSON bodies are malformed, unless the status already tells what happened', () => {
    expect(kindOf(() => readEnvelope('B', 'op', answer(200, '<html>'), 0))).toBe('malformed');
    expect(kindOf(() => readEnvelope('B', 'op', answer(502, '<html>bad gateway'), 0))).toBe('server');
    expect(kindOf(() => readEnvelope('B', 'op', answer(429, 'slow'), 0))).toBe('rate_limited');
  });
});

describe('envelope A success forms against the simulator', () => {
  let service: DataService;
  beforeAll(async () => {
    service = await startDataService();
  });
  afterAll(() => service.close());

  const forms = [
    ['SUCCESS', '华信'],
    [200, '科技'],
    ['200', '光伏'],
  ] as const;
  for (const [code, keyword] of forms) {
    it(`accepts code ${JSON.stringify(code)}`, async () => {
      service.simulator.setOptions({ envelopeACode: code });
      const answer = await service.client.call('enterprise-general-taxpayer-query', { keyword }, TEAM);
      expect(answer.source).toBe('upstream');
      expect(typeof answer.result.total).toBe('number');
    });
  }
});
