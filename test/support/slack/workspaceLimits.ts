/**
 * Slack's Web API rate limits as https://docs.slack.dev/apis/web-api/rate-limits states them: per
 * method, per app, per workspace, in tiers of requests per minute (Tier 1: 1+, Tier 2: 20+, Tier 3:
 * 50+, Tier 4: 100+), and chat.postMessage's special tier, about one message a second per channel
 * with a workspace-wide limit beside it ("several hundred messages per minute"; 300 here). The
 * fake answers a call past a limit HTTP 429 with Retry-After, as Slack does, and counts it.
 */

/** Each method's tier as its reference page gives it; a method not named is Tier 3. */
const TIER_OF: Readonly<Record<string, 1 | 2 | 3 | 4>> = {
  'auth.test': 4,
  'users.info': 4,
  'views.publish': 4,
  'views.open': 4,
  'views.update': 4,
  'conversations.info': 3,
  'conversations.open': 3,
  'chat.postEphemeral': 4,
  'chat.update': 3,
  'chat.getPermalink': 4,
  'oauth.v2.access': 4,
};
const PER_MINUTE: Readonly<Record<1 | 2 | 3 | 4, number>> = { 1: 1, 2: 20, 3: 50, 4: 100 };
const MINUTE_MS = 60_000;
const POST_PER_CHANNEL_MS = 1000;
const POSTS_PER_WORKSPACE_MINUTE = 300;

export class WorkspaceLimits {
  /** workspace:method → call times in the last minute. */
  readonly #windows = new Map<string, number[]>();
  /** workspace:channel → the last post's time. */
  readonly #lastPost = new Map<string, number>();
  /** workspace → calls answered 429. */
  readonly refused = new Map<string, number>();

  /** Undefined when the call is within the limits (and counts it); else the seconds to wait. */
  admit(workspace: string, method: string, channel: string | undefined, now: number): number | undefined {
    if (method === 'chat.postMessage' && channel !== undefined) {
      const last = this.#lastPost.get(`${workspace}:${channel}`);
      if (last !== undefined && now - last < POST_PER_CHANNEL_MS) return this.#refuse(workspace, 1);
      const wait = this.#window(workspace, method, POSTS_PER_WORKSPACE_MINUTE, now);
      if (wait !== undefined) return wait;
      this.#lastPost.set(`${workspace}:${channel}`, now);
      return undefined;
    }
    return this.#window(workspace, method, PER_MINUTE[TIER_OF[method] ?? 3], now);
  }

  /** Every 429 the fake answered, all workspaces together. */
  get refusedInAll(): number {
    let total = 0;
    for (const count of this.refused.values()) total += count;
    return total;
  }

  #window(workspace: string, method: string, limit: number, now: number): number | undefined {
    const key = `${workspace}:${method}`;
    const times = (this.#windows.get(key) ?? []).filter((at) => now - at < MINUTE_MS);
    if (times.length >= limit) {
      this.#windows.set(key, times);
      return this.#refuse(workspace, Math.max(1, Math.ceil((times[0]! + MINUTE_MS - now) / 1000)));
    }
    times.push(now);
    this.#windows.set(key, times);
    return undefined;
  }

  #refuse(workspace: string, seconds: number): number {
    this.refused.set(workspace, (this.refused.get(workspace) ?? 0) + 1);
    return seconds;
  }
}
