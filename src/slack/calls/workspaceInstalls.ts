import type { WebClient } from '@slack/web-api';
import type { Logger } from 'pino';
import type { Clock } from '../../core/clock.js';
import {
  type Installation,
  type InstallationQuery,
  type InstallationStore,
  installationKey,
} from '../../core/installations/types.js';
import { type AppStatus, JobPostError } from '../../core/jobs/types.js';
import type { Store } from '../../core/store/types.js';
import type { Phrase } from '../../i18n/lang.js';

/** Slack's answers that say a workspace's refresh token (or token) is gone for good (oauth.v2.access, auth.test). */
const SLACK_REFUSALS =
  /\b(invalid_refresh_token|invalid_grant|invalid_grant_type|token_revoked|token_expired|invalid_auth|account_inactive|app_uninstalled)\b/;

/** Bolt's own window (InstallProvider.authorize): a token expiring within two hours is refreshed before use. */
export const REFRESH_WINDOW_MS = 2 * 60 * 60_000;

/**
 * A refresh that keeps failing for want of an answer (Slack or the network down) while the token
 * has less than this left: the workspace pauses now and its admins are told while the token still
 * speaks for it, rather than after it has expired, when the app could tell no one.
 */
export const LAST_CALL_MS = 30 * 60_000;

/** How often a workspace paused by failing refreshes tries again (in the check before each run). */
const RETRY_REFRESH_EVERY_MS = 5 * 60_000;

/** How long a replica waits for another one's refresh of the same workspace before trying itself. */
const REFRESH_CLAIM_MS = 20_000;
const REFRESH_WAIT_STEP_MS = 250;

/** A pause is told once, on whichever replica sees it first; the record outlives any pause worth telling again. */
const TOLD_FOR_MS = 30 * 24 * 60 * 60_000;

/** At most this many people are told of a pause: the installer and the admins the app knows. */
const MOST_TOLD = 10;

/** An error's message with the Web API's own error code (error.data.error), where Slack gave one. */
function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { data?: { error?: unknown } }).data?.error;
  const cause = error.cause instanceof Error ? ` ${errorText(error.cause)}` : '';
  return `${error.message} ${typeof code === 'string' ? code : ''}${cause}`;
}

/** Slack's code in a refused refresh (invalid_refresh_token …), for the admins and the logs. */
function refusalCode(error: unknown): string | undefined {
  return SLACK_REFUSALS.exec(errorText(error))?.[1];
}

/** A client that speaks for one workspace, for what the app posts there on its own. */
export interface TeamClients {
  forTeam(teamId: string): Promise<WebClient>;
}

/** oauth.v2.access with grant_type refresh_token (https://docs.slack.dev/authentication/using-token-rotation); throws as the WebClient does. */
export type RefreshToken = (refreshToken: string) => Promise<{
  botToken: string;
  refreshToken: string;
  expiresInSeconds: number;
}>;

/** Why a workspace's jobs hold. */
export type PauseCause =
  /** Slack refused the refresh token: only an install again brings a token back. */
  | 'refresh_refused'
  /** The refresh went unanswered up to the token's last half hour: it is tried again every few minutes. */
  | 'refresh_failing';

export interface WorkspacePause {
  cause: PauseCause;
  /** Slack's code, or what failed. */
  code: string;
  /** When the token expires (ms). */
  expiresAt?: number;
  workspaceName?: string;
}

/** Telling a workspace's admins that its jobs are paused: who, and what to say to each. */
export interface PauseNotice {
  /** The workspace's admins the app knows (besides the installer, who is always told). */
  admins(teamId: string): Promise<string[]>;
  /** The direct message to `userId`, in their language; `client` still speaks for the workspace. */
  message(client: WebClient, teamId: string, userId: string, pause: WorkspacePause): Promise<{ text: string }>;
}

interface Stopped {
  code: string;
  since: number;
  cause?: PauseCause;
}

const STOPPED = 'workspace-stopped';

/**
 * The app installed in many workspaces (Add to Slack): each post on its own (digests, watches)
 * reads the workspace's installation from the store, so no token lives in memory past its use,
 * and a token about to expire is refreshed first (once across replicas, through a claim), as
 * Bolt refreshes one for a request. An uninstall, a revoked token or a refresh Slack refuses
 * stops that workspace's jobs, recorded in the store so every replica knows, and never another's;
 * a refused refresh, or one left unanswered to the token's last half hour, is told to that
 * workspace's admins once, with the token that still works.
 */
