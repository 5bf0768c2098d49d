/**
 * npm run bench:client — three figures measured side by side in one run, against the simulator:
 *  1. per-call overhead of the full client (validation, cache, budgets, limiter, ledger) versus a
 *     bare undici POST of the same bodies;
 *  2. limiter utilisation under a backlog with a scaled-down limit (with --busy, also while another
 *     process keeps one CPU core busy, as on a shared CI machine);
 *  3. coins spent by a scripted session of 200 user requests versus the naive count.
 * Ratios matter here, not absolute times: these machines are noisy. Goals: the client at most 1.3×
 * a bare POST (p50), no rate-limit answers, the ledger's coins equal the service's; exit 1 when a
 * goal is missed or when what was answered differs from what was asked.
 */
import { Agent, request } from 'undici';
import { DataClient } from '../src/core/client/dataClient.js';
import { type OperationId, operations } from '../src/core/operations/index.js';
import { MemoryStore } from '../src/core/store/memoryStore.js';
import { startSimulator } from '../src/simulator/index.js';
import { maxInWindow } from '../test/support/measure.js';
import { withBusyCore } from './busyCore.js';
import { Goals } from './harness.js';

const KEY = 'bench-key';
const UNLIMITED = Object.fromEntries(Object.keys(operations).map((id) => [id, { count: 1_000_000, windowMs: 1000 }]));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function overhead(calls: number) {
  const simulator = await startSimulator({ apiKeys: [KEY], rateLimits: UNLIMITED });
  const client = new DataClient({
    baseUrl: simulator.url,
    apiKey: KEY,
    store: new MemoryStore(),
    rateLimits: UNLIMITED,
  });
  const agent = new Agent({ keepAliveTimeout: 30_000 });
  const bodyFor = (i: number) => ({
    fundCode: String(100000 + (i % 900000)),
    pageNo: String(1 + Math.floor(i / 900000)),
    pageSize: '10',
  });

  async function bare(i: number) {
    const answer = await request(`${simulator.url}/v1/fund-asset`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json', 'x-api-key': KEY },
      body: JSON.stringify(bodyFor(i)),
    });
    JSON.parse(await answer.body.text());
  }
  let fromService = 0;
  async function full(i: number) {
    const answer = await client.call('fund-asset', bodyFor(i), { teamId: 'bench', userId: 'u' });
    // Work done: an answer the service gave (a cache hit would measure something else).
    if (answer.source === 'upstream') fromService++;
  }

  // Interleave calls, in alternating order, so drift on a noisy machine hits both sides alike.
  const times = { bare: [] as number[], full: [] as number[] };
  for (let i = 0; i < 50; i++) await bare(10_000_000 + i);
  const callsBefore = simulator.stats().calls.length;
  for (let i = 0; i < calls; i++) {
    const pair = [
      ['bare', bare],
      ['full', full],
    ] as const;
    for (const [name, fn] of i % 2 === 0 ? pair : [pair[1], pair[0]]) {
      const started = process.hrtime.bigint();
      await fn(i);
      times[name].push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  }
  const upstreamCalls = simulator.stats().calls.length - callsBefore;
  await client.close();
  await agent.close();
  await simulator.close();
  const summary = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return {
      mean: xs.reduce((s, x) => s + x, 0) / xs.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
    };
  };
  return { bare: summary(times.bare), full: summary(times.full), fromService, upstreamCalls };
}

