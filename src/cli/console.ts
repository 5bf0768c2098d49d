import type { Lang } from '../i18n/lang.js';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { Logger } from 'pino';
import type { AppConfig } from '../config.js';
import { createCoreRuntime, type CoreRuntime } from '../runtime.js';
import { buildConsoleDeps, consoleProfile, consoleRequester } from './console/consoleDeps.js';
import { ConsoleSession } from './console/session.js';

export interface ConsoleOptions {
  /** Read by the caller, whose --demo it carries; problems with it are the caller's to report. */
  config: AppConfig;
  logger: Logger;
  input: Readable;
  output: Writable;
  /** A runtime built by the caller (tests look at its simulator); the console leaves it open. */
  runtime?: CoreRuntime;
  /** Where Export CSV writes its files; the current directory by default. */
  exportDirectory?: string;
}

const PROMPT = 'dq> ';

function banner(runtime: CoreRuntime, lang: Lang): string {
  const where = runtime.simulator ? lang.t('console.banner.demo') : lang.t('console.banner.live', { url: runtime.service.baseUrl });
  return [lang.t('console.banner.title'), where, lang.t('console.banner.how'), ''].join('\n');
}

/**
 * `dq console`: the Slack app's commands at a terminal prompt. Lines are handled one at a time in
 * the order they came, so piped input works like typing; the end of the input ends the console
 * once the last line is done. Resolves with the exit code.
 */
export async function runConsole(options: ConsoleOptions): Promise<number> {
  const { config, logger, input, output } = options;
  const write = (text: string) => output.write(`${text}\n`);
  const runtime = options.runtime ?? (await createCoreRuntime(config, { logger }));
  const { deps, close } = buildConsoleDeps({ runtime, config: config.slack, charts: config.charts, digest: config.digests, logger, print: write });
  const profile = consoleProfile(config);
  const session = new ConsoleSession(deps, consoleRequester(config, profile), profile, write, options.exportDirectory);

  // On a terminal readline echoes what is typed; piped lines are echoed after the prompt so the
  // transcript shows what each reply answers.
  const terminal = Boolean((input as { isTTY?: boolean }).isTTY && (output as { isTTY?: boolean }).isTTY);
  const lines = createInterface({ input, output, terminal, prompt: PROMPT });
  lines.on('SIGINT', () => lines.close());
  write(banner(runtime, profile.lang));
  try {
    if (terminal) lines.prompt();
    for await (const line of lines) {
      if (!terminal && line.trim()) write(`${PROMPT}${line}`);
      const outcome = await session.handle(line).catch((error: unknown) => {
        logger.error({ err: error }, 'console line failed');
        write(profile.lang.t('console.failed', { message: error instanceof Error ? error.message : String(error) }));
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
