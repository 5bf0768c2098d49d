/**
 * npm run bench:batch — a check of 1,000 suppliers on the simulator at the service's real rate limit
 * (600 taxpayer lookups a minute), through the app's one data client, while another person looks up
 * a company now and then. Four figures:
 *  1. the check's wall time against the limit's minimum for its paid lookups (goal ≤ 1.1×);
 *  2. the coins the service charged against distinct uncached suppliers × 20 (goal: equal);
 *  3. progress updates, no more often than one per 3 s (goal: the shortest gap ≥ 3 s);
 *  4. the other person's lookups during the check against the same lookups without it, p99 (goal ≤ 1.2×).
 * Options: --suppliers N (1000), --cached N (100 of them answered from the cache), --every MS (3000,
 * how often the other person asks). Exit 1 when a goal is missed or the check did not finish.
 */

import { type SupplierCheck, SupplierChecks } from '../src/core/batch/supplierChecks.js';
import { readPastedList } from '../src/core/batch/supplierList.js';
import { DataClient } from '../src/core/client/dataClient.js';
import { systemClock } from '../src/core/clock.js';
import { SUPPLIER_CHECK_OPERATION } from '../src/core/operations/index.js';
import { pricesFrom } from '../src/core/operations/prices.js';
import { MemoryStore } from '../src/core/store/memoryStore.js';
import { TAXPAYER_CATALOGUE } from '../src/simulator/data/taxpayerCatalogue.js';
import { startSimulator } from '../src/simulator/index.js';
import { Goals, percentile, round } from './harness.js';

const KEY = 'bench-key';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

const SUPPLIERS = option('suppliers', 1000);
const CACHED = Math.min(option('cached', 100), SUPPLIERS);
const EVERY_MS = option('every', 3000);

/** The catalogue's companies by code, then names no company has (paid for, found nothing: as a real list has some). */
function supplierLines(): string[] {
  const codes = TAXPAYER_CATALOGUE.map((record) => record.creditNo);
  return Array.from({ length: SUPPLIERS }, (_, n) => codes[n] ?? `基准测试供应商${n}号有限公司`);
}

async function rig() {
  const simulator = await startSimulator({ apiKeys: [KEY], seed: 7 });
  const store = new MemoryStore();
  const client = new DataClient({ baseUrl: simulator.url, apiKey: KEY, store });
  const checks = new SupplierChecks({ client, store, prices: pricesFrom(), clock: systemClock });
  return {
    simulator,
    client,
    checks,
    async close() {
      await client.close();
      await simulator.close();
    },
  };
}

/** The other person: a lookup of a company nobody asked for before, every EVERY_MS, until told to stop; each one's latency. */
async function otherPerson(client: DataClient, until: () => boolean, tag: string, most = Number.POSITIVE_INFINITY) {
  // One lookup first, not counted: the connection to the service is opened once, in both runs alike.
  await client.call(
    SUPPLIER_CHECK_OPERATION,
    { keyword: `另一位同事预热${tag}有限公司` },
    { teamId: 'T', userId: 'U_OTHER' },
  );
  const latencies: number[] = [];
  for (let n = 0; !until() && n < most; n++) {
    const started = performance.now();
    await client.call(
      SUPPLIER_CHECK_OPERATION,
      { keyword: `另一位同事查询${tag}${n}有限公司` },
      { teamId: 'T', userId: 'U_OTHER' },
    );
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
  }
  return latencies;
}

