// `npm run test:readme`: what a newcomer does. Clones this repository's committed HEAD into a temporary
// directory and runs the README's commands there, exactly as written, checking what each prints and
// timing the first run. It needs no Slack and no data service (their absence is part of the check).
// It takes a few minutes (a real `npm ci`), so it is not part of `npm test`; test/readme.test.ts
// checks, within the suite, that every command the README shows is one this script runs or one it
// names below as needing Slack, Docker or an account.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Each README command this script runs, as the README writes it, and what it must print. */
export const README_RUNS = [
  { command: 'npm start', env: {}, exit: 2, expect: [/SLACK_BOT_TOKEN/, /DATA_API_KEY/, /npm run demo/], first: true },
  {
    command: 'npm start',
    env: { DEMO: '1' },
    exit: 2,
    expect: [/SLACK_BOT_TOKEN/, /built-in simulator/, /npm run demo/],
    reject: [/building/],
  },
  {
    command: "printf '/futures CL 5m 5\\n1\\n' | npm run --silent demo",
    env: {},
    exit: 0,
    expect: [/SIMULATOR/, /Latest 5-minute candle/, /pressed \[1\] Share in channel/],
  },
  {
    command: "printf '/dq 期货 CL 5分钟 5\\n' | DEFAULT_LOCALE=zh-CN npm run --silent demo",
    env: {},
    exit: 0,
    expect: [/演示模式/, /每次查询 \d+ 币/],
    reject: [/coins per lookup/],
  },
  {
    command: 'npm run dq -- call new-funds saleStatus=true --demo',
    env: {},
    exit: 0,
    expect: [/"operation": "fund-new-list"/, /SIMULATED/],
  },
  {
    command: 'npm run dq -- call fund-asset fundCode=000001 pageNo=2',
    env: {},
    exit: 2,
    expect: [/DATA_API_BASE_URL/],
  },
  { command: 'npm run dq -- ping', env: {}, exit: 2, expect: [/DATA_API_BASE_URL/] },
  {
    command: 'npm run dq -- chart futures CL 5m 30 --demo --out cl.png',
    env: {},
    exit: 0,
    expect: [/cl\.png/],
    file: 'cl.png',
  },
  { command: 'npm run dq -- console', env: {}, exit: 2, expect: [/DATA_API_BASE_URL/, /npm run demo/] },
  {
    command: 'npm run simulator',
    env: { SIMULATOR_PORT: '0' },
    longRunning: /SIMULATOR of the data service .* listening on http/,
  },
];

/** README commands this script does not run, and why. (The Docker commands need Docker; they are not npm commands.) */
export const README_NOT_RUN = {
  'npm test': 'the suite itself (CI runs it on a clean clone)',
  'npm test -- test/slack/e2e': 'a part of the suite, as npm test runs it',
  'npm run lint': 'CI runs it on a clean clone, before the suite',
  'npm run format': 'rewrites the sources in place; CI checks the same with npm run lint',
  'npm run demo': 'interactive; run above with piped input',
  'npm run test:any-day': 'the suite five times under faketime (documented with the suite)',
  'npm run test:readme': 'this script',
  'npm run dq -- call futures symbol=CL type=5m limit=30':
    'needs a data-service account (its sibling without one is run)',
  'npm run dq -- call taxpayer keyword=91330106774738789M':
    'needs a data-service account (its sibling without one is run)',
  'npm run bench:client': 'a benchmark; prints ratios, takes minutes',
  'npm run bench:ack': 'a benchmark',
  'npm run bench:fleet': 'a benchmark',
  'npm run bench:workspaces': 'a benchmark (needs Redis)',
  'npm run bench:charts': 'a benchmark',
  'npm run bench:app': 'a benchmark',
  'npm run bench:reader': 'a benchmark',
  'npm run bench:batch': 'a benchmark; a 1,000-supplier check at the real rate limit, takes minutes',
  'npm run bench:usage': 'a benchmark (needs PostgreSQL)',
  'npm run bench:settings': 'a benchmark (needs PostgreSQL)',
  'npm run bench:profile': 'reads the CPU profile a benchmark wrote',
  'npm run dq -- db status': 'needs a PostgreSQL server at DATABASE_URL (test/cli/dbCommand.test.ts runs it)',
  'npm run dq -- db migrate': 'needs a PostgreSQL server at DATABASE_URL (test/cli/dbCommand.test.ts runs it)',
  'npm run dq -- db import': 'needs a PostgreSQL server and a deployment to copy (test/cli/dbCommand.test.ts runs it)',
  'npm run dq -- db import --from sqlite://./data/dq.sqlite':
    'needs a PostgreSQL server and a deployment to copy (test/cli/dbCommand.test.ts runs it)',
  'npm ci': 'run by npm start and npm test on a fresh clone (the first step above)',
};

function run(command, cwd, env) {
  const started = Date.now();
  const result = spawnSync('bash', ['-c', command], {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, USER: 'readme', ...env },
    encoding: 'utf8',
    timeout: 600_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}`, ms: Date.now() - started };
}

function longRunning(command, cwd, env, ready) {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', command], {
      cwd,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      detached: true,
    });
    let output = '';
    const done = (ok) => {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      resolve({ ok, output });
    };
    const timer = setTimeout(() => done(false), 120_000);
    const onData = (chunk) => {
      output += chunk;
      if (ready.test(output)) {
        clearTimeout(timer);
        done(true);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'dq-readme-'));
  const clone = join(dir, 'dq');
  const failures = [];
  try {
    const cloned = spawnSync('git', ['clone', '--quiet', root, clone], { encoding: 'utf8' });
    if (cloned.status !== 0) throw new Error(`git clone failed: ${cloned.stderr}`);
    // The README and the docs/ pages it links to.
    const readme = [
      join(clone, 'README.md'),
      ...readdirSync(join(clone, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => join(clone, 'docs', name)),
    ]
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    for (const step of README_RUNS) {
      if (!readme.includes(step.command)) failures.push(`the README no longer shows \`${step.command}\``);
      const label = `${Object.entries(step.env)
        .map(([key, value]) => `${key}=${value} `)
        .join('')}${step.command}`;
      if (step.longRunning) {
        const { ok, output } = await longRunning(step.command, clone, step.env, step.longRunning);
        console.log(`${ok ? 'ok  ' : 'FAIL'} ${label} (started)`);
        if (!ok) failures.push(`${label}: never said it was listening\n${output.slice(-2000)}`);
        continue;
      }
      const { status, output, ms } = run(step.command, clone, step.env);
      const problems = [];
      if (status !== step.exit) problems.push(`exit ${status}, expected ${step.exit}`);
      for (const pattern of step.expect ?? []) if (!pattern.test(output)) problems.push(`no ${pattern}`);
      for (const pattern of step.reject ?? []) if (pattern.test(output)) problems.push(`printed ${pattern}`);
      if (step.file && !existsSync(join(clone, step.file))) problems.push(`wrote no ${step.file}`);
      console.log(
        `${problems.length ? 'FAIL' : 'ok  '} ${label} (${(ms / 1000).toFixed(1)} s${step.first ? ', the first run on a fresh clone, npm ci included' : ''})`,
      );
      if (problems.length) failures.push(`${label}: ${problems.join('; ')}\n${output.slice(-3000)}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (failures.length) {
    console.error(`\n${failures.length} README command(s) did not work on a fresh clone:\n\n${failures.join('\n\n')}`);
    process.exit(1);
  }
  console.log('\nEvery README command this script runs worked on a fresh clone.');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
