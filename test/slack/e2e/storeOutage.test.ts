import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../../src/core/store/memoryStore.js';
import { allText, footerText, startTestApp, type TestApp } from '../../support/slackApp.js';
import { switchableStore } from '../../support/switchableStore.js';
import { OPS } from './forms.js';

/**
 * The shared store (Redis in production) goes away: people are told what cannot be read, in those
 * words, and a question asked again in the meantime is not paid again.
 */
describe('while the store is unreachable', () => {
  let app: TestApp;
  let outage: ReturnType<typeof switchableStore>;

  beforeAll(async () => {
    outage = switchableStore(new MemoryStore());
    app = await startTestApp({ store: outage.store });
    outage.goDown();
  });
  afterAll(async () => {
    outage.comeBack();
    await app?.close();
  });

  it("the same lookup asked again is answered from this process's own copy, not charged again", async () => {
    const first = await app.command('000001', { command: '/fund-asset', userId: 'U0OUTAGE01' });
    expect(footerText(await app.nextResponse(first.responseId))).toContain('upstream taskNo');
    const again = await app.command('000001', { command: '/fund-asset', userId: 'U0OUTAGE02' });
    expect(footerText(await app.nextResponse(again.responseId))).toMatch(/from cache, .* no charge/);
    expect(app.upstreamCalls(OPS.fundAsset)).toHaveLength(1);
  });

  it('/dq usage says the usage store is unreachable', async () => {
    const sent = await app.command('usage');
    const text = allText(await app.nextResponse(sent.responseId));
    expect(text).toContain('The usage figures cannot be read right now: the usage store');
    expect(text).not.toContain('Something went wrong');
  });

  it('/dq digest list says the digests cannot be read (not that they could not be changed)', async () => {
    const sent = await app.command('digest list');
    const text = allText(await app.nextResponse(sent.responseId));
    expect(text).toContain('The digests cannot be read just now');
    expect(text).not.toContain('could not be changed');
  });

  it('an event Slack delivers three times (its retries of a slow ack) is answered once in the thread', async () => {
    const eventId = 'Ev0OUTAGERETRY1';
    const ts = '1763800000.000501';
    const first = await app.mention('000002 fund size', { channelId: 'C0OUTAGE01', ts, eventId });
    for (const num of [1, 2])
      await app.mention('000002 fund size', {
        channelId: 'C0OUTAGE01',
        ts,
        eventId,
        send: { retry: { num, reason: 'http_timeout' } },
      });
    await app.nextCall('chat.postMessage', (call) => call.args.thread_ts === first.ts);
    await app.settle(500);
    expect(app.fake.calls('chat.postMessage').filter((call) => call.args.thread_ts === first.ts)).toHaveLength(1);
    expect(
      app.upstreamCalls(OPS.fundAsset).filter((call) => JSON.stringify(call.request).includes('000002')),
    ).toHaveLength(1);
  });
});
