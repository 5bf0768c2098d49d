import { isDataError } from '../errors.js';

export interface RetryPolicy {
  /** Further attempts after the first one. */
  maxRetries: number;
  /** First backoff step; each retry doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 2, baseDelayMs: 400, maxDelayMs: 8_000 };

export function shouldRetry(error: unknown, attempt: number, policy: RetryPolicy): boolean {
  return attempt < policy.maxRetries && isDataError(error) && error.retryable;
}

/**
 * Full-jitter exponential backoff, never shorter than what the service asked for with
 * Retry-After (clients that retry in step make the overload worse).
 */
export function retryDelayMs(attempt: number, policy: RetryPolicy, retryAfterMs: number | undefined, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  const jittered = Math.round(ceiling / 2 + random() * (ceiling / 2));
  return Math.max(jittered, retryAfterMs ?? 0);
}
