import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

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

export interface EntryPointRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs an entry point (`src/main.ts` for `npm start`, `src/cli/dq.ts` for `dq …`) to its end, in
 * `entryPointEnv`'s environment.
 */
export function runEntryPoint(
  script: 'src/main.ts' | 'src/cli/dq.ts',
  args: string[],
  env: Record<string, string>,
  stdin = '',
): Promise<EntryPointRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: ROOT,
      env: entryPointEnv(env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}
