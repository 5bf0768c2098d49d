import { afterEach, expect, it } from 'vitest';
import { createStore } from '../../../src/core/store/index.js';
import { TAXPAYER_CATALOGUE } from '../../../src/simulator/data/taxpayerCatalogue.js';
import { PINNED_AT, pinnedClock } from '../../support/clocks.js';
import { describeWithRedis, redisUrl } from '../../support/redis.js';
import { DEFAULT_USER_ID } from '../../support/slack/index.js';
import { allText, buttonNamed, startTestApp, type TestApp } from '../../support/slackApp.js';

/** Three replicas of the Slack app sharing Redis: each watch check and each post happens once. */

/** The workspace's owner in Slack, an admin of the app by default. */
const OWNER = DEFAULT_USER_ID;
const CHANNEL = 'C0REPLICAS';
const COMPANY = TAXPAYER_CATALOGUE[0]!;
const NEW_STATUS = COMPANY.operatingStatus === '注销' ? '存续' : '注销';
const nineOnDay = (day: number) => Date.parse('2026-11-23T09:00:30+08:00') + day * 86_400_000;

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describeWithRedis('watches across three replicas', (prefix) => {
  it('one check per scheduled time and one post per change, whichever replica gets there first', async () => {
    // One clock for the three, as replicas on synchronised hosts.
    const clock = pinnedClock(PINNED_AT);
    for (let i = 0; i < 3; i++) {
      const store = await createStore(redisUrl, { prefix });
      apps.push(await startTestApp({ store, clock }));
    }
    const [first] = apps;
    const sent = await first!.command(`watch add taxpayer ${COMPANY.creditNo} daily 09:00`, {
      userId: OWNER,
      channelId: CHANNEL,
    });
    const preview = await first!.nextResponse(sent.responseId, undefined, 15_000);
    const click = await first!.click('dq_watch_save', buttonNamed(preview, 'dq_watch_save')!.value!, {
      userId: OWNER,
      channelId: CHANNEL,
    });
    expect(allText(await first!.nextResponse(click.responseId))).toContain('Watch saved.');

    const tickAll = async (at: number) => {
      await Promise.all(
        apps.flatMap((app) => [app.slack.watchScheduler.tick(at), app.slack.watchScheduler.tick(at + 1)]),
      );
    };
    await tickAll(nineOnDay(0));
    for (const app of apps)
      app.simulator.changeData({
        kind: 'taxpayer',
        creditNo: COMPANY.creditNo,
        fields: { operatingStatus: NEW_STATUS },
      });
    await tickAll(nineOnDay(1));
    await tickAll(nineOnDay(1) + 30_000);
    await tickAll(nineOnDay(2));

    const posts = apps.flatMap((app) =>
      app.fake.calls('chat.postMessage').filter((call) => call.args.channel === CHANNEL),
    );
    expect(posts).toHaveLength(1);
    expect(allText({ blocks: posts[0]!.args.blocks as unknown[] })).toMatch(
      new RegExp(`Operating status\\*\\n${COMPANY.operatingStatus}\\n${NEW_STATUS}`),
    );
    // Three scheduled times, three calls in all, and the ledger (shared in Redis) says what they cost.
    expect(apps.reduce((sum, app) => sum + app.upstreamCalls('enterprise-general-taxpayer-query').length, 0)).toBe(3);
    const entries = await first!.client.ledger.entries('T0FAKETEAM', PINNED_AT - 3_600_000, PINNED_AT + 5 * 86_400_000);
    expect(entries.filter((entry) => entry.source === 'watch').reduce((sum, entry) => sum + entry.coins, 0)).toBe(60);
  });
});
