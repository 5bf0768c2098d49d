import { type UpstreamDetails, UpstreamError } from '../errors.js';
import { classifyFailure, parseRetryAfter, unreadableKind } from './callPolicy.js';
import type { HttpResponse } from './http.js';

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

export function readEnvelope(kind: 'A' | 'B', operation: string, response: HttpResponse, now: number): Envelope {
  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch {
    throw new UpstreamError(
      unreadableKind(response.status),
      baseDetails(operation, response, now),
      `${operation}: the data service answered HTTP ${response.status} with a body that is not JSON`,
    );
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new UpstreamError(
      unreadableKind(response.status),
      baseDetails(operation, response, now),
      `${operation}: the data service answered with JSON that is not an envelope object`,
    );
  }

  const fields = body as Record<string, unknown>;
  const code = fields.code;
  const taskNo = typeof fields.taskNo === 'string' && fields.taskNo ? fields.taskNo : undefined;
  const httpOk = response.status >= 200 && response.status < 300;
  // Success, the path every paid call takes, reads only the data and the task number.
  if (httpOk && (kind === 'A' ? ENVELOPE_A_SUCCESS : ENVELOPE_B_SUCCESS).has(code)) {
    return taskNo === undefined ? { data: fields.data } : { data: fields.data, taskNo };
  }

  const message = kind === 'A' ? fields.message : (fields.msg ?? fields.message);
  const details = baseDetails(operation, response, now);
  if (typeof code === 'string' || typeof code === 'number') details.businessCode = code;
  if (typeof message === 'string' && message) details.upstreamMessage = message;
  if (taskNo !== undefined) details.taskNo = taskNo;
  if (httpOk && code === undefined) {
    throw new UpstreamError('schema_changed', details, `${operation}: the envelope has no business code`);
  }
  throw new UpstreamError(classifyFailure(response.status, details.businessCode, details.upstreamMessage), details);
}

/** What every failure says: the operation, the HTTP status, and how long the service asked to wait. */
function baseDetails(operation: string, response: HttpResponse, now: number): UpstreamDetails {
  const details: UpstreamDetails = { operation, httpStatus: response.status };
  const retryAfterMs = parseRetryAfter(response.headers['retry-after'], now);
  if (retryAfterMs !== undefined) details.retryAfterMs = retryAfterMs;
  return details;
}
