import type { Digest } from '../../core/digest/types.js';
import type { SlackDeps } from '../deps.js';
import type { Requester } from '../requester/requester.js';
import { mayManage } from './permissions.js';

/** The team's digest a Home button names, when this person may remove or run it; undefined otherwise. */
export async function manageableDigest(
  deps: SlackDeps,
  requester: Requester,
  digestId: string | undefined,
): Promise<Digest | undefined> {
  const digest = await deps.digests.find(requester.teamId, digestId ?? '');
  return digest && (await mayManage(requester, digest)) ? digest : undefined;
}
