import type { WebClient } from '@slack/web-api';
import type { Logger } from 'pino';
import type { Clock } from '../core/clock.js';

const KEEP_MS = 60 * 60_000;

/**
 * Users' time zones from their Slack profiles (users.info), remembered for an hour so a busy user
 * does not cost a Web API call per command. Falls back to the default zone on any failure.
 */
export class UserTimeZones {
  private readonly known = new Map<string, { zone: string; until: number }>();

  constructor(
    private readonly fallback: string,
    private readonly clock: Clock,
    private readonly logger?: Logger,
  ) {}

  async of(client: WebClient, userId: string): Promise<string> {
    const now = this.clock.now();
    const hit = this.known.get(userId);
    if (hit && hit.until > now) return hit.zone;
    try {
      const answer = await client.users.info({ user: userId });
      const zone = answer.user?.tz || this.fallback;
      this.known.set(userId, { zone, until: now + KEEP_MS });
      return zone;
    } catch (error) {
      this.logger?.warn({ err: error, userId }, 'could not read the user time zone; using the default');
      return this.fallback;
    }
  }
}
