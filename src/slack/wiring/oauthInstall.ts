import type { Logger as BoltLogger, HTTPReceiverOptions } from '@slack/bolt';
import type { Installation as BoltInstallation, InstallationStore as BoltStore, CodedError } from '@slack/oauth';
import type { Logger } from 'pino';
import type { WorkspaceInstalls } from '../calls/workspaceInstalls.js';
import { LANG_COOKIE, pageLocale } from '../pages/pageLocale.js';
import { INSTALL_START_PATH, sendPage } from '../pages/pageRoutes.js';
import { BOT_SCOPES, type OAuthConfig } from '../slackConfig.js';

/** Where Slack sends the installer back (Bolt's default), unless SLACK_REDIRECT_URI names another path. */
const REDIRECT_PATH = '/slack/oauth_redirect';

/**
 * Bolt's own OAuth (its InstallProvider, inside the HTTP receiver): the install page's button goes
 * to INSTALL_START_PATH, where Bolt sets the state (signed with SLACK_STATE_SECRET, and kept in a
 * cookie of this browser) and sends the browser to Slack; the redirect back is verified against
 * both, exchanged with oauth.v2.access and stored through `installationStore`, then answered with
 * the installed or failed page in the installer's language.
 */
export function oauthReceiverOptions(options: {
  oauth: OAuthConfig;
  installationStore: BoltStore;
  workspaces: () => WorkspaceInstalls | undefined;
  apiUrl?: string;
  boltLog: BoltLogger;
  logger: Logger;
}): Partial<HTTPReceiverOptions> {
  const { oauth, logger } = options;
  const redirectUriPath = oauth.redirectUri ? new URL(oauth.redirectUri).pathname : REDIRECT_PATH;
  return {
    clientId: oauth.clientId,
    clientSecret: oauth.clientSecret,
    stateSecret: oauth.stateSecret,
    scopes: [...BOT_SCOPES],
    installationStore: options.installationStore,
    ...(oauth.redirectUri ? { redirectUri: oauth.redirectUri } : {}),
    installerOptions: {
      installPath: INSTALL_START_PATH,
      redirectUriPath,
      // The install page is this app's own (both languages); the start path goes straight to Slack.
      directInstall: true,
      stateVerification: true,
      ...(oauth.authorizeUrl ? { authorizationUrl: oauth.authorizeUrl } : {}),
      // Its own client (oauth.v2.access, auth.test): not the redacting one, which would blank the client secret it sends.
      clientOptions: options.apiUrl ? { slackApiUrl: options.apiUrl } : {},
      installPathOptions: {
        beforeRedirection: async (req, res) => {
          res.setHeader('Set-Cookie', `${LANG_COOKIE}=${pageLocale(req)}; HttpOnly; SameSite=Lax; Path=/; Max-Age=600`);
          return true;
        },
      },
      callbackOptions: {
        successAsync: async (installation, _options, req, res) => {
          const bolt = installation as BoltInstallation;
          const query = {
            teamId: bolt.team?.id,
            enterpriseId: bolt.enterprise?.id,
            isEnterpriseInstall: bolt.isEnterpriseInstall === true,
          };
          await options.workspaces()?.installed(query);
          logger.info(query, 'the app was installed through Add to Slack');
          const workspace = bolt.team?.name ?? bolt.enterprise?.name ?? bolt.team?.id ?? bolt.enterprise?.id ?? '';
          const slackUrl =
            bolt.enterpriseUrl ??
            (bolt.team?.id ? `https://app.slack.com/client/${bolt.team.id}` : 'https://app.slack.com/');
          sendPage(req, res, { page: 'installed', workspace, slackUrl });
        },
        failure: (error: CodedError, _options, req, res) => {
          const why =
            error.code === 'slack_oauth_installer_authorization_error'
              ? 'cancelled'
              : error.code === 'slack_oauth_invalid_state' || error.code === 'slack_oauth_missing_state'
                ? 'expired'
                : 'refused';
          logger.warn({ code: error.code, why }, 'an install through Add to Slack did not finish');
          sendPage(req, res, { page: 'failed', why }, why === 'refused' ? 502 : 400);
        },
      },
    },
  };
}
