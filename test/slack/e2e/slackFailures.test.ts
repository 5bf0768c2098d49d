import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  appUninstalledEvent,
  DEFAULT_USER_ID,
  DEFAULT_WORKSPACE,
  newTriggerId,
  tokensRevokedEvent,
} from '../../support/slack/index.js';
import { allText, buttonNamed, type SlackResponseBody, startTestApp, type TestApp } from '../../support/slackApp.js';
import { OPS } from './forms.js';

/**
 * The app against a fake Slack that fails the way Slack does (issue 32): a 429 with Retry-After on
 * one method while others are called, a post taken and then answered 500 or cut off, one channel
 * answering 500 or 429 for good, a response_url answering 200 with `{"ok":false}`, a revoked token,
 * and the signed app_uninstalled and tokens_revoked events. What Slack does in each case is written
 * from its reference pages and cited in test/support/slack/fakeSlack.ts.
 */

const TEAM = DEFAULT_WORKSPACE.teamId;
const CHANNEL = 'C0DIGESTS1';
const OTHER = 'C0DIGESTS2';
const DIGEST_ID = /`([0-9a-f]{8})`/;

describe('the app against a Slack that fails', () => {
  let app: TestApp;

  beforeEach(async () => {
    app = await startTestApp();
  });
  afterEach(async () => {
    await app?.close();
  });

  async function ask(text: string, channelId = CHANNEL, timeoutMs = 10_000): Promise<SlackResponseBody> {
    const sent = await app.command(text, { channelId });
    return app.nextResponse(sent.responseId, undefined, timeoutMs);
  }

  async function addDigest(channelId = CHANNEL): Promise<string> {
    const id = DIGEST_ID.exec(allText(await ask('digest add daily 08:30 onsale', channelId)))?.[1];
    expect(id).toMatch(/^[0-9a-f]{8}$/);
    return id!;
  }

  const landedIn = (channel: string) =>
    app.fake.calls('chat.postMessage').filter((call) => call.args.channel === channel && call.landed);

  describe('a 429 on one method does not hold the others (32.1)', () => {
    it('a form opens while views.publish is rate-limited for 20 s', async () => {
      app.fake.rateLimitNext('views.publish', 20);
      await app.event({
        type: 'app_home_opened',
        user: DEFAULT_USER_ID,
        channel: 'D0TESTUSER',
        tab: 'home',
        event_ts: '1.000001',
      });
      await app.nextCall('views.publish', (call) => call.status === 429);
      const sent = await app.command('', { command: '/fund-asset' });
      // The trigger lives 3 s: the form's views.open is not queued behind the Home tab's Retry-After.
      const opened = await app.openedView(sent.triggerId, 2500);
      expect(opened.response.ok).toBe(true);
    });

    it('a form Slack will not open is said where the click was, not just logged', async () => {
      app.fake.rateLimitNext('views.open', 30);
      const triggerId = newTriggerId();
      await app.clickInView('dq_digest_add', 'add', { view: { type: 'home' }, triggerId });
      const told = await app.nextCall('chat.postMessage', (call) => call.args.channel === DEFAULT_USER_ID);
      expect(String(told.args.text)).toContain('The form could not open');
      expect(String(told.args.text)).toContain('nothing was charged');
      expect(app.fake.calls('views.open')).toHaveLength(1);
    });

    it("one channel rate-limited for longer than a post may wait does not hold another channel's digest", async () => {
      const held = await addDigest(CHANNEL);
      const free = await addDigest(OTHER);
      app.fake.setChannelStatus(CHANNEL, 429, { retryAfterSeconds: 40 });
      const [heldRun, freeRun] = await Promise.all([
        ask(`digest run ${held}`, CHANNEL, 15_000),
        ask(`digest run ${free}`, OTHER, 15_000),
      ]);
      expect(freeRun.text).toMatch(/: posted \d+ funds/);
      expect(landedIn(OTHER).length).toBeGreaterThanOrEqual(1);
      // Slack refused it (429): nothing landed, so its funds are given back for the next run.
      expect(heldRun.text).toContain('could not post: Slack answered ratelimited');
      expect(landedIn(CHANNEL)).toEqual([]);
      expect((await app.slack.deps.digests.find(TEAM, held))?.lastRun?.outcome).toBe('post_failed');
    }, 30_000);
  });

  describe('a post is made at most once (32.2)', () => {
    it('Slack posts the digest and answers 500: one message, recorded as unconfirmed, not posted again by the next run', async () => {
      const id = await addDigest();
      app.fake.failAfterDoing('chat.postMessage', 500);
      const run = await ask(`digest run ${id}`);
      expect(run.text).toContain(
        'posted, unconfirmed: Slack did not confirm the post (http_500); it may be in the channel, so it is not posted again',
      );
      await app.settle(2500);
      expect(landedIn(CHANNEL)).toHaveLength(1);
      expect(app.fake.calls('chat.postMessage')).toHaveLength(1);
      expect((await app.slack.deps.digests.find(TEAM, id))?.lastRun?.outcome).toBe('post_unknown');
      // Its funds stay marked as posted: the next run has nothing new to post.
      expect((await ask(`digest run ${id}`)).text).toMatch(/: nothing new/);
      expect(landedIn(CHANNEL)).toHaveLength(1);
    }, 20_000);

    it('Slack takes the post and the connection is reset before it answers: one message, not posted again', async () => {
      const id = await addDigest();
      app.fake.resetAfterDoing('chat.postMessage');
      const run = await ask(`digest run ${id}`);
      expect(run.text).toContain('posted, unconfirmed');
      await app.settle(2500);
      expect(app.fake.calls('chat.postMessage')).toHaveLength(1);
      expect(landedIn(CHANNEL)).toHaveLength(1);
    }, 20_000);

    it('a 429 is waited out and the post made once', async () => {
      const id = await addDigest();
      app.fake.rateLimitNext('chat.postMessage', 1);
      const run = await ask(`digest run ${id}`);
      expect(run.text).toMatch(/: posted \d+ funds/);
      const mains = app.fake
        .calls('chat.postMessage')
        .filter((call) => call.args.channel === CHANNEL && call.args.thread_ts === undefined);
      expect(mains.map((call) => call.status)).toEqual([429, 200]);
    }, 20_000);

    it('a response_url that takes the answer and cuts the connection: the answer is not sent again; a notice says it is unconfirmed', async () => {
      const responseId = 'cut-after-taking';
      app.fake.resetNextResponseAfterDoing(responseId);
      await app.command('000001', { command: '/fund-asset', responseId });
      const notice = await app.nextCall('chat.postEphemeral');
      expect(String(notice.args.text)).toContain('Slack did not confirm that your answer arrived');
      await app.settle(300);
      expect(app.responses(responseId)).toHaveLength(1);
      expect(app.fake.calls('chat.postEphemeral')).toHaveLength(1);
      expect(app.fake.calls('chat.postMessage')).toHaveLength(0);
      expect(app.upstreamCalls(OPS.fundAsset)).toHaveLength(1);
    });
  });

  describe('a post whose outcome is unknown is not a refusal (42.8)', () => {
    it('an answer Slack holds past its deadline and then takes: told privately it may not have arrived, nothing invites asking again, posted once', async () => {
      await app.close();
      app = await startTestApp({ slackAttemptTimeoutMs: { post: 300 } });
      const release = app.fake.holdCalls('chat.postMessage');
      const sent = await app.mention('000001 fund size', { channelId: CHANNEL });
      const notice = await app.nextCall('chat.postEphemeral', (call) => call.args.thread_ts === sent.ts);
      release();
      expect(notice.args.user).toBe(DEFAULT_USER_ID);
      const text = allText(notice.args as { text?: string; blocks?: unknown[] });
      expect(text).toContain(
        'Slack did not confirm that your answer arrived: it may not have, or it may still appear.',
      );
      expect(text).toContain('it is not sent again');
      expect(text).not.toContain('not shown');
      // Nothing invites a second ask that would post the answer twice.
      expect(text).not.toMatch(/ask (for it )?again|again to see|try again|retry/i);
      expect(buttonNamed(notice.args as { blocks?: Array<Record<string, unknown>> }, 'dq_retry')).toBeUndefined();
      await vi.waitFor(() =>
        expect(app.fake.calls('chat.postMessage').filter((call) => call.args.thread_ts === sent.ts)).toHaveLength(1),
      );
      await app.settle(300);
      const posts = app.fake.calls('chat.postMessage').filter((call) => call.args.thread_ts === sent.ts);
      expect(posts.map((call) => call.landed)).toEqual([true]);
      expect(app.fake.calls('chat.postEphemeral')).toHaveLength(1);
      expect(app.upstreamCalls(OPS.fundAsset)).toHaveLength(1);
    });
  });

  describe('an answer Slack will not take is still the person’s', () => {
    it('a 429 on the thread’s answer longer than a post may wait: kept, recorded, and the person told privately what it cost and how to see it free', async () => {
      app.fake.rateLimitNext('chat.postMessage', 45);
      const sent = await app.mention('000001 fund size', { channelId: CHANNEL });
      const notice = await app.nextCall('chat.postEphemeral', (call) => call.args.thread_ts === sent.ts);
      expect(notice.args.user).toBe(DEFAULT_USER_ID);
      const text = String(notice.args.text);
      expect(text).toContain('Slack did not take your answer (fund 000001)');
      expect(text).toContain('The lookup was charged (10 coins)');
      expect(text).toContain('it comes from the cache, without a new charge');
      expect(app.upstreamCalls(OPS.fundAsset)).toHaveLength(1);
      // Paid for: in the person's history and kept as the thread's latest result, for its follow-ups.
      await vi.waitFor(async () => {
        const history = await app.slack.deps.history.recent(TEAM, DEFAULT_USER_ID, app.clock.now(), 10);
        expect(history).toMatchObject([{ operation: OPS.fundAsset, coins: 10 }]);
      });
      expect(await app.slack.deps.latestResults.of(`thread:${CHANNEL}:${sent.ts}`)).toMatchObject({
        operation: OPS.fundAsset,
        request: { fundCode: '000001' },
      });
      // The refused post was tried once; nothing was posted in the thread in its place.
      expect(app.fake.calls('chat.postMessage').map((call) => call.status)).toEqual([429]);
    });
  });

  describe('one channel failing for good holds nobody (32.3)', () => {
    it("a channel answering 500 to every post: its run ends, recorded; another channel's run posts", async () => {
      const broken = await addDigest(CHANNEL);
      const fine = await addDigest(OTHER);
      app.fake.setChannelStatus(CHANNEL, 500);
      const [brokenRun, fineRun] = await Promise.all([
        ask(`digest run ${broken}`, CHANNEL, 15_000),
        ask(`digest run ${fine}`, OTHER, 15_000),
      ]);
      expect(fineRun.text).toMatch(/: posted \d+ funds/);
      expect(brokenRun.text).toContain('posted, unconfirmed');
      // Tried once: a post answered 500 may be in the channel.
      expect(app.fake.calls('chat.postMessage').filter((call) => call.args.channel === CHANNEL)).toHaveLength(1);
      expect((await app.slack.deps.digests.find(TEAM, broken))?.lastRun?.outcome).toBe('post_unknown');
    }, 30_000);
  });

  describe('a response_url that answers 200 with {"ok":false} (32.8)', () => {
    it('the answer goes through the Web API instead', async () => {
      const responseId = 'ok-false-reply';
      app.fake.refuseNextResponseInBody(responseId, 'used_url');
      await app.command('000001', { command: '/fund-asset', responseId });
      const fallback = await app.nextCall('chat.postEphemeral');
      expect(allText({ text: String(fallback.args.text), blocks: fallback.args.blocks as unknown[] })).toContain(
        '000001',
      );
      expect(app.responses(responseId)).toHaveLength(1);
    });

    it('a table Slack refuses in the body is sent again without it, through the same response_url', async () => {
      const responseId = 'ok-false-table';
      app.fake.refuseNextResponseInBody(responseId, 'invalid_blocks');
      await app.command('000001', { command: '/fund-asset', responseId });
      await app.nextResponse(responseId);
      const second = await app.nextResponse(responseId);
      expect(JSON.stringify(second.blocks)).not.toContain('data_table');
      expect(app.fake.calls('chat.postEphemeral')).toHaveLength(0);
    });

    it('Share whose response_url refuses posts in the channel through the Web API', async () => {
      const sent = await app.command('000001', { command: '/fund-asset', channelId: CHANNEL });
      const answer = await app.nextResponse(sent.responseId);
      const share = buttonNamed(answer, 'dq_share');
      expect(share).toBeDefined();
      const responseUrlId = 'share-expired';
      app.fake.failNextResponse(responseUrlId, 404, 'expired_url');
      await app.click('dq_share', share!.value!, { responseUrlId, channelId: CHANNEL });
      const posted = await app.nextCall('chat.postMessage', (call) => call.args.channel === CHANNEL);
      expect(allText({ text: String(posted.args.text), blocks: posted.args.blocks as unknown[] })).toContain('000001');
    });
  });

  describe('nothing is spent once Slack no longer takes the token (32.5)', () => {
    it('a digest whose post meets token_revoked stops every scheduled job before it spends', async () => {
      const first = await addDigest(CHANNEL);
      const second = await addDigest(OTHER);
      const watch = await app.slack.deps.watches.save(
        (
          await app.slack.deps.watches.prepare({
            kind: 'fund',
            subject: '000001',
            cadence: 'daily',
            time: '09:00',
            teamId: TEAM,
            channelId: OTHER,
            createdBy: DEFAULT_USER_ID,
          })
        ).watch,
      );
      app.fake.revokeTokens('token_revoked');
      const firstRun = await ask(`digest run ${first}`);
      expect(firstRun.text).toContain('token_revoked');
      const paid = app.upstreamCalls().length;
      expect(paid).toBeGreaterThan(0);

      const secondRun = await ask(`digest run ${second}`, OTHER);
      expect(secondRun.text).toContain('nothing fetched or spent');
      expect(secondRun.text).toContain('uninstalled, or its token revoked');
      const checked = await app.slack.deps.watches.runNow(watch.id, DEFAULT_USER_ID);
      expect(checked).toMatchObject({ outcome: 'refused', coinsSpent: 0 });
      expect(app.upstreamCalls()).toHaveLength(paid);
    }, 30_000);

    it.each([
      ['app_uninstalled', appUninstalledEvent()],
      ['tokens_revoked (the bot token)', tokensRevokedEvent({ bot: [DEFAULT_WORKSPACE.botUserId] })],
    ])('a signed %s event holds every digest before it spends', async (_name, event) => {
      const id = await addDigest();
      expect((await app.event(event)).status).toBe(200);
      const run = await ask(`digest run ${id}`);
      expect(run.text).toContain('nothing fetched or spent');
      expect(app.upstreamCalls()).toEqual([]);
      expect(app.fake.calls('chat.postMessage').filter((call) => call.args.channel === CHANNEL)).toEqual([]);
    });

    it('tokens_revoked for user tokens only changes nothing: the app speaks with its bot token', async () => {
      const id = await addDigest();
      await app.event(tokensRevokedEvent({ oauth: ['U0SOMEUSER'] }));
      expect((await ask(`digest run ${id}`)).text).toMatch(/: posted \d+ funds/);
    });
  });
});
