import type { WebClient } from '@slack/web-api';
import type { Logger } from 'pino';
import type { Clock } from '../../core/clock.js';
import { type Locale, readLocale } from '../../i18n/lang.js';

const KEEP_MS = 60 * 60_000;

/** What a reply needs from a user's Slack profile. */
export interface UserProfile {
  /** IANA zone, or the default zone when the profile has none. */
  timeZone: string;
  /** The user's Slack locale when it is one this app speaks (any zh-* is Chinese, any en-* English). */
  locale?: Locale;
  /** The person's own workspace (users.info `team_id`): in a Slack Connect channel, maybe another organisation's. */
  teamId?: string;
  /** Their Enterprise Grid organisation (`enterprise_user.enterprise_id`), when they belong to one. */
  enterpriseId?: string;
  /** An admin or owner of their workspace in Slack (`is_admin`, `is_owner`, `is_primary_owner`). */
  slackAdmin?: boolean;
}

/**
 * Users' time zones, locales, teams and roles from their Slack profiles (`users.info` with `include_locale`),
 * remembered for an hour so a busy user does not cost a Web API call per command. Falls back to the
 * default zone (and no locale) on any failure, without remembering the failure.
 */
export class UserProfiles {
  private readonly known = new Map<string, { profile: UserProfile; until: number }>();

  constructor(
    private readonly fallbackZone: string,
    private readonly clock: Clock,
    private readonly logger?: Logger,
  ) {}

  /** The profile read in the last hour, without asking Slack. */
  cached(userId: string): UserProfile | undefined {
    const hit = this.known.get(userId);
    return hit && hit.until > this.clock.now() ? hit.profile : undefined;
  }

  async of(client: WebClient, userId: string): Promise<UserProfile> {
    const now = this.clock.now();
    const hit = this.known.get(userId);
    if (hit && hit.until > now) return hit.profile;
    try {
      const response = await client.users.info({ user: userId, include_locale: true });
      const locale = readLocale(response.user?.locale);
      const teamId = response.user?.team_id;
      const enterpriseId = response.user?.enterprise_user?.enterprise_id;
      const { is_admin: admin, is_owner: owner, is_primary_owner: primaryOwner } = response.user ?? {};
      const profile: UserProfile = {
        timeZone: response.user?.tz || this.fallbackZone,
        ...(locale ? { locale } : {}),
        ...(teamId ? { teamId } : {}),
        ...(enterpriseId ? { enterpriseId } : {}),
        ...(admin || owner || primaryOwner ? { slackAdmin: true } : {}),
      };
      this.known.set(userId, { profile, until: now + KEEP_MS });
      return profile;
    } catch (error) {
      this.logger?.warn({ err: error, userId }, 'could not read the user profile; using the default zone and language');
      return { timeZone: this.fallbackZone };
    }
  }
}
