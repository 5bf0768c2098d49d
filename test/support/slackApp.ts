import { Writable } from 'node:stream';
import { type Logger, pino } from 'pino';
import type { ChartSettings } from '../../src/charts/chartRenderer.js';
import { loadConfig } from '../../src/config.js';
import { DataClient, type DataClientOptions } from '../../src/core/client/dataClient.js';
import type { Clock } from '../../src/core/clock.js';
import type { DigestConfig } from '../../src/core/digest/types.js';
import { StoredInstallations } from '../../src/core/installations/storedInstallations.js';
import { DEFAULT_CAPS } from '../../src/core/jobs/caps.js';
import type { BudgetLimits } from '../../src/core/ledger/budgets.js';
import { OPERATION_IDS, type OperationId, type RateLimit } from '../../src/core/operations/index.js';
import { pricesFrom } from '../../src/core/operations/prices.js';
import { SecretBox } from '../../src/core/secretBox.js';
import { Redactor } from '../../src/core/secrets.js';
import { MemoryStore } from '../../src/core/store/memoryStore.js';
import { StoreGuard } from '../../src/core/store/storeGuard.js';
import type { Store } from '../../src/core/store/types.js';
import { WorkspaceKeys } from '../../src/core/workspaces/workspaceKeys.js';
import { WorkspaceSettings } from '../../src/core/workspaces/workspaceSettings.js';
import type { Metrics } from '../../src/ops/metrics.js';
import {
  type Simulator,
  type SimulatorOptions,
  startSimulator,
  type RecordedCall as UpstreamCall,
} from '../../src/simulator/index.js';
import { createSlackApp, type SlackApp, type SlackAppOptions } from '../../src/slack/app.js';
import { VIEW } from '../../src/slack/payloads/ids.js';
import type { SlackConfig } from '../../src/slack/slackConfig.js';
import { pinnedClock } from './clocks.js';
import {
  type AppResponse,
  appHomeOpenedEvent,
  appMentionEvent,
  directMessageEvent,
  eventCallbackBody,
  type FakeInstall,
  type FakeInstallTarget,
  type FakeSlack,
  type FakeSlackOptions,
  globalShortcutPayload,
  type MessageEventInput,
  messageBlockActionsPayload,
  messageShortcutPayload,
  newTriggerId,
  type RecordedCall,
  type RecordedResponse,
  type SendOptions,
  type StateValues,
  sendEvent,
  sendInteraction,
  sendSlashCommand,
  startFakeSlack,
  viewBlockActionsPayload,
  viewSubmissionPayload,
} from './slack/index.js';

/**
 * The real Slack app (createSlackApp) end to end: the data-service simulator on an ephemeral port,
 * a fake slack.com, a memory store, a DataClient with short retry delays, and helpers that send
 * signed requests the way Slack does and wait for what the app sends back.
 */

export const TEST_SIGNING_SECRET = 'e2e-signing-secret';
export const TEST_BOT_TOKEN = 'xoxb-e2e-bot-token';
export const TEST_API_KEY = 'e2e-api-key';

/** Every operation allowed 1000 calls a second: no test waits for a rate-limit slot unless it asks to. */
export const FAST_LIMITS: Readonly<Record<OperationId, RateLimit>> = Object.freeze(
  Object.fromEntries(OPERATION_IDS.map((id) => [id, { count: 1000, windowMs: 1000 }])) as Record<
    OperationId,
    RateLimit
  >,
);

/**
 * The app's default: Slack draws the charts (CHART_RENDERER=native). A test that sets `renderer:
 * 'quickchart'` gets a self-hosted QuickChart address: charts become plain URLs, and nothing is ever
 * fetched from it.
 */
export const TEST_CHARTS: ChartSettings = {
  renderer: 'native',
  host: 'http://quickchart.invalid',
  hosted: false,
  candlesticks: true,
  width: 700,
  height: 380,
};

