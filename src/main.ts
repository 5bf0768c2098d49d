import process from 'node:process';
import { chartSettingsFromEnv } from './charts/settings.js';
import type { ChartSettings } from './charts/types.js';
import { ConfigError, loadCoreConfig } from './core/config.js';
import { loadDigestConfig, type DigestConfig } from './core/digest/config.js';
import { createLogger } from './core/logger.js';
import { createCoreRuntime } from './runtime.js';
import { createSlackApp } from './slack/app.js';
import { isDemo, loadSlackConfig, type SlackConfig } from './slack/config.js';

/**
 * `npm start`: the Slack app. All configuration problems (Slack and data service) are reported in
 * one message; DEMO=1 swaps the data service for the built-in simulator.
 */
async function main(): Promise<void> {
  const env = process.env;
  const demo = isDemo(env);
  const logger = createLogger({ level: env.LOG_LEVEL ?? 'info' });
  const problems: string[] = [];
  let slackConfig: SlackConfig | undefined;
  try {
    slackConfig = loadSlackConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(...error.problems);
  }
  let charts: ChartSettings | undefined;
  let digest: DigestConfig | undefined;
  for (const load of [() => loadCoreConfig(env, { requireService: !demo }), () => (charts = chartSettingsFromEnv(env)), () => (digest = loadDigestConfig(env))]) {
    try {
      load();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(...error.problems);
    }
  }
  if (problems.length > 0 || !slackConfig || !charts || !digest) {
    process.stderr.write(`${new ConfigError(problems).message}\nTo try the app without Slack or the data service: npx dq console --demo\n`);
    process.exitCode = 2;
    return;
  }

  const runtime = await createCoreRuntime(env, { demo, logger });
  const slack = await createSlackApp({ config: slackConfig, data: runtime.client, store: runtime.store, digest, charts, logger });
  const { port } = await slack.start();
  logger.info({ port, socketMode: Boolean(slackConfig.appToken), demo, store: runtime.store.description }, demo ? 'dq is running in DEMO mode on the built-in simulator (simulated data)' : 'dq is running');

  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    await slack.stop().catch((error: unknown) => logger.error({ err: error }, 'error while stopping Slack'));
    await runtime.close().catch((error: unknown) => logger.error({ err: error }, 'error while closing the store'));
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

await main();
