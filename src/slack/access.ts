import type { Allowlist } from './config.js';

export interface Where {
  teamId?: string;
  channelId?: string;
  userId?: string;
}

/**
 * The optional allowlists, checked before anything is parsed or spent. Returns the refusal to show,
 * or undefined when allowed. A missing channel (a global shortcut) passes the channel list.
 */
export function refusal(allowlist: Allowlist, where: Where): string | undefined {
  if (allowlist.teams && !(where.teamId && allowlist.teams.has(where.teamId))) {
    return 'This workspace is not enabled for the data service. Ask your Slack admin to add it to ALLOWED_TEAM_IDS.';
  }
  if (allowlist.users && !(where.userId && allowlist.users.has(where.userId))) {
    return 'You are not on the list of people who may use the data service here. Ask an admin to add you (ALLOWED_USER_IDS).';
  }
  if (allowlist.channels && where.channelId && !allowlist.channels.has(where.channelId)) {
    return 'The data service is not enabled in this channel. Try it in a channel where it is enabled, or ask an admin (ALLOWED_CHANNEL_IDS).';
  }
  return undefined;
}