export interface TestAppOptions {
  /** Simulator options; `rateLimits` defaults to FAST_LIMITS merged with `rateLimits` below. */
  simulator?: SimulatorOptions;
  /** Env-like Slack settings read by the app's own loader: ALLOWED_TEAM_IDS, ALLOWED_CHANNEL_IDS, ALLOWED_USER_IDS, ADMIN_USER_IDS, DEMO, DEFAULT_TZ. */
  env?: Record<string, string>;
  /** Applied after the env: e.g. `{ queuedNoticeAfterMs: 500 }`. */
  slack?: Partial<SlackConfig>;
  budgets?: Partial<BudgetLimits>;
  /** Client (and, unless the simulator options say otherwise, simulator) rate limits per operation, over FAST_LIMITS. */
  rateLimits?: Partial<Record<OperationId, RateLimit>>;
  charts?: Partial<ChartSettings>;
  digest?: Partial<DigestConfig>;
  /** Anything else for the DataClient (prices, cacheTtlMs, timeoutMs …); its prices are the Slack app's too. */
  client?: Partial<DataClientOptions>;
  fakeSlack?: FakeSlackOptions;
  /** The app's and the simulator's time; by default real time pinned to PINNED_AT (see clocks.ts). */
  clock?: Clock;
  /** The app's store; a fresh MemoryStore on the app's clock by default. */
  store?: Store;
  /** How often the store guard reads the store's marker (as main.ts: every 30 s, and on every reconnect). */
  storeCheckEveryMs?: number;
  /** Serves /healthz and /readyz on the app's port, as main.ts does (/metrics only on OPS_PORT). */
  metrics?: Metrics;
  /**
   * The app's own posts in one channel go TEST_POST_SPACING_MS apart, not Slack's 1.1 s: a digest of
   * six posts waited 5.5 s. The pacing itself is tested at its real spacing (slackCalls.test.ts).
   */
  postSpacingMs?: number;
  /** One Slack call attempt's deadline by kind, shorter than the app's 10 s for a test that holds a call past it. */
  slackAttemptTimeoutMs?: SlackAppOptions['slackAttemptTimeoutMs'];
  /**
   * Add to Slack: no SLACK_BOT_TOKEN, but the fake Slack's client id and secret, a state secret and
   * TEST_SECRETS_KEY; each workspace is installed through /slack/install (`app.install`).
   */
  addToSlack?: boolean;
}

/** SECRETS_KEY of the Add to Slack test apps (32 bytes, base64). */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

/** How far apart the test app's own posts in one channel go (the app's real spacing is POST_SPACING_MS). */
export const TEST_POST_SPACING_MS = 50;

export interface CommandOptions {
  command?: string;
  userId?: string;
  channelId?: string;
  teamId?: string;
  /** Enterprise Grid: the organisation the command's workspace belongs to. */
  enterpriseId?: string;
  /** Name of the response_url; a fresh one by default. */
  responseId?: string;
  triggerId?: string;
  send?: SendOptions;
}

export interface SentRequest {
  status: number;
  elapsedMs: number;
  /** The HTTP answer as Bolt gave it (a view_submission's `response_action` is in `json`). */
  response: AppResponse;
}

export interface CommandSent extends SentRequest {
  responseId: string;
  triggerId: string;
}

export interface ClickOptions {
  responseUrlId?: string;
  userId?: string;
  channelId?: string;
  /** Clicks in ephemeral messages carry no `message`; results of slash commands are ephemeral. */
  ephemeral?: boolean;
  /** An ephemeral message's click whose payload carries `message` all the same. */
  withMessage?: boolean;
  /** The clicked message's ts and, for a reply, its thread (a question the app asked in a thread). */
  messageTs?: string;
  threadTs?: string;
  /** The block the button is in, as Slack sends it (a random one otherwise). */
  blockId?: string;
  /**
   * The clicker's own team (`user.team_id`) when it is not the workspace the click came from
   * (`team.id`): a person of another organisation in a Slack Connect channel.
   */
  userTeamId?: string;
  send?: SendOptions;
}

