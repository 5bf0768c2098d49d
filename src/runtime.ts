import type { Logger } from 'pino';
import type { AppConfig, ServiceConfig } from './config.js';
import { type ClientObserver, DataClient } from './core/client/dataClient.js';
import { type Clock, systemClock } from './core/clock.js';
import { type Prices, pricesFrom } from './core/operations/prices.js';
import { SecretBox } from './core/secretBox.js';
import type { OwnedSecrets } from './core/secrets.js';
import { createStore, parseStoreUrl } from './core/store/index.js';
import { StoreGuard } from './core/store/storeGuard.js';
import type { Store } from './core/store/types.js';
import { WorkspaceKeys } from './core/workspaces/workspaceKeys.js';
import { WorkspaceSettings } from './core/workspaces/workspaceSettings.js';
import { type Simulator, startSimulator } from './simulator/index.js';

/** The data-service side of the app: store and client, built from the configuration's sections. */
export interface CoreRuntime {
  /** The service called: the simulator's address and key in demo mode. */
  service: ServiceConfig;
  store: Store;
  client: DataClient;
  /** The spec's prices with DATA_API_COSTS over them: what the client charges and every screen shows. */
  prices: Prices;
  /** Watches the store for a loss of its data, and closes the budgets for the rest of that day when it happens. */
  storeGuard: StoreGuard;
  /** Each workspace's own settings (App Home), read by the budgets here and by the Slack app. */
  workspaceSettings: WorkspaceSettings;
  /** Present in demo mode: the in-process simulator the client talks to. */
  simulator?: Simulator;
  /** The clock the client, the store guard and the simulator keep time by (the system's unless given). */
  clock: Clock;
  /** With SECRETS_KEY: each workspace's own data-service key, which the client sends and charges that workspace's calls with. */
  workspaceKeys?: WorkspaceKeys;
  close(): Promise<void>;
}

export type CoreSettings = Pick<AppConfig, 'demo' | 'simulator' | 'service' | 'store' | 'budgets' | 'secrets'>;

export const DEMO_API_KEY = 'sim-key';

/** Demo mode starts the built-in simulator in this process and points the client at it. */
export async function createCoreRuntime(
  config: CoreSettings,
  options: {
    logger: Logger;
    observer?: ClientObserver;
    clock?: Clock;
    /** Holds every secret read from the store or written to it (a workspace's key), for the redaction. */
    secrets?: OwnedSecrets;
  },
): Promise<CoreRuntime> {
  const clock = options.clock ?? systemClock;
  let simulator: Simulator | undefined;
  let service = config.service;
  if (config.demo) {
    simulator = await startSimulator({ ...config.simulator, port: 0, apiKeys: [DEMO_API_KEY], clock });
    service = { ...service, baseUrl: simulator.url, apiKey: DEMO_API_KEY };
    options.logger.info(
      { simulator: simulator.url },
      'demo mode: using the built-in data-service SIMULATOR (simulated data)',
    );
  }
  const prices = pricesFrom(service.costs);
  let store: Store;
  try {
    // STORE_URL=postgres://… alone is PostgreSQL for everything, on the same settings as DATABASE_URL's.
    const database =
      config.store.database ??
      (parseStoreUrl(config.store.url).kind === 'postgres' ? { url: config.store.url } : undefined);
    store = await createStore(config.store.url, {
      logger: options.logger,
      ...(database ? { database: { ...database, ledgerTimeZone: config.budgets.timeZone } } : {}),
    });
  } catch (error) {
    await simulator?.close();
    throw error;
  }
  const storeGuard = new StoreGuard({
    store,
    clock,
    budgetTimeZone: config.budgets.timeZone,
    logger: options.logger,
  });
  try {
    await storeGuard.start();
  } catch (error) {
    await store.close().catch(() => undefined);
    await simulator?.close();
    throw error;
  }
  const workspaceKeys = config.secrets
    ? new WorkspaceKeys(
        store,
        new SecretBox(config.secrets.current, config.secrets.previous),
        clock,
        options.secrets,
        options.logger,
      )
    : undefined;
  const workspaceSettings = new WorkspaceSettings(store, clock);
  const client = new DataClient({
    baseUrl: service.baseUrl,
    apiKey: service.apiKey,
    store,
    logger: options.logger,
    timeoutMs: service.timeoutMs,
    retry: { maxRetries: service.maxRetries },
    rateLimits: service.rateLimits,
    prices,
    cacheTtlMs: service.cacheTtlMs,
    shareRetentionMs: config.store.shareRetentionMs,
    budgets: config.budgets,
    budgetsClosed: (now) => storeGuard.budgetsClosed(now),
    storeMarker: storeGuard,
    workspaceBudgets: (teamId) => workspaceSettings.ownBudgets(teamId),
    clock,
    ...(options.observer ? { observer: options.observer } : {}),
    ...(workspaceKeys ? { keyFor: (teamId: string) => workspaceKeys.keyFor(teamId) } : {}),
  });
  const runtime: CoreRuntime = {
    service,
    store,
    client,
    prices,
    storeGuard,
    workspaceSettings,
    clock,
    close: async () => {
      storeGuard.stop();
      await client.close();
      await store.close();
      await simulator?.close();
    },
  };
  if (simulator) runtime.simulator = simulator;
  if (workspaceKeys) runtime.workspaceKeys = workspaceKeys;
  return runtime;
}
