import { PassThrough } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { runConsole } from '../../src/cli/console.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/core/logger.js';
import { type CoreRuntime, createCoreRuntime } from '../../src/runtime.js';
import { pinnedClock } from '../support/clocks.js';

/** Tests do not read the user's environment: a fixed user and zone, and a store that leaves nothing behind. */
export const CONSOLE_ENV = { USER: 'tester', DEFAULT_TZ: 'Asia/Shanghai', STORE_URL: 'memory://' };

export const silentLogger = () => createLogger({ level: 'silent', destination: 2 });

/**
 * A console in this process on the built-in simulator, fed line by line. The runtime is built
 * here so a test can ask the simulator how many calls really reached it, on the pinned date: the
 * simulator publishes tenders as time goes by, so today's counts are not tomorrow's.
 */
export async function startDemoConsole(options: { exportDirectory?: string; env?: Record<string, string> } = {}) {
  const logger = silentLogger();
  const config = loadConfig({ ...CONSOLE_ENV, ...options.env }, { inSlack: false, demo: true });
  const runtime: CoreRuntime = await createCoreRuntime(config, { logger, clock: pinnedClock() });
  const input = new PassThrough();
  const output = new PassThrough();
  let text = '';
  output.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const exitCode = runConsole({ config, logger, input, output, runtime, ...options });
  return {
    runtime,
    upstreamCalls: () => runtime.simulator!.stats().calls.length,
    output: () => text,
    /** Output written since `mark` (a length of output() taken earlier). */
    since: (mark: number) => text.slice(mark),
    send(line: string) {
      input.write(`${line}\n`);
    },
    /** Sends a line and resolves with what it printed, up to and including the text awaited. */
    async ask(line: string, until: RegExp, timeoutMs = 10_000): Promise<string> {
      const mark = text.length;
      input.write(`${line}\n`);
      const deadline = Date.now() + timeoutMs;
      while (!until.test(text.slice(mark))) {
        if (Date.now() > deadline) throw new Error(`no ${until} after "${line}"; got:\n${text.slice(mark)}`);
        await delay(10);
      }
      return text.slice(mark);
    },
    /** Ends the input (Ctrl-D) and resolves with the exit code once pending lines are done. */
    async end(): Promise<number> {
      input.end();
      const code = await exitCode;
      await runtime.close();
      return code;
    },
  };
}

export type DemoConsole = Awaited<ReturnType<typeof startDemoConsole>>;
