// The kinds of failure a call can have and what each means (retried? may it have charged?), below
// both the errors that carry them (errors.ts) and the call policy that acts on them (client/callPolicy.ts).
export type DataErrorKind =
  | 'validation'
  | 'budget'
  | 'budget_unavailable'
  | 'auth'
  | 'insufficient_balance'
  | 'rate_limited'
  | 'rejected'
  | 'server'
  | 'timeout'
  | 'connection_lost'
  | 'network'
  | 'malformed'
  | 'schema_changed'
  | 'not_cached'
  | 'stopped';

/** The failures that happen at or on the way to the service: the ones the call policy has a rule for. */
export type UpstreamKind = Exclude<
  DataErrorKind,
  'validation' | 'budget' | 'budget_unavailable' | 'not_cached' | 'stopped'
>;

/** What one kind of failed attempt means. */
export interface FailureRule {
  /** Trying the same call again may succeed and cannot pay twice. */
  retry: boolean;
  /** Sent, and no readable answer: counted as spent (unconfirmed), since the service may have charged it. */
  mayHaveCharged: boolean;
  /** The service said to slow down: this operation's calls are held, here and across the fleet. */
  pause: boolean;
}

const NOT_CHARGED_RETRIED: FailureRule = { retry: true, mayHaveCharged: false, pause: false };
const NOT_CHARGED_FINAL: FailureRule = { retry: false, mayHaveCharged: false, pause: false };
const MAY_HAVE_CHARGED: FailureRule = { retry: false, mayHaveCharged: true, pause: false };

const FAILURE_RULES: Readonly<Record<UpstreamKind, FailureRule>> = {
  // Never sent: no connection was made, so nothing reached the service.
  network: NOT_CHARGED_RETRIED,
  // Refused without being decided.
  rate_limited: { retry: true, mayHaveCharged: false, pause: true },
  server: NOT_CHARGED_RETRIED,
  // Refused as a request: the same request would get the same answer.
  auth: NOT_CHARGED_FINAL,
  insufficient_balance: NOT_CHARGED_FINAL,
  rejected: NOT_CHARGED_FINAL,
  // Sent, no readable answer (no answer in time, a broken connection, a 2xx body that is not JSON).
  timeout: MAY_HAVE_CHARGED,
  connection_lost: MAY_HAVE_CHARGED,
  malformed: MAY_HAVE_CHARGED,
  // A success code is a charge however its payload looks (the client counts it as the envelope
  // reads success); a 2xx envelope without any code was not decided as a success. Neither is retried.
  schema_changed: NOT_CHARGED_FINAL,
};

export function failureRule(kind: UpstreamKind): FailureRule {
  return FAILURE_RULES[kind];
}

export function isUpstreamKind(kind: string): kind is UpstreamKind {
  return Object.hasOwn(FAILURE_RULES, kind);
}
