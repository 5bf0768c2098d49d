import { afterEach, expect, it, vi } from 'vitest';
import { createStore } from '../../../src/core/store/index.js';
import { PINNED_AT, pinnedClock } from '../../support/clocks.js';
import { describeWithRedis, redisUrl } from '../../support/redis.js';
import { allText, startTestApp, type TestApp } from '../../support/slackApp.js';
import { OPS } from './forms.js';

/**
 * Two replicas of the Slack app on one Redis, Slack delivering the messages of one thread to
 * either: a thread's latest result and its follow-ups are the thread's on both (issue 42.9).
 */

const DROPPED = 'an identical follow-up is answered already; not again';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describeWithRedis('a conversation across two replicas', (prefix) => {
  it('twenty `next` at once, delivered half to each replica, post one page, from one call', async () => {
    const clock = pinnedClock(PINNED_AT);
    for (let i = 0; i < 2; i++)
      apps.push(await startTestApp({ store: await createStore(redisUrl, { prefix }), clock }));
    const [first, second] = apps as [TestApp, TestApp];
    const sent = await first.mention('000001 fund size');
    const answer = await first.nextCall('chat.postMessage', (call) => call.args.thread_ts === sent.ts);
    expect(allText({ blocks: answer.args.blocks as unknown[] })).toContain('Page 1 of 2');

    // Slack is slow to take the answer on both: all twenty are read while page 1 is the latest result.
    const releases = apps.map((app) => app.fake.holdCalls('chat.postMessage'));
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        (index % 2 === 0 ? first : second).mention(index % 3 === 0 ? '下一页' : 'next', { threadTs: sent.ts }),
      ),
    );
    // Every one of the twenty is either waiting to post or was let go as the same follow-up.
    const dropped = () => apps.flatMap((app) => app.logs).filter((line) => line.msg === DROPPED).length;
    const waiting = () => apps.reduce((sum, app) => sum + app.fake.waiting('chat.postMessage'), 0);
    await vi.waitFor(() => expect(dropped() + waiting()).toBe(20), { timeout: 15_000 });
    for (const release of releases) release();
    const threadPosts = () =>
      apps.flatMap((app) => app.fake.calls('chat.postMessage')).filter((call) => call.args.thread_ts === sent.ts);
    await vi.waitFor(() => expect(threadPosts().length).toBeGreaterThanOrEqual(2));
    await Promise.all(apps.map((app) => app.settle(300)));
    const posts = threadPosts();
    expect(posts).toHaveLength(2);
    expect(allText({ blocks: posts.at(-1)!.args.blocks as unknown[] })).toMatch(/Page 2 of 2|第 2 页，共 2 页/);
    expect(apps.reduce((sum, app) => sum + app.upstreamCalls(OPS.fundAsset).length, 0)).toBe(2);
  });
});