export class WorkspaceInstalls implements AppStatus, TeamClients {
  private readonly refreshing = new Map<string, Promise<Installation>>();
  private readonly lastRetry = new Map<string, number>();

  constructor(
    private readonly installations: InstallationStore,
    private readonly refreshToken: RefreshToken,
    private readonly clientWith: (token: string) => WebClient,
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly options: {
      notice?: PauseNotice;
      /** Who claims a refresh; unique per process. */
      owner?: string;
      /** Slack's time, which token expiry is in (Bolt reads Date.now() too); the app's clock by default. */
      tokenClock?: Clock;
    } = {},
  ) {}

  private get tokenNow(): number {
    return (this.options.tokenClock ?? this.clock).now();
  }

  async forTeam(teamId: string): Promise<WebClient> {
    const installation = await this.installations.findForTeam(teamId);
    if (!installation) throw new JobPostError('app_uninstalled', undefined, { stopsApp: true });
    if (!this.expiring(installation)) return this.clientWith(installation.botToken);
    try {
      return this.clientWith((await this.refreshed(installation)).botToken);
    } catch (error) {
      const code = refusalCode(error);
      this.logger.warn({ err: error, teamId, refused: Boolean(code) }, 'could not refresh a workspace’s token');
      if (code) {
        await this.pause(teamId, installation, { cause: 'refresh_refused', code });
        throw new JobPostError(code, undefined, { stopsApp: true });
      }
      // Unanswered (Slack or the network down, the store slow): the token still works until it
      // expires, so this run posts with it; the refresh is tried again at the next use.
      const left = (installation.botExpiresAt ?? 0) * 1000 - this.tokenNow;
      if (left > LAST_CALL_MS) return this.clientWith(installation.botToken);
      await this.pause(teamId, installation, { cause: 'refresh_failing', code: 'refresh_unanswered' });
      throw new JobPostError('refresh_unanswered', undefined, { stopsApp: true });
    }
  }

  async stopped(teamId: string): Promise<{ reason: Phrase; since: number } | undefined> {
    const stopped = await this.store.getDoc<Stopped>(STOPPED, teamId);
    if (stopped?.cause === 'refresh_failing' && (await this.refreshWorksAgain(teamId))) return undefined;
    const installation = await this.installations.findForTeam(teamId);
    // Installed (or its token renewed) since it stopped: the hold is over. An org-wide install that
    // comes back cannot name its workspaces' holds (the purge forgot them), so each ends here.
    if (stopped && installation && installation.installedAt > stopped.since) {
      await this.store.deleteDoc(STOPPED, teamId);
      return undefined;
    }
    const code = stopped?.code ?? (installation ? undefined : 'app_uninstalled');
    if (!code) return undefined;
    return { reason: reasonFor(stopped?.cause, code), since: stopped?.since ?? this.clock.now() };
  }

