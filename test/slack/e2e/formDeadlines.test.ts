import { afterEach, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../../src/core/store/memoryStore.js';
import type { Store } from '../../../src/core/store/types.js';
import { pinnedClock } from '../../support/clocks.js';
import { DEFAULT_CHANNEL_ID } from '../../support/slack/index.js';
import { allText, buttonNamed, type PublishedView, startTestApp, type TestApp } from '../../support/slackApp.js';
import { watchFormValues } from './forms.js';

/**
 * A form's submission is answered within Slack's 3 s whatever Slack and the store take meanwhile
 * (issue 32.7): the checks that may put an error on the form get a bounded share of them; the rest
 * (the export, the watch's save) is done after the answer. Slack being slow is a call the fake holds
 * unanswered; the store being slow is a write held until the test lets it go. Each test shows the
 * answer arriving while the slow part is still held, which is an order, not a duration.
 */

/** A store whose writes of one collection wait until released. */
function storeHoldingWrites(inner: Store, collection: string) {
  let gate: Promise<void> | undefined;
  let open: () => void = () => undefined;
  const store = new Proxy(inner, {
    get(target, property) {
      if (property !== 'putDoc') {
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      }
      return async (name: string, id: string, doc: unknown) => {
        if (name === collection && gate) await gate;
        return target.putDoc(name, id, doc);
      };
    },
  }) as Store;
  return {
    store,
    hold() {
      gate = new Promise<void>((resolve) => (open = resolve));
    },
    release() {
      gate = undefined;
      open();
    },
  };
}

describe("forms answered within Slack's deadline (issue 32.7)", () => {
  let app: TestApp;
  afterEach(async () => {
    await app?.close();
  });

  it('an export confirmed while users.info does not answer: the modal closes, the export goes on once it does', async () => {
    app = await startTestApp();
    const sent = await app.command('000001', { command: '/fund-asset' });
    const result = await app.nextResponse(sent.responseId);
    await app.click('dq_export_csv', buttonNamed(result, 'dq_export_csv')!.value!);
    const opened = await app.nextCall(
      'views.open',
      (call) => (call.args.view as PublishedView).callback_id === 'dq_export_csv_form',
    );
    const filled = await app.nextCall(
      'views.update',
      (call) => call.args.view_id === (opened.response.view as { id: string }).id,
    );
    const view = filled.args.view as PublishedView;
    // Someone whose profile the app has not read yet confirms it, and Slack keeps users.info waiting.
    const release = app.fake.holdCalls('users.info');
    const submitted = await app.submitView('dq_export_csv_form', {}, view.private_metadata ?? '', {
      userId: 'U0SLOWPROF',
      send: { timeoutMs: 8000 },
    });
    expect(submitted.status).toBe(200);
    expect(submitted.response.body).toBe('');
    expect(app.fake.calls('users.info').filter((call) => call.args.user === 'U0SLOWPROF')).toEqual([]);
    release();
    const done = await app.nextCall(
      'chat.update',
      (call) => /CSV/.test(String(call.args.text)) && call.args.channel === 'D0SLOWPROF',
      15_000,
    );
    expect(String(done.args.text)).toContain('CSV');
  }, 30_000);

  it('a watch form whose save the store holds: the form is answered first, the save is confirmed when it is done', async () => {
    const held = storeHoldingWrites(new MemoryStore({ clock: pinnedClock() }), 'watches');
    app = await startTestApp({ store: held.store });
    const sent = await app.command('000001', { command: '/fund-asset', channelId: DEFAULT_CHANNEL_ID });
    const result = await app.nextResponse(sent.responseId);
    await app.click('dq_watch_this', buttonNamed(result, 'dq_watch_this')!.value!, { channelId: DEFAULT_CHANNEL_ID });
    const view = (await app.formIn(await app.nextCall('views.open'))).view as PublishedView;
    const values = watchFormValues(DEFAULT_CHANNEL_ID);
    held.hold();
    const submitted = await app.submitView('dq_watch_add_form', values, view.private_metadata, {
      blocks: view.blocks,
      send: { timeoutMs: 8000 },
    });
    expect(submitted.status).toBe(200);
    expect(submitted.response.body).toBe('');
    expect(await app.slack.deps.watches.list('T0FAKETEAM')).toEqual([]);
    held.release();
    const confirmation = await app.nextCall('chat.postEphemeral', (call) =>
      /Watch saved/.test(allText({ text: String(call.args.text) })),
    );
    expect(confirmation.args.channel).toBe(DEFAULT_CHANNEL_ID);
    expect(await app.slack.deps.watches.list('T0FAKETEAM')).toHaveLength(1);
  }, 30_000);
});
