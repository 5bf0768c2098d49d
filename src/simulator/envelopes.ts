// The two response envelopes of the service. The spec gives only the success form and says the failure
// code table is "not shown"; the failure codes here are ours, chosen to mirror the HTTP status.
import { randomBytes } from 'node:crypto';
import type { EnvelopeKind } from './operations.js';
import type { EnvelopeASuccessCode } from './types.js';

export type FailureKind =
  | 'invalid_parameter'
  | 'unauthorized'
  | 'insufficient_balance'
  | 'not_found'
  | 'method_not_allowed'
  | 'rate_limited'
  | 'internal_error';

const FAILURE_HTTP_STATUS: Record<FailureKind, number> = {
  invalid_parameter: 400,
  unauthorized: 401,
  insufficient_balance: 402,
  not_found: 404,
  method_not_allowed: 405,
  rate_limited: 429,
  internal_error: 500,
};

const ENVELOPE_A_FAILURE_CODE: Record<FailureKind, string> = {
  invalid_parameter: 'INVALID_PARAMETER',
  unauthorized: 'UNAUTHORIZED',
  insufficient_balance: 'INSUFFICIENT_BALANCE',
  not_found: 'NOT_FOUND',
  method_not_allowed: 'METHOD_NOT_ALLOWED',
  rate_limited: 'RATE_LIMITED',
  internal_error: 'INTERNAL_ERROR',
};

export function httpStatusOf(failure: FailureKind): number {
  return FAILURE_HTTP_STATUS[failure];
}

/** The service's request identifier: 20 hex characters, unique per response. */
function newTaskNo(): string {
  return randomBytes(10).toString('hex');
}

export function successEnvelope(
  envelope: EnvelopeKind,
  data: unknown,
  envelopeACode: EnvelopeASuccessCode,
): Record<string, unknown> {
  if (envelope === 'A') return { code: envelopeACode, message: 'success', data };
  return { code: 200, msg: 'success', taskNo: newTaskNo(), data };
}

export function failureEnvelope(
  envelope: EnvelopeKind,
  failure: FailureKind,
  message: string,
): Record<string, unknown> {
  if (envelope === 'A') return { code: ENVELOPE_A_FAILURE_CODE[failure], message, data: null };
  return { code: FAILURE_HTTP_STATUS[failure], msg: message, taskNo: newTaskNo(), data: null };
}
