/**
 * npm run bench:fleet — one replica against three sharing Redis, side by side in one run, against the
 * simulator with a scaled-down limit and a backlog: upstream calls per window versus the limit,
 * rate-limit answers from the simulator (must be 0), coins spent versus distinct queries, and the
 * p99 time to reply. A third column runs three replicas that do NOT share (each paces only itself),
 * to show what the shared limit prevents. With --busy, the shared runs are repeated while another
 * process keeps one CPU core busy. Exit 1 when a lookup goes unanswered or the sharing replicas
 * exceed the limit, get rate-limit answers or pay twice for a query.
 *
 * With DATABASE_URL (PostgreSQL beside Redis), also: three replicas making 300 budgeted calls at once
 * against a daily budget that fits half of them (0 coins over it, ledger rows = charged calls), and
 * budget reservations per second on Redis + PostgreSQL against Redis alone, as a ratio.
 */
import { randomBytes } from 'node:crypto';
import { createClient } from '@redis/client';
import { DataClient } from '../src/core/client/dataClient.js';
import { createStore } from '../src/core/store/index.js';
import type { PostgresStore } from '../src/core/store/postgresStore.js';
import { RedisStore } from '../src/core/store/redisStore.js';
import type { Store } from '../src/core/store/types.js';
import { startSimulator } from '../src/simulator/index.js';
import { maxInWindow } from '../test/support/measure.js';
import { withBusyCore } from './busyCore.js';
import { Goals } from './harness.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMIT = { count: 10, windowMs: 1000 };
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 90);
const DISTINCT = Math.round(REQUESTS * 0.6);
const KEY = 'fleet-bench';

interface Run {
  replicas: number;
  shared: boolean;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function run({ replicas, shared }: Run) {
  const prefix = `dqbench:${randomBytes(4).toString('hex')}:`;
  const limits = { 'fund-asset': LIMIT };
  const simulator = await startSimulator({ apiKeys: [KEY], rateLimits: limits });
  const stores = await Promise.all(
    Array.from({ length: replicas }, () => RedisStore.connect(REDIS_URL, { prefix, description: 'redis' })),
  );
  const clients = stores.map(
    (store, i) =>
      new DataClient({
        baseUrl: simulator.url,
        apiKey: KEY,
        store,
        rateLimits: limits,
        replicaId: `bench-${i}`,
        shareAcrossReplicas: shared,
        retry: { maxRetries: 2, baseDelayMs: 200, maxDelayMs: 2000 },
      }),
  );
  // The backlog: every request at once; 60% distinct queries, the rest repeats asked by other users.
  const queries = Array.from({ length: REQUESTS }, (_, i) => String(800000 + (i % DISTINCT)));
  const started = Date.now();
  const outcomes = await Promise.all(
    queries.map(async (fundCode, i) => {
      const t0 = Date.now();
      try {
        await clients[i % replicas]!.call('fund-asset', { fundCode }, { teamId: 'bench', userId: `U${i}` });
        return { ok: true, ms: Date.now() - t0 };
      } catch {
        return { ok: false, ms: Date.now() - t0 };
      }
    }),
  );
  const elapsed = Date.now() - started;
  const stats = simulator.stats();
  const answered = stats.calls.filter((call) => call.outcome === 'success').map((call) => call.at);
  const result = {
    replicas,
    'shares limit': shared ? 'yes' : 'no',
    'limit per 1 s': LIMIT.count,
    'max calls in any 1 s': maxInWindow(
      stats.calls.filter((call) => call.outcome !== 'rate_limited').map((call) => call.at),
      LIMIT.windowMs,
    ),
    'rate-limit answers': stats.rateLimited,
    'upstream calls': stats.calls.length,
    'coins spent': stats.coinsByKey[KEY] ?? 0,
    'coins for distinct queries': DISTINCT * 10,
    'failed replies': outcomes.filter((o) => !o.ok).length,
    'p50 reply ms': percentile(
      outcomes.map((o) => o.ms),
      50,
    ),
    'p99 reply ms': percentile(
      outcomes.map((o) => o.ms),
      99,
    ),
    'achieved calls/s': Number(
      ((answered.length - 1) / ((Math.max(...answered) - Math.min(...answered)) / 1000)).toFixed(2),
    ),
    'total s': Number((elapsed / 1000).toFixed(1)),
  };
  await Promise.all(clients.map((client) => client.close()));
  await Promise.all(stores.map((store) => store.close()));
  await simulator.close();
  await cleanup(prefix);
  return result;
}

async function cleanup(prefix: string): Promise<void> {
  const client = createClient({ url: REDIS_URL });
  await client.connect();
  for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 }))
    if (keys.length) await client.del(keys);
  await client.close();
}

