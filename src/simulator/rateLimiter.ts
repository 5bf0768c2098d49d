// Per key, per operation, strict sliding window: a call is admitted when fewer than `count` admitted
// calls of that key and operation happened in the last `windowMs`.
//
// The spec gives the limits but says the behaviour when one is exceeded is "not shown". Our choice:
// HTTP 429 with `Retry-After: <whole seconds until a slot frees, at least 1>` and the operation's error
// envelope (code 429, or "RATE_LIMITED" in envelope A). Refused calls are not charged and do not count
// towards the window; admitted calls count even if they then fail validation, as a gateway would.
// Windows run on the simulator's clock, not on the simulated data date.
import type { RateLimit } from './operations.js';

export type Admission = { admitted: true } | { admitted: false; retryAfterSeconds: number };

export class SlidingWindowRateLimiter {
  private readonly admittedAt = new Map<string, number[]>();

  constructor(private readonly clockMs: () => number) {}

  tryAdmit(bucket: string, limit: RateLimit, now = this.clockMs()): Admission {
    const recent = this.admittedAt.get(bucket) ?? [];
    // Oldest first: drop what has left the window from the front.
    let left = 0;
    while (left < recent.length && recent[left]! <= now - limit.windowMs) left++;
    if (left > 0) recent.splice(0, left);
    if (recent.length >= limit.count) {
      // A slot frees when enough of the oldest calls leave the window to drop below the count.
      const freeingCall = recent[recent.length - limit.count]!;
      const waitMs = freeingCall + limit.windowMs - now;
      return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    recent.push(now);
    this.admittedAt.set(bucket, recent);
    return { admitted: true };
  }

  clear(): void {
    this.admittedAt.clear();
  }
}
