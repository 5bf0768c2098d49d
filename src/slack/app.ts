import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { App } from '@slack/bolt';
import type { Logger } from 'pino';
import type { ChartSettings } from '../charts/chartRenderer.js';
import { CHART_ROUTE } from '../charts/localCharts.js';
import type { DataClient } from '../core/client/dataClient.js';
import { type Clock, systemClock } from '../core/clock.js';
import type { Digest, DigestConfig, DigestRunRecord } from '../core/digest/types.js';
import type { InstallationStore } from '../core/installations/types.js';
import type { JobScheduler } from '../core/jobs/jobScheduler.js';
import type { Prices } from '../core/operations/prices.js';
import { Redactor } from '../core/secrets.js';
import type { StoreGuard } from '../core/store/storeGuard.js';
import type { Store } from '../core/store/types.js';
import type { Watch, WatchRunRecord } from '../core/watch/types.js';
import type { WorkspaceKeys } from '../core/workspaces/workspaceKeys.js';
import type { WorkspaceSettings } from '../core/workspaces/workspaceSettings.js';
import { type HealthState, healthRoutes, opsRoutes } from '../ops/health.js';
import type { Metrics } from '../ops/metrics.js';
import { startOpsServer } from '../ops/opsServer.js';
import { AppInstall } from './calls/appInstall.js';
import { SharedChannels } from './calls/sharedChannels.js';
import type { SlackCallKind } from './calls/slackCallPolicy.js';
import { readSlackFailure } from './calls/slackCallPolicy.js';
import { SlackCalls } from './calls/slackCalls.js';
import type { TeamClients, WorkspaceInstalls } from './calls/workspaceInstalls.js';
import type { SlackDeps } from './deps.js';
import { resumeSupplierChecks } from './flows/checkSupplierList.js';
import { SLASH_COMMANDS } from './flows/routeCommand.js';
import { WORKFLOW_STEPS } from './flows/workflowSteps.js';
import { installPageUrl, workspacePauseNotice } from './flows/workspacePauseNotice.js';
import { registerListeners } from './listeners/index.js';
import { acknowledgeUnhandled } from './middleware/acknowledgeUnhandled.js';
import { allowlists } from './middleware/allowlists.js';
import { onlyOnce } from './middleware/onlyOnce.js';
import { whoIsAsking } from './middleware/whoIsAsking.js';
import { pageRoutes } from './pages/pageRoutes.js';
import { ChannelPacing } from './posting/channelPacing.js';
import { SlackDigestPoster } from './posting/slackDigestPoster.js';
import { SlackWatchPoster } from './posting/slackWatchPoster.js';
import { redactingFetch } from './reply/redactOutgoing.js';
import type { SlackConfig } from './slackConfig.js';
import { boltInstallationStore } from './wiring/boltInstallationStore.js';
import { boltLogger } from './wiring/boltLogger.js';
import { buildSlackDeps } from './wiring/buildDeps.js';
import { chartDrawing } from './wiring/chartDrawing.js';
import { httpReceiver } from './wiring/httpReceiver.js';
import { installedWorkspaces } from './wiring/installedWorkspaces.js';
import { ListenerCount } from './wiring/listenerCount.js';
import { oauthReceiverOptions } from './wiring/oauthInstall.js';

export interface SlackAppOptions {
  config: SlackConfig;
  data: DataClient;
  prices: Prices;
  store: Store;
  /** Each workspace's settings: the runtime's, which the data client's budgets read too. */
  workspaceSettings?: WorkspaceSettings;
  /** Says when the store lost its data (readyz, metrics, the admins' Home); the runtime's. */
  storeGuard?: StoreGuard;
  digest: DigestConfig;
  /** Look for due digests in the background (off in tests that drive runs themselves). */
  runScheduler?: boolean;
  /** Serves /healthz and /readyz on the HTTP port (also in Socket Mode), and /metrics on OPS_PORT only, when given. */
  metrics?: Metrics;
  health?: HealthState;
  charts: ChartSettings;
  logger: Logger;
  /** Time for digests, history, footers; the system clock unless a test pins it. */
  clock?: Clock;
  /** Removes the configured secrets from every reply; by default the Slack ones this app knows. */
  redactor?: Redactor;
  /** Least time between the app's own posts in one channel: Slack's one a second (POST_SPACING_MS) unless a test shortens it. */
  postSpacingMs?: number;
  /** One Slack call attempt's deadline by kind (CALL_BUDGETS' unless a test holds a call past a shorter one). */
  slackAttemptTimeoutMs?: Partial<Record<SlackCallKind, number>>;
  /** Where installations are kept (tokens sealed); required when the config turns Add to Slack on. */
  installations?: InstallationStore;
  /** Each workspace's own data-service key (sealed under SECRETS_KEY), the same the data client asks; absent without SECRETS_KEY. */
  workspaceKeys?: WorkspaceKeys;
}

