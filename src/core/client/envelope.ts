import { UpstreamError, type UpstreamDetails } from '../errors.js';
import type { HttpAnswer } from './http.js';

/**
 * Reads both envelopes of the spec. A call succeeded only when the HTTP status is 2xx AND the
 * business code says success: Envelope B uses 200; Envelope A's examples disagree ("SUCCESS"
 * versus 200), so any of "SUCCESS", 200 and "200" counts.
 */

export interface Envelope {
  data: unknown;
  taskNo?: string;
}

const ENVELOPE_A_SUCCESS = new Set<unknown>(['SUCCESS', 200, '200']);
const ENVELOPE_B_SUCCESS = new Set<unknown>([200, '200']);

export function readEnvelope(kind: 'A' | 'B', operation: string, answer: HttpAnswer, now: number): Envelope {
  const base: UpstreamDetails = { operation, httpStatus: answer.status };
  const retryAfterMs = parseRetryAfter(answer.headers['retry-after'], now);
  if (retryAfterMs !== undefined) base.retryAfterMs = retryAfterMs;

  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    throw new UpstreamError(unreadableKind(answer.status), base, `${operation}: the data service answered HTTP ${answer.status} with a body that is not JSON`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new UpstreamError(unreadableKind(answer.status), base, `${operation}: the data service answered with JSON that is not an envelope object`);
  }

  const fields = body as Record<string, unknown>;
  const code = fields.code;
  const message = kind === 'A' ? fields.message : (fields.msg ?? fields.message);
  const details: UpstreamDetails = { ...base };
  if (typeof code === 'string' || typeof code === 'number') details.businessCode = code;
  if (typeof message === 'string' && message) details.upstreamMessage = message;
  if (typeof fields.taskNo === 'string' && fields.taskNo) details.taskNo = fields.taskNo;

  const successCodes = kind === 'A' ? ENVELOPE_A_SUCCESS : ENVELOPE_B_SUCCESS;
  const httpOk = answer.status >= 200 && answer.status < 300;
  if (httpOk && successCodes.has(code)) {
    return details.taskNo === undefined ? { data: fields.data } : { data: fields.data, taskNo: details.taskNo };
  }
  if (httpOk && code === undefined) {
    throw new UpstreamError('schema_changed', details, `${operation}: the envelope has no business code`);
  }
  throw new UpstreamError(classifyFailure(answer.status, details.businessCode, details.upstreamMessage), details);
}

type FailureKind = 'rate_limited' | 'auth' | 'insufficient_balance' | 'server' | 'rejected';

/**
 * An answer that cannot be read: with a success status the service decided the call (and may have
 * charged it) and the body went wrong on the way; otherwise the status says what happened.
 */
function unreadableKind(status: number): FailureKind | 'malformed' {
  const byStatus = kindFromStatus(status);
  if (byStatus) return byStatus;
  return status >= 200 && status < 300 ? 'malformed' : 'rejected';
}

function kindFromStatus(status: number): FailureKind | undefined {
  if (status === 429) return 'rate_limited';
  if (status === 401 || status === 403) return 'auth';
  if (status === 402) return 'insufficient_balance';
  if (status >= 500) return 'server';
  return undefined;
}

// The return-code table is not published, so failures are also recognised by common wording.
const RATE_LIMIT_WORDS = /rate.?limit|too many|频繁|限流|超过.*(频率|次数)/i;
const AUTH_WORDS = /api.?key|unauthori[sz]ed|forbidden|鉴权|认证|无权/i;
const BALANCE_WORDS = /balance|insufficient|余额|欠费/i;

function classifyFailure(status: number, code: string | number | undefined, message = ''): FailureKind {
  const byStatus = kindFromStatus(status);
  if (byStatus) return byStatus;
  const codeText = String(code ?? '').toUpperCase();
  const numeric = Number(code);
  if (numeric === 429 || codeText.includes('RATE') || RATE_LIMIT_WORDS.test(message)) return 'rate_limited';
  if (numeric === 401 || numeric === 403 || codeText.includes('UNAUTHORI') || codeText.includes('FORBIDDEN') || AUTH_WORDS.test(message)) return 'auth';
  if (numeric === 402 || codeText.includes('BALANCE') || BALANCE_WORDS.test(message)) return 'insufficient_balance';
  if (numeric >= 500 || codeText.includes('INTERNAL')) return 'server';
  return 'rejected';
}

/** Retry-After as delay-seconds or an HTTP date, in milliseconds from now. */
export function parseRetryAfter(header: string | string[] | undefined, now: number): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
