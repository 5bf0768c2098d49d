import { randomBytes } from 'node:crypto';
import type { WebApiBody } from './webApiAnswers.js';
import { DEFAULT_WORKSPACE, type FakeWorkspace, randomSlackId } from './workspace.js';

/** A workspace (or, org-wide, an organisation) the fake's authorize page approves an install for. */
export interface FakeInstallTarget {
  teamId?: string;
  teamName?: string;
  enterpriseId?: string;
  enterpriseName?: string;
  isEnterpriseInstall?: boolean;
  /** Who clicks Allow. */
  installerUserId?: string;
  /** Token rotation on (the manifest's token_rotation_enabled): the bot token expires after this many seconds. */
  expiresInSeconds?: number;
}

/** What Slack issued for one install: its ids and the bot token now valid. */
export interface FakeInstall {
  teamId?: string;
  teamName?: string;
  enterpriseId?: string;
  enterpriseName?: string;
  isEnterpriseInstall: boolean;
  installerUserId: string;
  botUserId: string;
  botId: string;
  appId: string;
  scope: string;
  botToken: string;
  refreshToken?: string;
  /** Unix seconds, with rotation on. */
  expiresAt?: number;
  expiresInSeconds?: number;
}

interface Token {
  install: FakeInstall;
  expiresAt?: number;
  revoked: boolean;
}

/**
 * Slack's side of an install (https://docs.slack.dev/authentication/installing-with-oauth): the
 * authorize page approves the target it was told to and redirects back with a one-time code;
 * oauth.v2.access exchanges that code (checking client id, secret and redirect_uri) for a bot token,
 * and with token rotation a refresh token, and exchanges a refresh token for new ones
 * (https://docs.slack.dev/authentication/using-token-rotation). Every token it issued is valid
 * until it expires, its workspace uninstalls the app or a test revokes it.
 */
export class FakeOAuth {
  readonly clientId = `${Math.floor(Math.random() * 1e10)}.${Math.floor(Math.random() * 1e10)}`;
  readonly clientSecret = randomBytes(16).toString('hex');
  readonly appId = randomSlackId('A');
  /** Where the authorize page sends the browser back when the request names no redirect_uri (the app's configured URL). */
  redirectUri = '';
  #approving: FakeInstallTarget | 'deny' | undefined;
  readonly #codes = new Map<string, { install: FakeInstall; redirectUri: string | undefined }>();
  readonly #tokens = new Map<string, Token>();
  readonly #refreshTokens = new Map<string, FakeInstall>();
  readonly installs: FakeInstall[] = [];

  /** The next visit to the authorize page is approved for `target` ('deny': the person clicks Cancel). */
  approveNextInstall(target: FakeInstallTarget | 'deny'): void {
    this.#approving = target;
  }

  /** GET /oauth/v2/authorize: where the browser is sent next. */
  authorize(query: URLSearchParams): string {
    const redirect = query.get('redirect_uri') ?? this.redirectUri;
    const back = new URL(redirect);
    const state = query.get('state');
    const target = this.#approving;
    this.#approving = undefined;
    if (query.get('client_id') !== this.clientId || !target || target === 'deny') {
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = `${Date.now()}.${randomBytes(12).toString('hex')}`;
      const enterprise = target.isEnterpriseInstall === true;
      const install: FakeInstall = {
        ...(enterprise ? {} : { teamId: target.teamId ?? randomSlackId('T'), teamName: target.teamName ?? 'A Team' }),
        ...(target.enterpriseId
          ? { enterpriseId: target.enterpriseId, enterpriseName: target.enterpriseName ?? 'An Org' }
          : {}),
        isEnterpriseInstall: enterprise,
        installerUserId: target.installerUserId ?? randomSlackId('U'),
        botUserId: randomSlackId('U'),
        botId: randomSlackId('B'),
        appId: this.appId,
        scope: query.get('scope') ?? '',
        botToken: '',
        ...(target.expiresInSeconds ? { expiresInSeconds: target.expiresInSeconds } : {}),
      };
      this.#codes.set(code, { install, redirectUri: query.get('redirect_uri') ?? undefined });
      back.searchParams.set('code', code);
    }
    if (state) back.searchParams.set('state', state);
    return back.toString();
  }

