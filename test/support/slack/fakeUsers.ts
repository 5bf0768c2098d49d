import { DEFAULT_USER_ID } from './workspace.js';

/** The part of a `users.info` user object the app is expected to read. */
export interface FakeSlackUser {
  id: string;
  team_id: string;
  name: string;
  real_name: string;
  deleted: boolean;
  is_bot: boolean;
  is_app_user: boolean;
  /** The workspace's admins and owners (https://docs.slack.dev/reference/objects/user-object): a primary owner is an owner and an admin too. */
  is_admin: boolean;
  is_owner: boolean;
  is_primary_owner: boolean;
  /** Guests: multi-channel (restricted) and single-channel (ultra restricted). */
  is_restricted: boolean;
  is_ultra_restricted: boolean;
  tz: string;
  tz_label: string;
  /** Seconds east of UTC, as Slack sends it (Asia/Shanghai → 28800). */
  tz_offset: number;
  locale?: string;
  profile: { real_name: string; display_name: string; email?: string };
}

export const DEFAULT_TZ = 'Asia/Shanghai';

// Made once per zone and style: every fake user is described, and building a format costs far more than using it.
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function timeZoneNamePart(timeZone: string, style: 'long' | 'longOffset', at: Date): string {
  const key = `${style}|${timeZone}`;
  let format = zoneFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: style });
    zoneFormats.set(key, format);
  }
  const parts = format.formatToParts(at);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/**
 * Slack derives tz_label and tz_offset from tz (with the current DST rule), so a test that only says
 * `{ tz: 'America/New_York' }` gets the three fields consistent instead of a label from another zone.
 */
export function describeTimeZone(tz: string, at = new Date()): Pick<FakeSlackUser, 'tz' | 'tz_label' | 'tz_offset'> {
  const label = timeZoneNamePart(tz, 'long', at);
  // "GMT+05:30", "GMT-08:00", or bare "GMT" for zero.
  const match = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(timeZoneNamePart(tz, 'longOffset', at));
  let offset = 0;
  if (match?.[1]) {
    const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60;
    offset = match[1] === '-' ? -seconds : seconds;
  }
  return { tz, tz_label: label, tz_offset: offset };
}

/**
 * A plain human member; the name is derived from the id so different users are told apart in
 * assertions. DEFAULT_USER_ID, who installed the app, is the workspace's primary owner (an owner and
 * an admin too, as Slack's user object says of a primary owner).
 */
export function defaultUser(id: string, teamId: string, tz: string): FakeSlackUser {
  const name = `user-${id.toLowerCase()}`;
  const owner = id === DEFAULT_USER_ID;
  return {
    id,
    team_id: teamId,
    name,
    real_name: `Test User ${id}`,
    deleted: false,
    is_bot: false,
    is_app_user: false,
    is_admin: owner,
    is_owner: owner,
    is_primary_owner: owner,
    is_restricted: false,
    is_ultra_restricted: false,
    ...describeTimeZone(tz),
    profile: { real_name: `Test User ${id}`, display_name: name },
  };
}

/** Applies a test's override; a new `tz` without its own label/offset recomputes both. */
export function applyUserPatch(user: FakeSlackUser, patch: Partial<FakeSlackUser>): FakeSlackUser {
  const zone = patch.tz !== undefined ? describeTimeZone(patch.tz) : {};
  return { ...user, ...zone, ...patch, profile: { ...user.profile, ...patch.profile } };
}
