/**
 * One Slack app under load, in its own process, so the load generator, the fake Slack and the
 * simulator (in the parent) do not share its event loop, and `node --cpu-prof` profiles only it.
 * Started by bench/harness.ts as `node --import tsx bench/target.ts <kind>` with its settings in
 * BENCH_TARGET (JSON). Kinds:
 *  - `app`: this app (its Bolt listeners, middleware, client, cache and renderers; MemoryStore);
 *  - `bolt-ack`: a bare Bolt app that only acks (the floor);
 *  - `bolt-respond`: a bare Bolt app that acks and posts a pre-rendered reply with `respond()`
 *    (the fair anchor), the reply sent to it over IPC before the load starts.
 * IPC messages: `{ type: 'reply', body }`, `{ type: 'memory' }` (answers after a full GC when
 * started with --expose-gc; with BENCH_HEAP_SNAPSHOTS=<folder>, a heap snapshot there too), `{ type: 'stop' }`.
 */

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { App } from '@slack/bolt';
import { pino } from 'pino';
import { loadConfig } from '../src/config.js';
import { DataClient } from '../src/core/client/dataClient.js';
import type { RateLimit } from '../src/core/operations/definition.js';
import type { OperationId } from '../src/core/operations/index.js';
import { pricesFrom } from '../src/core/operations/prices.js';
import { createStore } from '../src/core/store/index.js';
import { createSlackApp } from '../src/slack/app.js';
import type { SlackConfig } from '../src/slack/slackConfig.js';

export type TargetKind = 'app' | 'bolt-ack' | 'bolt-respond';

export interface TargetSettings {
  signingSecret: string;
  botToken: string;
  slackApiUrl: string;
  simulatorUrl: string;
  apiKey: string;
  /** STORE_URL of the app; `memory://` unless given (the memory benchmark uses SQLite, the default). */
  storeUrl?: string;
  /** DATABASE_URL of the app (PostgreSQL beside a Redis storeUrl), in a schema of the benchmark's own. */
  database?: { url: string; schema: string };
  /** Rate limits for the client (the benchmark's simulator is unlimited); the spec's when unset. */
  rateLimits?: Partial<Record<OperationId, RateLimit>>;
}

export type TargetMessage = { type: 'reply'; body: Record<string, unknown> } | { type: 'memory' } | { type: 'stop' };

const kind = process.argv[2] as TargetKind;
const settings = JSON.parse(process.env.BENCH_TARGET ?? '{}') as TargetSettings;

async function bareBolt(respondToo: boolean) {
  let reply: Record<string, unknown> | undefined;
  const app = new App({
    signingSecret: settings.signingSecret,
    token: settings.botToken,
    clientOptions: { slackApiUrl: settings.slackApiUrl },
    deferInitialization: true,
  });
  app.command(/.*/, async ({ ack, respond }) => {
    await ack();
    if (respondToo) await respond(reply as never);
  });
  await app.init();
  const server = (await app.start({ port: 0, host: '127.0.0.1' })) as Server;
  return {
    port: (server.address() as AddressInfo).port,
    setReply: (body: Record<string, unknown>) => {
      reply = body;
    },
    stop: () => app.stop() as Promise<unknown>,
  };
}

async function thisApp() {
  // On a shared Redis, under a prefix of its own.
  const prefix = settings.storeUrl?.startsWith('redis') ? { prefix: `dqbench:${process.pid}:` } : {};
  const store = await createStore(settings.storeUrl ?? 'memory://', {
    ...prefix,
    ...(settings.database ? { database: settings.database } : {}),
  });
  const data = new DataClient({
    baseUrl: settings.simulatorUrl,
    apiKey: settings.apiKey,
    store,
    ...(settings.rateLimits ? { rateLimits: settings.rateLimits } : {}),
  });
  // Digest and chart settings as an unconfigured app has them.
  const defaults = loadConfig({}, { inSlack: false, demo: true });
  const config: SlackConfig = {
    botToken: settings.botToken,
    signingSecret: settings.signingSecret,
    apiUrl: settings.slackApiUrl,
    port: 0,
    allowlist: {},
    adminUserIds: new Set(),
    defaultTimeZone: 'Asia/Shanghai',
    demo: false,
    queuedNoticeAfterMs: 3000,
    exportMaxPages: 20,
    supplierCheckMaxRows: 1000,
    allowSharedChannels: false,
  };
  const slack = await createSlackApp({
    config,
    data,
    prices: pricesFrom(),
    store,
    digest: defaults.digests,
    charts: defaults.charts,
    logger: pino({ level: 'silent' }),
    runScheduler: false,
  });
  const { port } = await slack.start(0);
  return {
    port: port!,
    setReply: () => undefined,
    stop: async () => {
      await slack.stop();
      await data.close();
      await store.close();
    },
  };
}

const target = kind === 'app' ? await thisApp() : await bareBolt(kind === 'bolt-respond');
process.on('message', async (message: TargetMessage) => {
  if (message.type === 'reply') {
    target.setReply(message.body);
    process.send!({ type: 'reply-set' });
  } else if (message.type === 'memory') {
    globalThis.gc?.();
    // BENCH_HEAP_SNAPSHOTS=<folder>: a heap snapshot at each measurement, to see what a growth is made of.
    const snapshots = process.env.BENCH_HEAP_SNAPSHOTS;
    if (snapshots) (await import('node:v8')).writeHeapSnapshot(join(snapshots, `${Date.now()}.heapsnapshot`));
    process.send!({ type: 'memory', usage: process.memoryUsage(), gc: typeof globalThis.gc === 'function' });
  } else if (message.type === 'stop') {
    // Leave through the normal exit path, so --cpu-prof writes its profile.
    void target.stop().finally(() => process.exit(0));
  }
});
process.send!({ type: 'ready', port: target.port });
