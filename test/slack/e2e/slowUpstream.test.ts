import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WORKSPACE, SLACK_ACK_DEADLINE_MS } from '../../support/slack/index.js';
import { allText, footerText, startTestApp, type TestApp } from '../../support/slackApp.js';
import { fillForm, OPS, simulatorCost } from './forms.js';

/**
 * A slow data service: Slack's 3-second ack deadline is met whatever the service does, and the
 * answer follows on the response_url when it comes.
 */

const TEAM = DEFAULT_WORKSPACE.teamId;

// The three cases run side by side (each waits 4 s for the service), so none counts another's calls.
describe.concurrent('a slow data service (4 s per answer)', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ simulator: { faults: { latencyMs: 4000 } } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('the slash command is acked at once and the answer follows on the response_url', async () => {
    const sent = await app.command('000001', { command: '/fund-asset' });
    expect(sent.status).toBe(200);
    expect(sent.elapsedMs).toBeLessThan(SLACK_ACK_DEADLINE_MS);
    expect(app.responses(sent.responseId)).toEqual([]);
    const reply = await app.nextResponse(sent.responseId, undefined, 10_000);
    expect(footerText(reply)).toContain('upstream taskNo');
    const mine = app
      .upstreamCalls(OPS.fundAsset)
      .filter(
        (call) => JSON.stringify(call.request) === JSON.stringify({ fundCode: '000001', pageNo: '1', pageSize: '50' }),
      );
    expect(mine).toHaveLength(1);
  });

  it('a form submission and a Next click are acked within the deadline too', async () => {
    const sent = await app.command('', { command: '/futures' });
    const form = (await app.openedView(sent.triggerId)).view;
    const next = JSON.stringify({ o: 'fund-asset', r: { fundCode: '000001', pageNo: '2', pageSize: '50' } });
    const [submitted, clicked] = await Promise.all([
      app.submitView(form.callback_id!, fillForm(form, { 'dq:futures:symbol': 'SI' }), form.private_metadata, {
        blocks: form.blocks,
      }),
      app.click('dq_page_next', next),
    ]);
    expect(submitted.status).toBe(200);
    expect(submitted.elapsedMs).toBeLessThan(SLACK_ACK_DEADLINE_MS);
    expect(clicked.status).toBe(200);
    expect(clicked.elapsedMs).toBeLessThan(SLACK_ACK_DEADLINE_MS);

    expect(allText(await app.nextResponse(sent.responseId, undefined, 10_000))).toContain('SI');
    const page = await app.nextResponse(clicked.responseId, undefined, 10_000);
    expect(page.replace_original).toBe(true);
    expect(allText(page)).toContain('Page 2 of 2');
  }, 30_000);

  it('two people asking the same thing while the first call is under way share one upstream call and one charge', async () => {
    const before = app.upstreamCalls(OPS.newFunds).length;
    const [a, b] = await Promise.all([
      app.command('offsale', { command: '/new-funds', userId: 'U0SAMEASK1' }),
      app.command('newfunds offsale', { userId: 'U0SAMEASK2' }),
    ]);
    expect(a.elapsedMs).toBeLessThan(SLACK_ACK_DEADLINE_MS);
    expect(b.elapsedMs).toBeLessThan(SLACK_ACK_DEADLINE_MS);
    const footers = [
      footerText(await app.nextResponse(a.responseId, undefined, 10_000)),
      footerText(await app.nextResponse(b.responseId, undefined, 10_000)),
    ];
    expect(footers.filter((footer) => footer.includes('upstream taskNo'))).toHaveLength(1);
    expect(
      footers.filter((footer) => footer.includes('shared with an identical lookup already in flight — no charge')),
    ).toHaveLength(1);
    expect(app.upstreamCalls(OPS.newFunds)).toHaveLength(before + 1);
    const usage = await app.client.ledger.usage(TEAM, app.clock.now());
    expect((usage.today.byUser.U0SAMEASK1?.coins ?? 0) + (usage.today.byUser.U0SAMEASK2?.coins ?? 0)).toBe(
      simulatorCost(OPS.newFunds),
    );
  }, 30_000);
});
