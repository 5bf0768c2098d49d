import type { Logger } from 'pino';
import { DataClient, type ClientObserver } from './core/client/dataClient.js';
import { loadCoreConfig, type CoreConfig } from './core/config.js';
import { pricesFrom, type Prices } from './core/operations/prices.js';
import { createStore } from './core/store/index.js';
import type { Store } from './core/store/types.js';
import { startSimulator, type Simulator } from './simulator/index.js';
import { simulatorOptionsFromEnv } from './simulator/env.js';

type Env = Record<string, string | undefined>;

/** The data-service side of the app, assembled from the environment: config, store, client. */
export interface CoreRuntime {
  config: CoreConfig;
  store: Store;
  client: DataClient;
  /** The spec's prices with DATA_API_COSTS over them: what the client charges and every screen shows. */
  prices: Prices;
  /** Present in demo mode: the in-process simulator the client talks to. */
  simulator?: Simulator;
  close(): Promise<void>;
}

export const DEMO_API_KEY = 'sim-key';

/**
 * Demo mode starts the built-in simulator in this process and points the client at it; the store
 * defaults to memory so a demo leaves nothing behind.
 */
export async function createCoreRuntime(env: Env, options: { demo: boolean; logger: Logger; observer?: ClientObserver }): Promise<CoreRuntime> {
  let simulator: Simulator | undefined;
  let effectiveEnv = env;
  if (options.demo) {
    loadCoreConfig(env, { requireService: false });
    simulator = await startSimulator({ ...simulatorOptionsFromEnv(env), port: 0, apiKeys: [DEMO_API_KEY] });
    effectiveEnv = { ...env, DATA_API_BASE_URL: simulator.url, DATA_API_KEY: DEMO_API_KEY, STORE_URL: env.STORE_URL || 'memory://' };
    options.logger.info({ simulator: simulator.url }, 'demo mode: using the built-in data-service SIMULATOR (simulated data)');
  }
  const config = loadCoreConfig(effectiveEnv);
  let store: Store;
  try {
    store = await createStore(config.storeUrl, { logger: options.logger });
  } catch (error) {
    await simulator?.close();
    throw error;
  }
  const prices = pricesFrom(config.costs);
  const client = new DataClient({
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    store,
    logger: options.logger,
    timeoutMs: config.timeoutMs,
    retry: { maxRetries: config.maxRetries },
    rateLimits: config.rateLimits,
    prices,
    cacheTtlMs: config.cacheTtlMs,
    shareRetentionMs: config.shareRetentionMs,
    budgets: config.budgets,
    ...(options.observer ? { observer: options.observer } : {}),
  });
  const runtime: CoreRuntime = {
    config,
    store,
    client,
    prices,
    close: async () => {
      await client.close();
      await store.close();
      await simulator?.close();
    },
  };
  if (simulator) runtime.simulator = simulator;
  return runtime;
}
