import type { CatalogueKey } from '../../i18n/catalogueKeys.js';
import { serviceText } from '../blockKit/mrkdwn.js';
import type { Requester } from '../requester/requester.js';

/** Someone whose permissions are judged: their id, their Slack profile (whether Slack calls them an admin), their workspace's rules. */
export type Person = Pick<Requester, 'userId' | 'profile' | 'rules'>;

/**
 * The app's admins in a workspace: the people its rules name (ADMIN_USER_IDS and the workspace's
 * own list) and, unless ADMIN_USER_IDS is set, the workspace's admins and owners in Slack
 * (users.info `is_admin`, `is_owner`, `is_primary_owner`). Someone Slack did not say of (users.info
 * failed or was slow) is no Slack admin.
 */
export async function isAdmin(person: Person): Promise<boolean> {
  if (person.rules.adminUserIds.has(person.userId)) return true;
  return person.rules.slackAdminsAreAdmins && (await person.profile()).slackAdmin === true;
}

/**
 * Entering, replacing or removing the workspace's own data-service key: its admins, from their own
 * workspace only. The key pays for the calls charged to the person's own team, so someone of
 * another workspace (an Enterprise Grid colleague, a Slack Connect guest) never sets or sees it.
 */
export async function mayChangeKey(person: Person & Pick<Requester, 'teamId' | 'workspaceId'>): Promise<boolean> {
  return person.teamId === person.workspaceId && (await isAdmin(person));
}

/** Adding a digest or a watch, which spend on a schedule: the admins only. */
export function mayAdd(person: Person): Promise<boolean> {
  return isAdmin(person);
}

/** Removing, running or pausing a digest or a watch: the admins and whoever added it. */
export async function mayManage(person: Person, entry: { createdBy: string }): Promise<boolean> {
  return entry.createdBy === person.userId || (await isAdmin(person));
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
  if (!(await mayManage(requester, entry))) {
    await reply(lang.t(kind.notYours, { owner: `<@${entry.createdBy}>`, id: entry.id }));
    return undefined;
  }
  return entry;
}
