import type { CatalogueKey } from '../../i18n/catalogueKeys.js';
import { serviceText } from '../blockKit/mrkdwn.js';
import type { SlackDeps } from '../deps.js';
import type { Requester } from '../requester/requester.js';

/** Digests and watches: with ADMIN_USER_IDS set only those members add them; without it, anyone may (a small team's default). */
export function mayAdd(deps: SlackDeps, userId: string): boolean {
  return isAdmin(deps, userId);
}

/** The workspace's admins (ADMIN_USER_IDS); without the setting, everyone (a small team's default, as for mayAdd). */
export function isAdmin(deps: SlackDeps, userId: string): boolean {
  return deps.config.adminUserIds.size === 0 || deps.config.adminUserIds.has(userId);
}

/** Removing, running or pausing a digest or a watch: the admins and whoever added it. */
export function mayManage(deps: SlackDeps, userId: string, entry: { createdBy: string }): boolean {
  return deps.config.adminUserIds.has(userId) || entry.createdBy === userId;
}

/** How to find a team's digest or watch by its id, and what to say when it is not there or not theirs. */
export interface OwnedEntryKind<Entry> {
  find(teamId: string, id: string): Promise<Entry | undefined>;
  /** No id was given. */
  which: CatalogueKey;
  /** `{{id}}` names none. */
  noSuch: CatalogueKey;
  /** `{{owner}}` added `{{id}}`, and the requester is no admin. */
  notYours: CatalogueKey;
}

/** The team's digest or watch `id` names, when the requester may manage it; otherwise says why and gives undefined. */
export async function ownedEntry<Entry extends { id: string; createdBy: string }>(
  deps: SlackDeps,
  requester: Requester,
  id: string | undefined,
  kind: OwnedEntryKind<Entry>,
  reply: (text: string) => Promise<void>,
): Promise<Entry | undefined> {
  const { lang } = await requester.profile();
  if (!id) {
    await reply(lang.t(kind.which));
    return undefined;
  }
  const entry = await kind.find(requester.teamId, id);
  if (!entry) {
    await reply(lang.t(kind.noSuch, { id: serviceText(id, { max: 60, oneLine: true }) }));
    return undefined;
  }
  if (!mayManage(deps, requester.userId, entry)) {
    await reply(lang.t(kind.notYours, { owner: `<@${entry.createdBy}>`, id: entry.id }));
    return undefined;
  }
  return entry;
}
