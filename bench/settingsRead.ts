/**
 * What reading a workspace's settings costs a request: a PostgreSQL document read each time, against
 * the 3-second cache WorkspaceSettings reads through (`npm run bench:settings`; DATABASE_URL, else the
 * local test database). Prints the median and p99 per read, in microseconds, and their ratio; every
 * read must give back the choices saved, or it exits 1.
 */
import { performance } from 'node:perf_hooks';
import { PostgresStore } from '../src/core/store/postgresStore.js';
import { WorkspaceSettings, workspaceChoicesSchema } from '../src/core/workspaces/workspaceSettings.js';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const READS = 2000;
const schema = `bench_settings_${process.pid}`;

function quantiles(samples: number[]): { p50: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 1000);
  return { p50: at(0.5), p99: at(0.99) };
}

/** Each read timed; a read that does not give back what was saved is counted as wrong. */
let wrong = 0;
async function timed(work: () => Promise<{ teamDailyCoins?: number } | undefined>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < READS; i++) {
    const start = performance.now();
    const read = await work();
    samples.push(performance.now() - start);
    if (read?.teamDailyCoins !== 500) wrong++;
  }
  return samples;
}

const store = await PostgresStore.connect(url, { schema });
try {
  const clock = { now: () => Date.now() };
  const writer = new WorkspaceSettings(store, clock);
  await writer.save(
    'T0BENCH',
    workspaceChoicesSchema.parse({ teamDailyCoins: 500, allowedUserIds: ['U0A', 'U0B'] }),
    'U0A',
  );
  // Every request a store read: a cache of 0 ms.
  const uncached = new WorkspaceSettings(store, clock, 0);
  const cached = new WorkspaceSettings(store, clock);
  await uncached.chosen('T0BENCH');
  const perRequest = quantiles(await timed(() => uncached.chosen('T0BENCH')));
  const throughCache = quantiles(await timed(() => cached.chosen('T0BENCH')));
  console.log(`settings read per request (PostgreSQL): p50 ${perRequest.p50} µs, p99 ${perRequest.p99} µs`);
  console.log(`settings read through the 3 s cache:    p50 ${throughCache.p50} µs, p99 ${throughCache.p99} µs`);
  console.log(`per request / through the cache, p50: ${(perRequest.p50 / Math.max(1, throughCache.p50)).toFixed(0)}×`);
  if (wrong > 0) {
    console.error(`FAILED: ${wrong} of ${2 * READS} reads did not give back the settings saved`);
    process.exitCode = 1;
  }
} finally {
  await store.close();
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}
