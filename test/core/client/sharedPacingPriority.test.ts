import { afterAll, expect, it } from 'vitest';
import { SharedPacing } from '../../../src/core/client/sharedPacing.js';
import { systemClock } from '../../../src/core/clock.js';
import { RedisStore } from '../../../src/core/store/redisStore.js';
import { describeWithRedis, redisUrl } from '../../support/redis.js';

/**
 * A batch on one replica and a person's lookup on another, sharing one rate limit in Redis: the
 * lookup keeps its priority as it does in one process. Outcomes only: which starts the fleet
 * admits and whether a slot is queued behind others, never how long anything took.
 */
describeWithRedis('priority across replicas', (prefix) => {
  const stores: RedisStore[] = [];
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
  });

  async function replica(name: string): Promise<SharedPacing> {
    const store = await RedisStore.connect(redisUrl, { prefix, description: 'redis' });
    stores.push(store);
    return new SharedPacing({ store, clock: systemClock, replicaId: name });
  }

  it('a batch on another replica leaves each window room for lookups', async () => {
    const [batchSide, personSide] = [await replica('b1'), await replica('a1')];
    // A window far longer than the test: nothing ages out of it while it runs.
    const limit = { count: 20, windowMs: 600_000 };
    let batchAdmitted = 0;
    while ((await batchSide.admit('window-op', limit, 'batch')) === 0) batchAdmitted++;
    // The batches stop at all but 5% of the window (19 of 20) …
    expect(batchAdmitted).toBe(19);
    // … so the person's lookup on the other replica is admitted at once, and then the window is full.
    expect(await personSide.admit('window-op', limit)).toBe(0);
    expect(await personSide.admit('window-op', limit)).toBeGreaterThan(0);
  });

  it("a lookup on another replica takes its slot without queueing behind the batch's", async () => {
    const [batchSide, personSide] = [await replica('b2'), await replica('a2')];
    const limit = { count: 10, windowMs: 600_000 };
    const batchWaits: number[] = [];
    for (let n = 0; n < 5; n++) batchWaits.push(await batchSide.reserve('slot-op', limit, 'batch'));
    // The batch's slots are queued one after another …
    expect(batchWaits.at(-1)).toBeGreaterThan(0);
    // … and the person's first slot is free now, not after them.
    expect(await personSide.reserve('slot-op', limit)).toBe(0);
  });

  it("the service's Retry-After holds a batch on another replica too", async () => {
    const [pausedSide, batchSide] = [await replica('p3'), await replica('b3')];
    const limit = { count: 10, windowMs: 600_000 };
    await pausedSide.pauseFor('retry-op', 300_000);
    // Both schedules start after the pause, whichever replica asks: nothing is sent meanwhile.
    expect(await batchSide.reserve('retry-op', limit, 'batch')).toBeGreaterThan(200_000);
    expect(await batchSide.reserve('retry-op', limit)).toBeGreaterThan(200_000);
  });
});
