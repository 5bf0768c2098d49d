/**
 * npm run bench:usage — `/dq usage` of a month on PostgreSQL (DATABASE_URL, or the local test
 * database) with 1,000,000 ledger rows in that month: 200 people, 10 operations, one team. The
 * month's tally by spender and operation is one SQL statement over the day sums kept beside the
 * rows (and the rows of a partial day at either edge), timed from the app's side; for comparison, the
 * same tally over the rows alone (EXPLAIN ANALYZE). Ledger.monthUsage and Ledger.usage (what the command
 * and the App Home ask) are timed too. Goal: the tally under 200 ms of database time. The rows live in a schema of the benchmark's own, dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { Ledger } from '../src/core/ledger/ledger.js';
import { PostgresStore } from '../src/core/store/postgresStore.js';
import { zonedTime } from '../src/time/calendar.js';
import { Goals, percentile, round } from './harness.js';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROWS = Number(process.env.BENCH_LEDGER_ROWS ?? 1_000_000);
const TIME_ZONE = 'Asia/Shanghai';
const MONTH = { year: 2026, month: 11 };
const RUNS = 10;

const schema = `dqbench_usage_${randomBytes(4).toString('hex')}`;
const store = await PostgresStore.connect(DATABASE_URL, {
  schema,
  statementTimeoutMs: 600_000,
  ledgerTimeZone: TIME_ZONE,
});
const goals = new Goals();
try {
  const from = zonedTime(MONTH.year, MONTH.month, 1, 0, 0, TIME_ZONE);
  const to = zonedTime(MONTH.year, MONTH.month + 1, 1, 0, 0, TIME_ZONE);
  const filling = performance.now();
  await store.connection.query(
    `INSERT INTO ledger (call_id, team_id, at, user_id, source, operation, coins, outcome, unconfirmed, entry)
     SELECT 'bench-' || n, 'T1', $1::bigint + (n * ($2::bigint - $1::bigint - 1) / $3::bigint),
            CASE WHEN n % 50 = 0 THEN NULL ELSE 'U' || (n % 200) END,
            CASE WHEN n % 50 = 0 THEN 'digest:d' || (n % 7) ELSE NULL END,
            'op-' || (n % 10), 1 + (n % 20), 'success', n % 97 = 0,
            jsonb_build_object('operation', 'op-' || (n % 10), 'coins', 1 + (n % 20), 'teamId', 'T1')
     FROM generate_series(1, $3::bigint) AS n`,
    [from, to, ROWS],
  );
  // The day sums the app keeps beside each row it writes, made here in one go.
  await store.connection.query(
    `INSERT INTO ledger_days (team_id, zone, day, spender, operation, coins, calls, unconfirmed_coins)
     SELECT team_id, $1, (to_timestamp(at / 1000.0) AT TIME ZONE $1)::date AS day, spender, operation, sum(coins),
            count(*), COALESCE(sum(coins) FILTER (WHERE unconfirmed), 0)
     FROM ledger GROUP BY team_id, day, spender, operation`,
    [TIME_ZONE],
  );
  // As autovacuum leaves a table that is read more than written: its visibility map set, its statistics fresh.
  await store.connection.query('VACUUM (ANALYZE) ledger, ledger_days');
  console.log(
    `${ROWS} ledger rows in ${MONTH.year}-${MONTH.month} written in ${round((performance.now() - filling) / 1000, 1)} s`,
  );

  const tally = `SELECT spender, operation, sum(coins)::bigint AS coins, count(*)::bigint AS calls,
       (sum(coins) FILTER (WHERE unconfirmed))::bigint AS "unconfirmedCoins"
     FROM ledger WHERE team_id = $1 AND at >= $2 AND at < $3 GROUP BY spender, operation`;
  const rawMs: number[] = [];
  let plan = '';
  for (let i = 0; i < RUNS; i++) {
    const { rows } = await store.connection.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, FORMAT TEXT) ${tally}`, [
      'T1',
      from,
      to,
    ]);
    const lines = rows.map((row) => row['QUERY PLAN']);
    plan = lines.join('\n');
    rawMs.push(Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN));
  }
  // The month's tally as the app asks it (one statement: whole days from their sums, edges from rows), timed
  // from the app's side on loopback: the database's time and a round trip.
  const tallyMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await store.tallyLedger('T1', from, to, TIME_ZONE);
    tallyMs.push(performance.now() - started);
  }
  const ledger = new Ledger(store, TIME_ZONE);
  const monthMs: number[] = [];
  const usageMs: number[] = [];
  let summary = { rows: 0, calls: 0 };
  for (let i = 0; i < RUNS; i++) {
    let started = performance.now();
    const month = await ledger.monthUsage('T1', MONTH);
    monthMs.push(performance.now() - started);
    summary = { rows: month.rows.length, calls: month.period.calls };
    started = performance.now();
    await ledger.usage('T1', to - 3_600_000);
    usageMs.push(performance.now() - started);
  }
  console.log(`\nthe plan of the month's tally over the rows alone (last of ${RUNS}):\n${plan}\n`);
  console.table({
    "the month's tally over the rows alone, database time (EXPLAIN ANALYZE)": {
      p50: round(percentile(rawMs, 50)),
      max: round(Math.max(...rawMs)),
    },
    "the month's tally as the app asks it (day sums), one statement": {
      p50: round(percentile(tallyMs, 50)),
      max: round(Math.max(...tallyMs)),
    },
    'Ledger.monthUsage (/dq usage 2026-11), app side': {
      p50: round(percentile(monthMs, 50)),
      max: round(Math.max(...monthMs)),
    },
    'Ledger.usage (today and this month), app side': {
      p50: round(percentile(usageMs, 50)),
      max: round(Math.max(...usageMs)),
    },
  });
  goals.check(
    'the month counted in full',
    summary.calls === ROWS,
    `${summary.calls} calls in ${summary.rows} spender × operation rows`,
  );
  goals.check(
    "/dq usage of a month: the tally's time p50",
    percentile(tallyMs, 50) < 200,
    `${round(percentile(tallyMs, 50))} ms (goal < 200 ms of database time)`,
  );
} finally {
  await store.connection.query(`DROP SCHEMA ${schema} CASCADE`);
  await store.close();
}
process.exit(goals.report());
