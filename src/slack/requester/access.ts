import type { WebClient } from '@slack/web-api';
import type { WorkspaceRules } from '../../core/workspaces/workspaceSettings.js';
import type { Phrase } from '../../i18n/lang.js';
import type { SlackDeps } from '../deps.js';
import type { Allowlist } from '../slackConfig.js';

export interface Where {
  /** The person's own workspace (the allowlists and budgets judge it), else where the request came from. */
  teamId?: string | undefined;
  /** Their Enterprise Grid organisation, when known: ALLOWED_TEAM_IDS may name it (E…) for all its workspaces. */
  enterpriseId?: string | undefined;
  channelId?: string | undefined;
  userId?: string | undefined;
  /**
   * A request without a channel that can neither spend nor show a result anywhere the channel list
   * does not allow (the App Home tab and its digest and watch buttons, the digest and watch forms,
   * which name their channel): the channel list does not refuse it.
   */
  postsNowhere?: boolean;
}

/**
 * The optional allowlists, checked before anything is parsed or spent. Returns the refusal to show,
 * or undefined when allowed. With a channel list, the app answers only in those channels: a request
 * from no channel (a global shortcut and the form it opens, a click outside any conversation, a
 * workflow step, whose outputs later steps may post anywhere) is refused, unless it posts nowhere.
 */
export function refusal(allowlist: Allowlist, where: Where): Phrase | undefined {
  const listed = (id: string | undefined) => id !== undefined && allowlist.teams!.has(id);
  if (allowlist.teams && !listed(where.teamId) && !listed(where.enterpriseId)) return { key: 'access.team' };
  if (allowlist.users && !(where.userId && allowlist.users.has(where.userId))) return { key: 'access.user' };
  if (allowlist.channels) {
    if (where.channelId) {
      if (!allowlist.channels.has(where.channelId)) return { key: 'access.channel' };
    } else if (!where.postsNowhere) return { key: 'access.noChannel' };
  }
  return undefined;
}

/**
 * Why a digest or watch may not post in `channelId` (a form's chosen channel, a scheduled run's):
 * the workspace's channel list, or a channel shared with another organisation (unless its rules allow it).
 */
export async function channelRefusal(
  deps: Pick<SlackDeps, 'sharedChannels'>,
  rules: Pick<WorkspaceRules, 'allowlist' | 'allowSharedChannels'>,
  client: WebClient,
  channelId: string,
): Promise<Phrase | undefined> {
  const listed = refusal(rules.allowlist, { channelId });
  if (listed || rules.allowSharedChannels || !deps.sharedChannels) return listed;
  const sharing = await deps.sharedChannels.of(client, channelId);
  if (sharing === 'pending') return { key: 'access.sharedPending' };
  return sharing === 'external' ? { key: 'access.sharedChannel' } : undefined;
}
