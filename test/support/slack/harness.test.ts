import type { AddressInfo } from 'node:net';
import { App, type CodedError, HTTPReceiver, type Logger, LogLevel } from '@slack/bolt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  appHomeOpenedEvent,
  DEFAULT_WORKSPACE,
  type FakeSlack,
  globalShortcutPayload,
  messageBlockActionsPayload,
  sendEvent,
  sendInteraction,
  sendSlashCommand,
  sendUrlVerification,
  startFakeSlack,
  stateValue,
  viewBlockActionsPayload,
  viewSubmissionPayload,
} from './index.js';

/*
 * The harness against a real Bolt 5 App over real HTTP. What this taught us about Bolt 5.1 in HTTP mode:
 *
 * - Receiver: `new App({ signingSecret, token })` builds an HTTPReceiver (node:http, no Express)
 *   serving POST `/slack/events` (option `endpoints`). Pass `receiver: new HTTPReceiver({...})`
 *   for receiver-only options such as `unhandledRequestTimeoutMillis` or `customRoutes`.
 * - Ports: `app.start(portOrListenOptions)` forwards to `server.listen` and resolves with the
 *   http.Server, so `app.start({ port: 0, host: '127.0.0.1' })` + `server.address().port` gives
 *   an ephemeral port. `app.stop()` closes it (Node 20 also drops idle keep-alive sockets).
 * - Web API base: `clientOptions.slackApiUrl`; WebClient appends a missing trailing slash, so
 *   `${fake.url}/api` and `${fake.url}/api/` both work. The per-request `client` given to listeners
 *   is built from the same clientOptions (plus `teamId`, so calls carry `team_id`).
 * - auth.test: with a `token` and default `tokenVerificationEnabled`, the constructor fires
 *   `auth.test` at once, so the fake must already be listening when the App is constructed. With
 *   `deferInitialization: true` nothing is called until `await app.init()`, which awaits auth.test
 *   and throws if it fails; `app.start()` before `init()` throws AppInitializationError.
 * - Verification: signature is HMAC-SHA256 over `v0:<ts>:<raw body>`; a bad or missing signature
 *   or a timestamp more than 5 minutes old gives 401 with an empty body (future timestamps pass).
 *   The content type is compared with `===`: `application/x-www-form-urlencoded; charset=…` breaks.
 * - ack: with `processBeforeResponse: false` (default) the HTTP response is written when `ack()`
 *   is called and the listener goes on afterwards; with `true` the ack body is held until the
 *   listener returns, so Slack's 3 s deadline covers the whole listener. A request no listener acks
 *   is answered 404 after `unhandledRequestTimeoutMillis` (3001 ms by default).
 * - respond(): POSTs JSON to `response_url` with the global fetch and throws RespondError on a
 *   non-2xx answer; listener errors reach `app.error()` as CodedErrors after the HTTP ack was sent.
 * - url_verification is answered by the receiver itself (signature still checked), no listener needed.
 */

const SIGNING_SECRET = 'harness-signing-secret';
const BOT_TOKEN = 'xoxb-harness-token';

/** Collects Bolt's log lines instead of printing them: the rejections below are expected. */
function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const record =
    (level: string) =>
    (...msg: unknown[]) =>
      void lines.push(`${level} ${msg.map(String).join(' ')}`);
  return {
    lines,
    debug: () => undefined,
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
    setLevel: () => undefined,
    getLevel: () => LogLevel.INFO,
    setName: () => undefined,
  };
}

