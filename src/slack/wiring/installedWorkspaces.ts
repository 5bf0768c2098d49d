import type { Logger as BoltLogger } from '@slack/bolt';
import type { InstallProvider } from '@slack/oauth';
import { WebClient, type WebClientOptions } from '@slack/web-api';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { Clock } from '../../core/clock.js';
import type { InstallationStore } from '../../core/installations/types.js';
import type { Store } from '../../core/store/types.js';
import { WorkspaceInstalls } from '../calls/workspaceInstalls.js';

/** How long a client is kept for its token: a refreshed token gets its own, and the old one drops out. */
const CLIENT_TTL_MS = 10 * 60_000;

/**
 * With Add to Slack, what the app posts on its own (digests, watches, resumed checks) authorizes
 * through the installer each time, so an expiring token is refreshed first; a client per token.
 */
export function installedWorkspaces(input: {
  installations: InstallationStore;
  installer: InstallProvider;
  clientOptions: WebClientOptions;
  boltLog: BoltLogger;
  store: Store;
  clock: Clock;
  logger: Logger;
}): WorkspaceInstalls {
  const clients = new LRUCache<string, WebClient>({ max: 1000, ttl: CLIENT_TTL_MS });
  return new WorkspaceInstalls(
    input.installations,
    (query) => input.installer.authorize(query),
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
  );
}
