import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { App } from '@slack/bolt';
import type { Logger } from 'pino';
import type { ChartSettings } from '../charts/types.js';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { systemClock } from '../core/clock.js';
import type { DataClient } from '../core/client/dataClient.js';
import type { DigestConfig } from '../core/digest/config.js';
import { DigestRepository } from '../core/digest/repository.js';
import { DigestRunner } from '../core/digest/runner.js';
import { DigestScheduler } from '../core/digest/scheduler.js';
import { DigestService } from '../core/digest/service.js';
import { LookupHistory } from '../core/history.js';
import type { Store } from '../core/store/types.js';
import { SlackDigestPoster } from './digestPoster.js';
import { register as registerEvents } from './events/index.js';
import { register as registerActions } from './actions/index.js';
import { boltLogger } from './boltLogger.js';
import { register as registerCommands } from './commands/index.js';
import type { SlackConfig } from './config.js';
import type { SlackDeps } from './deps.js';
import { register as registerShortcuts } from './shortcuts/index.js';
import { UserTimeZones } from './userTimeZones.js';
import { register as registerViews } from './views/index.js';

export interface SlackAppOptions {
  config: SlackConfig;
  data: DataClient;
  store: Store;
  digest: DigestConfig;
  /** Look for due digests in the background (off in tests that drive runs themselves). */
  runScheduler?: boolean;
  charts: ChartSettings;
  logger: Logger;
  now?: () => number;
}

export interface SlackApp {
  app: App;
  deps: SlackDeps;
  scheduler: DigestScheduler;
  /** Starts listening (HTTP on the port, or Socket Mode); resolves with the HTTP port when there is one. */
  start(port?: number): Promise<{ port?: number }>;
  stop(): Promise<void>;
}

/** The Bolt app with every listener registered; nothing here talks to the data service directly. */
export async function createSlackApp(options: SlackAppOptions): Promise<SlackApp> {
  const { config, logger } = options;
  const socketMode = Boolean(config.appToken);
  const app = new App({
    token: config.botToken,
    signingSecret: config.signingSecret,
    ...(socketMode ? { socketMode: true, appToken: config.appToken } : {}),
    ...(config.apiUrl ? { clientOptions: { slackApiUrl: config.apiUrl } } : {}),
    logger: boltLogger(logger),
    deferInitialization: true,
  });
  const repository = new DigestRepository(options.store);
  const runner = new DigestRunner({
    repository,
    data: options.data,
    store: options.store,
    poster: new SlackDigestPoster(app.client, logger),
    clock: systemClock,
    logger,
    postEmpty: options.digest.postEmpty,
    simulated: config.demo,
    owner: `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
  });
  const scheduler = new DigestScheduler({ repository, runner, clock: systemClock, logger, catchUpMs: options.digest.catchUpMs });
  const deps: SlackDeps = {
    data: options.data,
    digests: new DigestService(repository, runner, systemClock, options.digest.timeZone),
    history: new LookupHistory(options.store),
    config,
    charts: options.charts,
    timeZones: new UserTimeZones(config.defaultTimeZone, logger),
    logger,
    now: options.now ?? Date.now,
  };
  registerCommands(app, deps);
  registerActions(app, deps);
  registerViews(app, deps);
  registerShortcuts(app, deps);
  registerEvents(app, deps);
  app.error(async (error) => {
    logger.error({ err: error }, 'unhandled error in a Slack listener');
  });
  await app.init();

  return {
    app,
    deps,
    scheduler,
    async start(port = config.port) {
      if (options.runScheduler ?? true) scheduler.start();
      if (socketMode) {
        await app.start();
        return {};
      }
      const server = (await app.start(port)) as Server;
      return { port: (server.address() as AddressInfo).port };
    },
    stop: async () => {
      await scheduler.stop();
      await app.stop();
    },
  };
}
