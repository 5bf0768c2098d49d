import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { Logger } from 'pino';
import { chartSettingsFromEnv, type ChartSettings } from '../charts/quickChart.js';
import { ConfigError, loadCoreConfig } from '../core/config.js';
import { loadDigestConfig, type DigestConfig } from '../core/digest/config.js';
import { createCoreRuntime, type CoreRuntime } from '../runtime.js';
import type { SlackConfig } from '../slack/config.js';
import { buildConsoleDeps, consoleRequester, consoleSlackConfig } from './console/consoleDeps.js';
import { ConsoleSession } from './console/session.js';

type Env = Record<string, string | undefined>;

export interface ConsoleOptions {
  /** Use the built-in simulator instead of the real data service. */
  demo: boolean;
  logger: Logger;
  input: Readable;
  output: Writable;
  /** Where a start-up failure (incomplete configuration) is reported; the output when not given. */
  errorOutput?: Writable;
  env: Env;
  /** A runtime built by the caller (tests look at its simulator); the console leaves it open. */
  runtime?: CoreRuntime;
}

const PROMPT = 'dq> ';

interface ConsoleSettings {
  config: SlackConfig;
  charts: ChartSettings;
  digest: DigestConfig;
}

/** Every configuration problem at once, as the app reports them, before anything is started. */
function loadSettings(env: Env, demo: boolean, checkService: boolean): ConsoleSettings {
  const problems: string[] = [];
  const attempt = <T>(load: () => T): T | undefined => {
    try {
      return load();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(...error.problems);
      return undefined;
    }
  };
  if (checkService) attempt(() => loadCoreConfig(env, { requireService: !demo }));
  const config = attempt(() => consoleSlackConfig(env, demo));
  const charts = attempt(() => chartSettingsFromEnv(env));
  const digest = attempt(() => loadDigestConfig(env));
  if (problems.length > 0 || !config || !charts || !digest) throw new ConfigError(problems);
  return { config, charts, digest };
}

function banner(runtime: CoreRuntime): string {
  const where = runtime.simulator
    ? 'DEMO: running on the built-in data-service SIMULATOR — simulated data, nothing real is charged.'
    : `Connected to the data service at ${runtime.config.baseUrl}: new lookups cost real coins (repeats come from cache, free).`;
  return [
    'dq console — type the Slack commands (/bids …, /futures …, /dq usage, /dq help) and see the replies as text.',
    where,
    'A line without "/" means /dq …; a number presses that button of the latest reply; exit, quit or Ctrl-D ends.',
    '',
  ].join('\n');
}

/**
 * `dq console`: the Slack app's commands at a terminal prompt. Lines are handled one at a time in
 * the order they came, so piped input works like typing; the end of the input ends the console
 * once the last line is done. Resolves with the exit code.
 */
export async function runConsole(options: ConsoleOptions): Promise<number> {
  const { demo, logger, input, output, env } = options;
  const write = (text: string) => output.write(`${text}\n`);
  let settings: ConsoleSettings;
  let runtime: CoreRuntime;
  try {
    settings = loadSettings(env, demo, !options.runtime);
    runtime = options.runtime ?? (await createCoreRuntime(env, { demo, logger }));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const hint = demo ? '' : 'To try it on the built-in simulator instead: npm run demo\n';
    (options.errorOutput ?? output).write(`${error.message}\n${hint}`);
    return 2;
  }
  const { deps, close } = buildConsoleDeps({ runtime, ...settings, logger, print: write });
  const session = new ConsoleSession(deps, consoleRequester(env, deps.config), write);

  // On a terminal readline echoes what is typed; piped lines are echoed after the prompt so the
  // transcript shows what each reply answers.
  const terminal = Boolean((input as { isTTY?: boolean }).isTTY && (output as { isTTY?: boolean }).isTTY);
  const lines = createInterface({ input, output, terminal, prompt: PROMPT });
  lines.on('SIGINT', () => lines.close());
  write(banner(runtime));
  try {
    if (terminal) lines.prompt();
    for await (const line of lines) {
      if (!terminal && line.trim()) write(`${PROMPT}${line}`);
      const outcome = await session.handle(line).catch((error: unknown) => {
        logger.error({ err: error }, 'console line failed');
        write(`That did not work: ${error instanceof Error ? error.message : String(error)}`);
        return 'continue' as const;
      });
      if (outcome === 'exit') break;
      if (terminal) lines.prompt();
    }
  } finally {
    lines.close();
    await close();
    if (!options.runtime) await runtime.close();
  }
  return 0;
}
