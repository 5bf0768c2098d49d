import type {
  Installation as BoltInstallation,
  InstallationQuery as BoltQuery,
  InstallationStore as BoltStore,
} from '@slack/oauth';
import type { Clock } from '../../core/clock.js';
import type { Installation, InstallationStore } from '../../core/installations/types.js';

/**
 * Bolt's installationStore over the app's own (https://docs.slack.dev/tools/bolt-js/concepts/authenticating-oauth):
 * an org-wide install on Enterprise Grid is stored and found by its organisation (`isEnterpriseInstall`,
 * `enterpriseId`), any other by its workspace. Only the bot's side is kept: the app asks for no user
 * scopes, so an installer's user token, were one sent, is not stored.
 */
export function boltInstallationStore(installations: InstallationStore, clock: Clock): BoltStore {
  return {
    async storeInstallation(installation) {
      await installations.save(fromBolt(installation as BoltInstallation, clock.now()));
    },
    async fetchInstallation(query) {
      const found = await installations.find(queryOf(query));
      if (!found) throw new Error(`no installation for ${describe(query)}`);
      // A workspace of an org-wide install: its jobs will find the install through it.
      if (query.isEnterpriseInstall && query.teamId && query.enterpriseId)
        await installations.noteTeamOf(query.teamId, query.enterpriseId);
      return toBolt(found);
    },
    async deleteInstallation(query) {
      await installations.delete(queryOf(query));
    },
  };
}

function queryOf(query: BoltQuery<boolean>) {
  return { teamId: query.teamId, enterpriseId: query.enterpriseId, isEnterpriseInstall: query.isEnterpriseInstall };
}

function describe(query: BoltQuery<boolean>): string {
  return query.isEnterpriseInstall ? `organisation ${query.enterpriseId}` : `workspace ${query.teamId}`;
}

function fromBolt(installation: BoltInstallation, now: number): Installation {
  const { bot } = installation;
  if (!bot) throw new Error('an installation without a bot token (the app asks for bot scopes only)');
  const isEnterpriseInstall = installation.isEnterpriseInstall === true;
  return {
    ...(installation.team && !isEnterpriseInstall
      ? { teamId: installation.team.id, ...(installation.team.name ? { teamName: installation.team.name } : {}) }
      : {}),
    ...(installation.enterprise
      ? {
          enterpriseId: installation.enterprise.id,
          ...(installation.enterprise.name ? { enterpriseName: installation.enterprise.name } : {}),
        }
      : {}),
    ...(installation.enterpriseUrl ? { enterpriseUrl: installation.enterpriseUrl } : {}),
    isEnterpriseInstall,
    ...(installation.appId ? { appId: installation.appId } : {}),
    botToken: bot.token,
    botUserId: bot.userId,
    ...(bot.id ? { botId: bot.id } : {}),
    botScopes: bot.scopes,
    ...(bot.refreshToken ? { botRefreshToken: bot.refreshToken } : {}),
    ...(bot.expiresAt !== undefined ? { botExpiresAt: bot.expiresAt } : {}),
    installerUserId: installation.user.id,
    installedAt: now,
  };
}

function toBolt(installation: Installation): BoltInstallation {
  return {
    team: installation.teamId ? { id: installation.teamId, name: installation.teamName } : undefined,
    enterprise: installation.enterpriseId
      ? { id: installation.enterpriseId, name: installation.enterpriseName }
      : undefined,
    ...(installation.enterpriseUrl ? { enterpriseUrl: installation.enterpriseUrl } : {}),
    isEnterpriseInstall: installation.isEnterpriseInstall,
    ...(installation.appId ? { appId: installation.appId } : {}),
    user: { id: installation.installerUserId, token: undefined, scopes: undefined },
    bot: {
      token: installation.botToken,
      userId: installation.botUserId,
      id: installation.botId ?? '',
      scopes: installation.botScopes,
      ...(installation.botRefreshToken ? { refreshToken: installation.botRefreshToken } : {}),
      ...(installation.botExpiresAt !== undefined ? { expiresAt: installation.botExpiresAt } : {}),
    },
    tokenType: 'bot',
    // Bolt refreshes a token only for a v2 install, which every Add to Slack install is.
    authVersion: 'v2',
  } as BoltInstallation;
}
