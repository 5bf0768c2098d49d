import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  CallPolicy,
  DEFAULT_RETRY,
  decide,
  neverSent,
  parseRetryAfter,
  type RetryPolicy,
} from '../../../src/core/client/callPolicy.js';
import { readEnvelope } from '../../../src/core/client/envelope.js';
import { failureRule } from '../../../src/core/errorKinds.js';
import {
  BudgetUnavailableError,
  StoppedError,
  UpstreamError,
  type UpstreamKind,
  ValidationError,
} from '../../../src/core/errors.js';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  headers,
  text: typeof body === 'string' ? body : JSON.stringify(body),
});

/** The error the client gets for an answer, as readEnvelope raises it. */
function failureOf(status: number, body: unknown, headers: Record<string, string> = {}): UpstreamError {
  try {
    readEnvelope('B', 'fund-asset', answer(status, body, headers), 0);
  } catch (error) {
    if (error instanceof UpstreamError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

/** A pacer and a fleet that remember what they were told to pause. */
function pausable() {
  const local: number[] = [];
  const fleet: Array<[string, number]> = [];
  return {
    local,
    fleet,
    pacer: { pauseFor: (ms: number) => void local.push(ms) },
    shared: { pauseFor: async (operation: string, ms: number) => void fleet.push([operation, ms]) },
  };
}

const RETRY: RetryPolicy = { maxRetries: 2, baseDelayMs: 400, maxDelayMs: 8_000 };
const HIGHEST = () => 1;

describe('the call policy decides what follows each outcome', () => {
  it('429 with Retry-After: not charged, the operation paused here and across the fleet, retried no sooner than asked', async () => {
    const error = failureOf(429, { code: 429, msg: 'too many requests' }, { 'retry-after': '2' });
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 2000, mayHaveCharged: false, retryable: true });
    const p = pausable();
    const policy = new CallPolicy({ retry: RETRY, fleet: p.shared, random: HIGHEST });
    expect(await policy.afterFailure('fund-asset', error, 0, p.pacer)).toBe(2000);
    expect(p.local).toEqual([2000]);
    expect(p.fleet).toEqual([['fund-asset', 2000]]);
  });

  it('a rate-limit code in an HTTP 200 envelope without Retry-After pauses for the first backoff step', async () => {
    const error = failureOf(200, { code: 4001, msg: '请求过于频繁' });
    expect(decide(error, 0, RETRY, HIGHEST)).toEqual({ retryInMs: 400, pauseMs: 400 });
  });

  it('timeout: counted as charged (unconfirmed), never retried, nothing paused', async () => {
    const error = new UpstreamError('timeout', { operation: 'fund-asset' });
    expect(error).toMatchObject({ mayHaveCharged: true, retryable: false });
    const p = pausable();
    const policy = new CallPolicy({ retry: RETRY, fleet: p.shared });
    expect(await policy.afterFailure('fund-asset', error, 0, p.pacer)).toBeUndefined();
    expect(p.local).toEqual([]);
    expect(p.fleet).toEqual([]);
  });

  it('a 2xx answer that is not JSON, and a broken connection: charged, not retried', () => {
    const malformed = failureOf(200, '<html>');
    expect(malformed).toMatchObject({ kind: 'malformed', mayHaveCharged: true });
    expect(decide(malformed, 0, RETRY).retryInMs).toBeUndefined();
    const broken = new UpstreamError('connection_lost', { operation: 'fund-asset' });
    expect(broken.mayHaveCharged).toBe(true);
    expect(decide(broken, 0, RETRY).retryInMs).toBeUndefined();
  });

  it('5xx error envelope: not charged, retried with growing backoff, not paused, given up after the last retry', () => {
    const error = failureOf(200, { code: 500, msg: 'internal error' });
    expect(error).toMatchObject({ kind: 'server', mayHaveCharged: false });
    expect(decide(error, 0, RETRY, HIGHEST)).toEqual({ retryInMs: 400, pauseMs: undefined });
    expect(decide(error, 1, RETRY, HIGHEST)).toEqual({ retryInMs: 800, pauseMs: undefined });
    expect(decide(error, 2, RETRY, HIGHEST)).toEqual({ retryInMs: undefined, pauseMs: undefined });
  });

  it('never sent (connection refused): not charged, retried, not paused', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    expect(neverSent(new Error('fetch failed', { cause: refused }))).toBe(true);
    // A socket that broke after the request left may have reached the service.
    expect(neverSent(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }))).toBe(false);
    const error = new UpstreamError('network', { operation: 'fund-asset' });
    expect(error).toMatchObject({ mayHaveCharged: false, retryable: true });
    expect(decide(error, 0, RETRY, HIGHEST)).toEqual({ retryInMs: 400, pauseMs: undefined });
  });

  it('refusals of the request itself and failures outside the service are never retried', () => {
    for (const kind of ['auth', 'insufficient_balance', 'rejected', 'schema_changed'] as const) {
      expect(decide(new UpstreamError(kind, { operation: 'fund-asset' }), 0, RETRY).retryInMs, kind).toBeUndefined();
    }
    for (const error of [
      new StoppedError('fund-asset'),
      new ValidationError('fund-asset', []),
      new BudgetUnavailableError(),
      new Error('bug'),
    ]) {
      expect(decide(error, 0, RETRY)).toEqual({ retryInMs: undefined, pauseMs: undefined });
    }
  });

  it('one table: only calls the service did not decide are retried, only unanswered sends may have been charged', () => {
    const table = Object.fromEntries(
      (
        [
          'network',
          'rate_limited',
          'server',
          'auth',
          'insufficient_balance',
          'rejected',
          'timeout',
          'connection_lost',
          'malformed',
          'schema_changed',
        ] satisfies UpstreamKind[]
      ).map((kind) => {
        const rule = failureRule(kind);
        return [
          kind,
          [
            rule.retry ? 'retry' : 'final',
            rule.mayHaveCharged ? 'may have charged' : 'not charged',
            rule.pause ? 'pause' : '-',
          ],
        ];
      }),
    );
    expect(table).toEqual({
      network: ['retry', 'not charged', '-'],
      rate_limited: ['retry', 'not charged', 'pause'],
      server: ['retry', 'not charged', '-'],
      auth: ['final', 'not charged', '-'],
      insufficient_balance: ['final', 'not charged', '-'],
      rejected: ['final', 'not charged', '-'],
      timeout: ['final', 'may have charged', '-'],
      connection_lost: ['final', 'may have charged', '-'],
      malformed: ['final', 'may have charged', '-'],
      schema_changed: ['final', 'not charged', '-'],
    });
  });
});

describe('backoff', () => {
  it('is jittered between half and all of the step, doubling per attempt up to the cap', () => {
    expect(backoffMs(0, RETRY, undefined, () => 0)).toBe(200);
    expect(backoffMs(0, RETRY, undefined, HIGHEST)).toBe(400);
    expect(backoffMs(3, RETRY, undefined, HIGHEST)).toBe(3200);
    expect(backoffMs(10, RETRY, undefined, HIGHEST)).toBe(8000);
  });

  it('is never shorter than Retry-After', () => {
    expect(backoffMs(0, RETRY, 5000, HIGHEST)).toBe(5000);
    expect(backoffMs(4, RETRY, 1000, HIGHEST)).toBe(6400);
  });

  it('defaults to two retries starting at 400 ms', () => {
    expect(new CallPolicy().retry).toEqual(DEFAULT_RETRY);
    expect(new CallPolicy({ retry: { maxRetries: 0 } }).retry).toEqual({ ...DEFAULT_RETRY, maxRetries: 0 });
  });

  it('reads Retry-After in seconds or as a date', () => {
    expect(parseRetryAfter('3', 0)).toBe(3000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(10_000);
    expect(parseRetryAfter(undefined, 0)).toBeUndefined();
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
  });
});