async function startApp(app: App): Promise<string> {
  const server = await app.start({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('harness against a Bolt 5 app', () => {
  let fake: FakeSlack;
  let app: App;
  let appUrl: string;
  const logger = recordingLogger();
  const appErrors: CodedError[] = [];

  beforeAll(async () => {
    fake = await startFakeSlack({ validTokens: [BOT_TOKEN] });
    app = new App({
      signingSecret: SIGNING_SECRET,
      token: BOT_TOKEN,
      logger,
      deferInitialization: true,
      clientOptions: { slackApiUrl: fake.apiUrl },
    });

    app.command('/dq', async ({ command, ack, respond, client }) => {
      await ack();
      await respond({ response_type: 'ephemeral', text: `echo: ${command.text}` });
      const { user } = await client.users.info({ user: command.user_id });
      await client.chat.postMessage({ channel: command.channel_id, text: `your tz is ${user?.tz}` });
    });
    app.command('/dq-inline', async ({ ack }) => {
      await ack({ response_type: 'ephemeral', text: 'inline answer' });
    });
    app.view('search_modal', async ({ ack, view, body, client }) => {
      const query = view.state.values.query_block?.query_input?.value;
      if (!query) {
        await ack({ response_action: 'errors', errors: { query_block: 'Type something' } });
        return;
      }
      await ack();
      await client.chat.postMessage({ channel: body.user.id, text: `searching ${query} for ${view.private_metadata}` });
    });
    app.action('share', async ({ ack, respond }) => {
      await ack();
      await respond({ replace_original: false, response_type: 'in_channel', text: 'shared' });
    });
    app.action('refine', async ({ ack, body, client }) => {
      await ack();
      if (body.type !== 'block_actions' || !body.view) return;
      const view = { type: 'modal' as const, title: { type: 'plain_text' as const, text: 'Refined' }, blocks: [] };
      await client.views.update({ view_id: body.view.id, hash: body.view.hash, view });
    });
    app.shortcut('search_shortcut', async ({ ack, shortcut, client }) => {
      await ack();
      const view = {
        type: 'modal' as const,
        callback_id: 'search_modal',
        title: { type: 'plain_text' as const, text: 'Search' },
        blocks: [],
      };
      await client.views.open({ trigger_id: shortcut.trigger_id, view });
    });
    app.event('app_home_opened', async ({ event, client }) => {
      await client.views.publish({ user_id: event.user, view: { type: 'home', blocks: [] } });
    });
    app.error(async (error) => {
      appErrors.push(error);
    });

    await app.init();
    appUrl = await startApp(app);
  });
  afterAll(async () => {
    await app.stop();
    await fake.close();
  });
  beforeEach(() => {
    appErrors.length = 0;
  });

  it('app.init() verified the token with auth.test at the fake', () => {
    expect(fake.calls('auth.test')).toEqual([
      expect.objectContaining({ token: BOT_TOKEN, response: expect.objectContaining({ ok: true }) }),
    ]);
  });

  it('a signed slash command is acked, responds via response_url and calls the Web API with the token', async () => {
    fake.setUser('U0TOKYO001', { tz: 'Asia/Tokyo' });
    const responseUrl = fake.responseUrl('dq-1');
    const result = await sendSlashCommand(appUrl, SIGNING_SECRET, {
      command: '/dq',
      text: 'hello world',
      userId: 'U0TOKYO001',
      responseUrl,
    });

    expect(result.status).toBe(200);
    expect(result.body).toBe('');
    expect(result.elapsedMs).toBeLessThan(3000);
    await expect(fake.waitForResponse('dq-1')).resolves.toMatchObject({
      body: { response_type: 'ephemeral', text: 'echo: hello world' },
    });
    const info = await fake.waitForCall('users.info', (call) => call.args.user === 'U0TOKYO001');
    expect(info.response).toMatchObject({
      user: { tz: 'Asia/Tokyo', tz_label: 'Japan Standard Time', tz_offset: 32400 },
    });
    const post = await fake.waitForCall('chat.postMessage', (call) => call.args.text === 'your tz is Asia/Tokyo');
    // Bolt's per-request client adds the team from the payload.
    expect(post).toMatchObject({
      token: BOT_TOKEN,
      args: { channel: 'C0GENERAL1', team_id: DEFAULT_WORKSPACE.teamId },
    });
  });

  it('users.info defaults to Asia/Shanghai for users nobody configured', async () => {
    await sendSlashCommand(appUrl, SIGNING_SECRET, {
      command: '/dq',
      text: '',
      userId: 'U0NOBODY01',
      responseUrl: fake.responseUrl(),
    });
    const post = await fake.waitForCall('chat.postMessage', (call) => call.args.text === 'your tz is Asia/Shanghai');
    expect(post.token).toBe(BOT_TOKEN);
  });

  it('an ack with a body comes back as the HTTP response', async () => {
    const result = await sendSlashCommand(appUrl, SIGNING_SECRET, {
      command: '/dq-inline',
      responseUrl: fake.responseUrl(),
    });
    expect(result).toMatchObject({ status: 200, json: { response_type: 'ephemeral', text: 'inline answer' } });
  });

  it.each([
    ['a bad signature', { signature: 'bad' as const }],
    ['no signature', { signature: 'missing' as const }],
    ['a stale timestamp', { stale: true }],
  ])('rejects %s with 401 and runs no listener', async (_name, options) => {
    const responseUrl = fake.responseUrl();
    const before = fake.calls('chat.postMessage').length;
    const result = await sendSlashCommand(
      appUrl,
      SIGNING_SECRET,
      { command: '/dq', text: 'forged', responseUrl },
      options,
    );
    expect(result).toMatchObject({ status: 401, body: '' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.calls('chat.postMessage')).toHaveLength(before);
    expect(logger.lines.at(-1)).toMatch(/Failed to verify authenticity/);
  });

  it('answers url_verification with the challenge', async () => {
    const result = await sendUrlVerification(appUrl, SIGNING_SECRET, 'challenge-123');
    expect(result).toMatchObject({ status: 200, json: { challenge: 'challenge-123' } });
  });

  it('a view submission can answer with errors, or ack and carry on', async () => {
    const empty = viewSubmissionPayload({
      callbackId: 'search_modal',
      values: { query_block: { query_input: stateValue.plainText(null) } },
    });
    expect(await sendInteraction(appUrl, SIGNING_SECRET, empty)).toMatchObject({
      status: 200,
      json: { response_action: 'errors' },
    });

    const filled = viewSubmissionPayload({
      callbackId: 'search_modal',
      userId: 'U0SUBMIT01',
      privateMetadata: 'C0GENERAL1',
      values: { query_block: { query_input: stateValue.plainText('acme') } },
    });
    expect(await sendInteraction(appUrl, SIGNING_SECRET, filled)).toMatchObject({ status: 200, body: '' });
    const post = await fake.waitForCall(
      'chat.postMessage',
      (call) => call.args.text === 'searching acme for C0GENERAL1',
    );
    expect(post.args.channel).toBe('U0SUBMIT01');
    expect(post.response.channel).toBe('D0SUBMIT01');
  });

  it('a button click in a message responds through its response_url', async () => {
    const responseUrl = fake.responseUrl('share-1');
    const payload = messageBlockActionsPayload({ actionId: 'share', value: 'x', responseUrl, messageText: 'results' });
    expect((await sendInteraction(appUrl, SIGNING_SECRET, payload)).status).toBe(200);
    await expect(fake.waitForResponse('share-1')).resolves.toMatchObject({
      body: { text: 'shared', replace_original: false },
    });
  });

  it('a button click in an ephemeral message works the same, without the message body', async () => {
    const responseUrl = fake.responseUrl('share-eph');
    const payload = messageBlockActionsPayload({ actionId: 'share', responseUrl, ephemeral: true });
    expect(payload).not.toHaveProperty('message');
    expect((await sendInteraction(appUrl, SIGNING_SECRET, payload)).status).toBe(200);
    await fake.waitForResponse('share-eph');
  });

  it('a global shortcut opens a modal whose id and hash a later click inside it can use', async () => {
    const shortcut = globalShortcutPayload({ callbackId: 'search_shortcut', triggerId: '123.456.abc' });
    expect((await sendInteraction(appUrl, SIGNING_SECRET, shortcut)).status).toBe(200);
    const opened = await fake.waitForCall('views.open', (call) => call.args.trigger_id === '123.456.abc');
    expect(opened.args.view).toMatchObject({ callback_id: 'search_modal' });
    const view = opened.response.view as { id: string; hash: string };

    const click = viewBlockActionsPayload({
      actionId: 'refine',
      view: { id: view.id, hash: view.hash, callbackId: 'search_modal' },
    });
    expect((await sendInteraction(appUrl, SIGNING_SECRET, click)).status).toBe(200);
    const updated = await fake.waitForCall('views.update', (call) => call.args.view_id === view.id);
    expect(updated.response.ok).toBe(true);
  });

  it('an Events API delivery is acked at once and its listener reaches the fake', async () => {
    const result = await sendEvent(appUrl, SIGNING_SECRET, appHomeOpenedEvent({ userId: 'U0HOME0001' }));
    expect(result.status).toBe(200);
    await fake.waitForCall('views.publish', (call) => call.args.user_id === 'U0HOME0001');
  });

  it('scripted Slack failures reach app.error() as Web API platform errors', async () => {
    fake.failNext('chat.postMessage', 'not_in_channel');
    fake.setChannelError('C0ARCHIVED', 'is_archived');
    await sendSlashCommand(appUrl, SIGNING_SECRET, { command: '/dq', responseUrl: fake.responseUrl() });
    await sendSlashCommand(appUrl, SIGNING_SECRET, {
      command: '/dq',
      channelId: 'C0ARCHIVED',
      responseUrl: fake.responseUrl(),
    });
    await expect.poll(() => appErrors.length).toBe(2);
    expect(appErrors.map((e) => [e.code, (e as CodedError & { data?: { error?: string } }).data?.error])).toEqual([
      ['slack_webapi_platform_error', 'not_in_channel'],
      ['slack_webapi_platform_error', 'is_archived'],
    ]);
    fake.setChannelError('C0ARCHIVED', undefined);
  });

  it('an expired response_url makes respond() throw', async () => {
    fake.failNextResponse('gone');
    await sendSlashCommand(appUrl, SIGNING_SECRET, { command: '/dq', responseUrl: fake.responseUrl('gone') });
    await expect.poll(() => appErrors.length).toBe(1);
    expect(appErrors[0]?.message).toMatch(/Failed to respond to the response_url: 404/);
  });
});

describe('Bolt 5 ack timing (processBeforeResponse, custom HTTPReceiver)', () => {
  let fake: FakeSlack;
  const apps: App[] = [];

  beforeAll(async () => {
    fake = await startFakeSlack();
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop()));
    await fake.close();
  });

  async function appWith(processBeforeResponse: boolean): Promise<string> {
    const receiver = new HTTPReceiver({
      signingSecret: SIGNING_SECRET,
      processBeforeResponse,
      unhandledRequestTimeoutMillis: 200,
      logger: recordingLogger(),
    });
    const app = new App({
      receiver,
      token: BOT_TOKEN,
      logger: recordingLogger(),
      clientOptions: { slackApiUrl: fake.apiUrl },
    });
    app.command('/slow', async ({ ack }) => {
      await ack({ text: 'acked' });
      await new Promise((resolve) => setTimeout(resolve, 400));
    });
    apps.push(app);
    return startApp(app);
  }

  it('without processBeforeResponse the response leaves at ack()', async () => {
    const appUrl = await appWith(false);
    const result = await sendSlashCommand(appUrl, SIGNING_SECRET, {
      command: '/slow',
      responseUrl: fake.responseUrl(),
    });
    expect(result).toMatchObject({ status: 200, json: { text: 'acked' } });
    expect(result.elapsedMs).toBeLessThan(350);
  });

  it('with processBeforeResponse the response waits for the listener to finish', async () => {
    const appUrl = await appWith(true);
    const result = await sendSlashCommand(appUrl, SIGNING_SECRET, {
      command: '/slow',
      responseUrl: fake.responseUrl(),
    });
    expect(result).toMatchObject({ status: 200, json: { text: 'acked' } });
    expect(result.elapsedMs).toBeGreaterThanOrEqual(390);
  });

  it('a request no listener acks is answered 404 after unhandledRequestTimeoutMillis', async () => {
    const appUrl = await appWith(false);
    const result = await sendSlashCommand(appUrl, SIGNING_SECRET, {
      command: '/nobody-listens',
      responseUrl: fake.responseUrl(),
    });
    expect(result.status).toBe(404);
    expect(result.elapsedMs).toBeGreaterThanOrEqual(190);
  });

  it('app.start() before init() throws when initialization is deferred', () => {
    const app = new App({
      signingSecret: SIGNING_SECRET,
      token: BOT_TOKEN,
      deferInitialization: true,
      logger: recordingLogger(),
      clientOptions: { slackApiUrl: fake.apiUrl },
    });
    expect(() => app.start(0)).toThrow(/not yet initialized/);
  });
});
