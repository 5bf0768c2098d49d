import { afterEach, describe, expect, it } from 'vitest';
import { appHomeOpened } from '../../../../src/slack/listeners/events/appHomeOpened.js';
import { fakeClient, listenerDeps, recorder } from '../../listenerArgs.js';

/** Events are acknowledged by Bolt before the listener runs: this one only publishes. */
describe('app_home_opened', () => {
  let rig: ReturnType<typeof listenerDeps>;
  afterEach(() => rig.close());

  function open(
    tab: string,
    answers: Parameters<typeof fakeClient>[1] = {},
    body: Record<string, unknown> = { team_id: 'T1' },
  ) {
    const record = recorder();
    const args = {
      event: { type: 'app_home_opened', user: 'U1', tab, view: { team_id: 'T2' } },
      body,
      client: fakeClient(record, answers),
    } as never;
    return { record, run: () => appHomeOpened(rig.deps)(args) };
  }

  it('the Home tab is published for the person who opened it, with today’s figures', async () => {
    rig = listenerDeps();
    const { record, run } = open('home');
    await run();
    const published = record.calls('views.publish');
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ user_id: 'U1', view: { type: 'home' } });
    expect(JSON.stringify(published[0])).toContain('coins');
  });

  it('the Messages tab publishes nothing', async () => {
    rig = listenerDeps();
    const { record, run } = open('messages');
    await run();
    expect(record.calls()).toEqual([]);
  });

  it('a Home Slack refuses is logged, not thrown', async () => {
    rig = listenerDeps();
    const { record, run } = open('home', { 'views.publish': new Error('not_authed') }, {});
    await expect(run()).resolves.toBeUndefined();
    expect(record.calls('views.publish')).toHaveLength(1);
  });
});
