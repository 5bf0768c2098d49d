/**
 * npm run bench:ack — how fast /slack/events acknowledges signed slash commands, measured side by
 * side in one run with autocannon, against two bare Bolt apps:
 *  - "ack only": a listener that only acks (the floor; unfair, as it does none of the work);
 *  - "ack + respond": acks, then posts the same pre-rendered reply to the response_url, the fair
 *    anchor: everything a Slack app must do for a cached answer, without this app's own work
 *    (access checks, parsing, cache lookup, rendering, history).
 * Goal: this app (answering from cache) at ≥ 0.8× the fair anchor's throughput, p99 ≤ 1.5×.
 */
import autocannon from 'autocannon';
import { App } from '@slack/bolt';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { loadConfig } from '../src/config.js';
import { DataClient } from '../src/core/client/dataClient.js';
import { pricesFrom } from '../src/core/operations/prices.js';
import { MemoryStore } from '../src/core/store/memoryStore.js';
import { startSimulator } from '../src/simulator/index.js';
import { createSlackApp } from '../src/slack/app.js';
import type { SlackConfig } from '../src/slack/config.js';
import { signatureHeaders } from '../test/support/slack/signedRequests.js';
import { startFakeSlack } from '../test/support/slack/fakeSlack.js';
import { slashCommandFields } from '../test/support/slack/interactionPayloads.js';

const SECRET = 'bench-signing-secret';
const TOKEN = 'xoxb-bench';
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

const fake = await startFakeSlack({ validTokens: [TOKEN] });
const simulator = await startSimulator({ apiKeys: ['bench'] });
const silent = pino({ level: 'silent' });

/** What this app answers to the benchmark's command, captured once, for the fair anchor to send. */
let renderedReply: Record<string, unknown> | undefined;

async function bareApp(respondToo: boolean): Promise<{ url: string; stop: () => Promise<void> }> {
  const app = new App({ signingSecret: SECRET, token: TOKEN, clientOptions: { slackApiUrl: fake.apiUrl }, logger: undefined, deferInitialization: true });
  app.command('/fund-asset', async ({ ack, respond }) => {
    await ack();
    if (respondToo) await respond(renderedReply as never);
  });
  await app.init();
  const server = (await app.start({ port: 0, host: '127.0.0.1' })) as Server;
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stop: () => app.stop() as Promise<void> };
}

async function thisApp(): Promise<{ url: string; stop: () => Promise<void> }> {
  const store = new MemoryStore();
  const data = new DataClient({ baseUrl: simulator.url, apiKey: 'bench', store });
  // Digest and chart settings as an unconfigured app has them.
  const defaults = loadConfig({}, { inSlack: false, demo: true });
  const config: SlackConfig = {
    botToken: TOKEN, signingSecret: SECRET, apiUrl: fake.apiUrl, port: 0, allowlist: {}, adminUserIds: new Set(),
    defaultTimeZone: 'Asia/Shanghai', demo: false, queuedNoticeAfterMs: 3000, exportMaxPages: 20,
  };
  const slack = await createSlackApp({ config, data, prices: pricesFrom(), store, digest: defaults.digests, charts: defaults.charts, logger: silent, runScheduler: false });
  const { port } = await slack.start(0);
  return { url: `http://127.0.0.1:${port}`, stop: async () => { await slack.stop(); await data.close(); } };
}

function load(url: string) {
  const body = new URLSearchParams(slashCommandFields({ command: '/fund-asset', text: '000001', responseUrl: fake.responseUrl('bench') })).toString();
  return autocannon({
    url: `${url}/slack/events`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...signatureHeaders(SECRET, body) },
    body,
  });
}

// The reply this app sends for the command (its first request also fills its cache, as any
// repeated lookup in a workspace would find it).
{
  const app = await thisApp();
  const body = new URLSearchParams(slashCommandFields({ command: '/fund-asset', text: '000001', responseUrl: fake.responseUrl('render') })).toString();
  await fetch(`${app.url}/slack/events`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...signatureHeaders(SECRET, body) }, body });
  renderedReply = (await fake.waitForResponse('render', undefined, 10_000)).body as Record<string, unknown>;
  await app.stop();
}

const ACK_ONLY = 'bare Bolt (ack only)';
const ANCHOR = 'bare Bolt (ack + respond)';
const starters: Array<[string, () => Promise<{ url: string; stop: () => Promise<void> }>]> = [
  [ACK_ONLY, () => bareApp(false)],
  [ANCHOR, () => bareApp(true)],
  ['this app', thisApp],
];
const results: Record<string, autocannon.Result[]> = Object.fromEntries(starters.map(([name]) => [name, []]));
// Interleaved rounds, so drift on a noisy machine hits every contender alike.
for (let round = 0; round < 2; round++) {
  for (const [name, start] of starters) {
    const app = await start();
    results[name]!.push(await load(app.url));
    await app.stop();
  }
}

const summary = Object.fromEntries(
  Object.entries(results).map(([name, runs]) => {
    const mean = (pick: (r: autocannon.Result) => number) => runs.reduce((sum, r) => sum + pick(r), 0) / runs.length;
    return [name, {
      'req/s': Math.round(mean((r) => r.requests.average)),
      'p50 ms': Number(mean((r) => r.latency.p50).toFixed(2)),
      'p99 ms': Number(mean((r) => r.latency.p99).toFixed(2)),
      non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
      errors: runs.reduce((sum, r) => sum + r.errors, 0),
    }];
  }),
);
console.log(`\nSigned /fund-asset slash commands, ${CONNECTIONS} connections, ${DURATION_S} s × 2 rounds each`);
console.table(summary);
const ours = summary['this app']!;
for (const anchorName of [ANCHOR, ACK_ONLY]) {
  const anchor = summary[anchorName]!;
  console.log(`this app / ${anchorName}: throughput ${(ours['req/s'] / anchor['req/s']).toFixed(2)}x, p50 ${(ours['p50 ms'] / Math.max(anchor['p50 ms'], 0.01)).toFixed(2)}x, p99 ${(ours['p99 ms'] / Math.max(anchor['p99 ms'], 0.01)).toFixed(2)}x`);
}
console.log(`upstream calls to the simulator during the whole run: ${simulator.stats().calls.length}; the Slack 3 s ack deadline was ${ours['p99 ms'] < 3000 ? 'met' : 'MISSED'} at p99`);

await simulator.close();
await fake.close();
process.exit(0);
