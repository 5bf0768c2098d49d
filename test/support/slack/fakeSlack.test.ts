import { ErrorCode, LogLevel, type WebAPIPlatformError, type WebAPIRateLimitedError, WebClient } from '@slack/web-api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_USER_ID, DEFAULT_WORKSPACE, type FakeSlack, startFakeSlack } from './index.js';

// The fake on its own, driven by the same WebClient the app uses, so its answers are checked
// against what @slack/web-api actually parses (not against what we think Slack sends).

const TOKEN = 'xoxb-fake-token';

describe('fake Slack Web API', () => {
  let fake: FakeSlack;
  let client: WebClient;

  beforeAll(async () => {
    fake = await startFakeSlack({ validTokens: [TOKEN] });
    // A retry policy without waits: a scripted 429 would otherwise cost seconds of backoff.
    client = new WebClient(TOKEN, {
      slackApiUrl: fake.apiUrl,
      logLevel: LogLevel.ERROR,
      retryConfig: { retries: 1, minTimeout: 0, maxTimeout: 0 },
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('answers auth.test with the workspace identity and records the bearer token', async () => {
    const result = await client.auth.test();
    expect(result).toMatchObject({
      ok: true,
      team_id: DEFAULT_WORKSPACE.teamId,
      user_id: DEFAULT_WORKSPACE.botUserId,
      bot_id: DEFAULT_WORKSPACE.botId,
    });
    expect(fake.calls('auth.test')).toEqual([
      expect.objectContaining({ method: 'auth.test', token: TOKEN, status: 200 }),
    ]);
  });

  describe('the agent experience’s methods, as their pages say', () => {
    const refused = async (call: Promise<unknown>) => {
      try {
        await call;
        return undefined;
      } catch (error) {
        return (error as WebAPIPlatformError).data?.error;
      }
    };

    it('assistant.threads.setStatus: a status under a thread until the app replies there or clears it; a thread it cannot name is refused', async () => {
      // https://docs.slack.dev/reference/methods/assistant.threads.setStatus
      await client.assistant.threads.setStatus({
        channel_id: 'D1',
        thread_ts: '1700000000.000100',
        status: 'is looking…',
      });
      expect(fake.status('D1', '1700000000.000100')).toBe('is looking…');
      await client.chat.postMessage({ channel: 'D1', thread_ts: '1700000000.000100', text: 'answer' });
      expect(fake.status('D1', '1700000000.000100')).toBeUndefined();
      await client.assistant.threads.setStatus({ channel_id: 'D1', thread_ts: '1700000000.000100', status: 'again' });
      await client.assistant.threads.setStatus({ channel_id: 'D1', thread_ts: '1700000000.000100', status: '' });
      expect(fake.status('D1', '1700000000.000100')).toBeUndefined();
      expect(fake.statusHistory('D1', '1700000000.000100')).toEqual(['is looking…', 'again', '']);
      expect(
        await refused(client.assistant.threads.setStatus({ channel_id: 'D1', thread_ts: 'nope', status: 'x' })),
      ).toBe('invalid_thread_ts');
      const tooMany = Array.from({ length: 11 }, (_, index) => `step ${index}`);
      expect(
        await refused(
          client.assistant.threads.setStatus({
            channel_id: 'D1',
            thread_ts: '1700000000.000100',
            status: 'x',
            loading_messages: tooMany,
          }),
        ),
      ).toBe('invalid_arguments');
    });

    it('assistant.threads.setSuggestedPrompts: up to four, each a title and a message; with thread_ts it "silently fails" for an agent app', async () => {
      // https://docs.slack.dev/reference/methods/assistant.threads.setSuggestedPrompts
      const prompt = { title: 'Fund size', message: '000001 fund size' };
      await client.assistant.threads.setSuggestedPrompts({ channel_id: 'D1', title: 'Try', prompts: [prompt] });
      expect(fake.suggestedPrompts('D1')).toEqual({ title: 'Try', prompts: [prompt] });
      await expect(
        client.assistant.threads.setSuggestedPrompts({
          channel_id: 'D2',
          thread_ts: '1700000000.000100',
          prompts: [prompt],
        }),
      ).resolves.toMatchObject({ ok: true });
      expect(fake.suggestedPrompts('D2')).toBeUndefined();
      expect(
        await refused(
          client.assistant.threads.setSuggestedPrompts({ channel_id: 'D3', prompts: Array(5).fill(prompt) }),
        ),
      ).toBe('invalid_arguments');
    });
  });

  it('works with slackApiUrl without the trailing slash (WebClient appends it)', async () => {
    const noSlash = new WebClient(TOKEN, { slackApiUrl: `${fake.url}/api` });
    await expect(noSlash.auth.test()).resolves.toMatchObject({ ok: true });
  });

  it('decodes JSON-valued form fields and answers chat.postMessage like Slack', async () => {
    const blocks = [{ type: 'section', text: { type: 'mrkdwn', text: '*hi*' } }];
    const result = await client.chat.postMessage({ channel: 'C0GENERAL1', text: 'hi', blocks });
    expect(result).toMatchObject({
      ok: true,
      channel: 'C0GENERAL1',
      message: { text: 'hi', bot_id: DEFAULT_WORKSPACE.botId, blocks },
    });
    expect(result.ts).toMatch(/^\d{10}\.\d{6}$/);
    const [call] = fake.calls('chat.postMessage');
    expect(call?.args).toMatchObject({ channel: 'C0GENERAL1', text: 'hi', blocks });
    expect(call?.args).not.toHaveProperty('token');
    expect(call?.response).toMatchObject({ ts: result.ts });
  });

  it('posts to a user id land in a D… channel, the one conversations.open also returns', async () => {
    const posted = await client.chat.postMessage({ channel: 'U0SOMEONE1', text: 'psst' });
    const opened = await client.conversations.open({ users: 'U0SOMEONE1' });
    expect(posted.channel).toBe('D0SOMEONE1');
    expect(opened.channel?.id).toBe('D0SOMEONE1');
  });

  it('accepts the token as a JSON body field, and refuses missing or unknown tokens', async () => {
    const post = (body: object, headers: Record<string, string> = {}) =>
      fetch(`${fake.apiUrl}auth.test`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    expect(await post({ token: TOKEN })).toMatchObject({ ok: true });
    expect(await post({})).toEqual({ ok: false, error: 'not_authed' });
    expect(await post({}, { authorization: 'Bearer xoxb-other' })).toEqual({ ok: false, error: 'invalid_auth' });
    expect(fake.calls('auth.test').map((call) => call.token)).toEqual([TOKEN, undefined, 'xoxb-other']);
  });

  it('fails the next call of a method as scripted, then recovers', async () => {
    fake.failNext('chat.postMessage', 'not_in_channel');
    const error = (await client.chat
      .postMessage({ channel: 'C1', text: 'x' })
      .catch((e: unknown) => e)) as WebAPIPlatformError;
    expect(error.code).toBe(ErrorCode.PlatformError);
    expect(error.data.error).toBe('not_in_channel');
    await expect(client.chat.postMessage({ channel: 'C1', text: 'x' })).resolves.toMatchObject({ ok: true });
    expect(fake.calls('chat.postMessage').map((call) => call.response.ok)).toEqual([false, true]);
  });

  it('keeps failing for `times` calls', async () => {
    fake.failNext('users.info', 'user_not_found', { times: 2 });
    const outcomes = [];
    for (let i = 0; i < 3; i += 1)
      outcomes.push(
        await client.users.info({ user: 'U1' }).then(
          () => 'ok',
          (e: WebAPIPlatformError) => e.data.error,
        ),
      );
    expect(outcomes).toEqual(['user_not_found', 'user_not_found', 'ok']);
  });

  it('rate limits with HTTP 429 and Retry-After', async () => {
    fake.rateLimitNext('chat.update', 7);
    const strict = new WebClient(TOKEN, { slackApiUrl: fake.apiUrl, rejectRateLimitedCalls: true });
    const error = (await strict.chat
      .update({ channel: 'C1', ts: '1.000001', text: 'x' })
      .catch((e: unknown) => e)) as WebAPIRateLimitedError;
    expect(error.code).toBe(ErrorCode.RateLimitedError);
    expect(error.retryAfter).toBe(7);
    expect(fake.calls('chat.update')[0]).toMatchObject({ status: 429, response: { ok: false, error: 'ratelimited' } });
  });

  it('lets WebClient retry a rate-limited call by itself after Retry-After', async () => {
    fake.failNext('chat.postMessage', 'ratelimited', { retryAfterSeconds: 0 });
    await expect(client.chat.postMessage({ channel: 'C1', text: 'x' })).resolves.toMatchObject({ ok: true });
    expect(fake.calls('chat.postMessage').map((call) => call.status)).toEqual([429, 200]);
  });

  it('fails calls naming an erroring channel, and reports the state in conversations.info', async () => {
    fake.setChannelError('C0ARCHIVED', 'is_archived');
    fake.setChannelError('C0NOTJOINED', 'not_in_channel');
    await expect(client.chat.postMessage({ channel: 'C0ARCHIVED', text: 'x' })).rejects.toMatchObject({
      data: { error: 'is_archived' },
    });
    await expect(client.chat.postMessage({ channel: 'C0OTHER', text: 'x' })).resolves.toMatchObject({ ok: true });
    expect((await client.conversations.info({ channel: 'C0ARCHIVED' })).channel).toMatchObject({
      is_archived: true,
      is_member: true,
    });
    expect((await client.conversations.info({ channel: 'C0NOTJOINED' })).channel).toMatchObject({
      is_archived: false,
      is_member: false,
    });
    fake.setChannelError('C0ARCHIVED', undefined);
    await expect(client.chat.postMessage({ channel: 'C0ARCHIVED', text: 'x' })).resolves.toMatchObject({ ok: true });
  });

  it('answers users.info with Asia/Shanghai by default and per-user overrides', async () => {
    expect((await client.users.info({ user: 'U1' })).user).toMatchObject({
      id: 'U1',
      tz: 'Asia/Shanghai',
      tz_label: 'China Standard Time',
      tz_offset: 28800,
    });
    fake.setUser('U2', { tz: 'Asia/Kolkata', real_name: 'Asha' });
    expect((await client.users.info({ user: 'U2' })).user).toMatchObject({
      tz: 'Asia/Kolkata',
      tz_label: 'India Standard Time',
      tz_offset: 19800,
      real_name: 'Asha',
    });
    expect((await client.users.info({ user: 'U2', include_locale: true })).user?.locale).toBe('en-US');
  });

  it("says who administers the workspace as Slack's user object does: the installer owns it, others are members", async () => {
    const roles = (
      user:
        | Partial<
            Record<'is_admin' | 'is_owner' | 'is_primary_owner' | 'is_restricted' | 'is_ultra_restricted', boolean>
          >
        | undefined,
    ) => ({
      is_admin: user?.is_admin,
      is_owner: user?.is_owner,
      is_primary_owner: user?.is_primary_owner,
      is_restricted: user?.is_restricted,
      is_ultra_restricted: user?.is_ultra_restricted,
    });
    const member = { is_admin: false, is_owner: false, is_primary_owner: false };
    expect(roles((await client.users.info({ user: 'U1' })).user)).toEqual({
      ...member,
      is_restricted: false,
      is_ultra_restricted: false,
    });
    expect(roles((await client.users.info({ user: DEFAULT_USER_ID })).user)).toMatchObject({
      is_admin: true,
      is_owner: true,
      is_primary_owner: true,
    });
    fake.setUser('U3', { is_admin: true });
    expect(roles((await client.users.info({ user: 'U3' })).user)).toMatchObject({ ...member, is_admin: true });
  });

  it('gives views ids and hashes, and refuses an update with a stale hash', async () => {
    const opened = await client.views.open({
      trigger_id: '1.2.abc',
      view: { type: 'modal', callback_id: 'm', title: { type: 'plain_text', text: 'T' }, blocks: [] },
    });
    const view = opened.view!;
    expect(view).toMatchObject({ callback_id: 'm', type: 'modal', state: { values: {} } });
    expect(view.id).toMatch(/^V/);
    const newView = { type: 'modal' as const, title: { type: 'plain_text' as const, text: 'T2' }, blocks: [] };
    const updated = await client.views.update({ view_id: view.id!, hash: view.hash!, view: newView });
    const stale = client.views.update({ view_id: view.id!, hash: view.hash!, view: newView });
    await expect(stale).rejects.toMatchObject({ data: { error: 'hash_conflict' } });
    expect(updated.view?.hash).not.toBe(view.hash);
    await expect(client.views.open({ trigger_id: '', view: newView })).rejects.toMatchObject({
      data: { error: 'invalid_arguments' },
    });
  });

  it('publishes one Home view per user', async () => {
    const first = await client.views.publish({ user_id: 'U1', view: { type: 'home', blocks: [] } });
    const second = await client.views.publish({ user_id: 'U1', view: { type: 'home', blocks: [] } });
    expect(first.view?.id).toBe(second.view?.id);
  });

  it('answers the rest of the modelled methods', async () => {
    expect(await client.chat.postEphemeral({ channel: 'C1', user: 'U1', text: 'x' })).toMatchObject({
      ok: true,
      message_ts: expect.any(String),
    });
    expect(await client.chat.delete({ channel: 'C1', ts: '1700000000.000100' })).toMatchObject({
      ok: true,
      ts: '1700000000.000100',
    });
    const { permalink } = await client.chat.getPermalink({ channel: 'C1', message_ts: '1700000000.000100' });
    expect(permalink).toBe('https://fake-team.slack.com/archives/C1/p1700000000000100');
    expect(await client.apiCall('reactions.add', { channel: 'C1', name: 'eyes', timestamp: '1.2' })).toMatchObject({
      ok: true,
    });
    expect(fake.calls('reactions.add')).toHaveLength(1);
  });

  it('ends a workflow step like Slack: with its own token, once, with outputs of the declared types', async () => {
    const outputs = [
      { name: 'count', type: 'number', is_required: true },
      { name: 'when', type: 'slack#/types/date', is_required: false },
    ];
    const execution = fake.startFunctionExecution('dq_step', outputs);
    const asWorkflow = new WebClient(execution.token, {
      slackApiUrl: fake.apiUrl,
      logLevel: LogLevel.ERROR,
      retryConfig: { retries: 0 },
    });
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => 'ok',
        (error: WebAPIPlatformError) => error.data.error,
      );

    expect(
      await failure(asWorkflow.functions.completeSuccess({ function_execution_id: 'Fx0UNKNOWN', outputs: {} })),
    ).toBe('function_execution_not_found');
    expect(
      await failure(
        asWorkflow.functions.completeSuccess({ function_execution_id: execution.id, outputs: { count: '3' } }),
      ),
    ).toBe('parameter_validation_failed');
    expect(
      await failure(
        asWorkflow.functions.completeSuccess({
          function_execution_id: execution.id,
          outputs: { count: 3, extra: 'x' },
        }),
      ),
    ).toBe('parameter_validation_failed');
    const other = fake.startFunctionExecution('dq_step');
    expect(await failure(asWorkflow.functions.completeError({ function_execution_id: other.id, error: 'no' }))).toBe(
      'access_denied',
    );

    await expect(
      asWorkflow.functions.completeSuccess({
        function_execution_id: execution.id,
        outputs: { count: 3, when: '2026-11-22' },
      }),
    ).resolves.toMatchObject({ ok: true });
    expect(fake.functionExecution(execution.id)).toMatchObject({
      state: 'completed',
      outputs: { count: 3, when: '2026-11-22' },
    });
    expect(fake.calls('functions.completeSuccess').at(-1)).toMatchObject({
      token: execution.token,
      args: { outputs: { count: 3, when: '2026-11-22' } },
    });
    expect(
      await failure(asWorkflow.functions.completeError({ function_execution_id: execution.id, error: 'late' })),
    ).toBe('execution_not_in_running_state');

    await expect(
      client.functions.completeError({ function_execution_id: other.id, error: 'It broke.' }),
    ).resolves.toMatchObject({ ok: true });
    expect(fake.functionExecution(other.id)).toMatchObject({ state: 'failed', error: 'It broke.' });
    fake.reset();
    expect(fake.functionExecution(other.id)).toBeUndefined();
    expect(await failure(asWorkflow.auth.test())).toBe('invalid_auth');
  });
});

describe('fake Slack waiting and response_url', () => {
  let fake: FakeSlack;
  let client: WebClient;

  beforeAll(async () => {
    fake = await startFakeSlack();
    client = new WebClient('xoxb-any', { slackApiUrl: fake.apiUrl });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('waitForCall resolves on a later call, and on one that already happened', async () => {
    const waiting = fake.waitForCall('chat.postMessage', (call) => call.args.text === 'second');
    await client.chat.postMessage({ channel: 'C1', text: 'first' });
    await client.chat.postMessage({ channel: 'C1', text: 'second' });
    await expect(waiting).resolves.toMatchObject({ args: { text: 'second' } });
    await expect(fake.waitForCall('chat.postMessage', undefined, 10)).resolves.toMatchObject({
      args: { text: 'first' },
    });
  });

  it('waitForCall times out listing what did arrive', async () => {
    await client.auth.test();
    await expect(fake.waitForCall('views.open', undefined, 50)).rejects.toThrow(
      /no matching views\.open call.*\n\s+auth\.test\(\{\}\) → ok/,
    );
  });

  it('a timeout points at requests that missed /api/ (wrong slackApiUrl)', async () => {
    const misconfigured = new WebClient('xoxb-any', {
      slackApiUrl: fake.url,
      logLevel: LogLevel.ERROR,
      retryConfig: { retries: 0 },
    });
    await expect(misconfigured.auth.test()).rejects.toMatchObject({ code: ErrorCode.HTTPError });
    await expect(fake.waitForCall('auth.test', undefined, 20)).rejects.toThrow('POST /auth.test');
  });

  it('records JSON posted to a response_url', async () => {
    const url = fake.responseUrl('cmd-1');
    expect(url).toBe(`${fake.url}/response/cmd-1`);
    const waiting = fake.waitForResponse('cmd-1', (r) => (r.body as { text?: string }).text === 'done');
    const post = (text: string) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }) });
    expect(await (await post('working')).json()).toEqual({ ok: true });
    await post('done');
    await expect(waiting).resolves.toMatchObject({ id: 'cmd-1', body: { text: 'done' } });
    expect(fake.responses('cmd-1').map((r) => r.body)).toEqual([{ text: 'working' }, { text: 'done' }]);
    expect(fake.responseUrl()).not.toBe(fake.responseUrl());
  });

  it('waitForResponse times out listing what did arrive', async () => {
    await fetch(fake.responseUrl('other'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"text":"elsewhere"}',
    });
    await expect(fake.waitForResponse('mine', undefined, 30)).rejects.toThrow(
      /"mine".*\n\s+other: \{"text":"elsewhere"\}/,
    );
  });

  it('can make a response_url fail like an expired one', async () => {
    fake.failNextResponse('old');
    const response = await fetch(fake.responseUrl('old'), { method: 'POST', body: '{}' });
    expect([response.status, await response.text()]).toEqual([404, 'expired_url']);
    expect(fake.responses('old')).toHaveLength(1);
  });

  it('reset forgets calls, responses, users and scripted failures', async () => {
    fake.failNext('auth.test', 'invalid_auth');
    fake.setUser('U1', { tz: 'Europe/London' });
    await fetch(fake.responseUrl('x'), { method: 'POST', body: '{}' });
    fake.reset();
    await expect(client.auth.test()).resolves.toMatchObject({ ok: true });
    expect((await client.users.info({ user: 'U1' })).user?.tz).toBe('Asia/Shanghai');
    expect(fake.responses()).toEqual([]);
    expect(fake.calls().map((call) => call.method)).toEqual(['auth.test', 'users.info']);
  });

  it('close rejects tests still waiting', async () => {
    const other = await startFakeSlack();
    const waiting = other.waitForCall('chat.postMessage');
    await other.close();
    await expect(waiting).rejects.toThrow(/closed/);
  });
});
