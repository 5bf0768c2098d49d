// One call to a /v1/ operation, decided in the order the brief fixes: method, then the API key, then the
// rate limit, then the body and its parameters, then the balance, then injected faults, then the answer.
// Deciding is synchronous, so checking the balance and charging it cannot interleave between calls.
import { type FailureKind, failureEnvelope, httpStatusOf, successEnvelope } from './envelopes.js';
import { drawFault, drawLatencyMs, faultsFor } from './faults.js';
import { OPERATION_PROFILES, type OperationId } from './operations.js';
import type { SimulatorState } from './simulatorState.js';
import type { CallOutcome } from './types.js';
import { InvalidParameterError, type RequestBody } from './wireFields.js';

export interface OperationRequest {
  operation: OperationId;
  method: string;
  apiKey: string | undefined;
  /** undefined when the body was too large to read. */
  rawBody: string | undefined;
}

export type OperationReply =
  | { kind: 'send'; status: number; headers: Record<string, string>; body: string; latencyMs: number }
  | { kind: 'hang' };

type ParsedBody = { body: RequestBody } | { problem: string };

function parseJsonObject(rawBody: string | undefined): ParsedBody {
  if (rawBody === undefined) return { problem: 'request body too large' };
  let value: unknown;
  try {
    value = JSON.parse(rawBody);
  } catch {
    return { problem: 'request body must be JSON' };
  }
  const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
  return isObject ? { body: value as RequestBody } : { problem: 'request body must be a JSON object' };
}

/** Keys that were not accepted are never stored: they might be someone's real key sent to the wrong place. */
function keyForRecord(apiKey: string | undefined, accepted: ReadonlySet<string>): string {
  if (apiKey === undefined || apiKey === '') return '(missing)';
  return accepted.has(apiKey) ? apiKey : '(unrecognised)';
}

export function replyToOperation(state: SimulatorState, request: OperationRequest): OperationReply {
  const { settings, stats, faultRandom } = state;
  const { operation, apiKey } = request;
  const profile = OPERATION_PROFILES[operation];
  const faults = faultsFor(settings.faults, operation);
  const key = keyForRecord(apiKey, settings.apiKeys);
  // One instant for the whole decision: the rate-limit window and the recorded call agree on it.
  const decidedAt = settings.clock.now();
  let requestBody: unknown;

  const reply = (
    status: number,
    outcome: CallOutcome,
    body: unknown,
    headers: Record<string, string> = {},
  ): OperationReply => {
    stats.record({ operation, key, at: decidedAt, status, outcome, request: requestBody, body });
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return { kind: 'send', status, headers, body: text, latencyMs: drawLatencyMs(faults, faultRandom) };
  };
  const fail = (failure: FailureKind, message: string, outcome: CallOutcome, headers: Record<string, string> = {}) => {
    const status = faults.businessErrorWithHttp200 ? 200 : httpStatusOf(failure);
    return reply(status, outcome, failureEnvelope(profile.envelope, failure, message), headers);
  };

  if (request.method !== 'POST')
    return fail('method_not_allowed', 'only POST is allowed', 'bad_request', { Allow: 'POST' });
  if (!apiKey || !settings.apiKeys.has(apiKey))
    return fail('unauthorized', 'missing or unknown X-API-Key', 'unauthorized');

  const admission = state.limiter.tryAdmit(`${apiKey}\u0000${operation}`, settings.rateLimits[operation], decidedAt);
  if (!admission.admitted) {
    return fail('rate_limited', 'rate limit exceeded', 'rate_limited', {
      'Retry-After': String(admission.retryAfterSeconds),
    });
  }

  const parsed = parseJsonObject(request.rawBody);
  if ('problem' in parsed) return fail('invalid_parameter', parsed.problem, 'bad_request');
  requestBody = parsed.body;
  let data: unknown;
  try {
    data = profile.handle(parsed.body, { nowMs: settings.now(), changes: state.changes });
  } catch (error) {
    if (error instanceof InvalidParameterError) return fail('invalid_parameter', error.message, 'bad_request');
    throw error;
  }

  if (settings.balance !== undefined && stats.coinsSpent(apiKey) + profile.costInCoins > settings.balance) {
    return fail('insufficient_balance', 'insufficient balance', 'insufficient_balance');
  }

  // Error and rate-limit faults are refusals: nothing decided, nothing charged. The other faults go
  // wrong after the call was decided as a success, which is when the service charges: a hang (the
  // answer never leaves; the client times out), a body mangled on the way, a field that changed shape.
  const fault = drawFault(faults, faultRandom, parsed.body);
  if (fault === 'error') return fail('internal_error', 'internal error', 'fault');
  if (fault === 'rateLimit') return fail('rate_limited', 'rate limit exceeded', 'fault', { 'Retry-After': '1' });
  stats.charge(apiKey, profile.costInCoins);
  switch (fault) {
    case 'timeout':
      stats.record({ operation, key, at: decidedAt, status: 0, outcome: 'fault', request: requestBody, body: null });
      return { kind: 'hang' };
    case 'malformed': {
      // Any strict prefix of a JSON object is invalid JSON.
      const complete = JSON.stringify(successEnvelope(profile.envelope, data, settings.envelopeACode));
      return reply(200, 'fault', complete.slice(0, Math.floor(complete.length / 2)));
    }
    case 'changedField':
      return reply(
        200,
        'fault',
        successEnvelope(
          profile.envelope,
          profile.changedField(data as Record<string, unknown>),
          settings.envelopeACode,
        ),
      );
    case undefined:
      return reply(200, 'success', successEnvelope(profile.envelope, data, settings.envelopeACode));
  }
}
