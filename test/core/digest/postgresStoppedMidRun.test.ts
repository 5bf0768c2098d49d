import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DigestContent } from '../../../src/core/digest/types.js';
import type { Schedule } from '../../../src/core/jobs/schedule.js';
import { createStore } from '../../../src/core/store/index.js';
import type { Store } from '../../../src/core/store/types.js';
import { ManualClock } from '../../support/clocks.js';
import { digestInstance, digestSimulator, RecordingPoster } from '../../support/digestRig.js';
import { describeWithPostgres } from '../../support/postgres.js';
import { PrivatePostgres } from '../../support/postgresServer.js';
import { describeWithRedis, redisUrl } from '../../support/redis.js';

const DAILY_0830: Schedule = { cadence: { kind: 'daily' }, time: '08:30', timeZone: 'Asia/Shanghai' };
const FRIDAY_8AM = Date.parse('2026-11-20T00:00:00Z');

let postgres: PrivatePostgres | undefined;
beforeAll(async () => {
  postgres = await PrivatePostgres.start();
}, 60_000);
afterAll(async () => {
  await postgres?.remove();
});

/** Posts like Slack, then PostgreSQL is stopped before the run can record anything. */
class PostThenStopPostgres extends RecordingPoster {
  override async post(content: DigestContent): Promise<void> {
    await super.post(content);
    if (this.posts.length === 1) await postgres!.stop('fast');
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

describeWithRedis(
  'a digest run on Redis + PostgreSQL when PostgreSQL stops between posting and recording',
  (prefix) => {
    describeWithPostgres('with a private server', () => {
      it('is posted once, by one replica: the due time stays claimed and nothing is posted again', async () => {
        const clock = new ManualClock(FRIDAY_8AM);
        const simulator = digestSimulator(clock);
        const open = () => createStore(redisUrl, { prefix, database: { url: postgres!.url, schema: 'digests' } });
        const store = await open();
        const poster = new PostThenStopPostgres();
        const instance = digestInstance({ simulator, store, clock, poster, owner: 'replica-a' });
        const otherStore = await open();
        const other = digestInstance({ simulator, store: otherStore, clock, poster, owner: 'replica-b' });
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
          const due = clock.now();

          const first = await instance.runner.run(digest.id, due, 'schedule');
          expect(poster.posts).toHaveLength(1);
          expect(first).toMatchObject({ outcome: 'posted', unrecorded: true });

          await postgres!.restart();
          await waitForStore(store);
          await waitForStore(otherStore);
          // The same due time on another replica: claimed already, in PostgreSQL.
          expect(await other.runner.run(digest.id, due, 'schedule')).toBe('claimed_elsewhere');
          await clock.advance(60_000);
          expect(await other.runner.run(digest.id, clock.now(), 'manual')).toMatchObject({ outcome: 'nothing_new' });
          expect(poster.posts).toHaveLength(1);
        } finally {
          await postgres!.restart().catch(() => undefined);
          await instance.data.close();
          await other.data.close();
          await store.close();
          await otherStore.close();
        }
      }, 60_000);
    });
  },
);