try {
  const probe = createClient({ url: REDIS_URL, socket: { reconnectStrategy: false, connectTimeout: 1000 } });
  probe.on('error', () => undefined);
  await probe.connect();
  await probe.close();
} catch {
  console.error(`bench:fleet needs Redis at ${REDIS_URL} (set REDIS_URL).`);
  process.exit(2);
}

const DATABASE_URL = process.env.DATABASE_URL;
const BUDGETED_CALLS = 300;
const BUDGET_COINS = 1500;

/** Three replicas on Redis + PostgreSQL, 300 budgeted lookups at once, a daily budget that fits 150. */
async function budgetedRun(databaseUrl: string) {
  const prefix = `dqbench:${randomBytes(4).toString('hex')}:`;
  const schema = `dqbench_${randomBytes(4).toString('hex')}`;
  const limits = { 'fund-asset': { count: 10_000, windowMs: 1000 } };
  const simulator = await startSimulator({ apiKeys: [KEY], rateLimits: limits });
  const stores = await Promise.all(
    Array.from({ length: 3 }, () => createStore(REDIS_URL, { prefix, database: { url: databaseUrl, schema } })),
  );
  const clients = stores.map(
    (store, i) =>
      new DataClient({
        baseUrl: simulator.url,
        apiKey: KEY,
        store,
        rateLimits: limits,
        replicaId: `bench-${i}`,
        budgets: { teamDaily: BUDGET_COINS, timeZone: 'UTC' },
        retry: { maxRetries: 0 },
      }),
  );
  const started = performance.now();
  const outcomes = await Promise.allSettled(
    Array.from({ length: BUDGETED_CALLS }, (_, i) =>
      clients[i % 3]!.call('fund-asset', { fundCode: String(700000 + i) }, { teamId: 'bench', userId: `U${i % 20}` }),
    ),
  );
  const elapsed = performance.now() - started;
  await Promise.all(clients.map((client) => client.close()));
  const stats = simulator.stats();
  const durable = (stores[0] as unknown as { durable: PostgresStore }).durable;
  const ledger = (
    await durable.connection.query<{ rows: number; coins: number }>(
      'SELECT count(*)::bigint AS rows, COALESCE(sum(coins), 0)::bigint AS coins FROM ledger WHERE coins > 0',
    )
  ).rows[0]!;
  await durable.connection.query(`DROP SCHEMA ${schema} CASCADE`);
  await Promise.all(stores.map((store) => store.close()));
  await simulator.close();
  await cleanup(prefix);
  const charged = stats.calls.filter((call) => call.outcome === 'success').length;
  return {
    'budgeted calls': BUDGETED_CALLS,
    'budget coins': BUDGET_COINS,
    'coins charged': stats.coinsByKey[KEY] ?? 0,
    'coins over budget': Math.max(0, (stats.coinsByKey[KEY] ?? 0) - BUDGET_COINS),
    'charged calls': charged,
    'ledger rows': ledger.rows,
    'ledger coins': ledger.coins,
    answered: outcomes.filter((o) => o.status === 'fulfilled').length,
    'refused by budget': outcomes.filter((o) => o.status === 'rejected').length,
    'total ms': Math.round(elapsed),
  };
}

/** Budget reservations per second, 3 stores at once, 3,000 reservations over 20 people's counters. */
async function reservationsPerSecond(open: () => Promise<Store>): Promise<number> {
  const stores = await Promise.all([open(), open(), open()]);
  const day = `bench-${randomBytes(4).toString('hex')}`;
  const total = 3000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: total }, (_, i) =>
      stores[i % 3]!.reserve(
        [
          { key: `budget:team:T:${day}`, amount: 1, limit: 1e9 },
          { key: `budget:user:T:U${i % 20}:${day}`, amount: 1, limit: 1e6 },
          { key: `budget:key:${day}`, amount: 1 },
        ],
        60_000,
      ),
    ),
  );
  const perSecond = total / ((performance.now() - started) / 1000);
  await Promise.all(stores.map((store) => store.close()));
  return Math.round(perSecond);
}