export interface ViewClickOptions {
  userId?: string;
  /** The view the button is in: a modal (chooser) or the Home tab. */
  view: { id?: string; hash?: string; type?: 'modal' | 'home'; callbackId?: string; privateMetadata?: string };
  triggerId?: string;
}

export interface SubmitOptions {
  userId?: string;
  /** The view's blocks as Slack echoes them back (pass the opened view's blocks); none by default. */
  blocks?: unknown[];
  teamId?: string;
  send?: SendOptions;
}

export interface LogLine {
  level: number;
  msg?: string;
  [key: string]: unknown;
}

/** A pino logger writing JSON lines into memory, so a test can assert on what the app logged. */
export function memoryLogger(): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const text of chunk.toString('utf8').split('\n')) {
        if (!text.trim()) continue;
        try {
          lines.push(JSON.parse(text) as LogLine);
        } catch {
          lines.push({ level: 60, msg: `unparsable log line: ${text}` });
        }
      }
      callback();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), lines };
}

export const UNHANDLED_LISTENER_ERROR = 'unhandled error in a Slack listener';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let counter = 0;
const uniqueId = (prefix: string) => `${prefix}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

export async function startTestApp(options: TestAppOptions = {}) {
  const rateLimits = { ...FAST_LIMITS, ...options.rateLimits };
  const clock = options.clock ?? pinnedClock();
  const simulator: Simulator = await startSimulator({
    port: 0,
    seed: 7,
    apiKeys: [TEST_API_KEY],
    rateLimits,
    clock,
    ...options.simulator,
  });
  const fake: FakeSlack = await startFakeSlack({ validTokens: [TEST_BOT_TOKEN], ...options.fakeSlack });
  const store = options.store ?? new MemoryStore({ clock });
  const { logger, lines: logs } = memoryLogger();
  const prices = options.client?.prices ?? pricesFrom();
  // As the runtime: the store's marker is written or read before anything else, and budgets close when it is lost.
  const budgetTimeZone = options.budgets?.timeZone ?? 'Asia/Shanghai';
  const storeGuard = new StoreGuard({
    store,
    clock,
    budgetTimeZone,
    logger,
    ...(options.storeCheckEveryMs ? { checkEveryMs: options.storeCheckEveryMs } : {}),
  });
  await storeGuard.start();
  const loaded = loadConfig(
    {
      DATA_API_BASE_URL: simulator.url,
      DATA_API_KEY: TEST_API_KEY,
      ...(options.addToSlack
        ? {
            SLACK_CLIENT_ID: fake.oauth.clientId,
            SLACK_CLIENT_SECRET: fake.oauth.clientSecret,
            SLACK_STATE_SECRET: 'e2e-state-secret-of-some-length',
            SLACK_OAUTH_URL: fake.authorizeUrl,
            SECRETS_KEY: TEST_SECRETS_KEY,
          }
        : { SLACK_BOT_TOKEN: TEST_BOT_TOKEN }),
      SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
      SLACK_API_URL: fake.apiUrl,
      PORT: '0',
      ...options.env,
    },
    { inSlack: true },
  );
  const config: SlackConfig = { ...loaded.slack, ...options.slack };
  const digest: DigestConfig = {
    timeZone: 'Asia/Shanghai',
    postEmpty: false,
    catchUpMs: 3_600_000,
    caps: DEFAULT_CAPS,
    ...options.digest,
  };
  // As main.ts: every secret the app holds is kept out of what it sends (the API key included).
  const redactor = new Redactor([
    TEST_API_KEY,
    config.botToken,
    config.signingSecret,
    config.appToken,
    config.oauth?.clientSecret,
    config.oauth?.stateSecret,
  ]);
  const box = loaded.secrets ? new SecretBox(loaded.secrets.current, loaded.secrets.previous) : undefined;
  const installations = box ? new StoredInstallations(store, box, clock, redactor) : undefined;
  // As the runtime: with SECRETS_KEY, each workspace's own data-service key, asked by the client for each call.
  const workspaceKeys = box ? new WorkspaceKeys(store, box, clock, redactor, logger) : undefined;
  // As the runtime: the Slack app and the data client's budgets read the same workspace settings.
  const workspaceSettings = new WorkspaceSettings(store, clock);
  const client = new DataClient({
    baseUrl: simulator.url,
    apiKey: TEST_API_KEY,
    store,
    logger,
    clock,
    retry: { baseDelayMs: 20, maxDelayMs: 200 },
    rateLimits,
    budgets: { timeZone: 'Asia/Shanghai', ...options.budgets },
    budgetsClosed: (now) => storeGuard.budgetsClosed(now),
    storeMarker: storeGuard,
    workspaceBudgets: (teamId) => workspaceSettings.ownBudgets(teamId),
    ...(workspaceKeys ? { keyFor: (teamId: string) => workspaceKeys.keyFor(teamId) } : {}),
    ...options.client,
    prices,
  });
  const slack: SlackApp = await createSlackApp({
    config,
    data: client,
    prices,
    store,
    storeGuard,
    workspaceSettings,
    digest,
    charts: { ...TEST_CHARTS, ...options.charts },
    logger,
    clock,
    runScheduler: false,
    redactor,
    ...(installations ? { installations } : {}),
    ...(workspaceKeys ? { workspaceKeys } : {}),
    postSpacingMs: options.postSpacingMs ?? TEST_POST_SPACING_MS,
    ...(options.slackAttemptTimeoutMs ? { slackAttemptTimeoutMs: options.slackAttemptTimeoutMs } : {}),
    ...(options.metrics ? { metrics: options.metrics, health: { shuttingDown: false } } : {}),
  });
  const { port } = await slack.start(0);
  const url = `http://127.0.0.1:${port}`;
  fake.oauth.redirectUri = `${url}/slack/oauth_redirect`;

  /** A message event (a mention, a direct message) in its envelope, signed; its ts, thread, channel and event_id. */
  async function sendMessageEvent(
    event: Record<string, unknown>,
    options: { threadTs?: string; eventId?: string; send?: SendOptions },
  ): Promise<SentRequest & { ts: string; thread: string; channel: string; eventId: string }> {
    const eventId = options.eventId ?? `Ev${Math.random().toString(36).slice(2, 12).toUpperCase()}`;
    const response = await sendEvent(url, TEST_SIGNING_SECRET, eventCallbackBody(event, { eventId }), options.send);
    const ts = event.ts as string;
    const channel = event.channel as string;
    return {
      status: response.status,
      elapsedMs: response.elapsedMs,
      response,
      ts,
      thread: options.threadTs ?? ts,
      channel,
      eventId,
    };
  }

  // "next" means one not handed out before, so a test can read a sequence of replies in order.
  const takenResponses = new WeakSet<RecordedResponse>();
  const takenCalls = new WeakSet<RecordedCall>();

  const app = {
    url,
    clock,
    simulator,
    fake,
    client,
    store,
    storeGuard,
    slack,
    config,
    logger,
    logs,
    installations,
    workspaceKeys,

    /**
     * An install through Add to Slack as a browser makes it: the install page, its button (Bolt's
     * start path, which sets the state cookie and sends the browser to Slack), Slack's authorize
     * page approving `target` (or cancelled), and the redirect back with the cookie. The page it
     * ends on, and what Slack issued.
     */
    async install(
      target: FakeInstallTarget | 'deny',
      browser: { acceptLanguage?: string; cookie?: (stateCookie: string) => string } = {},
    ): Promise<{ status: number; html: string; issued?: FakeInstall }> {
      const headers: Record<string, string> = browser.acceptLanguage
        ? { 'accept-language': browser.acceptLanguage }
        : {};
      const page = await (await fetch(`${url}/slack/install`, { headers })).text();
      const start = /<a class="button" href="([^"]+)"/.exec(page)?.[1]?.replaceAll('&#38;', '&');
      if (!start) throw new Error(`the install page has no Add to Slack button:\n${page}`);
      const started = await fetch(new URL(start, url), { headers, redirect: 'manual' });
      const cookies = started.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0]!)
        .join('; ');
      const authorize = started.headers.get('location');
      if (started.status !== 302 || !authorize) throw new Error(`the install did not go to Slack (${started.status})`);
      const before = fake.oauth.installs.length;
      fake.oauth.approveNextInstall(target);
      const back = (await fetch(authorize, { redirect: 'manual' })).headers.get('location')!;
      const finished = await fetch(back, {
        headers: { ...headers, cookie: browser.cookie ? browser.cookie(cookies) : cookies },
        redirect: 'manual',
      });
      const issued = fake.oauth.installs.length > before ? fake.oauth.installs.at(-1) : undefined;
      return { status: finished.status, html: await finished.text(), ...(issued ? { issued } : {}) };
    },

    /** Sends a signed slash command; by default `/dq` from DEFAULT_USER_ID in DEFAULT_CHANNEL_ID. */
    async command(text: string, commandOptions: CommandOptions = {}): Promise<CommandSent> {
      const responseId = commandOptions.responseId ?? uniqueId('cmd');
      const triggerId = commandOptions.triggerId ?? newTriggerId();
      const input: Parameters<typeof sendSlashCommand>[2] = {
        command: commandOptions.command ?? '/dq',
        text,
        responseUrl: fake.responseUrl(responseId),
        triggerId,
      };
      if (commandOptions.userId) input.userId = commandOptions.userId;
      if (commandOptions.channelId) input.channelId = commandOptions.channelId;
      if (commandOptions.teamId) input.teamId = commandOptions.teamId;
      if (commandOptions.enterpriseId) input.enterpriseId = commandOptions.enterpriseId;
      const response = await sendSlashCommand(url, TEST_SIGNING_SECRET, input, commandOptions.send);
      return { status: response.status, elapsedMs: response.elapsedMs, response, responseId, triggerId };
    },

    /** The next response_url POST for `responseId` (one not returned before) that `predicate` accepts. */
    async nextResponse(
      responseId: string,
      predicate: (body: SlackResponseBody) => boolean = () => true,
      timeoutMs = 8000,
    ): Promise<SlackResponseBody> {
      const found = await fake.waitForResponse(
        responseId,
        (response) => !takenResponses.has(response) && predicate(response.body as SlackResponseBody),
        timeoutMs,
      );
      takenResponses.add(found);
      return found.body as SlackResponseBody;
    },

    responses(responseId: string): SlackResponseBody[] {
      return fake.responses(responseId).map((response) => response.body as SlackResponseBody);
    },

    /** The next Web API call to `method` (one not returned before) that `predicate` accepts. */
    async nextCall(
      method: string,
      predicate: (call: RecordedCall) => boolean = () => true,
      timeoutMs = 8000,
    ): Promise<RecordedCall> {
      const found = await fake.waitForCall(method, (call) => !takenCalls.has(call) && predicate(call), timeoutMs);
      takenCalls.add(found);
      return found;
    },

    /** A click on a button in a message the app sent through a response_url. */
    async click(
      actionId: string,
      value: string,
      clickOptions: ClickOptions = {},
    ): Promise<SentRequest & { responseId: string }> {
      const responseId = clickOptions.responseUrlId ?? uniqueId('click');
      const payload = messageBlockActionsPayload({
        actionId,
        value,
        responseUrl: fake.responseUrl(responseId),
        ephemeral: clickOptions.ephemeral ?? true,
        ...(clickOptions.withMessage ? { withMessage: true } : {}),
        ...(clickOptions.messageTs ? { messageTs: clickOptions.messageTs } : {}),
        ...(clickOptions.threadTs ? { threadTs: clickOptions.threadTs } : {}),
        ...(clickOptions.userId ? { userId: clickOptions.userId } : {}),
        ...(clickOptions.channelId ? { channelId: clickOptions.channelId } : {}),
        ...(clickOptions.blockId ? { blockId: clickOptions.blockId } : {}),
      });
      if (clickOptions.userTeamId) (payload.user as { team_id: string }).team_id = clickOptions.userTeamId;
      const response = await sendInteraction(url, TEST_SIGNING_SECRET, payload, clickOptions.send);
      return { status: response.status, elapsedMs: response.elapsedMs, response, responseId };
    },

    /** A click on a button inside a view (the chooser modal, the Home tab): no response_url. */
    async clickInView(
      actionId: string,
      value: string,
      clickOptions: ViewClickOptions,
    ): Promise<SentRequest & { triggerId: string }> {
      const triggerId = clickOptions.triggerId ?? newTriggerId();
      const { view } = clickOptions;
      const payload = viewBlockActionsPayload({
        actionId,
        value,
        triggerId,
        ...(clickOptions.userId ? { userId: clickOptions.userId } : {}),
        view: {
          type: view.type ?? 'modal',
          ...(view.id ? { id: view.id } : {}),
          ...(view.hash ? { hash: view.hash } : {}),
          ...(view.callbackId ? { callbackId: view.callbackId } : {}),
          ...(view.privateMetadata !== undefined ? { privateMetadata: view.privateMetadata } : {}),
        },
      });
      const response = await sendInteraction(url, TEST_SIGNING_SECRET, payload);
      return { status: response.status, elapsedMs: response.elapsedMs, response, triggerId };
    },

    /** Submits a modal: `values` is `view.state.values` (block id → action id → value). */
    async submitView(
      callbackId: string,
      values: StateValues,
      privateMetadata = '',
      submitOptions: SubmitOptions = {},
    ): Promise<SentRequest> {
      const payload = viewSubmissionPayload({
        callbackId,
        values,
        privateMetadata,
        ...(submitOptions.userId ? { userId: submitOptions.userId } : {}),
        ...(submitOptions.blocks ? { blocks: submitOptions.blocks } : {}),
      });
      if (submitOptions.teamId) {
        (payload.team as { id: string }).id = submitOptions.teamId;
        (payload.user as { team_id: string }).team_id = submitOptions.teamId;
      }
      const response = await sendInteraction(url, TEST_SIGNING_SECRET, payload, submitOptions.send);
      return { status: response.status, elapsedMs: response.elapsedMs, response };
    },

    /** A global shortcut; the modal it opens arrives as a views.open call with `triggerId`. */
    async shortcut(
      callbackId: string,
      shortcutOptions: { userId?: string } = {},
    ): Promise<SentRequest & { triggerId: string }> {
      const triggerId = newTriggerId();
      const payload = globalShortcutPayload({
        callbackId,
        triggerId,
        ...(shortcutOptions.userId ? { userId: shortcutOptions.userId } : {}),
      });
      const response = await sendInteraction(url, TEST_SIGNING_SECRET, payload);
      return { status: response.status, elapsedMs: response.elapsedMs, response, triggerId };
    },

    /**
     * `@dq <text>` in a channel, at the top (a new thread) or in `threadTs`; resolves with the
     * mention's ts and the thread its answer goes to, and its event_id (send it again with `retry`
     * to redeliver the same event).
     */
    mention(
      text: string,
      options: Omit<MessageEventInput, 'text'> & { channelId?: string; eventId?: string; send?: SendOptions } = {},
    ) {
      return sendMessageEvent(appMentionEvent({ text, ...options }), options);
    },

    /** A direct message to the app (its Messages tab): the answer goes into the message's thread. */
    directMessage(
      text: string,
      options: Omit<MessageEventInput, 'text'> & { eventId?: string; send?: SendOptions } = {},
    ) {
      return sendMessageEvent(directMessageEvent({ text, ...options }), options);
    },

    /** The message shortcut `callbackId` used on a message; its offers arrive at the returned response_url id. */
    async messageShortcut(
      callbackId: string,
      message: { text: string; user?: string; botId?: string },
      options: { userId?: string; channelId?: string } = {},
    ): Promise<SentRequest & { responseId: string }> {
      const responseId = uniqueId('shortcut');
      const payload = messageShortcutPayload({
        callbackId,
        responseUrl: fake.responseUrl(responseId),
        message,
        ...(options.userId ? { userId: options.userId } : {}),
        ...(options.channelId ? { channelId: options.channelId } : {}),
      });
      const response = await sendInteraction(url, TEST_SIGNING_SECRET, payload);
      return { status: response.status, elapsedMs: response.elapsedMs, response, responseId };
    },

    /** Sends a signed Events API event (wrapped in its envelope) and resolves with the app's answer. */
    async event(event: Record<string, unknown>): Promise<SentRequest> {
      const response = await sendEvent(url, TEST_SIGNING_SECRET, event);
      return { status: response.status, elapsedMs: response.elapsedMs, response };
    },

    /** Sends app_home_opened and resolves with the views.publish call it causes for that user. */
    async openHome(userId: string): Promise<RecordedCall & { view: PublishedView }> {
      const response = await sendEvent(url, TEST_SIGNING_SECRET, appHomeOpenedEvent({ userId }));
      if (response.status !== 200) throw new Error(`app_home_opened was answered HTTP ${response.status}`);
      const call = await app.nextCall('views.publish', (candidate) => candidate.args.user_id === userId);
      return { ...call, view: call.args.view as PublishedView };
    },

    /**
     * The form opened with this trigger id: the views.open call's view or, when the form was not
     * ready at once and a line saying it is opening went up first (flows/openForm.ts), the
     * views.update that put it in place.
     */
    async openedView(triggerId: string, timeoutMs?: number): Promise<RecordedCall & { view: PublishedView }> {
      const call = await app.nextCall('views.open', (candidate) => candidate.args.trigger_id === triggerId, timeoutMs);
      return app.formIn(call, timeoutMs);
    },

    /** The form a views.open call opened (following an opening line to the views.update that replaced it). */
    async formIn(opened: RecordedCall, timeoutMs?: number): Promise<RecordedCall & { view: PublishedView }> {
      const view = opened.args.view as PublishedView;
      if (view.callback_id !== VIEW.formOpening) return { ...opened, view };
      const id = (opened.response.view as { id?: string } | undefined)?.id;
      const update = await app.nextCall('views.update', (candidate) => candidate.args.view_id === id, timeoutMs);
      return { ...update, view: update.args.view as PublishedView };
    },

    /** What the simulator was asked, oldest first (optionally for one operation). */
    upstreamCalls(operation?: OperationId): UpstreamCall[] {
      return simulator.stats().calls.filter((call) => operation === undefined || call.operation === operation);
    },

    /** Log lines at error level or above, and every "unhandled error in a Slack listener". */
    errorLogs(): LogLine[] {
      return logs.filter((line) => line.level >= 50 || line.msg === UNHANDLED_LISTENER_ERROR);
    },

    /** Gives asynchronous work a moment to (not) happen before asserting that nothing did. */
    settle: (ms = 150) => sleep(ms),

    /**
     * Stops everything; then fails when anything the app sent broke Slack's data_visualization page
     * (the fake refused it, as Slack would): the oracle is applied to every reply of every test.
     */
    async close(): Promise<void> {
      storeGuard.stop();
      await slack.stop().catch(() => undefined);
      await client.close().catch(() => undefined);
      await simulator.close();
      const chartProblems = fake.chartProblems();
      await fake.close();
      await store.close();
      if (chartProblems.length > 0)
        throw new Error(
          `the app sent charts Slack's data_visualization page refuses:\n  ${chartProblems.join('\n  ')}`,
        );
    },
  };
  return app;
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** What the app POSTs to a response_url. */
export interface SlackResponseBody {
  response_type?: 'ephemeral' | 'in_channel';
  replace_original?: boolean;
  delete_original?: boolean;
  text: string;
  blocks?: Array<Record<string, unknown>>;
}

