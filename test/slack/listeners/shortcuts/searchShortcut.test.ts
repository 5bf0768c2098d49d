import { afterEach, describe, expect, it } from 'vitest';
import { searchShortcut } from '../../../../src/slack/listeners/shortcuts/searchShortcut.js';
import { VIEW } from '../../../../src/slack/payloads/ids.js';
import { fakeAck, fakeClient, listenerDeps, recorder, requesterContext } from '../../listenerArgs.js';

describe('the “Search financial data” shortcut', () => {
  let rig: ReturnType<typeof listenerDeps>;
  afterEach(() => rig.close());

  function run(locale: 'en' | 'zh-CN', answers: Parameters<typeof fakeClient>[1] = {}) {
    const record = recorder();
    const args = {
      ack: fakeAck(record),
      shortcut: { trigger_id: 'trigger-s' },
      client: fakeClient(record, answers),
      context: requesterContext({ locale }),
    } as never;
    return { record, run: () => searchShortcut(rig.deps)(args) };
  }

  it('acks, then opens the chooser with the shortcut’s trigger, in the requester’s language', async () => {
    rig = listenerDeps();
    for (const [locale, title] of [
      ['en', 'Search data'],
      ['zh-CN', '查询数据'],
    ] as const) {
      const { record, run: go } = run(locale);
      await go();
      expect(record.events.map((event) => (event.kind === 'ack' ? 'ack' : event.method))).toEqual([
        'ack',
        'views.open',
      ]);
      expect(record.calls('views.open')[0]).toMatchObject({
        trigger_id: 'trigger-s',
        view: { callback_id: VIEW.chooser, title: { text: title } },
      });
    }
  });

  it('a chooser Slack will not open (the trigger expired) is logged, not thrown', async () => {
    rig = listenerDeps();
    const { record, run: go } = run('en', { 'views.open': new Error('expired_trigger_id') });
    await expect(go()).resolves.toBeUndefined();
    expect(record.acks()).toEqual([null]);
  });
});
