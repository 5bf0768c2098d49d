import type { Context } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { english } from '../../../src/i18n/lang.js';
import { UserProfiles } from '../../../src/slack/calls/userProfiles.js';
import type { SlackDeps } from '../../../src/slack/deps.js';
import { allowlists } from '../../../src/slack/middleware/allowlists.js';
import { whoIsAsking } from '../../../src/slack/middleware/whoIsAsking.js';
import { encodeModalOrigin } from '../../../src/slack/payloads/modalOrigin.js';
import { requesterOf } from '../../../src/slack/requester/requester.js';
import type { Allowlist } from '../../../src/slack/slackConfig.js';
import { ManualClock, PINNED_AT } from '../../support/clocks.js';
import { type FakeSlack, startFakeSlack } from '../../support/slack/fakeSlack.js';

/** The Web API as the middleware uses it; each call is recorded. */
function fakeClient(zone = 'Europe/Paris') {
  const calls: Array<{ method: string; args: Record<string, unknown> }> = [];
  const record = (method: string, answer: unknown) => async (args: Record<string, unknown>) => {
    calls.push({ method, args });
    return answer;
  };
  const client = {
    users: { info: record('users.info', { ok: true, user: { tz: zone } }) },
    chat: {
      postMessage: record('chat.postMessage', { ok: true }),
      postEphemeral: record('chat.postEphemeral', { ok: true }),
    },
    conversations: { open: record('conversations.open', { ok: true, channel: { id: 'D1' } }) },
  } as unknown as WebClient;
  return { client, calls };
}

function depsWith(allowlist: Allowlist): SlackDeps {
  return {
    config: { allowlist },
    profiles: new UserProfiles('Asia/Shanghai', new ManualClock(PINNED_AT)),
    settings: { locale: async () => undefined },
    logger: pino({ level: 'silent' }),
    redact: (text: string) => text,
  } as unknown as SlackDeps;
}

/** Runs whoIsAsking then the allowlists on one request as Bolt would; says whether the listener would have run. */
async function run(deps: SlackDeps, body: Record<string, unknown>, client: WebClient) {
  const context = {} as Context;
  const acks: unknown[] = [];
  let listenerRan = false;
  const args = (next: () => Promise<void>) =>
    ({
      body,
      context,
      client,
      logger: undefined,
      next,
      ack: async (response?: unknown) => void acks.push(response),
    }) as never;
  await whoIsAsking(deps)(
    args(() =>
      allowlists(deps)(
        args(async () => {
          listenerRan = true;
        }),
      ),
    ),
  );
  return { context, acks, listenerRan };
}

const ONLY_T1 = { teams: new Set(['T1']) };

