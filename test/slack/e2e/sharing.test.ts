import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_USER_ID, DEFAULT_WORKSPACE } from '../../support/slack/index.js';
import { allText, buttonNamed, footerText, STACK_TRACE, startTestApp, type TestApp } from '../../support/slackApp.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { OPS } from './forms.js';

/** Share in channel: the same result, visible to everyone, attributed, and never paid for twice. */

describe('sharing a result in the channel', () => {
  let app: TestApp;

  beforeEach(async () => {
    app = await startTestApp();
  });
  afterEach(async () => {
    await app?.close();
  });

  it.each([
    ['/fund-asset', '000001', OPS.fundAsset],
    ['/taxpayer', '杭州华信', OPS.taxpayer],
    ['/futures', 'GC daily 20', OPS.futures],
  ] as const)(
    '%s %s: Share posts the same result in_channel, "Shared by", with no second upstream call',
    async (command, text, operation) => {
      const sent = await app.command(text, { command });
      const original = await app.nextResponse(sent.responseId);
      const share = buttonNamed(original, 'dq_share');
      expect(share?.text.text).toBe('Share in channel');
      const coins = (await app.client.ledger.usage(DEFAULT_WORKSPACE.teamId, app.clock.now())).today.coins;
      expect(app.upstreamCalls(operation)).toHaveLength(1);

      const clicked = await app.click('dq_share', share!.value!, { responseUrlId: sent.responseId });
      expect(clicked.status).toBe(200);
      const shared = await app.nextResponse(sent.responseId);
      expect(shared.response_type).toBe('in_channel');
      expect(shared.replace_original).toBe(false);
      expect(shared.delete_original).not.toBe(true);
      assertWithinSlackLimits(shared, 'message');
      expect(footerText(shared)).toContain(`Shared by <@${DEFAULT_USER_ID}>`);
      expect(footerText(shared)).toContain('no charge');
      // The shared copy is the same result (same header and records) and cannot be shared again.
      const body = (message: typeof original) =>
        allText({ blocks: message.blocks!.filter((block) => block.type === 'header' || block.type === 'section') });
      expect(body(shared)).toBe(body(original));
      expect(buttonNamed(shared, 'dq_share')).toBeUndefined();

      await app.settle();
      expect(app.upstreamCalls(operation)).toHaveLength(1);
      expect((await app.client.ledger.usage(DEFAULT_WORKSPACE.teamId, app.clock.now())).today.coins).toBe(coins);
      expect(app.responses(sent.responseId)).toHaveLength(2);
    },
  );

  it('sharing a result that is not cached (a forged button) costs nothing and says to search again', async () => {
    const value = JSON.stringify({ o: 'fund-asset', r: { fundCode: '000001', pageNo: '7', pageSize: '10' } });
    const clicked = await app.click('dq_share', value);
    const reply = await app.nextResponse(clicked.responseId);
    expect(reply.response_type).toBe('ephemeral');
    expect(reply.text).toContain('no longer cached');
    expect(reply.text).not.toMatch(STACK_TRACE);
    expect(app.upstreamCalls()).toEqual([]);
  });

  it('a garbled Share value is refused without a call', async () => {
    const clicked = await app.click('dq_share', 'not json at all');
    const reply = await app.nextResponse(clicked.responseId);
    expect(reply.text).toBe('That button no longer works; run the search again.');
    expect(app.upstreamCalls()).toEqual([]);
  });
});
