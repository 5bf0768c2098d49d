import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface EntryPointRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs an entry point (`src/main.ts` for `npm start`, `src/cli/dq.ts` for `dq …`) to its end, with
 * nothing of the test's own environment but PATH and HOME, so a developer's settings cannot leak in.
 */
export function runEntryPoint(script: 'src/main.ts' | 'src/cli/dq.ts', args: string[], env: Record<string, string>, stdin = ''): Promise<EntryPointRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
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
