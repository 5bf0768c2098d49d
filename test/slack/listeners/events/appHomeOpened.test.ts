import { afterEach, describe, expect, it } from 'vitest';
import { appHomeOpened } from '../../../../src/slack/listeners/events/appHomeOpened.js';
import { fakeClient, listenerDeps, recorder, requesterContext } from '../../listenerArgs.js';

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
      event: { type: 'app_home_opened', user: 'U1', channel: 'D1', tab, view: { team_id: 'T2' } },
      body,
      client: fakeClient(record, answers),
      context: requesterContext({ locale: 'zh-CN' }),
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

  it('the Messages tab publishes nothing: it sets four suggested prompts in the person’s language, for the whole tab', async () => {
    rig = listenerDeps();
    const { record, run } = open('messages');
    await run();
    expect(record.calls('views.publish')).toEqual([]);
    const [prompts, ...more] = record.calls('assistant.threads.setSuggestedPrompts');
    expect(more).toEqual([]);
    // No thread_ts: with it the call "will silently fail" for an agent app (https://docs.slack.dev/reference/methods/assistant.threads.setSuggestedPrompts).
    expect(prompts).toEqual({
      channel_id: 'D1',
      title: '试着查一下',
      prompts: [
        { title: '基金000001的规模 · 10 币', message: '000001 的规模' },
        { title: '原油日K线，最近30根 · 5 币', message: 'CL 日K 30' },
        { title: '企业的纳税人信息 · 20 币', message: '杭州华信 纳税人' },
        { title: '在售的新发基金 · 10 币', message: '在售的新发基金' },
      ],
    });
  });

  it('a workspace without the agent features refuses the prompts: logged, not thrown', async () => {
    rig = listenerDeps();
    const { record, run } = open('messages', { 'assistant.threads.setSuggestedPrompts': new Error('not_allowed') });
    await expect(run()).resolves.toBeUndefined();
    expect(record.calls('assistant.threads.setSuggestedPrompts')).toHaveLength(1);
  });

  it('a Home Slack refuses is logged, not thrown', async () => {
    rig = listenerDeps();
    const { record, run } = open('home', { 'views.publish': new Error('not_authed') }, {});
    await expect(run()).resolves.toBeUndefined();
    expect(record.calls('views.publish')).toHaveLength(1);
  });
});
