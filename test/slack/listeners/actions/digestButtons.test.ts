import { afterEach, describe, expect, it } from 'vitest';
import { digestAddButton } from '../../../../src/slack/listeners/actions/digestAddButton.js';
import { digestRemoveButton } from '../../../../src/slack/listeners/actions/digestRemoveButton.js';
import { digestRunButton } from '../../../../src/slack/listeners/actions/digestRunButton.js';
import { VIEW } from '../../../../src/slack/payloads/ids.js';
import { fakeAck, fakeClient, listenerDeps, recorder, requesterContext } from '../../listenerArgs.js';

/** The App Home's digest buttons (digestAdd.ts, digestRemove.ts, digestRun.ts), each run alone. */
describe('App Home digest buttons', () => {
  let rig: ReturnType<typeof listenerDeps> | undefined;
  afterEach(async () => {
    await rig?.close();
    rig = undefined;
  });

  function click(userId: string, value = '', slackAdmin = false) {
    const record = recorder();
    const args = {
      ack: fakeAck(record),
      body: { user: { id: userId }, trigger_id: 'trigger-1' },
      action: { action_id: 'x', value },
      client: fakeClient(record),
      context: requesterContext({ userId, slackAdmin, ...(rig ? { deps: rig.deps } : {}) }),
    } as never;
    return { record, args };
  }

  async function addDigest(createdBy: string) {
    return rig!.deps.digests.add({ teamId: 'T1', channelId: 'C1', createdBy, cadence: 'daily', time: '08:30' });
  }

  it('Add a digest: acks, then opens the form with the click’s trigger', async () => {
    rig = listenerDeps();
    const { record, args } = click('U1', '', true);
    await digestAddButton(rig.deps)(args);
    expect(record.events.map((event) => (event.kind === 'ack' ? 'ack' : event.method))).toEqual(['ack', 'views.open']);
    expect(record.calls('views.open')[0]).toMatchObject({
      trigger_id: 'trigger-1',
      view: { callback_id: VIEW.digestAdd },
    });
  });

  it.each([
    ['a member, without ADMIN_USER_IDS', {}, false],
    ['an admin in Slack whom ADMIN_USER_IDS does not name', { ADMIN_USER_IDS: 'U9' }, true],
  ])(
    'Add a digest: someone who is not an admin (%s) is told who may add one, and gets no form',
    async (_name, env, slackAdmin) => {
      rig = listenerDeps(env);
      const { record, args } = click('U1', '', slackAdmin);
      await digestAddButton(rig.deps)(args);
      expect(record.acks()).toEqual([null]);
      const [opened] = record.calls('views.open');
      expect(opened).toMatchObject({ trigger_id: 'trigger-1' });
      expect(JSON.stringify(opened!.view)).toContain("Only the app's admins");
      expect(JSON.stringify(opened!.view)).not.toContain(VIEW.digestAdd);
    },
  );

  it('Add a digest: a form Slack would not open is logged, not thrown', async () => {
    rig = listenerDeps();
    const record = recorder();
    await digestAddButton(rig.deps)({
      ...(click('U1').args as object),
      ack: fakeAck(record),
      client: fakeClient(record, { 'views.open': new Error('expired_trigger_id') }),
    } as never);
    expect(record.acks()).toEqual([null]);
  });

  it('Remove: the one who added it removes it and sees the Home again; someone else removes nothing', async () => {
    rig = listenerDeps();
    const digest = await addDigest('U1');
    const stranger = click('U2', digest.id);
    await digestRemoveButton(rig.deps)(stranger.args);
    expect(stranger.record.acks()).toEqual([null]);
    expect(await rig.deps.digests.list('T1')).toHaveLength(1);
    const owner = click('U1', digest.id);
    await digestRemoveButton(rig.deps)(owner.args);
    expect(owner.record.events[0]).toEqual({ kind: 'ack', response: null });
    expect(await rig.deps.digests.list('T1')).toEqual([]);
    expect(owner.record.calls('views.publish')[0]).toMatchObject({ user_id: 'U1', view: { type: 'home' } });
  });

  it('Run now: posts the digest, tells the person how it went in a DM, refreshes the Home', async () => {
    rig = listenerDeps();
    const digest = await addDigest('U1');
    const { record, args } = click('U1', digest.id);
    await digestRunButton(rig.deps)(args);
    expect(record.events[0]).toEqual({ kind: 'ack', response: null });
    expect(rig.poster.posts).toHaveLength(1);
    const told = record.calls('chat.postMessage')[0];
    expect(told).toMatchObject({ channel: 'U1' });
    expect(String(told?.text)).toMatch(/posted|Posted/);
    expect(record.calls('views.publish')).toHaveLength(1);
  });

  it('Run now: a digest the person may not run, or that is gone, runs nothing and spends nothing', async () => {
    rig = listenerDeps({ ADMIN_USER_IDS: 'U9' });
    const digest = await addDigest('U1');
    for (const [userId, value] of [
      ['U2', digest.id],
      ['U1', 'no-such-digest'],
    ] as const) {
      const { record, args } = click(userId, value);
      await digestRunButton(rig.deps)(args);
      expect(record.acks()).toEqual([null]);
      expect(record.calls()).toEqual([]);
    }
    expect(rig.poster.posts).toEqual([]);
    expect(rig.upstreamCalls()).toBe(0);
  });
});
