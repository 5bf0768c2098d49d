import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The runnable entry points, as the README's commands start them: built, not compiled from source at
 * each start (the suite's global setup, buildBeforeSuite.ts, builds once when a source is newer than
 * the build). A start from source cost a second of CPU more, some twenty times a run.
 */
const ENTRY_POINTS = {
  'npm start': 'dist/main.js',
  dq: 'bin/dq.js',
  'npm run simulator': 'dist/simulator/main.js',
} as const;

export type EntryPoint = keyof typeof ENTRY_POINTS;

/**
 * An entry point lives on the test's clock: under `npm run test:any-day` that is libfaketime's, which
 * only reaches a child that keeps its settings (otherwise signed requests look minutes or months old
 * to it). Nothing else of the test's environment goes along, so a developer's settings cannot leak in.
 */
export function entryPointEnv(env: Record<string, string>): Record<string, string> {
  const clock = Object.entries(process.env).filter(
    (entry): entry is [string, string] => /^(LD_PRELOAD|FAKETIME.*|TZ)$/.test(entry[0]) && entry[1] !== undefined,
  );
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...Object.fromEntries(clock), ...env };
}

/** Starts an entry point in `entryPointEnv`'s environment, its output piped. */
export function startEntryPoint(entry: EntryPoint, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [ENTRY_POINTS[entry], ...args], {
    cwd: ROOT,
    env: entryPointEnv(env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

export interface EntryPointRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs an entry point to its end with `stdin` as its input. */
export function runEntryPoint(
  entry: EntryPoint,
  args: string[],
  env: Record<string, string>,
  stdin = '',
): Promise<EntryPointRun> {
  return new Promise((resolve, reject) => {
    const child = startEntryPoint(entry, args, env);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin!.end(stdin);
  });
}
