import type { CatalogueKey } from '../../i18n/catalogueKeys.js';
import { serviceText } from '../blockKit/mrkdwn.js';
import type { SlackDeps } from '../deps.js';
import type { Requester } from '../requester/requester.js';

/** Someone whose permissions are judged: their id, and their Slack profile (whether Slack calls them an admin). */
export type Person = Pick<Requester, 'userId' | 'profile'>;

/**
 * The app's admins: the people ADMIN_USER_IDS names; without it, the workspace's own admins and
 * owners in Slack (users.info `is_admin`, `is_owner`, `is_primary_owner`). Someone Slack did not
 * say of (users.info failed or was slow) is no admin.
 */
export async function isAdmin(deps: Pick<SlackDeps, 'config'>, person: Person): Promise<boolean> {
  if (deps.config.adminUserIds.size > 0) return deps.config.adminUserIds.has(person.userId);
  return (await person.profile()).slackAdmin === true;
}

/** Adding a digest or a watch, which spend on a schedule: the admins only. */
export function mayAdd(deps: Pick<SlackDeps, 'config'>, person: Person): Promise<boolean> {
  return isAdmin(deps, person);
}

/** Removing, running or pausing a digest or a watch: the admins and whoever added it. */
export async function mayManage(
  deps: Pick<SlackDeps, 'config'>,
  person: Person,
  entry: { createdBy: string },
): Promise<boolean> {
  return entry.createdBy === person.userId || (await isAdmin(deps, person));
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
  if (!(await mayManage(deps, requester, entry))) {
    await reply(lang.t(kind.notYours, { owner: `<@${entry.createdBy}>`, id: entry.id }));
    return undefined;
  }
  return entry;
}
