import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { Ledger } from '../../src/core/ledger/ledger.js';
import { createStore } from '../../src/core/store/index.js';
import { startSimulator } from '../../src/simulator/index.js';
import { startEntryPoint } from '../support/entryPoints.js';
import { freePort } from '../support/measure.js';
import { type FakeSlack, startFakeSlack } from '../support/slack/fakeSlack.js';
import { DEFAULT_WORKSPACE } from '../support/slack/index.js';
import { sendSlashCommand } from '../support/slack/signedRequests.js';

const SECRET = 'main-test-secret';
const TOKEN = 'xoxb-main-test';

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startMain(env: Record<string, string>): Running {
  let output = '';
  const child = startEntryPoint('npm start', [], env);
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/**
 * Waits as long as the started app lives (on a busy machine a start can take seconds; the test's
 * timeout bounds it), failing with the app's output once it has exited.
 */
async function whileRunning<T>(attempt: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const answer = await attempt();
    if (answer !== undefined) return answer;
    if (running?.child.exitCode !== null) throw new Error(`the app exited before answering:\n${running?.output()}`);
    await sleep(100);
  }
}

/** Waits until the app says it is ready (it serves /healthz before Slack has answered). */
async function waitForReady(base: string): Promise<void> {
  await whileRunning(async () => {
    const response = await fetch(`${base}/readyz`).catch(() => undefined);
    return response?.status === 200 ? true : undefined;
  });
}

function waitForHttp(url: string): Promise<Response> {
  return whileRunning(() => fetch(url).catch(() => undefined));
}

let running: Running | undefined;
let fake: FakeSlack | undefined;
afterEach(async () => {
  if (running && running.child.exitCode === null) running.child.kill('SIGKILL');
  running = undefined;
  await fake?.close();
  fake = undefined;
});

