import type { Logger } from 'pino';
import { failureRule, isUpstreamKind, type UpstreamKind } from '../errorKinds.js';

/**
 * The call policy: what the client does after each way a call to the data service can end. One
 * rule decides it all: the service decides, and charges, a call before its answer travels back.
 * So a call never sent, or refused without being decided (a rate limit, a 5xx error envelope), was
 * not charged and may be tried again; a call sent without a readable answer may have been charged
 * and is never retried (a retry could pay twice). The pacers (pacer.ts, sharedPacing.ts) do the
 * waiting; how long, and after what, is decided here.
 */

type RefusalKind = 'rate_limited' | 'auth' | 'insufficient_balance' | 'server' | 'rejected';

// The return-code table is not published, so failures are also recognised by common wording.
const RATE_LIMIT_WORDS = /rate.?limit|too many|频繁|限流|超过.*(频率|次数)/i;
const AUTH_WORDS = /api.?key|unauthori[sz]ed|forbidden|鉴权|认证|无权/i;
const BALANCE_WORDS = /balance|insufficient|余额|欠费/i;

function kindFromStatus(status: number): RefusalKind | undefined {
  if (status === 429) return 'rate_limited';
  if (status === 401 || status === 403) return 'auth';
  if (status === 402) return 'insufficient_balance';
  if (status >= 500) return 'server';
  return undefined;
}

/** A refusal read from the HTTP status, or, when the status does not tell (HTTP 200 errors), from the envelope. */
export function classifyFailure(status: number, code: string | number | undefined, message = ''): RefusalKind {
  const byStatus = kindFromStatus(status);
  if (byStatus) return byStatus;
  const codeText = String(code ?? '').toUpperCase();
  const numeric = Number(code);
  if (numeric === 429 || codeText.includes('RATE') || RATE_LIMIT_WORDS.test(message)) return 'rate_limited';
  if (
    numeric === 401 ||
    numeric === 403 ||
    codeText.includes('UNAUTHORI') ||
    codeText.includes('FORBIDDEN') ||
    AUTH_WORDS.test(message)
  )
    return 'auth';
  if (numeric === 402 || codeText.includes('BALANCE') || BALANCE_WORDS.test(message)) return 'insufficient_balance';
  if (numeric >= 500 || codeText.includes('INTERNAL')) return 'server';
  return 'rejected';
}

/**
 * An answer that cannot be read: with a success status the service decided the call (and may have
 * charged it) and the body went wrong on the way; otherwise the status says what happened.
 */
export function unreadableKind(status: number): RefusalKind | 'malformed' {
  const byStatus = kindFromStatus(status);
  if (byStatus) return byStatus;
  return status >= 200 && status < 300 ? 'malformed' : 'rejected';
}

/** Errors raised before the request could leave: no connection was made, so nothing reached the service. */
const CONNECT_FAILURES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_INVALID_URL',
]);

/**
 * Whether a transport error happened before the request left. Only then is a call without an
 * answer known to be uncharged; any other broken call may have reached the service.
 */
export function neverSent(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECT_FAILURES.has(code)) return true;
  }
  return false;
}

/** Retry-After as delay-seconds or an HTTP date, in milliseconds from now. */
export function parseRetryAfter(header: string | string[] | undefined, now: number): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export interface RetryPolicy {
  /** Further attempts after the first one. */
  maxRetries: number;
  /** First backoff step; each retry doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 2, baseDelayMs: 400, maxDelayMs: 8_000 };

/**
 * Full-jitter exponential backoff, never shorter than what the service asked for with
 * Retry-After (clients that retry in step make the overload worse).
 */
export function backoffMs(
  attempt: number,
  policy: RetryPolicy,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  const jittered = Math.round(ceiling / 2 + random() * (ceiling / 2));
  return Math.max(jittered, retryAfterMs ?? 0);
}

export interface Decision {
  /** Send again after this long; undefined: give up, the caller gets the error. */
  readonly retryInMs: number | undefined;
  /** Hold every call of the operation (those already queued too) this long, here and across the fleet. */
  readonly pauseMs: number | undefined;
}

const GIVE_UP: Decision = { retryInMs: undefined, pauseMs: undefined };

/**
 * The failed call's kind and Retry-After, when it failed at or on the way to the service (an
 * UpstreamError). Read by shape: errors.ts takes its rules from this file, which therefore does not
 * import it back.
 */
function upstreamFailure(error: unknown): { kind: UpstreamKind; retryAfterMs: number | undefined } | undefined {
  if (!(error instanceof Error)) return undefined;
  const { kind, retryAfterMs } = error as { kind?: unknown; retryAfterMs?: unknown };
  if (typeof kind !== 'string' || !isUpstreamKind(kind)) return undefined;
  return { kind: kind as UpstreamKind, retryAfterMs: typeof retryAfterMs === 'number' ? retryAfterMs : undefined };
}

/** What to do after attempt number `attempt` (0 for the first) failed with `error`. */
export function decide(error: unknown, attempt: number, policy: RetryPolicy, random?: () => number): Decision {
  const failure = upstreamFailure(error);
  if (!failure || !failureRule(failure.kind).retry || attempt >= policy.maxRetries) return GIVE_UP;
  const { retryAfterMs } = failure;
  return {
    retryInMs: backoffMs(attempt, policy, retryAfterMs, random),
    // Without a Retry-After, one backoff step still keeps the queued calls from running straight
    // into the limit that just refused this one.
    pauseMs: failureRule(failure.kind).pause ? (retryAfterMs ?? policy.baseDelayMs) : undefined,
  };
}

/** This process's pacer of one operation. */
export interface LocalPause {
  pauseFor(ms: number): void;
}

/** The fleet's shared schedule (Redis), when replicas share the limit. */
export interface FleetPause {
  pauseFor(operation: string, ms: number): Promise<void>;
}

export interface CallPolicyOptions {
  retry?: Partial<RetryPolicy>;
  fleet?: FleetPause;
  logger?: Logger;
  /** Jitter source; tests fix it. */
  random?: () => number;
}

/** The decisions above, applied for one client: its retry settings, its fleet, its log. */
export class CallPolicy {
  readonly retry: RetryPolicy;

  constructor(private readonly options: CallPolicyOptions = {}) {
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
  }

  /**
   * After a failed attempt: undefined to give up, or how long to wait before the next attempt. When
   * the service said to slow down, the operation is paused first, in this process and across the
   * fleet, so calls already queued behind this one hold back too.
   */
  async afterFailure(
    operation: string,
    error: unknown,
    attempt: number,
    local: LocalPause,
  ): Promise<number | undefined> {
    const decision = decide(error, attempt, this.retry, this.options.random);
    if (decision.retryInMs === undefined) return undefined;
    if (decision.pauseMs !== undefined) {
      local.pauseFor(decision.pauseMs);
      await this.options.fleet?.pauseFor(operation, decision.pauseMs);
    }
    this.options.logger?.warn(
      { operation, attempt, kind: upstreamFailure(error)?.kind, delayMs: decision.retryInMs },
      'retrying data-service call',
    );
    return decision.retryInMs;
  }
}
