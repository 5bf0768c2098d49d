import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/slackApp.js';
import { fillForm } from './forms.js';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('Home controls and late forms', () => {
  it('App Home digest controls refuse people outside ALLOWED_USER_IDS, by direct message, and nothing runs', async () => {
    app = await startTestApp({ env: { ALLOWED_USER_IDS: 'U0ALLOWED1' } });
    await app.openHome('U0STRANGER');
    const view = { type: 'home' } as const;
    await app.clickInView('dq_digest_run', 'abcd1234', { view, userId: 'U0STRANGER' });
    const dm = await app.nextCall('chat.postMessage', (call) => call.args.channel === 'U0STRANGER');
    expect(String(dm.args.text)).toMatch(/^You are not on the list/);
    await app.clickInView('dq_digest_add', 'add', { view, userId: 'U0STRANGER' });
    await app.settle();
    expect(app.fake.calls('views.open')).toEqual([]);
    expect(app.upstreamCalls()).toEqual([]);
  });

  it('a form whose response_url has expired still delivers the paid result, through the Web API', async () => {
    app = await startTestApp();
    const sent = await app.command('', { command: '/fund-asset', channelId: 'C0DATAROOM' });
    const opened = await app.openedView(sent.triggerId);
    app.fake.failNextResponse(sent.responseId, 404, 'expired_url');
    await app.submitView(
      opened.view.callback_id!,
      fillForm(opened.view, { 'dq:fund-asset:fundCode': '000001' }),
      opened.view.private_metadata,
      { blocks: opened.view.blocks },
    );
    const ephemeral = await app.nextCall('chat.postEphemeral', (call) => call.args.channel === 'C0DATAROOM');
    expect(JSON.stringify(ephemeral.args.blocks)).toContain('coins per lookup');
    expect(app.upstreamCalls()).toHaveLength(1);
  });
});
