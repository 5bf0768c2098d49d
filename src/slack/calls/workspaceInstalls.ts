import type { InstallationQuery as BoltQuery } from '@slack/oauth';
import type { WebClient } from '@slack/web-api';
import type { Logger } from 'pino';
import type { Clock } from '../../core/clock.js';
import type { InstallationQuery, InstallationStore } from '../../core/installations/types.js';
import { type AppStatus, JobPostError } from '../../core/jobs/types.js';
import type { Store } from '../../core/store/types.js';
import type { Phrase } from '../../i18n/lang.js';

/** A client that speaks for one workspace, for what the app posts there on its own. */
/** Slack's answers that say a workspace's token is gone for good (oauth.v2.access, auth.test). */
const SLACK_REFUSALS =
  /\b(invalid_refresh_token|invalid_grant|token_revoked|token_expired|invalid_auth|account_inactive|app_uninstalled)\b/;

/** An error's message with the Web API's own error code (error.data.error), where Slack gave one. */
function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { data?: { error?: unknown } }).data?.error;
  const cause = error.cause instanceof Error ? ` ${errorText(error.cause)}` : '';
  return `${error.message} ${typeof code === 'string' ? code : ''}${cause}`;
}

export interface TeamClients {
  forTeam(teamId: string): Promise<WebClient>;
}

/** Bolt's authorize (InstallProvider's): the installation's token, refreshed first when it is about to expire. */
export type Authorize = (query: BoltQuery<boolean>) => Promise<{ botToken?: string }>;

interface Stopped {
  code: string;
  since: number;
}

const STOPPED = 'workspace-stopped';

/**
 * The app installed in many workspaces (Add to Slack): each post on its own (digests, watches) is
 * authorized through the installation store as a request is, so a token about to expire is
 * refreshed first and no token lives in memory past its use; an uninstall or a revoked token stops
 * that workspace's jobs, recorded in the store so every replica knows, and never another's.
 */
export class WorkspaceInstalls implements AppStatus, TeamClients {
  constructor(
    private readonly installations: InstallationStore,
    private readonly authorize: Authorize,
    private readonly clientWith: (token: string) => WebClient,
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async forTeam(teamId: string): Promise<WebClient> {
    const installation = await this.installations.findForTeam(teamId);
    if (!installation) throw new JobPostError('app_uninstalled', undefined, { stopsApp: true });
    const { botToken } = await this.authorize({
      teamId: installation.isEnterpriseInstall ? undefined : teamId,
      enterpriseId: installation.enterpriseId,
      isEnterpriseInstall: installation.isEnterpriseInstall,
    } as BoltQuery<boolean>).catch((error: unknown) => {
      // Only Slack's own refusal of the token holds this workspace's jobs until it is installed again;
      // a network failure or a slow database fails this one run, which is tried again at the next.
      const refused = SLACK_REFUSALS.test(errorText(error));
      this.logger.warn({ err: error, teamId, refused }, 'could not authorize a post in a workspace');
      throw new JobPostError(refused ? 'token_expired' : 'authorize_failed', undefined, { stopsApp: refused });
    });
    if (!botToken) throw new JobPostError('app_uninstalled', undefined, { stopsApp: true });
    return this.clientWith(botToken);
  }

  async stopped(teamId: string): Promise<{ reason: Phrase; since: number } | undefined> {
    const stopped = await this.store.getDoc<Stopped>(STOPPED, teamId);
    const code = stopped?.code ?? ((await this.installations.findForTeam(teamId)) ? undefined : 'app_uninstalled');
    if (!code) return undefined;
    return {
      reason: { key: 'digests.run.workspaceStopped', values: { code } },
      since: stopped?.since ?? this.clock.now(),
    };
  }

  async stop(code: string, teamId: string): Promise<void> {
    if (await this.store.getDoc<Stopped>(STOPPED, teamId)) return;
    await this.store.putDoc(STOPPED, teamId, { code, since: this.clock.now() } satisfies Stopped);
    this.logger.error(
      { code, teamId },
      'Slack no longer takes the app’s token in a workspace: its digests and watches hold',
    );
  }

  /**
   * app_uninstalled or tokens_revoked, in either order: its jobs hold, and the install and its
   * tokens go. Returns the workspaces it spoke for, whose data is to be purged: the workspace, or
   * an org-wide install's organisation and every workspace of it a request came from (read before
   * the install goes, and again by the second event, so none is missed).
   */
  async uninstalled(query: InstallationQuery, code: string): Promise<string[]> {
    const own = query.isEnterpriseInstall ? query.enterpriseId : query.teamId;
    const teams = [
      ...(own ? [own] : []),
      ...(query.isEnterpriseInstall && query.enterpriseId ? await this.installations.teamsOf(query.enterpriseId) : []),
    ];
    for (const teamId of teams) await this.stop(code, teamId);
    const deleted = await this.installations.delete(query);
    this.logger.warn(
      { teamId: query.teamId, enterpriseId: query.enterpriseId, deleted, workspaces: teams.length },
      'the app was removed from a workspace: its installation and tokens are deleted',
    );
    return teams;
  }

  /** Installed (again): its jobs may run. */
  async installed(query: InstallationQuery): Promise<void> {
    const teamId = query.isEnterpriseInstall ? query.enterpriseId : query.teamId;
    if (teamId) await this.store.deleteDoc(STOPPED, teamId);
  }
}
