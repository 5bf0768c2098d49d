import { describe, expect, it } from 'vitest';
import { english } from '../../../src/i18n/lang.js';
import { encodeModalOrigin } from '../../../src/slack/payloads/modalOrigin.js';
import { requesterOf } from '../../../src/slack/requester/requester.js';
import { depsWith, fakeClient, run } from './middlewareRig.js';

describe('whoIsAsking', () => {
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
});
