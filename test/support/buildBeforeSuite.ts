import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Vitest's global setup: builds the app once before the suite when a source is newer than the build
 * (the same check `npm start` makes), so the tests that start an entry point as its own process
 * start what `npm start` and `dq` run. On a fresh clone `npm ci` has built it already. (In watch
 * mode it runs once: restart vitest after changing the app to rebuild.)
 */
export function setup(): void {
  const ensureReady = spawnSync(process.execPath, ['scripts/ensure-ready.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (!ensureReady.error && ensureReady.status === 0) return;
  // A type error fails the build, though tsc has written the JavaScript. The suite still runs, on
  // the current code as tsc emits it without checking, and npm test's own type check fails the run.
  console.error('dq: the build found errors (above); the suite runs on the JavaScript tsc emits without checking');
  const tsc = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));
  const emitted = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--noCheck'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (emitted.error || emitted.status !== 0)
    throw new Error(`building the app before the suite failed (${emitted.error ?? `tsc exited ${emitted.status}`})`);
}
