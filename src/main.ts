import process from 'node:process';
import { chartDestination } from './charts/chartRenderer.js';
import { type AppConfig, readConfig } from './config.js';
import { ConfigError } from './core/errors.js';
import { createLogger } from './core/logger.js';
import { OPERATION_IDS } from './core/operations/index.js';
import { type OwnedSecrets, Redactor, secretsOf } from './core/secrets.js';
import type { HealthState } from './ops/health.js';
import { Metrics } from './ops/metrics.js';
import type { CoreRuntime } from './runtime.js';
import type { SlackApp } from './slack/app.js';

/**
 * `npm start`: the Slack app. All configuration problems (Slack, data service, charts, digests) are
 * reported in one message; DEMO=1 swaps the data service for the built-in simulator.
 */
async function main(): Promise<void> {
  const { config, problems, demo } = readConfig(process.env, { inSlack: true });
  if (problems) {
    const slackMissing = problems.some((problem) => problem.startsWith('SLACK_'));
    const demoNote =
      demo && slackMissing
        ? '\nDEMO=1 swaps the data service for the built-in simulator, but the app still runs in Slack, so it needs\nthe Slack settings above. To try everything without Slack: npm run demo\n'
        : '\nTo try everything without Slack or the data service: npm run demo\n';
    process.stderr.write(`${new ConfigError(problems).message}${demoNote}`);
    process.exitCode = 2;
    return;
  }
  const { slack: slackConfig, shutdownGraceMs } = config;
  const redactor = new Redactor(secretsOf(config));
  const logger = createLogger({ level: config.logLevel ?? 'info', redactor });

  let runtime: CoreRuntime | undefined;
  let slack: SlackApp | undefined;
  const metrics = new Metrics({
    queueDepth: () => Object.fromEntries(OPERATION_IDS.map((id) => [id, runtime?.client.pacing.queued(id) ?? 0])),
  });
  const health: HealthState = { shuttingDown: false };

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    health.shuttingDown = true;
    logger.info(
      { signal, graceMs: shutdownGraceMs },
      'shutting down: no new work, nothing more sent, finishing what is in flight',
    );
    await slack
      ?.stop()
      .catch((error: unknown) => logger.error({ err: error }, 'error while stopping the Slack listener'));
    // Nothing more is sent from now: lookups still waiting for a rate-limit slot are told the app is
    // restarting and that nothing was charged. Calls already sent are waited for whatever the grace
    // period says (each is bounded by the call timeout), so none can be charged and missing from the ledger.
    await runtime?.client
      .stopSending()
      .catch((error: unknown) => logger.error({ err: error }, 'error while finishing the calls in flight'));
    // The grace period is for replies to reach people; past it (and a second), the process is gone.
    setTimeout(() => {
      logger.warn('shutdown took longer than the grace period; exiting now');
      process.exit(0);
    }, shutdownGraceMs + 1000).unref();
    if (slack && !(await slack.settle(shutdownGraceMs))) logger.warn('grace period over with replies still being sent');
    // A supplier check saves where it was before the store closes (its lookups stopped with the sending), so a restart resumes it there.
    if (slack)
      await Promise.race([
        slack.deps.supplierChecks.settled(),
        new Promise((resolve) => setTimeout(resolve, shutdownGraceMs).unref()),
      ]);
    await runtime?.close().catch((error: unknown) => logger.error({ err: error }, 'error while closing the store'));
    logger.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  // A bug must not take the whole app down with the requests of everyone else: log it loudly instead.
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));

  // Said before anything else can hold the start up (Slack not answering): the operator knows where chart data goes.
  process.stderr.write(`Charts: ${chartDestination(config.charts)} (CHART_RENDERER=${config.charts.renderer}).\n`);
  let port: number | undefined;
  let opsPort: number | undefined;
  let waitingNotice: NodeJS.Timeout | undefined;
  try {
    // Loaded only now: a start that fails on its configuration answers before the app's modules load.
    const [{ createCoreRuntime }, { createSlackApp }] = await Promise.all([
      import('./runtime.js'),
      import('./slack/app.js'),
    ]);
    runtime = await createCoreRuntime(config, {
      logger,
      observer: metrics,
      secrets: redactor,
    });
    const installations =
      slackConfig.oauth && config.secrets ? await installationStoreOf(runtime, config.secrets, redactor) : undefined;
    slack = await createSlackApp({
      ...(installations ? { installations } : {}),
      ...(runtime.workspaceKeys ? { workspaceKeys: runtime.workspaceKeys } : {}),
      config: slackConfig,
      data: runtime.client,
      prices: runtime.prices,
      store: runtime.store,
      storeGuard: runtime.storeGuard,
      workspaceSettings: runtime.workspaceSettings,
      digest: config.digests,
      charts: config.charts,
      logger,
      metrics,
      health,
      redactor,
    });
    // One plain line for whoever watches the start, when Slack takes its time to answer.
    waitingNotice = setTimeout(() => {
      if (health.waitingFor)
        process.stderr.write(
          `dq: waiting for ${health.waitingFor}. Check SLACK_BOT_TOKEN${slackConfig.apiUrl ? ' and SLACK_API_URL' : ''} and that this machine can reach Slack; /healthz answers, /readyz says 503 until Slack does.\n`,
        );
    }, 3000);
    ({ port, opsPort } = await slack.start());
  } catch (error) {
    if (stopping) return;
    // Start-up failures are configuration or reachability problems: say which, without a stack trace.
    const reason = error instanceof Error ? error.message : String(error);
    logger.error({ err: error }, 'start-up failed');
    process.stderr.write(`dq could not start: ${reason}
Check the Slack tokens, STORE_URL and that the store is reachable (docs/configuration.md).
`);
    await slack?.stop().catch(() => undefined);
    await runtime?.close().catch(() => undefined);
    process.exit(1);
  } finally {
    clearTimeout(waitingNotice);
  }
  logger.info(
    {
      port: port ?? slackConfig.port,
      opsPort,
      socketMode: Boolean(slackConfig.appToken),
      demo,
      store: runtime.store.description,
      charts: config.charts.renderer,
      chartData: chartDestination(config.charts),
    },
    demo ? 'dq is running in DEMO mode on the built-in simulator (simulated data)' : 'dq is running',
  );
  const where = slackConfig.appToken
    ? 'over Socket Mode'
    : `on port ${port ?? slackConfig.port} (/slack/events${slackConfig.oauth ? '; Add to Slack at /slack/install' : ''})`;
  process.stderr.write(
    demo
      ? `dq is running in DEMO mode ${where}: lookups go to the built-in simulator (simulated data, no coins). In Slack, try /dq help or /futures CL 5m 30.\n`
      : `dq is running ${where}. In Slack, try /dq help.\n`,
  );
}

/** Installations in the runtime's store, sealed under SECRETS_KEY; every token read or written is redacted from then on. */
async function installationStoreOf(
  runtime: CoreRuntime,
  secrets: NonNullable<AppConfig['secrets']>,
  redactor: OwnedSecrets,
) {
  const [{ StoredInstallations }, { SecretBox }] = await Promise.all([
    import('./core/installations/storedInstallations.js'),
    import('./core/secretBox.js'),
  ]);
  return new StoredInstallations(
    runtime.store,
    new SecretBox(secrets.current, secrets.previous),
    runtime.clock,
    redactor,
  );
}

await main();
