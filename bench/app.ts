/**
 * npm run bench:app — what a user and an operator of the Slack app feel, against the simulator,
 * with the app in its own process (bench/target.ts):
 *  1. a cache-miss command: the app's own time, from the signed command sent to its reply received,
 *     minus the time the service took (timed inside the simulator's server, from the request's
 *     arrival to its answer written). Commands one at a time, each a new fund: one upstream call each.
 *     Goal: p50 ≤ 5 ms.
 *  2. memory on the default store (SQLite in a temporary file): RSS and heap after start, after
 *     10,000 commands that leave 1,000 open paging states (1,000 distinct paged queries whose
 *     answers have a Next button, each first a cache miss, then asked again), and after a second
 *     10,000 on the same queries. Goals: RSS ≤ 400 MB throughout (see MEMORY_CEILING_MB) and no growth
 *     of the heap or the RSS in the second 10,000 beyond 5% (noise of a GC'd heap).
 * Every command must get its reply with blocks, and every cache miss exactly one upstream call;
 * otherwise the run fails (exit 1). --profile writes the app's CPU profile during part 1.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { operations } from '../src/core/operations/index.js';
import { shanghaiDayNumber } from '../src/simulator/calendar.js';
import { assetHistory } from '../src/simulator/data/assetHistory.js';
import { FUND_CATALOGUE } from '../src/simulator/data/fundCatalogue.js';
import { createRequestListener } from '../src/simulator/requestRouter.js';
import { createSimulatorState } from '../src/simulator/simulatorState.js';
import { startFakeSlack } from '../test/support/slack/fakeSlack.js';
import {
  deliveryProblems,
  Goals,
  percentile,
  ReplySink,
  round,
  sendCommands,
  sendOneCommand,
  startTarget,
} from './harness.js';
import type { TargetSettings } from './target.js';

const SECRET = 'bench-signing-secret';
const TOKEN = 'xoxb-bench';
const KEY = 'bench';
const MISSES = Number(process.env.BENCH_MISSES ?? 300);
const COMMANDS = Number(process.env.BENCH_MEMORY_COMMANDS ?? 10_000);
const PAGING_STATES = Number(process.env.BENCH_PAGING_STATES ?? 1000);
/**
 * The ceiling: a small service like this one is given a 512 MB container, so the app's RSS
 * must stay under 400 MB, leaving a fifth for a burst and the runtime's own slack. Measured here
 * (under tsx, which adds its compiler to the process): about 175 MB after start, and about 320 MB
 * after 20 connections of load, of which the V8 heap in use is under 40 MB — the rest is memory
 * the allocator keeps after the burst (sockets, buffers, SQLite's page cache), which is why what must
 * not grow is checked separately: results, claims, history and the ledger live in the store, so a
 * second 10,000 commands on the same queries may add nothing that lasts.
 */
const MEMORY_CEILING_MB = 400;
/** What a GC'd heap and the allocator vary by between two measurements of the same state. */
const GROWTH_LIMIT = 0.05;
const UNLIMITED = Object.fromEntries(Object.keys(operations).map((id) => [id, { count: 1_000_000, windowMs: 1000 }]));