  /** oauth.v2.access: a code for the install's tokens, or (grant_type refresh_token) new ones for a refresh token. */
  access(args: Record<string, unknown>, now: number): WebApiBody {
    if (args.client_id !== this.clientId) return { ok: false, error: 'invalid_client_id' };
    if (args.client_secret !== this.clientSecret) return { ok: false, error: 'bad_client_secret' };
    if (args.grant_type === 'refresh_token') {
      const install = this.#refreshTokens.get(String(args.refresh_token));
      if (!install) return { ok: false, error: 'invalid_refresh_token' };
      this.#refreshTokens.delete(String(args.refresh_token));
      this.#issue(install, now);
      return { ok: true, ...this.#tokenFields(install), ...this.#ids(install) };
    }
    const granted = this.#codes.get(String(args.code));
    if (!granted) return { ok: false, error: 'invalid_code' };
    this.#codes.delete(String(args.code));
    if (granted.redirectUri !== undefined && args.redirect_uri !== granted.redirectUri)
      return { ok: false, error: 'bad_redirect_uri' };
    const { install } = granted;
    this.#issue(install, now);
    this.installs.push(install);
    return {
      ok: true,
      ...this.#tokenFields(install),
      ...this.#ids(install),
      authed_user: { id: install.installerUserId },
    };
  }

  /** The install a token speaks for while it is valid; why not otherwise (as Slack answers). */
  check(token: string, now: number): { install: FakeInstall } | { error: string } | undefined {
    const known = this.#tokens.get(token);
    if (!known) return undefined;
    if (known.revoked) return { error: 'token_revoked' };
    if (known.expiresAt !== undefined && now / 1000 >= known.expiresAt) return { error: 'token_expired' };
    return { install: known.install };
  }

  /** The workspace uninstalled the app: its tokens stop working. */
  uninstall(install: FakeInstall): void {
    for (const token of this.#tokens.values()) if (token.install === install) token.revoked = true;
    for (const [refresh, of] of this.#refreshTokens) if (of === install) this.#refreshTokens.delete(refresh);
  }

  /**
   * Slack no longer takes the install's refresh token (revoked, or already used elsewhere): the next
   * refresh is answered `invalid_refresh_token`, as oauth.v2.access answers one it does not know.
   * The bot token in hand works until it expires.
   */
  refuseRefresh(install: FakeInstall): void {
    for (const [refresh, of] of this.#refreshTokens) if (of === install) this.#refreshTokens.delete(refresh);
  }

  /** auth.test for an issued token. */
  authTest(install: FakeInstall): WebApiBody {
    return {
      ok: true,
      url: install.isEnterpriseInstall
        ? `https://${install.enterpriseId}.enterprise.slack.com/`
        : `https://${install.teamId}.slack.com/`,
      team: install.teamName ?? install.enterpriseName,
      user: 'dq',
      team_id: install.teamId ?? install.enterpriseId,
      user_id: install.botUserId,
      bot_id: install.botId,
      ...(install.enterpriseId ? { enterprise_id: install.enterpriseId } : {}),
      is_enterprise_install: install.isEnterpriseInstall,
    };
  }

  #issue(install: FakeInstall, now: number): void {
    const rotating = install.expiresInSeconds !== undefined;
    install.botToken = `${rotating ? 'xoxe.' : ''}xoxb-${randomBytes(10).toString('hex')}`;
    const expiresAt = rotating ? Math.floor(now / 1000) + install.expiresInSeconds! : undefined;
    this.#tokens.set(install.botToken, { install, revoked: false, ...(expiresAt !== undefined ? { expiresAt } : {}) });
    if (rotating) {
      install.refreshToken = `xoxe-1-${randomBytes(12).toString('hex')}`;
      install.expiresAt = expiresAt!;
      this.#refreshTokens.set(install.refreshToken, install);
    }
  }

  #tokenFields(install: FakeInstall) {
    return {
      access_token: install.botToken,
      token_type: 'bot',
      scope: install.scope,
      bot_user_id: install.botUserId,
      app_id: install.appId,
      ...(install.refreshToken ? { refresh_token: install.refreshToken, expires_in: install.expiresInSeconds } : {}),
    };
  }

  #ids(install: FakeInstall) {
    return {
      team: install.teamId ? { id: install.teamId, name: install.teamName } : null,
      enterprise: install.enterpriseId ? { id: install.enterpriseId, name: install.enterpriseName } : null,
      is_enterprise_install: install.isEnterpriseInstall,
    };
  }
}

/** The workspace an install made, as signed requests from it name it. */
export function workspaceOf(install: FakeInstall): FakeWorkspace {
  return {
    ...DEFAULT_WORKSPACE,
    teamId: install.teamId!,
    teamName: install.teamName ?? 'A workspace',
    appId: install.appId,
    botId: install.botId,
    botUserId: install.botUserId,
  };
}