// Each test starts the app in a child process, as `npm start` does: slow on a busy machine, so a long timeout.
describe('npm start (dist/main.js)', { timeout: 120_000 }, () => {
  it('without configuration, exits with one message naming every missing variable', async () => {
    running = startMain({});
    expect(await running.exited).toBe(2);
    const text = running.output();
    for (const name of ['SLACK_BOT_TOKEN', 'SLACK_SIGNING_SECRET', 'DATA_API_BASE_URL', 'DATA_API_KEY'])
      expect(text).toContain(name);
    expect(text).toContain('docs/configuration.md');
    expect(text).toContain('npm run demo');
    expect(text).not.toMatch(/\n\s+at /);
  });

  it('DEMO=1 without Slack settings names them, says what demo mode is and points to the console', async () => {
    running = startMain({ DEMO: '1' });
    expect(await running.exited).toBe(2);
    const text = running.output();
    expect(text).toContain('SLACK_BOT_TOKEN');
    expect(text).not.toContain('DATA_API_KEY');
    expect(text).toContain('built-in simulator');
    expect(text).toContain('npm run demo');
  });

  it('while Slack does not answer, serves /healthz at once, keeps /readyz at 503 and says in one line what it waits for', async () => {
    // A "Slack" that accepts connections and never answers.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/api/`;
    const port = await freePort();
    const opsPort = await freePort();
    try {
      running = startMain({
        DEMO: '1',
        SLACK_BOT_TOKEN: TOKEN,
        SLACK_SIGNING_SECRET: SECRET,
        SLACK_API_URL: silentUrl,
        PORT: String(port),
        OPS_PORT: String(opsPort),
        LOG_LEVEL: 'fatal',
        STORE_URL: 'memory://',
      });
      const base = `http://127.0.0.1:${port}`;
      expect((await waitForHttp(`${base}/healthz`)).status).toBe(200);
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'starting', waitingFor: expect.stringContaining('Slack') });
      // Metrics are for operators, on the ops port only, from the first moment too (issue 32.9).
      expect((await fetch(`http://127.0.0.1:${opsPort}/metrics`)).status).toBe(200);
      expect((await fetch(`${base}/metrics`)).status).not.toBe(200);
      // Slack's events are turned away (Slack retries them) until the app is ready.
      expect(
        (await sendSlashCommand(base, SECRET, { command: '/dq', text: 'help', responseUrl: 'http://127.0.0.1:9/x' }))
          .status,
      ).toBe(503);
      const deadline = Date.now() + 15_000;
      while (!running.output().includes('dq: waiting for') && Date.now() < deadline) await sleep(100);
      const line = running
        .output()
        .split('\n')
        .find((text) => text.startsWith('dq: waiting for'));
      expect(line).toContain('Slack');
      expect(line).toContain('SLACK_API_URL');
      // Where chart data goes is said before Slack answers, not only once it has.
      expect(running.output()).toContain('Charts: Slack draws the charts from their values in its own blocks;');
      expect(running.child.exitCode).toBeNull();
    } finally {
      running?.child.kill('SIGKILL');
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('a start that fails (port taken) says why and exits instead of hanging', async () => {
    fake = await startFakeSlack({ validTokens: [TOKEN] });
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, resolve));
    const port = (blocker.address() as AddressInfo).port;
    try {
      running = startMain({
        DEMO: '1',
        SLACK_BOT_TOKEN: TOKEN,
        SLACK_SIGNING_SECRET: SECRET,
        SLACK_API_URL: fake.apiUrl,
        PORT: String(port),
        LOG_LEVEL: 'fatal',
        STORE_URL: 'memory://',
      });
      expect(await running.exited).toBe(1);
      expect(running.output()).toContain('dq could not start');
      expect(running.output()).not.toMatch(/\n\s+at /);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('serves health, readiness and metrics, answers a command, and shuts down gracefully on SIGTERM', async () => {
    fake = await startFakeSlack({ validTokens: [TOKEN] });
    const port = await freePort();
    running = startMain({
      DEMO: '1',
      SLACK_BOT_TOKEN: TOKEN,
      SLACK_SIGNING_SECRET: SECRET,
      SLACK_API_URL: fake.apiUrl,
      PORT: String(port),
      SIMULATOR_LATENCY_MS: '1500',
      LOG_LEVEL: 'warn',
      STORE_URL: 'memory://',
    });
    const base = `http://127.0.0.1:${port}`;
    expect((await waitForHttp(`${base}/healthz`)).status).toBe(200);
    await waitForReady(base);
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ status: 'ready' });

    const responseUrl = fake.responseUrl('main-1');
    const ack = await sendSlashCommand(base, SECRET, { command: '/fund-asset', text: '000001', responseUrl });
    expect(ack.status).toBe(200);
    // SIGTERM while the lookup is still waiting for the (slow) simulator: it must still be answered.
    await sleep(300);
    running.child.kill('SIGTERM');
    await sleep(100);
    const during = await fetch(`${base}/readyz`).catch(() => undefined);
    if (during) expect(during.status).toBe(503);
    const reply = await fake.waitForResponse('main-1', undefined, 10_000);
    expect(JSON.stringify(reply.body)).toContain('Simulated data');
    expect(await running.exited).toBe(0);
    expect(running.output()).not.toContain('unhandled');
    // Whoever started it is told it runs, on what, and what to try first.
    expect(running.output()).toContain(
      `dq is running in DEMO mode on port ${port} (/slack/events): lookups go to the built-in simulator`,
    );
    expect(running.output()).toContain('In Slack, try /dq help');
    // And where chart data goes: by default to nobody but Slack.
    expect(running.output()).toContain(
      'Charts: Slack draws the charts from their values in its own blocks; no chart data goes to a third party (CHART_RENDERER=native).',
    );
  });

  it('lookups still queued when the grace period ends are told the app is restarting and that nothing was charged', async () => {
    fake = await startFakeSlack({ validTokens: [TOKEN] });
    const port = await freePort();
    running = startMain({
      DEMO: '1',
      SLACK_BOT_TOKEN: TOKEN,
      SLACK_SIGNING_SECRET: SECRET,
      SLACK_API_URL: fake.apiUrl,
      PORT: String(port),
      DATA_API_RATE_LIMITS: 'fund-asset=1/1m',
      SHUTDOWN_GRACE_MS: '500',
      LOG_LEVEL: 'warn',
      STORE_URL: 'memory://',
    });
    const base = `http://127.0.0.1:${port}`;
    await waitForReady(base);
    // The first takes the minute's only slot; the other two wait for the next one.
    for (const [id, code] of [
      ['q1', '000001'],
      ['q2', '110022'],
      ['q3', '161725'],
    ] as const) {
      await sendSlashCommand(base, SECRET, { command: '/fund-asset', text: code, responseUrl: fake.responseUrl(id) });
    }
    await fake.waitForResponse('q1', undefined, 10_000);
    // A command's "Queued…" notice is a DM message (its response_url is kept for the one reply).
    await fake.waitForCall('chat.postMessage', (call) => String(call.args.text).includes('Queued'), 10_000);
    running.child.kill('SIGTERM');
    for (const id of ['q2', 'q3']) {
      const told = await fake.waitForResponse(
        id,
        (response) => JSON.stringify(response.body).includes('restarting'),
        10_000,
      );
      expect(JSON.stringify(told.body)).toContain('nothing was charged');
    }
    expect(await running.exited).toBe(0);
  });

  it('SIGTERM with calls sent and calls queued: queued ones are never sent and told so, sent ones finish and are recorded, whatever SHUTDOWN_GRACE_MS says (issue 21.2)', async () => {
    // The service answers in 4.5 s (inside the 5 s timeout, past grace + 1 s); one call may start every 2 s; the grace
    // period is 3 s: long enough for a queued call to get its slot, too short for it to be answered.
    const simulator = await startSimulator({ apiKeys: ['main-key'], seed: 7, faults: { latencyMs: 4500 } });
    const storeFile = join(mkdtempSync(join(tmpdir(), 'dq-main-')), 'dq.sqlite');
    try {
      fake = await startFakeSlack({ validTokens: [TOKEN] });
      const port = await freePort();
      running = startMain({
        SLACK_BOT_TOKEN: TOKEN,
        SLACK_SIGNING_SECRET: SECRET,
        SLACK_API_URL: fake.apiUrl,
        PORT: String(port),
        DATA_API_BASE_URL: simulator.url,
        DATA_API_KEY: 'main-key',
        DATA_API_RATE_LIMITS: 'fund-asset=1/2s',
        SHUTDOWN_GRACE_MS: '3000',
        LOG_LEVEL: 'warn',
        STORE_URL: `sqlite://${storeFile}`,
      });
      const base = `http://127.0.0.1:${port}`;
      await waitForReady(base);
      // The first is sent at once; the other two wait for their slots.
      const codes = [
        ['s1', '000001'],
        ['s2', '110022'],
        ['s3', '161725'],
      ] as const;
      for (const [id, code] of codes)
        await sendSlashCommand(base, SECRET, { command: '/fund-asset', text: code, responseUrl: fake.responseUrl(id) });
      const deadline = Date.now() + 10_000;
      while (simulator.stats().calls.length < 1 && Date.now() < deadline) await sleep(20);
      expect(simulator.stats().calls).toHaveLength(1);
      running.child.kill('SIGTERM');
      expect(await running.exited).toBe(0);
      // Nothing more was sent after SIGTERM, and the one sent was answered with its result.
      expect(simulator.stats().calls).toHaveLength(1);
      for (const id of ['s1']) {
        const reply = await fake.waitForResponse(
          id,
          (response) => !JSON.stringify(response.body).includes('Queued'),
          1000,
        );
        expect(JSON.stringify(reply.body)).toContain('coins');
        expect(JSON.stringify(reply.body)).not.toContain('restarting');
      }
      for (const id of ['s2', 's3']) {
        const told = await fake.waitForResponse(
          id,
          (response) => JSON.stringify(response.body).includes('restarting'),
          1000,
        );
        expect(JSON.stringify(told.body)).toContain('nothing was charged');
      }
      // What the service charged is in the ledger, every coin of it.
      const charged = simulator.stats().coinsByKey['main-key'] ?? 0;
      expect(charged).toBe(10);
      const store = await createStore(`sqlite://${storeFile}`);
      try {
        // Every entry of this store (a fresh file), whatever day the app's clock put it on: under
        // test:any-day each process starts at the chosen instant, so the app's day need not be the test's.
        const ledger = new Ledger(store, 'Asia/Shanghai');
        const entries = await ledger.entries(DEFAULT_WORKSPACE.teamId, 0, Date.now() + 10 * 365 * 86_400_000);
        const recorded = entries.reduce((sum, entry) => sum + entry.coins, 0);
        expect(recorded).toBe(charged);
      } finally {
        await store.close();
      }
    } finally {
      await simulator.close();
    }
  });

  it('a service that echoes the API key in its 401 message: the key is in no log line and no reply (issue 21.7)', async () => {
    const KEY = 'sk-live-7Hq2mZ9pXw4R';
    // A data service that quotes the key back, as a careless gateway does: first refusing it (401),
    // then rejecting a request with the key in a message the reply repeats to the person.
    let answered = 0;
    const echoing = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        const key = String(request.headers['x-api-key']);
        const first = answered++ === 0;
        response.writeHead(first ? 401 : 200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify(
            first
              ? { code: 401, msg: `invalid api key ${key}` }
              : { code: 400, msg: `request not valid for account ${key}` },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => echoing.listen(0, '127.0.0.1', resolve));
    try {
      fake = await startFakeSlack({ validTokens: [TOKEN] });
      const port = await freePort();
      running = startMain({
        SLACK_BOT_TOKEN: TOKEN,
        SLACK_SIGNING_SECRET: SECRET,
        SLACK_API_URL: fake.apiUrl,
        PORT: String(port),
        DATA_API_BASE_URL: `http://127.0.0.1:${(echoing.address() as AddressInfo).port}`,
        DATA_API_KEY: KEY,
        LOG_LEVEL: 'debug',
        STORE_URL: 'memory://',
      });
      const base = `http://127.0.0.1:${port}`;
      await waitForReady(base);
      await sendSlashCommand(base, SECRET, {
        command: '/fund-asset',
        text: '000001',
        responseUrl: fake.responseUrl('k1'),
      });
      const reply = await fake.waitForResponse('k1', undefined, 10_000);
      expect(JSON.stringify(reply.body)).toMatch(/refused|API key/i);
      await sendSlashCommand(base, SECRET, {
        command: '/fund-asset',
        text: '110022',
        responseUrl: fake.responseUrl('k2'),
      });
      const rejected = await fake.waitForResponse('k2', undefined, 10_000);
      // The service's own words stay in the log (redacted there); the reply says it in the reader's words.
      expect(JSON.stringify(rejected.body)).toContain('Nothing was charged');
      expect(JSON.stringify(rejected.body)).not.toContain(KEY);
      running.child.kill('SIGTERM');
      expect(await running.exited).toBe(0);
      const output = running.output();
      expect(output).toContain('[redacted]');
      expect(output).not.toContain(KEY);
      expect(output).not.toContain(SECRET);
      expect(JSON.stringify(reply.body)).not.toContain(KEY);
      expect(JSON.stringify(rejected.body)).not.toContain(KEY);
      expect(JSON.stringify(fake.calls())).not.toContain(KEY);
    } finally {
      await new Promise((resolve) => echoing.close(resolve));
    }
  });

  it('exposes Prometheus metrics for requests, upstream calls, cache, coins, the limiter, charts and watches', async () => {
    fake = await startFakeSlack({ validTokens: [TOKEN] });
    const port = await freePort();
    const opsPort = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const ops = `http://127.0.0.1:${opsPort}`;
    // PUBLIC_URL makes the app draw and serve its charts itself (CHART_RENDERER=local by default).
    running = startMain({
      DEMO: '1',
      SLACK_BOT_TOKEN: TOKEN,
      SLACK_SIGNING_SECRET: SECRET,
      SLACK_API_URL: fake.apiUrl,
      PORT: String(port),
      OPS_PORT: String(opsPort),
      LOG_LEVEL: 'warn',
      STORE_URL: 'memory://',
      PUBLIC_URL: base,
    });
    await waitForReady(base);
    const chartUrls: string[] = [];
    for (const id of ['m1', 'm2']) {
      await sendSlashCommand(base, SECRET, {
        command: '/futures',
        text: 'CL daily 5',
        responseUrl: fake.responseUrl(id),
      });
      const reply = await fake.waitForResponse(id, undefined, 10_000);
      chartUrls.push(...(JSON.stringify(reply.body).match(/http:\/\/127\.0\.0\.1:\d+\/charts\/[^"]+/g) ?? []));
    }
    expect(chartUrls).toHaveLength(2);
    expect((await fetch(chartUrls[0]!)).status).toBe(200);
    expect((await fetch(`${base}/charts/${'x'.repeat(32)}.png?exp=1&sig=${'y'.repeat(32)}`)).status).toBe(404);
    // The Slack port, which anyone who can reach Slack's endpoint can reach, serves no figures (issue 32.9).
    const onSlackPort = await fetch(`${base}/metrics`);
    expect(onSlackPort.status).not.toBe(200);
    expect(await onSlackPort.text()).not.toContain('dq_');
    expect((await fetch(`${ops}/healthz`)).status).toBe(200);
    // A listener counts once its whole flow is done, a moment after its reply was sent.
    let response = await fetch(`${ops}/metrics`);
    let text = await response.text();
    for (let i = 0; i < 40 && !text.includes('outcome="ok"} 2'); i++) {
      await sleep(50);
      response = await fetch(`${ops}/metrics`);
      text = await response.text();
    }
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(text).toMatch(/dq_slack_requests_total\{kind="command",outcome="ok"\} 2/);
    expect(text).toMatch(/dq_slack_ack_seconds_count 2/);
    expect(text).toMatch(/dq_upstream_calls_total\{operation="finance-external-futures-kline",outcome="success"\} 1/);
    expect(text).toMatch(/dq_cache_hits_total\{operation="finance-external-futures-kline"\} 1/);
    expect(text).toMatch(/dq_coins_spent_total\{operation="finance-external-futures-kline"\} 5/);
    expect(text).toMatch(/dq_limiter_queue_depth\{operation="fund-asset"\} 0/);
    expect(text).toContain('dq_digests_total');
    expect(text).toContain('dq_watch_checks_total');
    // The same chart twice: drawn once, then served from memory; a forged address is refused.
    expect(text).toMatch(/dq_chart_draw_seconds_count\{outcome="drawn"\} 1/);
    expect(text).toMatch(/dq_chart_requests_total\{outcome="memory"\} 1/);
    expect(text).toMatch(/dq_chart_requests_total\{outcome="refused"\} 1/);
    expect(Number(/dq_chart_cache_bytes (\d+)/.exec(text)?.[1])).toBeGreaterThan(10_000);
    expect(text).toContain('dq_process_cpu_seconds_total');
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
  });
});
