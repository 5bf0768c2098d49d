/**
 * npm run bench:ack — how fast /slack/events acknowledges signed slash commands, this app against
 * a bare Bolt app whose only listener acks, measured side by side in one run with autocannon.
 * The app's command does its real work after the ack (parse, cache lookup, render, respond through
 * the response_url), so the comparison shows what that work costs the ack path.
 */
import autocannon from 'autocannon';
import { App } from '@slack/bolt';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { chartSettingsFromEnv } from '../src/charts/settings.js';
import { DataClient } from '../src/core/client/dataClient.js';
import { loadDigestConfig } from '../src/core/digest/config.js';
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

async function bareApp(): Promise<{ url: string; stop: () => Promise<void> }> {
  const app = new App({ signingSecret: SECRET, token: TOKEN, clientOptions: { slackApiUrl: fake.apiUrl }, logger: undefined, deferInitialization: true });
  app.command('/fund-asset', async ({ ack }) => {
    await ack();
  });
  await app.init();
  const server = (await app.start({ port: 0, host: '127.0.0.1' })) as Server;
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stop: () => app.stop() as Promise<void> };
}

async function thisApp(): Promise<{ url: string; stop: () => Promise<void> }> {
  const store = new MemoryStore();
  const data = new DataClient({ baseUrl: simulator.url, apiKey: 'bench', store });
  const config: SlackConfig = {
    botToken: TOKEN, signingSecret: SECRET, apiUrl: fake.apiUrl, port: 0, allowlist: {}, adminUserIds: new Set(),
    defaultTimeZone: 'Asia/Shanghai', demo: false, queuedNoticeAfterMs: 3000,
  };
  const slack = await createSlackApp({ config, data, store, digest: loadDigestConfig({}), charts: chartSettingsFromEnv({}), logger: silent, runScheduler: false });
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

const results: Record<string, autocannon.Result[]> = { 'bare Bolt (ack only)': [], 'this app': [] };
// Two interleaved rounds each, so drift on a noisy machine hits both alike; the first request of
// this app fills its cache (one upstream call), like any repeated lookup in a workspace.
for (let round = 0; round < 2; round++) {
  for (const [name, start] of [['bare Bolt (ack only)', bareApp], ['this app', thisApp]] as const) {
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
const bare = summary['bare Bolt (ack only)']!;
const ours = summary['this app']!;
console.log(`ratio this app / bare: throughput ${(ours['req/s'] / bare['req/s']).toFixed(2)}x, p50 ${(ours['p50 ms'] / Math.max(bare['p50 ms'], 0.01)).toFixed(2)}x, p99 ${(ours['p99 ms'] / Math.max(bare['p99 ms'], 0.01)).toFixed(2)}x`);
console.log(`upstream calls to the simulator during the whole run: ${simulator.stats().calls.length}; the Slack 3 s ack deadline was ${ours['p99 ms'] < 3000 ? 'met' : 'MISSED'} at p99`);

await simulator.close();
await fake.close();
process.exit(0);
