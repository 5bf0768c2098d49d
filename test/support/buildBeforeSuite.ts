import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Vitest's global setup: builds the app once before the suite when a source is newer than the build
 * (the same check `npm start` makes), so the tests that start an entry point as its own process
 * start what `npm start` and `dq` run. On a fresh clone `npm ci` has built it already.
 */
export function setup(): void {
  const ensureReady = fileURLToPath(new URL('../../scripts/ensure-ready.mjs', import.meta.url));
  const { status, error } = spawnSync(process.execPath, [ensureReady], { stdio: 'inherit' });
  if (error || status !== 0) throw new Error(`building the app before the suite failed (${error ?? `exit ${status}`})`);
}
