import type { BlockButtonAction } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { Digest } from '../../core/digest/types.js';
import type { SlackDeps } from '../deps.js';
import { mayManageDigest } from '../flows/digestPermissions.js';
import { refusedOutsideChannels } from '../refusedOutsideChannels.js';

/**
 * The checks every App Home digest button makes: the allowlists (refused users are told by direct
 * message; undefined then), and which digest of the team it names, if the user may manage it.
 */
export async function homeDigestClick(deps: SlackDeps, client: WebClient, body: BlockButtonAction, digestId: string | undefined): Promise<{ teamId: string; digest?: Digest } | undefined> {
  const teamId = body.team?.id ?? body.user.team_id ?? 'unknown';
  if (await refusedOutsideChannels(deps, client, { teamId, userId: body.user.id })) return undefined;
  const digest = await deps.digests.find(teamId, digestId ?? '');
  return digest && mayManageDigest(deps, body.user.id, digest) ? { teamId, digest } : { teamId };
}