  async stop(code: string, teamId: string, cause?: PauseCause): Promise<void> {
    if (await this.store.getDoc<Stopped>(STOPPED, teamId)) return;
    await this.store.putDoc(STOPPED, teamId, {
      code,
      since: this.clock.now(),
      ...(cause ? { cause } : {}),
    } satisfies Stopped);
    this.logger.error(
      { code, teamId, cause },
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

  private expiring(installation: Installation): boolean {
    if (!installation.botRefreshToken || installation.botExpiresAt === undefined) return false;
    return installation.botExpiresAt * 1000 - this.tokenNow <= REFRESH_WINDOW_MS;
  }

  /** The installation with a fresh token: refreshed here, once per process at a time, or by the replica that claimed it. */
  private refreshed(installation: Installation): Promise<Installation> {
    const key = installationKey(installation) ?? '';
    const running = this.refreshing.get(key);
    if (running) return running;
    const refresh = this.refreshOnce(key, installation).finally(() => this.refreshing.delete(key));
    this.refreshing.set(key, refresh);
    return refresh;
  }

  private async refreshOnce(key: string, installation: Installation): Promise<Installation> {
    const owner = this.options.owner ?? 'this-process';
    const claim = `token-refresh:${key}`;
    // A refresh token is good for one refresh: two replicas using it at once would see one refused.
    for (let waited = 0; !(await this.store.claim(claim, owner, REFRESH_CLAIM_MS)); waited += REFRESH_WAIT_STEP_MS) {
      const now = await this.installations.find(installation);
      if (now && now.botRefreshToken !== installation.botRefreshToken) return now;
      if (waited >= REFRESH_CLAIM_MS) break;
      await this.clock.sleep(REFRESH_WAIT_STEP_MS);
    }
    try {
      const current = (await this.installations.find(installation)) ?? installation;
      // Refreshed by another replica or a request since this one read it.
      if (current.botRefreshToken !== installation.botRefreshToken && !this.expiring(current)) return current;
      let answer: Awaited<ReturnType<RefreshToken>>;
      try {
        answer = await this.refreshToken(current.botRefreshToken ?? '');
      } catch (error) {
        // Refused because a request's refresh (Bolt's, outside the claim) used it first: take that one.
        const after = await this.installations.find(installation);
        if (after && after.botRefreshToken !== current.botRefreshToken) return after;
        throw error;
      }
      const fresh: Installation = {
        ...current,
        botToken: answer.botToken,
        botRefreshToken: answer.refreshToken,
        botExpiresAt: Math.floor(this.tokenNow / 1000) + answer.expiresInSeconds,
      };
      await this.installations.save(fresh);
      return fresh;
    } finally {
      await this.store.releaseClaim(claim, owner).catch(() => undefined);
    }
  }

  /** A workspace paused by unanswered refreshes: now and then, whether a refresh works again (or a request's did). */
  private async refreshWorksAgain(teamId: string): Promise<boolean> {
    const now = this.clock.now();
    if (now - (this.lastRetry.get(teamId) ?? Number.NEGATIVE_INFINITY) < RETRY_REFRESH_EVERY_MS) return false;
    this.lastRetry.set(teamId, now);
    if (this.lastRetry.size > 10_000) this.lastRetry.clear();
    try {
      const installation = await this.installations.findForTeam(teamId);
      if (!installation) return false;
      if (this.expiring(installation)) await this.refreshed(installation);
    } catch (error) {
      this.logger.info(
        { teamId, refused: Boolean(refusalCode(error)) },
        'a paused workspace’s token still does not refresh',
      );
      return false;
    }
    await this.store.deleteDoc(STOPPED, teamId);
    this.logger.info({ teamId }, 'a workspace’s token refreshes again: its digests and watches run again');
    return true;
  }

  /** Holds the workspace's jobs, and tells its admins once per pause, across replicas. */
  private async pause(
    teamId: string,
    installation: Installation,
    pause: Omit<WorkspacePause, 'expiresAt'>,
  ): Promise<void> {
    await this.stop(pause.code, teamId, pause.cause);
    const expiresAt = (installation.botExpiresAt ?? 0) * 1000;
    await this.tell(teamId, installation, {
      ...pause,
      expiresAt,
      ...((installation.teamName ?? installation.enterpriseName)
        ? { workspaceName: installation.teamName ?? installation.enterpriseName }
        : {}),
    }).catch((error: unknown) =>
      this.logger.warn({ err: error, teamId }, 'could not tell a workspace’s admins that its jobs are paused'),
    );
  }

  private async tell(teamId: string, installation: Installation, pause: WorkspacePause): Promise<void> {
    const { notice } = this.options;
    if (!notice) return;
    if ((pause.expiresAt ?? 0) <= this.tokenNow) {
      this.logger.warn({ teamId }, 'a paused workspace’s token has expired: no one there can be told in Slack');
      return;
    }
    // The token's expiry names this pause: the same on every replica, and another one after a reinstall.
    const told = `workspace-pause-told:${installationKey(installation)}:${installation.botExpiresAt}`;
    if (!(await this.store.claim(told, 'told', TOLD_FOR_MS))) return;
    const client = this.clientWith(installation.botToken);
    const admins = await notice.admins(teamId).catch(() => [] as string[]);
    const people = [...new Set([installation.installerUserId, ...admins])].filter(Boolean).slice(0, MOST_TOLD);
    for (const userId of people) {
      try {
        const { text } = await notice.message(client, teamId, userId, pause);
        const opened = await client.conversations.open({ users: userId });
        const channel = opened.channel?.id;
        if (channel) await client.chat.postMessage({ channel, text, unfurl_links: false });
      } catch (error) {
        this.logger.warn(
          { err: error, teamId, userId },
          'could not tell an admin that the workspace’s jobs are paused',
        );
      }
    }
    this.logger.info({ teamId, told: people.length, cause: pause.cause }, 'told a paused workspace’s admins');
  }
}

/** Why a workspace's jobs hold, as a run's record and the Home say it. */
function reasonFor(cause: PauseCause | undefined, code: string): Phrase {
  if (cause === 'refresh_refused') return { key: 'digests.run.workspaceRefreshRefused', values: { code } };
  if (cause === 'refresh_failing') return { key: 'digests.run.workspaceRefreshFailing' };
  return { key: 'digests.run.workspaceStopped', values: { code } };
}