/** The simulator behind a server that times each request from its arrival to its answer written. */
async function timedSimulator() {
  const shutdown = new AbortController();
  const state = createSimulatorState({ apiKeys: [KEY], rateLimits: UNLIMITED });
  const listener = createRequestListener(state, shutdown.signal);
  const serviceMs: number[] = [];
  const server = createServer((req, res) => {
    const arrived = performance.now();
    res.on('finish', () => serviceMs.push(performance.now() - arrived));
    listener(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    serviceMs,
    calls: () => state.stats.snapshot().calls.length,
    close: () => {
      shutdown.abort();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const fake = await startFakeSlack({ validTokens: [TOKEN] });
const simulator = await timedSimulator();
const sink = await new ReplySink().listen();
const settings: TargetSettings = {
  signingSecret: SECRET,
  botToken: TOKEN,
  slackApiUrl: fake.apiUrl,
  simulatorUrl: simulator.url,
  apiKey: KEY,
  rateLimits: UNLIMITED,
};
const goals = new Goals();
const fund = (n: number) => String(100000 + n);

/**
 * Distinct queries whose answers have a Next button: the simulator's catalogued funds at page sizes
 * 1–20, every page but the last — one open paging state each.
 */
function pagedQueries(count: number): string[] {
  const today = shanghaiDayNumber(Date.now());
  const all: string[] = [];
  for (let size = 1; size <= 20; size++) {
    for (const entry of FUND_CATALOGUE) {
      const pages = Math.ceil(assetHistory(entry, today).length / size);
      for (let page = 1; page < pages; page++) all.push(`${entry.fundCode} page:${page} size:${size}`);
    }
  }
  if (all.length < count) throw new Error(`only ${all.length} distinct paged queries in the simulator's catalogue`);
  return all.slice(0, count);
}

// ---- 1. cache-miss command: the app's own time -------------------------------------------------
// With DATABASE_URL, measured again on Redis alone (REDIS_URL) and on Redis + PostgreSQL: what the
// database adds is the difference between those two.
const DATABASE_URL = process.env.DATABASE_URL;
const stores: Array<{ name: string; settings: TargetSettings }> = [{ name: 'memory store', settings }];
if (DATABASE_URL)
  stores.push(
    { name: 'Redis alone', settings: { ...settings, storeUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' } },
    {
      name: 'Redis + PostgreSQL',
      settings: {
        ...settings,
        storeUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        database: { url: DATABASE_URL, schema: `dqbench_app_${process.pid}` },
      },
    },
  );
for (const { name, settings } of stores) {
  const profileDir = process.argv.includes('--profile') ? mkdtempSync(join(tmpdir(), 'dq-bench-miss-')) : undefined;
  const app = await startTarget('app', settings, profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
  const own: number[] = [];
  const reply: number[] = [];
  const service: number[] = [];
  let failures = 0;
  for (let n = 0; n < MISSES + 20; n++) {
    const callsBefore = simulator.calls();
    const servedBefore = simulator.serviceMs.length;
    const code = fund(500_000 + n);
    const result = await sendOneCommand(app, sink, SECRET, '/fund-asset', code);
    const upstream = simulator.serviceMs.slice(servedBefore);
    const problems: string[] = [];
    if (result.status !== 200) problems.push(`acknowledged with HTTP ${result.status}`);
    if (!result.arrival) problems.push('no reply');
    else if (!result.arrival.hasBlocks || !JSON.stringify(result.arrival.body).includes(code))
      problems.push('a reply without blocks naming the fund');
    if (simulator.calls() - callsBefore !== 1 || upstream.length !== 1)
      problems.push(`${simulator.calls() - callsBefore} upstream calls for one cache miss`);
    if (problems.length > 0) {
      failures++;
      if (failures <= 3) goals.fail(`cache miss ${n}: ${problems.join('; ')}`);
      continue;
    }
    if (n < 20) continue; // warm-up: JIT, keep-alive pools, the user's profile
    reply.push(result.replyMs!);
    service.push(upstream[0]!);
    own.push(result.replyMs! - upstream[0]!);
  }
  await app.stop();
  if (profileDir) console.log(`CPU profile of the app (read it with npm run bench:profile -- <file>): ${profileDir}`);
  console.log(`\n1. Cache-miss /fund-asset commands on the ${name}, one at a time, ${MISSES} after 20 of warm-up (ms)`);
  console.table({
    'command → reply': { p50: round(percentile(reply, 50)), p99: round(percentile(reply, 99)) },
    'service (in the simulator)': { p50: round(percentile(service, 50)), p99: round(percentile(service, 99)) },
    "app's own time": { p50: round(percentile(own, 50)), p99: round(percentile(own, 99)) },
  });
  if (failures > 0) goals.fail(`${failures} of ${MISSES + 20} cache-miss commands were not answered as asked`);
  goals.check(
    `cache-miss command on the ${name}, app's own time p50`,
    percentile(own, 50) <= 5,
    `${round(percentile(own, 50))} ms (goal ≤ 5 ms)`,
  );
  if (settings.database) {
    const client = new pg.Client({ connectionString: settings.database.url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${settings.database.schema} CASCADE`);
    await client.end();
  }
}

// ---- 2. memory ---------------------------------------------------------------------------------
{
  const dir = mkdtempSync(join(tmpdir(), 'dq-bench-memory-'));
  const app = await startTarget('app', { ...settings, storeUrl: `sqlite://${join(dir, 'dq.sqlite')}` }, [
    '--expose-gc',
  ]);
  const mb = (bytes: number) => round(bytes / 1024 / 1024, 1);
  const rows: Record<
    string,
    { 'rss MB': number; 'heap used MB': number; 'heap total MB': number; 'external MB': number }
  > = {};
  const snapshot = async (label: string) => {
    const usage = await app.memory();
    rows[label] = {
      'rss MB': mb(usage.rss),
      'heap used MB': mb(usage.heapUsed),
      'heap total MB': mb(usage.heapTotal),
      'external MB': mb(usage.external),
    };
    return usage;
  };
  await snapshot('after start');
  // The first PAGING_STATES commands each ask a new fund (a cache miss whose answer has Next); the
  // rest ask those funds again, as other people in the workspace would.
  const queries = pagedQueries(PAGING_STATES);
  const text = (n: number) => queries[n % queries.length]!;
  const upstreamBefore = simulator.calls();
  const repliesBefore = sink.size;
  const first = await sendCommands(app, sink, SECRET, {
    command: '/fund-asset',
    textFor: text,
    amount: PAGING_STATES,
    connections: 10,
  });
  const withNext = [...sink.ids()]
    .slice(repliesBefore)
    .filter((id) => JSON.stringify(sink.arrival(id)!.body).includes('"dq_page_next"')).length;
  const firstRest = await sendCommands(app, sink, SECRET, {
    command: '/fund-asset',
    textFor: text,
    amount: COMMANDS - PAGING_STATES,
    connections: 20,
  });
  const upstreamCalls = simulator.calls() - upstreamBefore;
  const afterFirst = await snapshot(`after ${COMMANDS} commands, ${PAGING_STATES} paging states`);
  const second = await sendCommands(app, sink, SECRET, {
    command: '/fund-asset',
    textFor: text,
    amount: COMMANDS,
    connections: 20,
  });
  const afterSecond = await snapshot(`after a second ${COMMANDS}`);
  await app.stop();
  rmSync(dir, { recursive: true, force: true });

  for (const [label, result] of [
    ['first 1,000', first],
    ['next commands', firstRest],
    ['second 10,000', second],
  ] as const) {
    for (const problem of deliveryProblems(result)) goals.fail(`memory, ${label}: ${problem}`);
  }
  console.log(
    `\n2. Memory of the app process after a full GC (SQLite store): ${upstreamCalls} upstream calls for ${PAGING_STATES} distinct paged queries, ${withNext} of their first replies with a Next button`,
  );
  console.table(rows);
  if (upstreamCalls !== PAGING_STATES)
    goals.fail(`memory: ${upstreamCalls} upstream calls for ${PAGING_STATES} distinct queries`);
  if (withNext !== PAGING_STATES)
    goals.fail(
      `memory: ${withNext} of ${PAGING_STATES} first replies have a Next button (paging states asked: ${PAGING_STATES})`,
    );
  const peakRss = Math.max(...Object.values(rows).map((row) => row['rss MB']));
  goals.check(
    'memory ceiling',
    peakRss <= MEMORY_CEILING_MB,
    `peak RSS ${peakRss} MB (ceiling ${MEMORY_CEILING_MB} MB)`,
  );
  const growth = (afterSecond.heapUsed - afterFirst.heapUsed) / afterFirst.heapUsed;
  const rssGrowth = (afterSecond.rss - afterFirst.rss) / afterFirst.rss;
  goals.check(
    `no growth in the second ${COMMANDS}`,
    growth <= GROWTH_LIMIT && rssGrowth <= GROWTH_LIMIT,
    `heap ${mb(afterFirst.heapUsed)} → ${mb(afterSecond.heapUsed)} MB (${round(100 * growth, 1)}%), RSS ${mb(afterFirst.rss)} → ${mb(afterSecond.rss)} MB (${round(100 * rssGrowth, 1)}%); limit ${100 * GROWTH_LIMIT}% each`,
  );
}

await sink.close();
await simulator.close();
await fake.close();
process.exit(goals.report());