async function utilisation(limit: { count: number; windowMs: number }, backlog: number) {
  const limits = { 'fund-asset': limit };
  const simulator = await startSimulator({ apiKeys: [KEY], rateLimits: limits });
  const client = new DataClient({ baseUrl: simulator.url, apiKey: KEY, store: new MemoryStore(), rateLimits: limits });
  const started = Date.now();
  const answers = await Promise.all(
    Array.from({ length: backlog }, (_, i) =>
      client.call('fund-asset', { fundCode: String(300000 + i) }, { teamId: 'bench' }),
    ),
  );
  const answered = answers.filter((answer) => answer.source === 'upstream').length;
  const elapsed = Date.now() - started;
  const arrivals = simulator
    .stats()
    .calls.map((c) => c.at)
    .sort((a, b) => a - b);
  const mostInWindow = maxInWindow(arrivals, limit.windowMs);
  const span = (arrivals.at(-1)! - arrivals[0]!) / 1000;
  const achieved = (arrivals.length - 1) / span;
  const allowed = limit.count / (limit.windowMs / 1000);
  const rateLimited = simulator.stats().rateLimited;
  await client.close();
  await simulator.close();
  return { allowed, achieved, maxInWindow: mostInWindow, rateLimited, elapsed, answered };
}

/** 200 requests as a team would make them: repeats, paging back and forth, one query by many. */
function scriptedSession(): Array<{ id: OperationId; input: Record<string, string>; user: string }> {
  const script: Array<{ id: OperationId; input: Record<string, string>; user: string }> = [];
  const users = Array.from({ length: 12 }, (_, i) => `U${i}`);
  const funds = ['000001', '110022', '161725', '519674', '005827'];
  for (let i = 0; script.length < 200; i++) {
    const user = users[i % users.length]!;
    switch (i % 8) {
      case 0:
        script.push({ id: 'fund-new-list', input: { saleStatus: 'true', pageSize: '5' }, user });
        break; // the morning question everyone asks
      case 1:
        script.push({ id: 'fund-asset', input: { fundCode: funds[i % funds.length]!, pageSize: '10' }, user });
        break;
      case 2:
        script.push({
          id: 'fund-asset',
          input: { fundCode: funds[i % funds.length]!, pageSize: '10', pageNo: '2' },
          user,
        });
        break; // next page
      case 3:
        script.push({ id: 'fund-asset', input: { fundCode: funds[i % funds.length]!, pageSize: '10' }, user });
        break; // and back
      case 4:
        script.push({
          id: 'finance-external-futures-kline',
          input: { symbol: ['CL', 'GC', 'SI'][i % 3]!, type: '0', limit: '30' },
          user,
        });
        break;
      case 5:
        script.push({
          id: 'enterprise-general-taxpayer-query',
          input: { keyword: ['华信', '光伏', '科技'][i % 3]! },
          user,
        });
        break;
      case 6:
        script.push({
          id: 'fund-new-list',
          input: { saleStatus: 'true', pageSize: '5', pageNo: String(1 + (i % 3)) },
          user,
        });
        break;
      default:
        script.push({
          id: 'enterprise-general-taxpayer-query',
          input: { keyword: '科技', pageNo: String(1 + (i % 2)) },
          user,
        });
    }
  }
  return script;
}

/**
 * The session's data is that of one fixed day, so every run finds the pages it asks for (17 new
 * funds: 4 pages of 5; 31 to 98 asset records a fund: 4 to 10 pages of 10; 122 taxpayers for 科技):
 * the client refuses a page past the end without spending, which a user following Next never meets.
 */
const SESSION_DAY = Date.parse('2026-05-20T02:00:00Z');

async function coins() {
  const simulator = await startSimulator({ apiKeys: [KEY], rateLimits: UNLIMITED, now: () => SESSION_DAY });
  const client = new DataClient({
    baseUrl: simulator.url,
    apiKey: KEY,
    store: new MemoryStore(),
    rateLimits: UNLIMITED,
  });
  const script = scriptedSession();
  const naive = script.reduce((sum, step) => sum + operations[step.id].cost, 0);
  // Users arrive in bursts of 10 at once, as in a busy channel.
  let answered = 0;
  for (let i = 0; i < script.length; i += 10) {
    const answers = await Promise.all(
      script.slice(i, i + 10).map((step) => client.call(step.id, step.input, { teamId: 'bench', userId: step.user })),
    );
    answered += answers.filter((answer) => answer.result !== undefined).length;
  }
  const usage = await client.ledger.usage('bench', Date.now());
  const spentAtService = simulator.stats().coinsByKey[KEY] ?? 0;
  await client.close();
  await simulator.close();
  return {
    requests: script.length,
    answered,
    naive,
    spent: usage.today.coins,
    spentAtService,
    upstreamCalls: usage.today.calls,
  };
}