async function main(): Promise<number> {
  const goals = new Goals();
  const reading = readPastedList(supplierLines().join('\n'), { maxRows: SUPPLIERS });
  if (reading.kind !== 'list') throw new Error('the bench list was refused');
  const { list } = reading;

  const run = await rig();
  for (const entry of list.entries.slice(0, CACHED))
    await run.client.call(SUPPLIER_CHECK_OPERATION, { keyword: entry.query }, { teamId: 'T', userId: 'U_EARLIER' });
  const paidBefore = run.simulator.stats().coinsByKey[KEY] ?? 0;
  const person = { teamId: 'T', userId: 'U_BATCH' };
  const planned = await run.checks.plan(list, person, undefined);
  if (planned.kind !== 'planned') throw new Error('the check was not planned');
  const { plan } = planned;
  console.log(
    `plan: ${plan.rows} rows, ${plan.distinct} distinct, ${plan.cached} cached, ${plan.toLookUp} to look up = ${plan.coins} coins, about ${round(plan.durationMs / 1000, 1)} s`,
  );

  const progress: number[] = [];
  let finished: SupplierCheck | undefined;
  const started = performance.now();
  await run.checks.start(
    person,
    planned.check.planId,
    {},
    {
      progress: async () => void progress.push(performance.now()),
      finished: async (check) => {
        finished = check;
      },
    },
  );
  const during = otherPerson(run.client, () => finished !== undefined, 'during');
  await run.checks.settled();
  const wallMs = performance.now() - started;
  const withBatch = await during;
  if (process.argv.includes('--verbose')) console.log(withBatch.map((ms) => Math.round(ms)).join(' '));
  const charged = (run.simulator.stats().coinsByKey[KEY] ?? 0) - paidBefore;
  await run.client.ledger.flush();
  const ledger = await run.client.ledger.entries('T', 0, Date.now() + 1);
  const paid = ledger.filter((entry) => entry.userId === 'U_BATCH').reduce((sum, entry) => sum + entry.coins, 0);
  const otherPaid = ledger.filter((entry) => entry.userId === 'U_OTHER').reduce((sum, entry) => sum + entry.coins, 0);
  if (charged !== paid + otherPaid) goals.fail(`the service charged ${charged}, the ledger says ${paid + otherPaid}`);
  const rateLimited = run.simulator.stats().rateLimited;
  await run.close();

  // The same person's lookups, as many, with no check running.
  const alone = await rig();
  const without = await otherPerson(alone.client, () => false, 'alone', withBatch.length);
  await alone.close();

  if (!finished || finished.outcomes.some((outcome) => outcome === null)) goals.fail('the check did not finish');
  const limit = run.checks.rateLimit;
  const minimumMs = (plan.toLookUp * limit.windowMs) / limit.count;
  const gaps = progress.slice(1).map((at, index) => at - progress[index]!);
  const p99 = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      99,
    );
  const ratio = p99(withBatch) / p99(without);
  console.log(
    `check: ${round(wallMs / 1000, 1)} s for ${plan.toLookUp} paid lookups (minimum ${round(minimumMs / 1000, 1)} s); ${progress.length} progress updates; service rate-limit answers: ${rateLimited}`,
  );
  // The other person's lookups take slots of the same limit: the least the two could take together.
  const sharedMinimumMs = ((plan.toLookUp + withBatch.length) * limit.windowMs) / limit.count;
  console.log(
    `check vs the least both people's lookups take at the limit: ${round(wallMs / sharedMinimumMs, 3)}× (${plan.toLookUp} + ${withBatch.length} lookups)`,
  );
  console.log(
    `other person: ${withBatch.length} lookups, p50 ${round(
      percentile(
        [...withBatch].sort((a, b) => a - b),
        50,
      ),
    )} ms / p99 ${round(p99(withBatch))} ms during the check; p50 ${round(
      percentile(
        [...without].sort((a, b) => a - b),
        50,
      ),
    )} ms / p99 ${round(p99(without))} ms without`,
  );
  goals.check(
    'wall time vs the limit’s minimum',
    wallMs / minimumMs <= 1.1,
    `${round(wallMs / minimumMs, 3)}× (goal ≤ 1.1×)`,
  );
  goals.check(
    'coins = distinct uncached × 20',
    paid === plan.toLookUp * 20,
    `${paid} charged, ${plan.toLookUp} × 20 = ${plan.toLookUp * 20}`,
  );
  goals.check(
    'progress updates ≤ one per 3 s',
    gaps.length === 0 || Math.min(...gaps) >= 3000,
    `shortest gap ${gaps.length ? round(Math.min(...gaps)) : '–'} ms over ${progress.length} updates`,
  );
  goals.check('other people’s lookups, p99 during / without', ratio <= 1.2, `${round(ratio, 3)}× (goal ≤ 1.2×)`);
  goals.check('no rate-limit answers from the service', rateLimited === 0, `${rateLimited}`);
  return goals.report();
}

process.exitCode = await main();