/** A view as the app sent it in views.open / views.update / views.publish. */
export interface PublishedView {
  type: 'modal' | 'home';
  callback_id?: string;
  private_metadata?: string;
  title?: { text: string };
  blocks: Array<Record<string, unknown> & { type: string; block_id?: string }>;
}

// ---- reading messages ------------------------------------------------------------------------

type Block = Record<string, unknown>;

/** What a data_visualization block writes besides its values: its title, axis titles and series names. */
function chartTexts(node: Record<string, unknown>): string[] {
  const chart = (node.chart ?? {}) as {
    axis_config?: { x_label?: unknown; y_label?: unknown };
    series?: Array<{ name?: unknown }>;
  };
  return [
    node.title,
    chart.axis_config?.x_label,
    chart.axis_config?.y_label,
    ...(chart.series ?? []).map((one) => one.name),
  ].filter((text): text is string => typeof text === 'string');
}

function textsOf(value: unknown, into: string[]): string[] {
  if (Array.isArray(value)) {
    for (const item of value) textsOf(item, into);
  } else if (value && typeof value === 'object') {
    const node = value as Record<string, unknown>;
    if (node.type === 'data_visualization') into.push(...chartTexts(node));
    if (typeof node.text === 'string') into.push(node.text);
    for (const [key, child] of Object.entries(node))
      if (key !== 'text' || typeof child !== 'string') textsOf(child, into);
  }
  return into;
}

