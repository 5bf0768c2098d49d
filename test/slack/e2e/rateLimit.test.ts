import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLACK_ACK_DEADLINE_MS } from '../../support/slack/index.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { allText, footerText, startTestApp, type TestApp } from '../../support/slackApp.js';
import { OPS } from './forms.js';

/**
 * The client's own rate limit (scaled down here to 1 fund-asset call per 2 s, with the notice shown
 * for waits over half a second): a lookup that has to wait says so first ("Queued … about N s"),
 * then the answer replaces that notice.
 */

const WINDOW_MS = 2000;

describe('a rate-limited backlog (fund-asset 1 call per 2 s)', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ rateLimits: { 'fund-asset': { count: 1, windowMs: WINDOW_MS } }, slack: { queuedNoticeAfterMs: 500 } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a second lookup is told "Queued … about N s" first, then the result replaces that notice', async () => {
    const first = await app.command('000001', { command: '/fund-asset' });
    expect(footerText(await app.nextResponse(first.responseId))).toContain('upstream taskNo');

    const second = await app.command('110022', { command: '/fund-asset' });
    expect(second.elapsedMs).toBeLessThan(SLACK_ACK_DEADLINE_MS);
    const queued = await app.nextResponse(second.responseId);
    // The notice comes while the call still waits for its slot, not after it.
    expect(app.upstreamCalls(OPS.fundAsset)).toHaveLength(1);
    expect(queued.response_type).toBe('ephemeral');
    assertWithinSlackLimits(queued, 'message');
    const match = /Queued behind the data service's rate limit — about (\d+) s/.exec(queued.text);
    expect(match, queued.text).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThanOrEqual(1);
    expect(Number(match![1])).toBeLessThanOrEqual(WINDOW_MS / 1000);

    const result = await app.nextResponse(second.responseId, undefined, 12_000);
    const [firstCall, secondCall] = app.upstreamCalls(OPS.fundAsset);
    expect(secondCall!.at - firstCall!.at).toBeGreaterThanOrEqual(WINDOW_MS);
    expect(result.replace_original).toBe(true);
    expect(allText(result)).toContain('110022');
    expect(footerText(result)).toContain('upstream taskNo');
    expect(app.upstreamCalls(OPS.fundAsset).map((call) => call.outcome)).toEqual(['success', 'success']);
    expect(app.simulator.stats().rateLimited).toBe(0);
    expect(app.responses(second.responseId)).toHaveLength(2);
  }, 30_000);

  // runQuery (src/slack/flows/runQuery.ts) sets `replace = true` only after a successful call, so a
  // failure after the queued notice is posted as a second message and the notice ("the answer follows
  // as soon as a slot is free") stays on screen for good.
  it('a lookup that fails after the queued notice replaces that notice with the error', async () => {
    app.simulator.setFaults({ changedFieldRate: 1 });
    try {
      const sent = await app.command('161725', { command: '/fund-asset' });
      const queued = await app.nextResponse(sent.responseId);
      expect(queued.text).toMatch(/Queued behind the data service's rate limit/);
      const failure = await app.nextResponse(sent.responseId, undefined, 12_000);
      expect(failure.text).toMatch(/format this app does not know yet/);
      expect(failure.replace_original).toBe(true);
    } finally {
      app.simulator.setFaults({});
    }
  }, 30_000);
});

