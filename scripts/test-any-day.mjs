#!/usr/bin/env node
// npm run test:any-day — the whole suite as if it ran at awkward instants, with one CPU core kept
// busy by another process, so a test that leans on today's date or on an idle machine shows up.
// Uses libfaketime (Debian/Ubuntu: apt-get install faketime); each run starts its clock at the
// instant and lets it run on. CI keeps running plain `npm test`.
//
//   npm run test:any-day                 every instant below, busy core
//   npm run test:any-day -- --idle       without the busy core
//   npm run test:any-day -- --only leap  the instants whose name contains "leap"
//   npm run test:any-day -- -- test/core the suite's own arguments after a second --
import { spawn, spawnSync } from 'node:child_process';
import { argv, env, exit } from 'node:process';

/** Local wall-clock time in the given zone; the process runs in that zone too. */
const INSTANTS = [
  { name: 'new year in Shanghai (still 31 December in UTC)', at: '2027-01-01 00:00:20', tz: 'Asia/Shanghai' },
  { name: 'new year in UTC, during the run', at: '2026-12-31 23:59:40', tz: 'UTC' },
  { name: 'leap day', at: '2028-02-29 12:00:00', tz: 'UTC' },
  { name: 'just before midnight in Shanghai', at: '2026-11-23 23:59:40', tz: 'Asia/Shanghai' },
  { name: 'daylight saving starts in New York, during the run', at: '2027-03-14 01:59:30', tz: 'America/New_York' },
];

const args = argv.slice(2);
const separator = args.indexOf('--');
const suiteArgs = separator >= 0 ? args.slice(separator + 1) : [];
const own = separator >= 0 ? args.slice(0, separator) : args;
const idle = own.includes('--idle');
const onlyAt = own.indexOf('--only');
const only = onlyAt >= 0 ? own[onlyAt + 1] : undefined;

if (spawnSync('faketime', ['--version'], { stdio: 'ignore' }).error) {
  console.error("test:any-day needs libfaketime's `faketime` command (Debian/Ubuntu: apt-get install faketime).");
  exit(2);
}

const chosen = INSTANTS.filter((instant) => !only || instant.name.includes(only));
if (chosen.length === 0) {
  console.error(`No instant matches "${only}". Instants: ${INSTANTS.map((i) => i.name).join('; ')}`);
  exit(2);
}

function run(command, commandArgs, extraEnv) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { stdio: 'inherit', env: { ...env, ...extraEnv } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

// A core kept busy for the whole session, as on a shared CI machine.
const busy = idle ? undefined : spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
const results = [];
try {
  // Type-check once, at the real date; then the suite itself under each instant.
  if ((await run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'], {})) !== 0) exit(1);
  for (const instant of chosen) {
    console.log(`\n=== ${instant.name}: ${instant.at} (${instant.tz})${idle ? '' : ', one core busy'} ===\n`);
    const started = Date.now();
    const code = await run('faketime', ['-f', `@${instant.at}`, 'npx', 'vitest', 'run', ...suiteArgs], {
      TZ: instant.tz,
    });
    results.push({ ...instant, code, seconds: Math.round((Date.now() - started) / 1000) });
  }
} finally {
  busy?.kill();
}

console.log('\ntest:any-day summary');
for (const result of results)
  console.log(
    `  ${result.code === 0 ? 'passed' : 'FAILED'}  ${result.at} ${result.tz}  (${result.name}, ${result.seconds} s)`,
  );
exit(results.every((result) => result.code === 0) ? 0 : 1);