const round = (x: number, digits = 2) => Number(x.toFixed(digits));
const callCount = Number(process.env.BENCH_CALLS ?? 1000);

const o = await overhead(callCount);
console.log(`\n1. Per-call time, ${callCount} sequential cache-miss calls each, interleaved (ms)`);
console.table({
  'bare undici POST': { mean: round(o.bare.mean, 3), p50: round(o.bare.p50, 3), p99: round(o.bare.p99, 3) },
  'full client': { mean: round(o.full.mean, 3), p50: round(o.full.p50, 3), p99: round(o.full.p99, 3) },
});
console.log(
  `   ratio full/bare: mean ${round(o.full.mean / o.bare.mean)}x, p50 ${round(o.full.p50 / o.bare.p50)}x; overhead ${round(o.full.mean - o.bare.mean, 3)} ms per call`,
);
const goals = new Goals();
if (o.fromService !== callCount)
  goals.fail(`${callCount} cache-miss calls asked, ${o.fromService} answered by the service`);
if (o.upstreamCalls !== 2 * callCount)
  goals.fail(`${2 * callCount} upstream calls expected (bare and client), the simulator saw ${o.upstreamCalls}`);
goals.check(
  'client per cache-miss call vs a bare undici POST',
  o.full.p50 / o.bare.p50 <= 1.3,
  `p50 ${round(o.full.p50 / o.bare.p50)}x (goal ≤ 1.3x), mean ${round(o.full.mean / o.bare.mean)}x`,
);

const conditions: Array<[string, boolean]> = process.argv.includes('--busy')
  ? [
      ['idle machine', false],
      ['one core busy', true],
    ]
  : [['idle machine', false]];
const limiterRows: Record<string, unknown> = {};
for (const [name, busy] of conditions) {
  const u = busy
    ? await withBusyCore(() => utilisation({ count: 10, windowMs: 1000 }, 60))
    : await utilisation({ count: 10, windowMs: 1000 }, 60);
  if (u.rateLimited > 0 || u.maxInWindow > 10)
    goals.check(
      `limiter (${name})`,
      false,
      `${u.rateLimited} rate-limit answers, at most ${u.maxInWindow} calls in one window (limit 10)`,
    );
  if (u.answered !== 60) goals.fail(`limiter (${name}): 60 calls asked, ${u.answered} answered by the service`);
  limiterRows[name] = {
    allowedPerSec: u.allowed,
    achievedPerSec: round(u.achieved),
    utilisation: `${round((100 * u.achieved) / u.allowed, 1)}%`,
    maxInAnyWindow: u.maxInWindow,
    rateLimitAnswers: u.rateLimited,
  };
}
console.log('\n2. Limiter under a backlog of 60 calls, limit 10 per 1 s');
console.table(limiterRows);

const c = await coins();
console.log('\n3. Scripted session of 200 user requests');
console.table({
  coins: {
    naive: c.naive,
    spent: c.spent,
    chargedBySimulator: c.spentAtService,
    upstreamCalls: c.upstreamCalls,
    saved: `${round((100 * (c.naive - c.spent)) / c.naive, 1)}%`,
  },
});
if (c.answered !== c.requests) goals.fail(`scripted session: ${c.requests} requests, ${c.answered} answered`);
goals.check(
  'coins in the ledger equal coins the service charged',
  c.spent === c.spentAtService,
  `${c.spent} recorded, ${c.spentAtService} charged`,
);
process.exit(goals.report());
