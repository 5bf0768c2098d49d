import { UpstreamError, type UpstreamDetails } from '../errors.js';
import { classifyFailure, parseRetryAfter, unreadableKind } from './callPolicy.js';
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
