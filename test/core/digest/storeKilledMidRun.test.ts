import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import type { DigestContent } from '../../../src/core/digest/types.js';
import type { Schedule } from '../../../src/core/jobs/schedule.js';
import { RedisStore } from '../../../src/core/store/redisStore.js';
import type { Store } from '../../../src/core/store/types.js';
import { english } from '../../../src/i18n/lang.js';
import { describeRunOutcome } from '../../../src/slack/render/digestRun.js';
import { ManualClock } from '../../support/clocks.js';
import { digestInstance, digestSimulator, RecordingPoster } from '../../support/digestRig.js';
import { describeWithRedis } from '../../support/redis.js';
import { PrivateRedis } from '../../support/redisServer.js';

const DAILY_0830: Schedule = { cadence: { kind: 'daily' }, time: '08:30', timeZone: 'Asia/Shanghai' };
const FRIDAY_8AM = Date.parse('2026-11-20T00:00:00Z');

/** Posts like Slack, then Redis is killed -9 before the run can record anything. */
class PostThenKillRedis extends RecordingPoster {
  constructor(private readonly redis: PrivateRedis) {
    super();
  }

  override async post(content: DigestContent): Promise<void> {
    await super.post(content);
    if (this.posts.length === 1) await this.redis.kill();
  }
}

async function waitForStore(store: Store): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      await store.ping();
      return;
    } catch {
      await sleep(100);
    }
  }
  throw new Error('the store did not come back');
}

/** A failed assertion can leave Redis down; closing the client and store wants it back. */
async function bringBack(redis: PrivateRedis, store: Store): Promise<void> {
  try {
    await store.ping();
  } catch {
    await redis.restart();
    await waitForStore(store);
  }
}

// A private redis-server (killed for real), not the shared one; skipped where no Redis runs at all.
describeWithRedis('a digest run when Redis is killed between posting and recording (issue 21.3)', () => {
  it('is posted once: the person is told what happened, the lock does not outlive the run, and a later run posts nothing again', async () => {
    const redis = await PrivateRedis.start();
    const clock = new ManualClock(FRIDAY_8AM);
    const simulator = digestSimulator(clock);
    const store = await RedisStore.connect(redis.url, { prefix: 'dq:', description: 'private redis' });
    const poster = new PostThenKillRedis(redis);
    const instance = digestInstance({ simulator, store, clock, poster, owner: 'replica-a' });
    try {
      const digest = {
        id: 'd1',
        teamId: 'T1',
        channelId: 'C1',
        createdBy: 'U1',
        createdAt: clock.now(),
        schedule: DAILY_0830,
        filter: 'all' as const,
      };
      await instance.repository.save(digest);

      const first = await instance.runner.run(digest.id, clock.now(), 'manual');
      expect(poster.posts).toHaveLength(1);
      const posted = poster.posts[0]!.funds.length;
      expect(posted).toBeGreaterThan(0);
      expect(first).toMatchObject({ outcome: 'posted', newFunds: posted, unrecorded: true });
      const told = describeRunOutcome(digest, first, english);
      expect(told).toContain(`posted ${posted} funds`);
      expect(told).toContain('will not be posted again');

      await redis.restart();
      await waitForStore(store);
      await clock.advance(60_000);
      // Not "posting right now": the lock of the run that ended is gone, and nothing is posted twice.
      const again = await instance.runner.run(digest.id, clock.now(), 'manual');
      expect(again).not.toBe('busy');
      expect(again).toMatchObject({ outcome: 'nothing_new', newFunds: 0 });
      expect(poster.posts).toHaveLength(1);
      // A second process (another replica, or this app restarted) posts nothing again either.
      const other = digestInstance({ simulator, store, clock, poster, owner: 'replica-b' });
      await clock.advance(60_000);
      expect(await other.runner.run(digest.id, clock.now(), 'manual')).toMatchObject({ outcome: 'nothing_new' });
      expect(poster.posts).toHaveLength(1);
      await other.data.close();
    } finally {
      await bringBack(redis, store);
      await instance.data.close();
      await store.close();
      await redis.kill();
    }
  });

  it('a store that fails before the post posts nothing and says so; the funds come in the next run', async () => {
    const redis = await PrivateRedis.start();
    const clock = new ManualClock(FRIDAY_8AM);
    const simulator = digestSimulator(clock);
    const store = await RedisStore.connect(redis.url, { prefix: 'dq:', description: 'private redis' });
    const poster = new RecordingPoster();
    const instance = digestInstance({ simulator, store, clock, poster, owner: 'replica-a' });
    try {
      const digest = {
        id: 'd2',
        teamId: 'T1',
        channelId: 'C1',
        createdBy: 'U1',
        createdAt: clock.now(),
        schedule: DAILY_0830,
        filter: 'all' as const,
      };
      await instance.repository.save(digest);
      // Redis dies while the fund list is being fetched (the list came from the service; recording it fails).
      const markSeen = instance.repository.markSeen.bind(instance.repository);
      instance.repository.markSeen = async (id, codes) => {
        await redis.kill();
        return markSeen(id, codes);
      };
      const first = await instance.runner.run(digest.id, clock.now(), 'manual');
      expect(poster.posts).toHaveLength(0);
      expect(first).toMatchObject({ outcome: 'post_failed' });
      expect(describeRunOutcome(digest, first, english)).toContain(
        'nothing was posted; the next run posts these funds',
      );
      instance.repository.markSeen = markSeen;
      await redis.restart();
      await waitForStore(store);
      await clock.advance(60_000);
      const again = await instance.runner.run(digest.id, clock.now(), 'manual');
      expect(again).toMatchObject({ outcome: 'posted' });
      expect(poster.posts).toHaveLength(1);
    } finally {
      await bringBack(redis, store);
      await instance.data.close();
      await store.close();
      await redis.kill();
    }
  });
});
