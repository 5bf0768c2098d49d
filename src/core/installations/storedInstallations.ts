import type { Clock } from '../clock.js';
import { SecretBox } from '../secretBox.js';
import type { OwnedSecrets } from '../secrets.js';
import type { Store } from '../store/types.js';
import { type Installation, type InstallationQuery, type InstallationStore, installationKey } from './types.js';

const COLLECTION = 'installations';
/** Workspace → the organisation whose org-wide install covers it. */
const TEAMS = 'installation-teams';

/** An installation as written: its tokens sealed, bound to the key they are stored under. */
type StoredInstallation = Omit<Installation, 'botToken' | 'botRefreshToken'> & {
  botToken: string;
  botRefreshToken?: string;
};

/** How long a workspace's link to its organisation goes unwritten once noted (an org reinstall's wait at most). */
const NOTE_AGAIN_MS = 5 * 60_000;

/**
 * Installations in the app's Store (memory, SQLite, Redis), one document per workspace or
 * organisation. Each token is sealed with its record's key and field as context: a token copied
 * into another record, or altered, does not open. `secrets` (the Redactor) hears every
 * installation's tokens as they are read or written, under its key, and forgets them with it: the
 * redaction covers each installed token, and holds no more than the installations there are.
 */
export class StoredInstallations implements InstallationStore {
  constructor(
    private readonly store: Store,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly secrets?: OwnedSecrets,
  ) {}

  /**
   * Workspaces noted in this process lately, and when: a request does not pay a write to say it
   * again, yet within NOTE_AGAIN_MS a link another replica's purge deleted is written back.
   */
  private readonly noted = new Map<string, number>();

  async save(installation: Installation): Promise<void> {
    const key = installationKey(installation);
    if (!key) throw new Error('an installation names neither its workspace nor, org-wide, its organisation');
    this.heard(key, installation);
    const { botRefreshToken, ...rest } = installation;
    const stored: StoredInstallation = {
      ...rest,
      installedAt: installation.installedAt || this.clock.now(),
      botToken: this.box.seal(installation.botToken, `${key}:botToken`),
      ...(botRefreshToken ? { botRefreshToken: this.box.seal(botRefreshToken, `${key}:botRefreshToken`) } : {}),
    };
    await this.store.putDoc(COLLECTION, key, stored);
  }

  async find(query: InstallationQuery): Promise<Installation | undefined> {
    const key = installationKey(query);
    if (!key) return undefined;
    const stored = await this.store.getDoc<StoredInstallation>(COLLECTION, key);
    return stored ? this.opened(key, stored) : undefined;
  }

  async findForTeam(teamId: string): Promise<Installation | undefined> {
    const own = await this.find({ teamId, isEnterpriseInstall: false });
    if (own) return own;
    const link = await this.store.getDoc<{ enterpriseId: string }>(TEAMS, teamId);
    return link ? this.find({ enterpriseId: link.enterpriseId, isEnterpriseInstall: true }) : undefined;
  }

  async noteTeamOf(teamId: string, enterpriseId: string): Promise<void> {
    const key = `${teamId}:${enterpriseId}`;
    const at = this.noted.get(key);
    if (at !== undefined && this.clock.now() - at < NOTE_AGAIN_MS) return;
    await this.store.putDoc(TEAMS, teamId, { enterpriseId });
    this.noted.set(key, this.clock.now());
  }

  async delete(query: InstallationQuery): Promise<boolean> {
    const key = installationKey(query);
    if (!key) return false;
    const deleted = await this.store.deleteDoc(COLLECTION, key);
    this.secrets?.forget(key);
    return deleted;
  }

  async teamsOf(enterpriseId: string): Promise<string[]> {
    const links = await this.store.listDocs<{ enterpriseId: string }>(TEAMS);
    return links.filter((link) => link.doc.enterpriseId === enterpriseId).map((link) => link.id);
  }

  async forgetWorkspace(teamId: string): Promise<number> {
    for (const noted of [...this.noted.keys()]) if (noted.startsWith(`${teamId}:`)) this.noted.delete(noted);
    const deleted = await Promise.all([
      this.store.deleteDoc(TEAMS, teamId),
      this.delete({ teamId, isEnterpriseInstall: false }),
    ]);
    return deleted.filter(Boolean).length;
  }

  async rotate(): Promise<{ rotated: number; total: number }> {
    const all = await this.store.listDocs<StoredInstallation>(COLLECTION);
    let rotated = 0;
    for (const { id, doc } of all) {
      const sealedUnder = [doc.botToken, doc.botRefreshToken].map((sealed) => sealed && SecretBox.keyIdIn(sealed));
      if (sealedUnder.every((keyId) => keyId === undefined || keyId === this.box.currentKeyId)) continue;
      const installation = this.opened(id, doc);
      const { botRefreshToken, ...rest } = installation;
      await this.store.putDoc(COLLECTION, id, {
        ...rest,
        botToken: this.box.seal(installation.botToken, `${id}:botToken`),
        ...(botRefreshToken ? { botRefreshToken: this.box.seal(botRefreshToken, `${id}:botRefreshToken`) } : {}),
      } satisfies StoredInstallation);
      rotated += 1;
    }
    return { rotated, total: all.length };
  }

  private opened(key: string, stored: StoredInstallation): Installation {
    const { botRefreshToken, ...rest } = stored;
    const installation: Installation = {
      ...rest,
      botToken: this.box.open(stored.botToken, `${key}:botToken`),
      ...(botRefreshToken ? { botRefreshToken: this.box.open(botRefreshToken, `${key}:botRefreshToken`) } : {}),
    };
    this.heard(key, installation);
    return installation;
  }

  private heard(key: string, installation: Installation): void {
    this.secrets?.own(key, [installation.botToken, installation.botRefreshToken]);
  }
}
