import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { english } from '../../../src/i18n/lang.js';
import { encodeModalOrigin } from '../../../src/slack/payloads/modalOrigin.js';
import { requesterOf } from '../../../src/slack/requester/requester.js';
import { type FakeSlack, startFakeSlack } from '../../support/slack/fakeSlack.js';
import { depsWith, fakeClient, ONLY_T1, run } from './middlewareRig.js';

describe('allowlists (after whoIsAsking)', () => {
  let slack: FakeSlack;
  beforeAll(async () => {
    slack = await startFakeSlack();
  });
  afterAll(async () => {
    await slack.close();
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
