import { mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { Logger } from 'pino';
import type { AppConfig } from '../config.js';
import type { Lang } from '../i18n/lang.js';
import { type CoreRuntime, createCoreRuntime } from '../runtime.js';
import { mrkdwnToText } from '../slack/render/mrkdwnToText.js';
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
  /**
   * The folder the console writes its files to (Export CSV; the charts it draws with
   * CHART_RENDERER=local). Without it: on the simulator (the demo) a new temporary folder, removed
   * when the console ends, so the demo leaves nothing behind; against the real service the current
   * directory. The banner says which.
   */
  exportDirectory?: string;
}

/** The console's folder for files, and whether it is its own to remove at the end. */
function fileFolder(given: string | undefined, demo: boolean): { path: string; temporary: boolean } {
  if (given) return { path: resolve(given), temporary: false };
  if (!demo) return { path: process.cwd(), temporary: false };
  // Made at once, so the banner is out before the first line is read.
  return { path: mkdtempSync(join(tmpdir(), 'dq-demo-')), temporary: true };
}

const PROMPT = 'dq> ';

function banner(runtime: CoreRuntime, folder: { path: string; temporary: boolean }, lang: Lang): string {
  const where = runtime.simulator
    ? lang.t('console.banner.demo')
    : lang.t('console.banner.live', { url: runtime.service.baseUrl });
  const files = lang.t(folder.temporary ? 'console.banner.filesTemporary' : 'console.banner.files', {
    folder: folder.path,
  });
  // The catalogue marks what is typed as code, as Slack shows it; a terminal shows it as plain text.
  return [lang.t('console.banner.title'), where, files, lang.t('console.banner.how'), ''].map(mrkdwnToText).join('\n');
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
  const folder = fileFolder(options.exportDirectory, runtime.simulator !== undefined);
  // Also when the console dies on its way out (its output closed under it): nothing is left behind.
  const removeFolder = () => rmSync(folder.path, { recursive: true, force: true });
  if (folder.temporary) process.once('exit', removeFolder);
  // A watch's post is printed by the app's scheduler, outside the session: its Stop goes to the session made next.
  let session: ConsoleSession | undefined;
  const { deps, close } = buildConsoleDeps({
    runtime,
    config: config.slack,
    charts: config.charts,
    digest: config.digests,
    logger,
    print: write,
    folder: folder.path,
    offerButtons: (buttons, locale) => session?.offer(buttons, locale),
  });
  const profile = consoleProfile(config);
  session = new ConsoleSession(deps, consoleRequester(config, profile), profile, write, folder.path);

  // On a terminal readline echoes what is typed; piped lines are echoed after the prompt so the
  // transcript shows what each reply answers.
  const terminal = Boolean((input as { isTTY?: boolean }).isTTY && (output as { isTTY?: boolean }).isTTY);
  const lines = createInterface({ input, output, terminal, prompt: PROMPT });
  lines.on('SIGINT', () => lines.close());
  write(banner(runtime, folder, profile.lang));
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
    if (folder.temporary) {
      process.removeListener('exit', removeFolder);
      await rm(folder.path, { recursive: true, force: true });
    }
  }
  return 0;
}
