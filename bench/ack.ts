/**
 * npm run bench:ack [-- --profile] — signed slash commands answered from cache, this app against
 * two bare Bolt apps, each in its own process, in interleaved rounds of one run:
 *  - "bare Bolt (ack + respond)": acks, then posts the same pre-rendered reply to the response_url
 *    with respond() — the fair anchor: what any Slack app must do for a cached answer;
 *  - "bare Bolt (ack only)": the floor, which does none of the work (its throughput is acks/s).
 * Every command is unique (own trigger_id, own response_url, fresh signature), so the app's replay
 * guard drops none; a command counts when its reply reaches the response_url. Throughput is replies
 * delivered per second; latencies are the ack (send → 200) and the reply (send → reply arrived).
 * Goals: throughput ≥ 0.8× the fair anchor, reply p99 ≤ 1.5×, ack p99 under Slack's 3 s; the run
 * fails (exit 1) when replies delivered differ from commands sent.
 * --profile writes the app's CPU profile (node --cpu-prof) and prints its summary.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator } from '../src/simulator/index.js';
import { startFakeSlack } from '../test/support/slack/fakeSlack.js';
import {
  deliveryProblems,
  Goals,
  type LoadResult,
  percentile,
  ReplySink,
  round,
  sendCommands,
  startTarget,
  type Target,
} from './harness.js';
import { summariseProfile } from './profile.js';
import type { TargetKind, TargetSettings } from './target.js';

const SECRET = 'bench-signing-secret';
const TOKEN = 'xoxb-bench';
const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 4000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const profile = process.argv.includes('--profile');

const fake = await startFakeSlack({ validTokens: [TOKEN] });
const simulator = await startSimulator({ apiKeys: ['bench'] });
const sink = await new ReplySink().listen();
const settings: TargetSettings = {
  signingSecret: SECRET,
  botToken: TOKEN,
  slackApiUrl: fake.apiUrl,
  simulatorUrl: simulator.url,
  apiKey: 'bench',
};
const profileDir = profile ? mkdtempSync(join(tmpdir(), 'dq-bench-ack-')) : undefined;

const APP = 'this app';
const ANCHOR = 'bare Bolt (ack + respond)';
const FLOOR = 'bare Bolt (ack only)';
const kinds: Record<string, TargetKind> = { [FLOOR]: 'bolt-ack', [ANCHOR]: 'bolt-respond', [APP]: 'app' };
const targets: Record<string, Target> = {};
for (const [name, kind] of Object.entries(kinds)) {
  targets[name] = await startTarget(
    kind,
    settings,
    kind === 'app' && profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
}

const load = (name: string, amount: number) =>
  sendCommands(targets[name]!, sink, SECRET, {
    command: '/fund-asset',
    textFor: () => '000001',
    amount,
    connections: CONNECTIONS,
    expectReplies: name !== FLOOR,
  });

// The app's first command fills its cache (as any repeated lookup in a workspace would find it);
// its reply is what the fair anchor sends.
const first = await load(APP, 1);
const problems = deliveryProblems(first);
if (problems.length > 0) throw new Error(`the app did not answer the first command: ${problems.join('; ')}`);
const rendered = [...sink.ids()].map((id) => sink.arrival(id)!.body)[0]!;
await targets[ANCHOR]!.send({ type: 'reply', body: rendered }, 'reply-set');
console.log(
  `reply: ${JSON.stringify(rendered).length} bytes of JSON, ${(rendered.blocks as unknown[]).length} blocks; upstream calls so far: ${simulator.stats().calls.length}`,
);

// Warm-up (JIT, keep-alive pools), then interleaved rounds in alternating order so drift on a
// noisy machine hits every contender alike.
for (const name of Object.keys(kinds)) await load(name, Math.min(500, COMMANDS));
const results: Record<string, LoadResult[]> = Object.fromEntries(Object.keys(kinds).map((name) => [name, []]));
const goals = new Goals();
for (let r = 0; r < ROUNDS; r++) {
  const order = r % 2 === 0 ? [FLOOR, ANCHOR, APP] : [APP, ANCHOR, FLOOR];
  for (const name of order) {
    const result = await load(name, COMMANDS);
    results[name]!.push(result);
    for (const problem of deliveryProblems(result, name !== FLOOR)) goals.fail(`${name}, round ${r + 1}: ${problem}`);
  }
}

const summary = Object.fromEntries(
  Object.entries(results).map(([name, runs]) => {
    const all = (pick: (r: LoadResult) => number[]) => runs.flatMap(pick);
    const perSecond = runs.map((r) => (name === FLOOR ? r.acksPerSecond : r.repliesPerSecond)).sort((a, b) => a - b);
    return [
      name,
      {
        commands: runs.reduce((sum, r) => sum + r.asked, 0),
        'replies delivered': name === FLOOR ? '(none sent)' : runs.reduce((sum, r) => sum + r.delivered, 0),
        'replies/s (median round; acks/s for the floor)': Math.round(perSecond[Math.floor(perSecond.length / 2)]!),
        'ack p50 ms': round(
          percentile(
            all((r) => r.ackMs),
            50,
          ),
        ),
        'ack p99 ms': round(
          percentile(
            all((r) => r.ackMs),
            99,
          ),
        ),
        'reply p50 ms':
          name === FLOOR
            ? '-'
            : round(
                percentile(
                  all((r) => r.replyMs),
                  50,
                ),
              ),
        'reply p99 ms':
          name === FLOOR
            ? '-'
            : round(
                percentile(
                  all((r) => r.replyMs),
                  99,
                ),
              ),
      },
    ];
  }),
);
const rate = (name: string) => {
  const perSecond = results[name]!.map((r) => (name === FLOOR ? r.acksPerSecond : r.repliesPerSecond)).sort(
    (a, b) => a - b,
  );
  return perSecond[Math.floor(perSecond.length / 2)]!;
};
const latency = (name: string, pick: (r: LoadResult) => number[], p: number) =>
  percentile(results[name]!.flatMap(pick), p);

console.log(
  `\nSigned /fund-asset commands answered from cache: ${COMMANDS} per round × ${ROUNDS} rounds each, ${CONNECTIONS} connections, every command unique`,
);
console.table(summary);
const throughput = rate(APP) / rate(ANCHOR);
const replyP50 = latency(APP, (r) => r.replyMs, 50) / latency(ANCHOR, (r) => r.replyMs, 50);
const replyP99 = latency(APP, (r) => r.replyMs, 99) / latency(ANCHOR, (r) => r.replyMs, 99);
const ackP50 = latency(APP, (r) => r.ackMs, 50) / latency(ANCHOR, (r) => r.ackMs, 50);
const ackP99 = latency(APP, (r) => r.ackMs, 99) / latency(ANCHOR, (r) => r.ackMs, 99);
console.log(
  `this app / ${ANCHOR}: throughput ${round(throughput)}x; reply p50 ${round(replyP50)}x, p99 ${round(replyP99)}x; ack p50 ${round(ackP50)}x, p99 ${round(ackP99)}x`,
);
console.log(`this app / ${FLOOR}: throughput ${round(rate(APP) / rate(FLOOR))}x (replies delivered against bare acks)`);
console.log(`upstream calls to the simulator during the whole run: ${simulator.stats().calls.length}`);

goals.check('throughput vs the fair anchor', throughput >= 0.8, `${round(throughput)}x (goal ≥ 0.8x)`);
goals.check('reply p99 vs the fair anchor', replyP99 <= 1.5, `${round(replyP99)}x (goal ≤ 1.5x)`);
const ackP99Ms = latency(APP, (r) => r.ackMs, 99);
goals.check("ack p99 within Slack's 3 s", ackP99Ms < 3000, `${round(ackP99Ms)} ms`);

for (const target of Object.values(targets)) await target.stop();
await sink.close();
await simulator.close();
await fake.close();
if (profileDir) {
  // The largest profile is the app's main thread (tsx's loader thread writes a small one too).
  const file = readdirSync(profileDir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .sort((a, b) => statSync(join(profileDir, b)).size - statSync(join(profileDir, a)).size)[0]!;
  console.log(`\nCPU profile of the app (${join(profileDir, file)}):\n`);
  console.log(summariseProfile(JSON.parse(readFileSync(join(profileDir, file), 'utf8')), 20));
}
process.exit(goals.report());
