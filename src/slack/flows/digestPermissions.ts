import type { Digest } from '../../core/digest/types.js';
import type { SlackDeps } from '../deps.js';

/** With ADMIN_USER_IDS set only those members add digests; without it, anyone may (a small team's default). */
export function mayAddDigest(deps: SlackDeps, userId: string): boolean {
  return deps.config.adminUserIds.size === 0 || deps.config.adminUserIds.has(userId);
}

/** Removing or running one: the digest admins and whoever added it. */
export function mayManageDigest(deps: SlackDeps, userId: string, digest: Digest): boolean {
  return deps.config.adminUserIds.has(userId) || digest.createdBy === userId;
}

/** The team's digest a Home button names, when this user may remove or run it; undefined otherwise. */
export async function manageableDigest(deps: SlackDeps, teamId: string, userId: string, digestId: string | undefined): Promise<Digest | undefined> {
  const digest = await deps.digests.find(teamId, digestId ?? '');
  return digest && mayManageDigest(deps, userId, digest) ? digest : undefined;
}
