import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger as BoltLogger } from '@slack/bolt';
import { WebClient, type WebClientOptions } from '@slack/web-api';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { type Clock, systemClock } from '../../core/clock.js';
import type { InstallationStore } from '../../core/installations/types.js';
import type { Store } from '../../core/store/types.js';
import { type PauseNotice, type RefreshToken, WorkspaceInstalls } from '../calls/workspaceInstalls.js';
import type { OAuthConfig } from '../slackConfig.js';

/** How long a client is kept for its token: a refreshed token gets its own, and the old one drops out. */
const CLIENT_TTL_MS = 10 * 60_000;

/** One refresh's deadline: past it the refresh is unanswered, and the token in hand is used meanwhile. */
const REFRESH_TIMEOUT_MS = 10_000;

/**
 * With Add to Slack, what the app posts on its own (digests, watches, resumed checks) reads the
 * workspace's installation each time, so an expiring token is refreshed first (oauth.v2.access with
 * the app's client id and secret); a client per token.
 */
export function installedWorkspaces(input: {
  installations: InstallationStore;
  oauth: OAuthConfig;
  apiUrl?: string;
  clientOptions: WebClientOptions;
  boltLog: BoltLogger;
  store: Store;
  clock: Clock;
  logger: Logger;
  notice?: PauseNotice;
}): WorkspaceInstalls {
  const clients = new LRUCache<string, WebClient>({ max: 1000, ttl: CLIENT_TTL_MS });
  // Its own client, as Bolt's installer has: the redacting one would blank the client secret it sends.
  // No retries: a refresh token is good once, so a refresh sent twice is refused the second time.
  const oauthClient = new WebClient(undefined, {
    ...(input.apiUrl ? { slackApiUrl: input.apiUrl } : {}),
    logger: input.boltLog,
    retryConfig: { retries: 0 },
    timeout: REFRESH_TIMEOUT_MS,
  });
  const refresh: RefreshToken = async (refreshToken) => {
    const answer = await oauthClient.oauth.v2.access({
      client_id: input.oauth.clientId,
      client_secret: input.oauth.clientSecret,
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
    });
    if (!answer.access_token || !answer.refresh_token || answer.expires_in === undefined)
      throw new Error('oauth.v2.access answered a refresh without a token');
    return { botToken: answer.access_token, refreshToken: answer.refresh_token, expiresInSeconds: answer.expires_in };
  };
  return new WorkspaceInstalls(
    input.installations,
    refresh,
    (token) => {
      const known = clients.get(token);
      if (known) return known;
      const client = new WebClient(token, { ...input.clientOptions, logger: input.boltLog });
      clients.set(token, client);
      return client;
    },
    input.store,
    input.clock,
    input.logger,
    {
      ...(input.notice ? { notice: input.notice } : {}),
      owner: `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
      // Token expiry is Slack's time, as Bolt's authorize reads it, whatever clock the app runs on.
      tokenClock: systemClock,
    },
  );
}