describe('whoIsAsking', () => {
  let slack: FakeSlack;
  beforeAll(async () => {
    slack = await startFakeSlack();
  });
  afterAll(async () => {
    await slack.close();
  });

  it('tells the listener who asks and from where, and fetches the time zone only when asked, once', async () => {
    const { client, calls } = fakeClient();
    const { context, listenerRan, acks } = await run(
      depsWith({}),
      { command: '/dq', team_id: 'T1', user_id: 'U1', channel_id: 'C1', text: 'help' },
      client,
    );
    expect(listenerRan).toBe(true);
    expect(acks).toEqual([]);
    const requester = requesterOf(context);
    expect({ teamId: requester.teamId, userId: requester.userId, channelId: requester.channelId }).toEqual({
      teamId: 'T1',
      userId: 'U1',
      channelId: 'C1',
    });
    expect(calls).toEqual([]);
    expect(await requester.profile()).toEqual({ timeZone: 'Europe/Paris', lang: english });
    await requester.profile();
    expect(calls.filter((call) => call.method === 'users.info')).toHaveLength(1);
  });

  it('reads a search form’s channel from where the form was opened', async () => {
    const { client } = fakeClient();
    const body = {
      type: 'view_submission',
      team: { id: 'T1' },
      user: { id: 'U1' },
      view: { private_metadata: encodeModalOrigin({ channelId: 'C9' }), blocks: [] },
    };
    const { context } = await run(depsWith({}), body, client);
    expect(requesterOf(context).channelId).toBe('C9');
  });

  it('refuses a slash command from another workspace in the conversation, acked, without running the listener', async () => {
    const { client } = fakeClient();
    const url = slack.responseUrl('refused-command');
    const { acks, listenerRan } = await run(
      depsWith(ONLY_T1),
      { command: '/taxpayer', team_id: 'T2', user_id: 'U1', channel_id: 'C1', text: '杭州', response_url: url },
      client,
    );
    expect(listenerRan).toBe(false);
    expect(acks).toHaveLength(1);
    const reply = await slack.waitForResponse('refused-command');
    expect(JSON.stringify(reply.body)).toContain('ALLOWED_TEAM_IDS');
  });

  it('puts the refusal on a submitted form’s first field', async () => {
    const { client, calls } = fakeClient();
    const body = {
      type: 'view_submission',
      team: { id: 'T1' },
      user: { id: 'U1' },
      view: {
        private_metadata: encodeModalOrigin({ channelId: 'C2' }),
        blocks: [{ type: 'section' }, { type: 'input', block_id: 'dq:taxpayer:keyword' }],
      },
    };
    const { acks, listenerRan } = await run(depsWith({ channels: new Set(['C1']) }), body, client);
    expect(listenerRan).toBe(false);
    expect(acks).toEqual([
      { response_action: 'errors', errors: { 'dq:taxpayer:keyword': expect.stringContaining('ALLOWED_CHANNEL_IDS') } },
    ]);
    // Only the refused user's language was looked up; nothing was posted.
    expect(calls.map((call) => call.method)).toEqual(['users.info']);
  });

  it('tells a refused user by direct message when the click came from no conversation (App Home, shortcut)', async () => {
    const { client, calls } = fakeClient();
    const { acks, listenerRan } = await run(
      depsWith({ users: new Set(['U7']) }),
      { type: 'shortcut', team: { id: 'T1' }, user: { id: 'U1' }, trigger_id: 't' },
      client,
    );
    expect(listenerRan).toBe(false);
    expect(acks).toHaveLength(1);
    expect(calls.filter((call) => call.method !== 'users.info')).toEqual([
      { method: 'chat.postMessage', args: { channel: 'U1', text: expect.stringContaining('ALLOWED_USER_IDS') } },
    ]);
  });

  it('lets a digest form check the channel it names against the channel list', async () => {
    const { client } = fakeClient();
    const { context, listenerRan } = await run(
      depsWith({ channels: new Set(['C1']) }),
      {
        type: 'view_submission',
        team: { id: 'T1' },
        user: { id: 'U1' },
        view: { callback_id: 'dq_digest_add_form', blocks: [] },
      },
      client,
    );
    expect(listenerRan).toBe(true);
    expect(await requesterOf(context).refusalIn('C1')).toBeUndefined();
    expect(english.t((await requesterOf(context).refusalIn('C2'))!)).toContain('ALLOWED_CHANNEL_IDS');
  });

  it('leaves events that name nobody alone (no requester, no refusal); the App Home is checked (issue 21.5)', async () => {
    const { client, calls } = fakeClient();
    const home = await run(
      depsWith(ONLY_T1),
      { type: 'event_callback', team_id: 'T2', event: { type: 'app_home_opened', user: 'U1' } },
      client,
    );
    expect(home.listenerRan).toBe(false);
    calls.length = 0;
    const { context, listenerRan } = await run(
      depsWith(ONLY_T1),
      { type: 'event_callback', team_id: 'T2', event: { type: 'app_uninstalled' } },
      client,
    );
    expect(listenerRan).toBe(true);
    expect(() => requesterOf(context)).toThrow();
    expect(calls).toEqual([]);
  });
});