/** Every piece of visible text in a message or view, joined by newlines (fallback text first). */
/** What a chat.postMessage call the fake Slack recorded posted: its text and blocks. */
export function postedMessage(call: RecordedCall): { text?: string; blocks?: Array<Record<string, unknown>> } {
  return { text: call.args.text as string, blocks: call.args.blocks as Array<Record<string, unknown>> };
}

export function allText(message: { text?: string; blocks?: unknown[] }): string {
  return [message.text ?? '', ...textsOf(message.blocks ?? [], [])].join('\n');
}

/** The footer: the last context block, which says what the answer cost. */
export function footerText(message: { blocks?: Block[] }): string {
  const contexts = (message.blocks ?? []).filter((block) => block.type === 'context');
  const last = contexts.at(-1) as { elements?: Array<{ text?: string }> } | undefined;
  return (last?.elements ?? []).map((element) => element.text ?? '').join(' ');
}

export interface MessageButton {
  action_id: string;
  value?: string;
  text: { text: string };
}

/** Buttons of every actions block (and section accessories) in a message or view. */
export function buttonsOf(message: { blocks?: Block[] }): MessageButton[] {
  const buttons: MessageButton[] = [];
  for (const block of message.blocks ?? []) {
    if (block.type === 'actions')
      buttons.push(
        ...((block.elements as MessageButton[] | undefined) ?? []).filter(
          (element) => (element as unknown as Block).type === 'button',
        ),
      );
    const accessory = block.accessory as (MessageButton & { type?: string }) | undefined;
    if (accessory?.type === 'button') buttons.push(accessory);
  }
  return buttons;
}

export function buttonNamed(message: { blocks?: Block[] }, actionId: string): MessageButton | undefined {
  return buttonsOf(message).find((button) => button.action_id === actionId);
}

/** Lines that look like a stack trace or a raw error: never for a Slack user's eyes. */
export const STACK_TRACE = /^\s*at\s|\n\s*at\s|Error:|node:internal|\.ts:\d+/;
