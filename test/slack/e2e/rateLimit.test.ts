import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USER_ID, SLACK_ACK_DEADLINE_MS } from '../../support/slack/index.js';
import { allText, buttonNamed, footerText, startTestApp, type TestApp } from '../../support/slackApp.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { OPS } from './forms.js';

/**
 * The client's own rate limit (scaled down here to 1 fund-asset call per 2 s, with the notice shown
 * for waits over half a second): a lookup that has to wait says so first ("Queued … about N s").
 *
 * Where that notice goes depends on whether a later reply can replace it. A slash command's reply
 * through its response_url cannot be replaced by the next one (`replace_original` is ignored for a
 * command's earlier reply: bolt-js #2287, bolt-python #1268), so a command gets one reply, its
 * answer, and the notice is a message in the person's DM with the app, edited to "answered" once the
 * answer is out. A click's response_url replaces the message the click was in, so a page that waits
 * shows the notice in place and the answer replaces it.
 */

const WINDOW_MS = 2000;

// How long an answer may take to come: a slot every 2 s, but on a busy machine the client widens its
// window by the event-loop stalls it measures (a whole suite beside a busy core once took over 12 s).
const ANSWER_WAIT_MS = 30_000;

describe('a rate-limited backlog (fund-asset 1 call per 2 s)', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({
      rateLimits: { 'fund-asset': { count: 1, windowMs: WINDOW_MS } },
      slack: { queuedNoticeAfterMs: 500 },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it(
    'a command that waits gets one reply, its answer; the "Queued … about N s" notice is a DM, edited once the answer is out',
    async () => {
      const first = await app.command('000001', { command: '/fund-asset' });
      expect(footerText(await app.nextResponse(first.responseId))).toContain('upstream taskNo');

      const second = await app.command('110022', { command: '/fund-asset' });
      expect(second.elapsedMs).toBeLessThan(SLACK_ACK_DEADLINE_MS);
      const notice = await app.nextCall('chat.postMessage', (call) => call.args.channel === DEFAULT_USER_ID);
      // The notice comes while the call still waits for its slot, not after it.
      expect(app.upstreamCalls(OPS.fundAsset)).toHaveLength(1);
      assertWithinSlackLimits(notice.args as never, 'message');
      const match = /Queued behind the data service's rate limit — about (\d+) s/.exec(String(notice.args.text));
      expect(match, String(notice.args.text)).not.toBeNull();
      expect(Number(match![1])).toBeGreaterThanOrEqual(1);

      const result = await app.nextResponse(second.responseId, undefined, ANSWER_WAIT_MS);
      const [firstCall, secondCall] = app.upstreamCalls(OPS.fundAsset);
      expect(secondCall!.at - firstCall!.at).toBeGreaterThanOrEqual(WINDOW_MS);
      // The wait it announced is the wait it had: at most the gap it then left between the two calls,
      // rounded up. (Not the bare 2 s window: on a busy machine the client widens its window by the
      // stalls it measured, so the gap, and the announced wait with it, may be longer.)
      expect(Number(match![1])).toBeLessThanOrEqual(Math.ceil((secondCall!.at - firstCall!.at) / 1000));
      expect(allText(result)).toContain('110022');
      expect(footerText(result)).toContain('upstream taskNo');
      expect(app.upstreamCalls(OPS.fundAsset).map((call) => call.outcome)).toEqual(['success', 'success']);
      expect(app.simulator.stats().rateLimited).toBe(0);
      // One reply to the command: nothing left behind it in the conversation.
      await app.settle(100);
      expect(app.responses(second.responseId)).toHaveLength(1);
      const done = await app.nextCall('chat.update', (call) => call.args.ts === notice.response.ts);
      expect(done.args.channel).toBe(notice.response.channel);
      expect(String(done.args.text)).toContain('answered where you asked');
    },
    2 * ANSWER_WAIT_MS + 10_000,
  );

  it(
    'a command that fails after waiting gets one reply, the error; the DM notice is marked done',
    async () => {
      app.simulator.setFaults({ changedFieldRate: 1 });
      try {
        const sent = await app.command('161725', { command: '/fund-asset' });
        const notice = await app.nextCall('chat.postMessage', (call) => call.args.channel === DEFAULT_USER_ID);
        expect(String(notice.args.text)).toMatch(/Queued behind the data service's rate limit/);
        const failure = await app.nextResponse(sent.responseId, undefined, ANSWER_WAIT_MS);
        expect(failure.text).toMatch(/format this app does not know yet/);
        await app.nextCall('chat.update', (call) => call.args.ts === notice.response.ts);
        expect(app.responses(sent.responseId)).toHaveLength(1);
      } finally {
        app.simulator.setFaults({});
      }
    },
    2 * ANSWER_WAIT_MS + 10_000,
  );

  it(
    'a click that waits shows the notice in place of the message it was in, and the answer replaces it',
    async () => {
      const sent = await app.command('000001', { command: '/fund-asset' });
      const page = await app.nextResponse(sent.responseId, undefined, ANSWER_WAIT_MS);
      // Fill the window so the next page has to wait for a slot.
      await app.command('110011', { command: '/fund-asset' });
      const next = buttonNamed(page, 'dq_page_next');
      expect(next, 'the answer has a Next button').toBeDefined();
      const clicked = await app.click('dq_page_next', next!.value!);
      const queued = await app.nextResponse(clicked.responseId, undefined, ANSWER_WAIT_MS);
      expect(queued.text).toMatch(/Queued behind the data service's rate limit/);
      expect(queued.replace_original).toBe(true);
      const answer = await app.nextResponse(clicked.responseId, undefined, ANSWER_WAIT_MS);
      expect(answer.replace_original).toBe(true);
      expect(footerText(answer)).toContain('upstream taskNo');
    },
    2 * ANSWER_WAIT_MS + 10_000,
  );
});
