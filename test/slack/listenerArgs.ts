import type { Context } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { DataClient } from '../../src/core/client/dataClient.js';
import { DEFAULT_CAPS } from '../../src/core/jobs/caps.js';
import { pricesFrom } from '../../src/core/operations/prices.js';
import { MemoryStore } from '../../src/core/store/memoryStore.js';
import { effectiveRules, type OperatorRules } from '../../src/core/workspaces/workspaceSettings.js';
import { type Locale, langFor } from '../../src/i18n/lang.js';
import { startInProcessSimulator } from '../../src/simulator/inProcess.js';
import type { SlackDeps } from '../../src/slack/deps.js';
import type { Requester } from '../../src/slack/requester/requester.js';
import { buildSlackDeps } from '../../src/slack/wiring/buildDeps.js';
import { ManualClock, PINNED_AT } from '../support/clocks.js';
import { RecordingPoster } from '../support/digestRig.js';
import { type FakeSlack, startFakeSlack } from '../support/slack/fakeSlack.js';
import { TEST_CHARTS } from '../support/slackApp.js';
import { RecordingWatchPoster } from '../support/watchRig.js';

/**
 * What a listener gets from Bolt, faked one by one, so each listener can be run alone: a fake ack
 * that records what it was given, a Web API client that records each call, and a requester in the
 * context as the whoIsAsking middleware leaves it. The deps are the app's own, over the in-process
 * simulator and a memory store on a pinned clock.
 */

/** Everything that happened, in order: acks and Web API calls alike. */
export type Event =
  | { kind: 'ack'; response: unknown }
  | { kind: 'call'; method: string; args: Record<string, unknown> };

export interface Recorder {
  events: Event[];
  acks(): unknown[];
  calls(method?: string): Array<Record<string, unknown>>;
}

export function recorder(): Recorder {
  const events: Event[] = [];
  return {
    events,
    acks: () => events.flatMap((event) => (event.kind === 'ack' ? [event.response] : [])),
    calls: (method) =>
      events.flatMap((event) => (event.kind === 'call' && (!method || event.method === method) ? [event.args] : [])),
  };
}

export function fakeAck(record: Recorder) {
  return async (response?: unknown): Promise<void> => {
    record.events.push({ kind: 'ack', response: response ?? null });
  };
}

/**
 * A WebClient whose every method (`views.open`, `chat.postMessage` …) records its arguments and
 * answers `{ ok: true }`, or what `answers` gives for that method (an Error is thrown, as Slack's
 * refusals are by the real client).
 */
export function fakeClient(
  record: Recorder,
  answers: Record<string, unknown | ((args: Record<string, unknown>) => unknown)> = {},
): WebClient {
  // `client.chat.postMessage(…)` and `client.assistant.threads.setStatus(…)` alike: each name is a method and a namespace.
  const method = (path: string): unknown =>
    new Proxy(
      async (args: Record<string, unknown> = {}) => {
        record.events.push({ kind: 'call', method: path, args });
        const answer = answers[path];
        const value =
          typeof answer === 'function' ? (answer as (args: Record<string, unknown>) => unknown)(args) : answer;
        if (value instanceof Error) throw value;
        return value ?? { ok: true };
      },
      { get: (_target, name) => method(`${path}.${String(name)}`) },
    );
  return new Proxy({}, { get: (_target, namespace) => method(String(namespace)) }) as WebClient;
}

export interface RequesterOptions {
  teamId?: string;
  userId?: string;
  channelId?: string;
  locale?: Locale;
  /** Channels the allowlists refuse (for a digest form naming another channel). */
  refusedChannels?: string[];
  /** An admin or owner of the workspace in Slack (users.info), and so an admin of the app without ADMIN_USER_IDS. */
  slackAdmin?: boolean;
  /** Whose environment's rules apply (ADMIN_USER_IDS …); without them, none of the operator's. */
  deps?: Pick<SlackDeps, 'operatorRules'>;
}

const NO_OPERATOR_RULES: OperatorRules = {
  allowlist: {},
  adminUserIds: new Set(),
  allowSharedChannels: false,
  budgets: {},
};

/** The context as whoIsAsking leaves it for a person who passed the allowlists. */
export function requesterContext(options: RequesterOptions = {}): Context {
  const { teamId = 'T1', userId = 'U1', channelId = 'C1', locale = 'en' } = options;
  const requester: Requester = {
    teamId,
    userId,
    channelId,
    workspaceId: teamId,
    rules: effectiveRules(options.deps?.operatorRules ?? NO_OPERATOR_RULES, undefined),
    profile: async () => ({
      timeZone: 'Asia/Shanghai',
      lang: langFor(locale),
      ...(options.slackAdmin ? { slackAdmin: true } : {}),
    }),
    refusalIn: async (channel) => (options.refusedChannels?.includes(channel) ? { key: 'access.channel' } : undefined),
  };
  return { requester } as unknown as Context;
}

/** The app's deps over the in-process simulator; `env` adds settings (ADMIN_USER_IDS, DEFAULT_LOCALE …). */
export function listenerDeps(env: Record<string, string> = {}) {
  const clock = new ManualClock(PINNED_AT);
  const simulator = startInProcessSimulator({ apiKeys: ['listener-key'], clock, seed: 7 });
  const store = new MemoryStore({ clock });
  const logger = pino({ level: 'silent' });
  const prices = pricesFrom();
  const data = new DataClient({
    baseUrl: 'http://simulator.invalid',
    apiKey: 'listener-key',
    transport: simulator.transport,
    store,
    clock,
    logger,
    prices,
    budgets: { timeZone: 'Asia/Shanghai' },
  });
  const config = loadConfig(
    {
      DATA_API_BASE_URL: 'http://simulator.invalid',
      DATA_API_KEY: 'listener-key',
      SLACK_BOT_TOKEN: 'xoxb-listener',
      SLACK_SIGNING_SECRET: 'listener-secret',
      ...env,
    },
    { inSlack: true },
  ).slack;
  const poster = new RecordingPoster();
  const { deps } = buildSlackDeps({
    config,
    data,
    prices,
    store,
    poster,
    watchPoster: new RecordingWatchPoster(),
    digest: { timeZone: 'Asia/Shanghai', postEmpty: true, catchUpMs: 3_600_000, caps: DEFAULT_CAPS },
    charts: TEST_CHARTS,
    logger,
    clock,
  });
  return {
    deps: deps as SlackDeps,
    clock,
    simulator,
    poster,
    /** Calls that reached the simulator (and so cost coins). */
    upstreamCalls: () => simulator.stats().calls.length,
    async close() {
      await data.close();
      await store.close();
    },
  };
}

export type ListenerDeps = ReturnType<typeof listenerDeps>;

/**
 * For a test file: a fake Slack for response_urls, shared by the file, and deps made fresh by each
 * test (`rigs.deps()`) and closed after it.
 */
export function useListenerRigs() {
  const state: { slack?: FakeSlack; rig?: ListenerDeps } = {};
  beforeAll(async () => {
    state.slack = await startFakeSlack();
  });
  afterAll(() => state.slack?.close());
  afterEach(async () => {
    await state.rig?.close();
    state.rig = undefined;
  });
  return {
    get slack(): FakeSlack {
      if (!state.slack) throw new Error('the fake Slack starts in beforeAll');
      return state.slack;
    },
    deps(env: Record<string, string> = {}): ListenerDeps {
      state.rig = listenerDeps(env);
      return state.rig;
    },
  };
}
