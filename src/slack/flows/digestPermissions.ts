import type { Digest } from '../../core/digest/types.js';
import type { SlackDeps } from '../deps.js';
import { mayManage } from './permissions.js';

/** The team's digest a Home button names, when this user may remove or run it; undefined otherwise. */
export async function manageableDigest(
  deps: SlackDeps,
  teamId: string,
  userId: string,
  digestId: string | undefined,
): Promise<Digest | undefined> {
  const digest = await deps.digests.find(teamId, digestId ?? '');
  return digest && mayManage(deps, userId, digest) ? digest : undefined;
}
