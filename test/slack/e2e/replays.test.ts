import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appHomeOpenedEvent,
  DEFAULT_WORKSPACE,
  eventCallbackBody,
  newTriggerId,
  sendEvent,
} from '../../support/slack/index.js';
import { startTestApp, TEST_SIGNING_SECRET, type TestApp } from '../../support/slackApp.js';
import { OPS } from './forms.js';

/**
 * Slack delivers again what it thinks was not acknowledged, and a request can be replayed: a slash
 * command seen before (same trigger_id) or an event seen before (same event_id) is acknowledged and
 * dropped, and a request signed for a time far ahead is refused like a stale one.
 */

const TEAM = DEFAULT_WORKSPACE.teamId;

describe('repeated deliveries', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a slash command delivered three times adds one digest and answers once', async () => {
    const triggerId = newTriggerId();
    const sends = [];
    for (let i = 0; i < 3; i++)
      sends.push(
        await app.command('digest add weekdays 08:30 onsale', {
          channelId: 'C0REPLAY01',
          triggerId,
          responseId: 'replayed-add',
        }),
      );
    for (const sent of sends) expect(sent.status).toBe(200);
    await app.nextResponse('replayed-add');
    await app.settle(300);
    expect(app.responses('replayed-add')).toHaveLength(1);
    expect(
      (await app.slack.deps.digests.list(TEAM)).filter((digest) => digest.channelId === 'C0REPLAY01'),
    ).toHaveLength(1);
  });

  it('a lookup delivered twice is made and charged once', async () => {
    const triggerId = newTriggerId();
    const first = await app.command('004194', { command: '/fund-asset', triggerId, responseId: 'replayed-lookup' });
    const again = await app.command('004194', {
      command: '/fund-asset',
      triggerId,
      responseId: 'replayed-lookup',
      send: { retry: { num: 1, reason: 'http_timeout' } },
    });
    expect([first.status, again.status]).toEqual([200, 200]);
    await app.nextResponse('replayed-lookup');
    await app.settle(300);
    expect(app.responses('replayed-lookup')).toHaveLength(1);
    expect(
      app.upstreamCalls(OPS.fundAsset).filter((call) => (call.request as { fundCode: string }).fundCode === '004194'),
    ).toHaveLength(1);
  });

  it('an Events API retry of an event already handled is acknowledged and dropped', async () => {
    const body = eventCallbackBody(appHomeOpenedEvent({ userId: 'U0REPLAY02' }), { eventId: 'Ev0REPLAY0001' });
    const first = await sendEvent(app.url, TEST_SIGNING_SECRET, body);
    await app.nextCall('views.publish', (call) => call.args.user_id === 'U0REPLAY02');
    const retried = await sendEvent(app.url, TEST_SIGNING_SECRET, body, { retry: { num: 1, reason: 'http_timeout' } });
    expect([first.status, retried.status]).toEqual([200, 200]);
    await app.settle(300);
    expect(app.fake.calls('views.publish').filter((call) => call.args.user_id === 'U0REPLAY02')).toHaveLength(1);
  });

  it('a request signed more than 5 minutes ahead is refused like a stale one, and nothing is spent', async () => {
    const ahead = Math.floor(Date.now() / 1000) + 6 * 60;
    const sent = await app.command('110022', { command: '/fund-asset', send: { timestampSec: ahead } });
    expect(sent.status).toBe(401);
    await app.settle(200);
    expect(app.responses(sent.responseId)).toEqual([]);
    expect(
      app.upstreamCalls(OPS.fundAsset).filter((call) => (call.request as { fundCode: string }).fundCode === '110022'),
    ).toEqual([]);
  });
});