const rows: Record<string, Awaited<ReturnType<typeof run>>> = {};
const label = (r: Run) => `${r.replicas} replica${r.replicas > 1 ? 's' : ''}${r.shared ? '' : ', not shared'}`;
for (const config of [
  { replicas: 1, shared: true },
  { replicas: 3, shared: true },
  { replicas: 3, shared: false },
])
  rows[label(config)] = await run(config);
if (process.argv.includes('--busy')) {
  for (const config of [
    { replicas: 1, shared: true },
    { replicas: 3, shared: true },
  ])
    rows[`${label(config)}, one core busy`] = await withBusyCore(() => run(config));
}
console.log(
  `\n${REQUESTS} fund-asset lookups at once (${DISTINCT} distinct), limit ${LIMIT.count} per ${LIMIT.windowMs} ms, 10 coins each`,
);
console.table(rows);
// Work done: every lookup answered. Goals hold for the replicas that share (the third row is the control).
const goals = new Goals();
for (const [name, row] of Object.entries(rows)) {
  if (row['failed replies'] > 0) goals.fail(`${name}: ${row['failed replies']} of ${REQUESTS} lookups got no answer`);
  if (row['shares limit'] !== 'yes') continue;
  goals.check(
    `${name}: within the limit`,
    row['max calls in any 1 s'] <= LIMIT.count && row['rate-limit answers'] === 0,
    `at most ${row['max calls in any 1 s']} calls in any 1 s (limit ${LIMIT.count}), ${row['rate-limit answers']} rate-limit answers`,
  );
  goals.check(
    `${name}: one charge per distinct query`,
    row['coins spent'] === row['coins for distinct queries'],
    `${row['coins spent']} coins for ${DISTINCT} distinct queries`,
  );
  // Sharing must not waste the limit (three replicas each keeping to a third would reach a third of it).
  goals.check(
    `${name}: uses the limit`,
    row['achieved calls/s'] >= 0.75 * LIMIT.count,
    `${row['achieved calls/s']} calls/s of the ${LIMIT.count} allowed (goal ≥ 75%)`,
  );
}
if (DATABASE_URL) {
  const budgeted = await budgetedRun(DATABASE_URL);
  console.log(
    `\n3 replicas on Redis + PostgreSQL, ${BUDGETED_CALLS} budgeted lookups at once, ${BUDGET_COINS}-coin daily budget`,
  );
  console.table({ 'Redis + PostgreSQL': budgeted });
  goals.check(
    'budgeted: no coin over the budget',
    budgeted['coins over budget'] === 0,
    `${budgeted['coins charged']} coins charged of ${BUDGET_COINS}`,
  );
  goals.check(
    'budgeted: one ledger row per charged call',
    budgeted['ledger rows'] === budgeted['charged calls'] && budgeted['ledger coins'] === budgeted['coins charged'],
    `${budgeted['ledger rows']} rows for ${budgeted['charged calls']} charged calls`,
  );
  const benchPrefix = `dqbench:${randomBytes(4).toString('hex')}:`;
  const schema = `dqbench_${randomBytes(4).toString('hex')}`;
  const redisAlone = await reservationsPerSecond(() =>
    RedisStore.connect(REDIS_URL, { prefix: benchPrefix, description: 'redis' }),
  );
  const withPostgres = await reservationsPerSecond(() =>
    createStore(REDIS_URL, { prefix: benchPrefix, database: { url: DATABASE_URL, schema } }),
  );
  await cleanup(benchPrefix);
  const dropper = await createStore('memory://', { database: { url: DATABASE_URL, schema } });
  await (dropper as unknown as { durable: PostgresStore }).durable.connection.query(`DROP SCHEMA ${schema} CASCADE`);
  await dropper.close();
  console.log('\nbudget reservations per second (3 stores at once, team + person + key counters)');
  console.table({
    'Redis alone': { 'reservations/s': redisAlone },
    'Redis + PostgreSQL': { 'reservations/s': withPostgres },
    ratio: { 'reservations/s': Number((withPostgres / redisAlone).toFixed(2)) },
  });
}
process.exit(goals.report());