export interface SlackApp {
  app: App;
  deps: SlackDeps;
  scheduler: JobScheduler<Digest>;
  /** The same scheduler over watches. */
  watchScheduler: JobScheduler<Watch>;
  /** Starts listening (HTTP on the port, or Socket Mode); resolves with the HTTP port when there is one, and the ops port (/metrics) when OPS_PORT is set. */
  start(port?: number): Promise<{ port?: number; opsPort?: number }>;
  /** Stops taking requests and digest runs; work already started goes on (see `settle`). */
  stop(): Promise<void>;
  /** Waits until listeners and digest runs in progress have finished, or `timeoutMs` has passed; true when all finished. */
  settle(timeoutMs: number): Promise<boolean>;
}

/** How long after stop() the chart thread waits for lookups in flight (the process is gone by then at the latest). */
const CHART_THREAD_GRACE_MS = 60_000;

/** The Bolt app with every listener registered; nothing here talks to the data service directly. */
export async function createSlackApp(options: SlackAppOptions): Promise<SlackApp> {
  const { config, logger } = options;
  const socketMode = Boolean(config.appToken);
  const { metrics } = options;
  const { drawer, localCharts, drawChartFile } = chartDrawing({
    charts: options.charts,
    store: options.store,
    logger,
    clock: options.clock,
    metrics,
  });
  const { storeGuard } = options;
  if (metrics && storeGuard) metrics.watchStore(storeGuard);
  const { ops, opsPortRoutes, customRoutes } = portRoutes(options, localCharts);
  const boltLog = boltLogger(logger);
  const redactor = options.redactor ?? new Redactor([config.botToken, config.signingSecret, config.appToken]);
  const clock = options.clock ?? systemClock;
  const { oauth } = config;
  if (oauth && !options.installations) throw new Error('Add to Slack needs an installation store');
  let workspaces: WorkspaceInstalls | undefined;
  const receiver = socketMode
    ? undefined
    : httpReceiver({
        config,
        customRoutes,
        logger,
        boltLog,
        redactor,
        ...(oauth && options.installations
          ? {
              oauth: oauthReceiverOptions({
                oauth,
                installationStore: boltInstallationStore(options.installations, clock),
                workspaces: () => workspaces,
                ...(config.apiUrl ? { apiUrl: config.apiUrl } : {}),
                boltLog,
                logger,
              }),
            }
          : {}),
      });
  const pacing = new ChannelPacing(options.store, clock, logger, options.postSpacingMs);
  // Every Web API call of every client (Bolt's per-team clients, the one digests post with) under the one Slack call policy.
  const slackCalls = new SlackCalls({
    clock,
    logger,
    onChannelRateLimited: (channel, ms) => pacing.holdBack(channel, ms),
    ...(options.slackAttemptTimeoutMs ? { attemptTimeoutMs: options.slackAttemptTimeoutMs } : {}),
  });
  const clientOptions = {
    ...(config.apiUrl ? { slackApiUrl: config.apiUrl } : {}),
    ...slackCalls.clientOptions(redactingFetch((text) => redactor.redact(text))),
  };
  const app = new App({
    // With Add to Slack, Bolt authorizes each request through the installation store instead.
    ...(oauth ? {} : { token: config.botToken }),
    ...(receiver ? { receiver } : { socketMode: true, appToken: config.appToken }),
    clientOptions,
    // The app keeps no per-conversation state; Bolt's default store costs every request a lookup and a thrown error.
    convoStore: false,
    logger: boltLog,
    deferInitialization: true,
  });
  const listeners = new ListenerCount(metrics);
  app.use(listeners.middleware);
  app.use(onlyOnce(options.store, logger));
  app.use(
    acknowledgeUnhandled(
      SLASH_COMMANDS.map(({ command }) => command),
      WORKFLOW_STEPS.map((step) => step.callbackId),
    ),
  );
  const install = new AppInstall(options.store, app.client, clock, logger);
  // The pause notice speaks in each admin's language, through the deps built below.
  let built: SlackDeps | undefined;
  if (oauth && receiver && options.installations) {
    workspaces = installedWorkspaces({
      installations: options.installations,
      oauth,
      ...(config.apiUrl ? { apiUrl: config.apiUrl } : {}),
      clientOptions,
      boltLog,
      store: options.store,
      clock,
      logger,
      notice: workspacePauseNotice(() => built, installPageUrl(oauth)),
    });
  }
  const teamClients: TeamClients = workspaces ?? { forTeam: async () => app.client };
  const { deps, scheduler, watchScheduler } = buildSlackDeps({
    ...options,
    redactor,
    slackCalls,
    install,
    ...(workspaces ? { jobsHold: workspaces, workspaces } : {}),
    sharedChannels: new SharedChannels(options.store, logger, () => clock.now()),
    teamClients,
    poster: new SlackDigestPoster(teamClients, logger, options.prices, pacing, clock),
    watchPoster: new SlackWatchPoster(teamClients, logger, pacing, clock),
    ...(localCharts ? { publishChart: localCharts.publish } : {}),
    ...(drawChartFile ? { drawChartFile } : {}),
    ...(metrics
      ? {
          onDigestRun: (record: DigestRunRecord) => metrics.digestRun(record),
          onWatchRun: (record: WatchRunRecord) => metrics.watchRun(record),
        }
      : {}),
  });
  built = deps;
  app.use(whoIsAsking(deps));
  app.use(allowlists(deps));
  registerListeners(app, deps);
  app.error(async (error) => {
    logger.error({ err: error }, 'unhandled error in a Slack listener');
  });
  let portServer: OpsServer | undefined;
  let opsServer: OpsServer | undefined;
  const health = options.health;

  let stopped = false;
  async function settle(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (listeners.running + scheduler.busy + watchScheduler.busy > 0) {
      if (Date.now() >= deadline) return false;
      // A short look-again: every caller (shutdown, and tests after each request) waits this out.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return true;
  }

  return {
    app,
    deps,
    scheduler,
    watchScheduler,
    async start(port = config.port) {
      const opened = await openPorts({ config, logger, health, metrics, receiver, ops, opsPortRoutes, port });
      ({ portServer, opsServer } = opened);
      const { listening } = opened;
      // With Add to Slack there is no one token to try: each workspace's is tried when it is used.
      if (!oauth) await reachSlack(app, install, logger, () => stopped);
      await app.init();
      if (socketMode) {
        if (health) health.waitingFor = 'the Socket Mode connection to Slack';
        await app.start();
      }
      receiver?.acceptEvents();
      if (health) health.waitingFor = undefined;
      if (options.charts.local)
        logger.info(
          { charts: `${options.charts.local.publicUrl}/charts/` },
          'charts are drawn by the app and served from this port',
        );
      // Only once the app is up: a failed start must not leave a digest loop keeping the process alive.
      if (options.runScheduler ?? true) {
        scheduler.start();
        watchScheduler.start();
      }
      // Supplier list checks that were running when the app last stopped go on where they were.
      void resumeSupplierChecks(deps, teamClients).catch((error: unknown) =>
        logger.warn({ err: error }, 'could not resume the supplier list checks'),
      );
      return listening;
    },
    stop: async () => {
      stopped = true;
      await app.stop().catch(() => undefined);
      await portServer?.close();
      await opsServer?.close();
      await scheduler.stop();
      await watchScheduler.stop();
      // The chart thread stays until the lookups still in flight have drawn their charts.
      if (drawer) void settle(CHART_THREAD_GRACE_MS).then(() => drawer.close());
    },
    settle,
  };
}

/**
 * The routes of the port Slack reaches (public in HTTP mode: health, charts and the pages, never
 * /metrics) and of the ops port, when one is set.
 */
function portRoutes(options: SlackAppOptions, localCharts: ReturnType<typeof chartDrawing>['localCharts']) {
  const { config, metrics, storeGuard } = options;
  const healthState = {
    state: options.health ?? { shuttingDown: false },
    pingStore: () => options.store.ping(),
    ...(storeGuard ? { storeLoss: () => storeGuard.loss() } : {}),
  };
  const ops = [
    ...(metrics ? healthRoutes(healthState) : []),
    ...(localCharts ? [{ path: CHART_ROUTE, methods: ['GET', 'HEAD'], handler: localCharts.handle }] : []),
  ];
  const opsPortRoutes = metrics && config.opsPort !== undefined ? opsRoutes({ ...healthState, metrics }) : undefined;
  const pages = pageRoutes({
    install: Boolean(config.oauth),
    quickChart: options.charts.renderer === 'quickchart',
    ...(config.supportContact ? { supportContact: config.supportContact } : {}),
  });
  const customRoutes = [
    ...ops.map(({ path, handler, methods }) => ({ path, handler, method: [...(methods ?? ['GET'])] })),
    ...pages,
  ];
  return { ops, opsPortRoutes, customRoutes };
}

type OpsServer = Awaited<ReturnType<typeof startOpsServer>>;

/**
 * Opens the ports before Slack is reached, so /healthz and /readyz answer while the app waits for
 * it: the ops port (metrics) if set, and the port Slack reaches (the receiver, or health and
 * charts alone in Socket Mode).
 */
async function openPorts(input: {
  config: SlackConfig;
  logger: Logger;
  health: HealthState | undefined;
  metrics: Metrics | undefined;
  receiver: ReturnType<typeof httpReceiver> | undefined;
  ops: Parameters<typeof startOpsServer>[0];
  opsPortRoutes: Parameters<typeof startOpsServer>[0] | undefined;
  port: number;
}): Promise<{ listening: { port?: number; opsPort?: number }; portServer?: OpsServer; opsServer?: OpsServer }> {
  const { config, logger, health, metrics, receiver, ops } = input;
  let listening: { port?: number; opsPort?: number } = {};
  let opsServer: OpsServer | undefined;
  let portServer: OpsServer | undefined;
  if (input.opsPortRoutes) {
    opsServer = await startOpsServer(input.opsPortRoutes, config.opsPort ?? 0);
    logger.info({ opsPort: opsServer.port }, '/metrics, /healthz and /readyz are served on the ops port');
  }
  if (health) health.waitingFor = `Slack to answer (auth.test at ${config.apiUrl ?? 'https://slack.com/api/'})`;
  if (receiver) {
    const server = (await receiver.start(input.port)) as Server;
    if (metrics) observeAcks(server, metrics);
    listening = { port: (server.address() as AddressInfo).port };
  } else if (ops.length > 0) {
    portServer = await startOpsServer(ops, input.port);
    listening = { port: portServer.port };
  }
  if (opsServer) listening.opsPort = opsServer.port;
  return { listening, ...(portServer ? { portServer } : {}), ...(opsServer ? { opsServer } : {}) };
}

/**
 * auth.test until Slack answers: a refused token is a configuration error and ends the start;
 * silence or a network failure is waited out (the WebClient retries too), however long it lasts.
 */
async function reachSlack(app: App, install: AppInstall, logger: Logger, stopped: () => boolean): Promise<void> {
  for (;;) {
    try {
      const answer = await app.client.auth.test();
      logger.info({ team: answer.team, botUserId: answer.user_id }, 'Slack answered');
      install.installedAs = { teamId: answer.team_id, enterpriseId: answer.enterprise_id };
      // Slack takes the token: jobs held by an uninstall or a revoked token run again.
      await install
        .resume()
        .catch((error: unknown) => logger.warn({ err: error }, 'could not lift the hold on digests and watches'));
      return;
    } catch (error) {
      const failure = readSlackFailure(error);
      if (failure.kind === 'refused')
        throw new Error(`Slack refused SLACK_BOT_TOKEN (${failure.code}); check the Bot User OAuth Token`, {
          cause: error,
        });
      if (stopped()) throw error;
      logger.warn({ err: error }, 'Slack could not be reached; trying again in 10 s');
      await new Promise((resolve) => setTimeout(resolve, 10_000).unref());
    }
  }
}

/** Bolt acknowledges by answering the HTTP request, so the time to that answer is the ack latency. */
function observeAcks(server: Server, metrics: Metrics): void {
  server.on('request', (request, response) => {
    if (request.method !== 'POST' || !request.url?.startsWith('/slack/events')) return;
    const started = process.hrtime.bigint();
    response.once('finish', () => metrics.ackObserved(Number(process.hrtime.bigint() - started) / 1e9));
  });
}
