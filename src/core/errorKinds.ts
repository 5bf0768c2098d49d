/**
 * The kinds of failure a data-service call can have, apart from the errors that carry them: the call
 * policy decides by kind, and errors.ts takes its rules from the call policy, so the kinds live here
 * where both can read them without importing each other.
 */
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
