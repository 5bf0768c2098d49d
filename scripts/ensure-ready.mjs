// Lets every README command work on a fresh clone: installs the dependencies when they are not
// there yet (which also builds), and rebuilds the app only when a source file changed since the
// last build, so a second `npm start` serves within seconds.
//   node scripts/ensure-ready.mjs            install if needed, build if stale
//   node scripts/ensure-ready.mjs --install  install if needed (the suite builds in its global setup)
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = (args) =>
  spawnSync('npm', args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' }).status ?? 1;

if (!existsSync(join(root, 'node_modules/.package-lock.json'))) {
  console.error(
    'dq: first run — installing the dependencies (npm ci, about 20 s on a fast connection), which also builds the app…',
  );
  const status = npm(['ci', '--no-audit', '--no-fund']);
  if (status !== 0) process.exit(status);
}
if (process.argv.includes('--install')) process.exit(0);

function newest(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const stamp = join(root, 'dist/.built');
const sources = Math.max(
  newest(join(root, 'src')),
  ...['tsconfig.json', 'tsconfig.build.json', 'package-lock.json'].map((file) => newest(join(root, file))),
);
if (!existsSync(stamp) || statSync(stamp).mtimeMs < sources) {
  console.error('dq: the sources changed since the last build; building (tsc)…');
  const status = npm(['run', '--silent', 'build']);
  if (status !== 0) process.exit(status);
}
