/**
 * One install of the app in a workspace, or org-wide on an Enterprise Grid organisation: what
 * Slack's oauth.v2.access answered (https://docs.slack.dev/reference/methods/oauth.v2.access) and
 * the app needs to speak there. Nothing here knows Slack's SDK: slack/ maps Bolt's Installation to it.
 */
export interface Installation {
  /** Absent for an org-wide install, which covers every workspace of its organisation. */
  teamId?: string;
  teamName?: string;
  enterpriseId?: string;
  enterpriseName?: string;
  /** An org-wide install's organisation address (auth.test's url). */
  enterpriseUrl?: string;
  isEnterpriseInstall: boolean;
  appId?: string;
  botToken: string;
  botUserId: string;
  botId?: string;
  botScopes: string[];
  /** With token rotation on: the refresh token and when the bot token expires (Unix seconds). */
  botRefreshToken?: string;
  botExpiresAt?: number;
  /** Who installed it (the authed user). */
  installerUserId: string;
  /** When it was stored (ms). */
  installedAt: number;
}

/** Which install a request or a job belongs to: an org-wide install by its organisation, any other by its workspace. */
export interface InstallationQuery {
  teamId?: string | undefined;
  enterpriseId?: string | undefined;
  isEnterpriseInstall: boolean;
}

/**
 * Where installations are kept, their tokens sealed (SecretBox) before they are written. Today over
 * the app's Store; a PostgreSQL table can satisfy the same contract (docs/security.md).
 */
export interface InstallationStore {
  /** Stores it, replacing an earlier install of the same workspace or organisation. */
  save(installation: Installation): Promise<void>;
  find(query: InstallationQuery): Promise<Installation | undefined>;
  /**
   * The install that speaks for a workspace, for what the app does there on its own (a job knows
   * only its workspace): the workspace's own, else its organisation's org-wide one, once a request
   * from the workspace has shown which organisation it is in (noteTeamOf).
   */
  findForTeam(teamId: string): Promise<Installation | undefined>;
  /** A request from `teamId` came under the org-wide install of `enterpriseId`. */
  noteTeamOf(teamId: string, enterpriseId: string): Promise<void>;
  /** True when there was one to delete. */
  delete(query: InstallationQuery): Promise<boolean>;
  /** The workspaces known to be under an organisation's org-wide install (noteTeamOf's): an org-wide uninstall purges each. */
  teamsOf(enterpriseId: string): Promise<string[]>;
  /** The workspace uninstalled: its own install and its link to an organisation go (WorkspacePurge). */
  forgetWorkspace(teamId: string): Promise<number>;
  /** Seals every stored token again under the current key; how many installations were rewritten, of how many. */
  rotate(): Promise<{ rotated: number; total: number }>;
}

/** The one key an installation is kept under: its organisation for an org-wide install, else its workspace. */
export function installationKey(query: InstallationQuery): string | undefined {
  if (query.isEnterpriseInstall) return query.enterpriseId ? `enterprise:${query.enterpriseId}` : undefined;
  return query.teamId ? `team:${query.teamId}` : undefined;
}
