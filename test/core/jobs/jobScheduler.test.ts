import { afterEach, describe, expect, it } from 'vitest';
import { JobScheduler } from '../../../src/core/jobs/jobScheduler.js';
import type { Schedule } from '../../../src/core/jobs/schedule.js';
import { RedisStore } from '../../../src/core/store/redisStore.js';
import { english, type Phrase } from '../../../src/i18n/lang.js';
import { ManualClock } from '../../support/clocks.js';
import { digestInstance, digestSimulator, RecordingPoster, startDigestRig } from '../../support/digestRig.js';
import { describeWithRedis, redisUrl } from '../../support/redis.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
// Friday 2026-11-20, 08:00 in Shanghai.
const FRIDAY_8AM = Date.parse('2026-11-20T00:00:00Z');
const DAILY_0830: Schedule = { cadence: { kind: 'daily' }, time: '08:30', timeZone: 'Asia/Shanghai' };

type Rig = Awaited<ReturnType<typeof startDigestRig>>;
let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

describe('running digests on schedule', () => {
  it('posts once at the scheduled time, first the current list, then only funds not posted before', async () => {
    rig = await startDigestRig(FRIDAY_8AM);
    const digest = await rig.addDigest(DAILY_0830);
    rig.clock.set(FRIDAY_8AM + 29 * MINUTE);
    await rig.scheduler.tick();
    expect(rig.poster.posts).toHaveLength(0);

    rig.clock.set(FRIDAY_8AM + 30 * MINUTE + 5000);
    await rig.scheduler.tick();
    await rig.scheduler.tick();
    expect(rig.poster.posts).toHaveLength(1);
    const first = rig.poster.posts[0]!;
    expect(first.firstRun).toBe(true);
    expect(first.funds.length).toBeGreaterThan(50);
    const pagesForFirstRun = rig.newFundsCalls();
    expect(pagesForFirstRun).toBe(Math.ceil(first.funds.length / 50));

    // A week later the list has new funds at the top; only those are posted, from the first page.
    for (let day = 1; day <= 7; day++) {
      rig.clock.set(FRIDAY_8AM + day * DAY + 30 * MINUTE + 5000);
      await rig.scheduler.tick();
    }
    const later = rig.poster.posts.slice(1);
    const postedCodes = rig.poster.posts.flatMap((post) => post.funds.map((fund) => fund.fundCode));
    expect(new Set(postedCodes).size).toBe(postedCodes.length);
    expect(later.every((post) => !post.firstRun)).toBe(true);
    expect(later.length).toBeGreaterThan(0);
    // Each later run stopped at the first page holding only known funds: page 1 when nothing was new,
    // page 2 when page 1 had new funds on top of known ones (the whole list has several pages).
    expect(rig.newFundsCalls()).toBe(pagesForFirstRun + 7 + later.length);
    const stored = await rig.repository.get(digest.id);
    expect(stored?.lastRun?.outcome).toMatch(/posted|nothing_new/);
  });

  it('weekdays: no post on Saturday or Sunday; weekly: only its day', async () => {
    rig = await startDigestRig(FRIDAY_8AM);
    await rig.addDigest({ ...DAILY_0830, cadence: { kind: 'weekdays' } });
    await rig.addDigest({ ...DAILY_0830, cadence: { kind: 'weekly', weekday: 'mon' } }, 'all', { channelId: 'C2' });
    const channelsByDay: string[][] = [];
    for (let day = 0; day < 4; day++) {
      const before = rig.poster.posts.length;
      rig.clock.set(FRIDAY_8AM + day * DAY + 31 * MINUTE);
      await rig.scheduler.tick();
      channelsByDay.push(rig.poster.posts.slice(before).map((post) => post.digest.channelId));
    }
    // Friday, Saturday, Sunday, Monday.
    expect(channelsByDay).toEqual([['C1'], [], [], expect.arrayContaining(['C1', 'C2'])]);
  });

  it('nothing new posts nothing, unless empty posts are on', async () => {
    rig = await startDigestRig(FRIDAY_8AM, { postEmpty: true });
    await rig.addDigest({ ...DAILY_0830, cadence: { kind: 'daily' } }, 'all');
    rig.clock.set(FRIDAY_8AM + 31 * MINUTE);
    await rig.scheduler.tick();
    // Same day, a manual run right after: nothing is new.
    const digest = (await rig.repository.all())[0]!;
    const record = await rig.runner.run(digest.id, rig.clock.now(), 'manual');
    expect(record).toMatchObject({ outcome: 'nothing_new', newFunds: 0 });
    expect(rig.poster.posts.at(-1)).toMatchObject({ empty: true, funds: [] });
  });
});

describe('exactly once', () => {
  it('catches up a run missed by less than the window, once; a run missed by more is recorded, not posted', async () => {
    rig = await startDigestRig(FRIDAY_8AM);
    const recent = await rig.addDigest(DAILY_0830);
    const old = await rig.addDigest({ ...DAILY_0830, time: '06:00' }, 'all', {
      channelId: 'C2',
      createdAt: FRIDAY_8AM - DAY,
    });
    // The app was down; it comes back at 09:10 Shanghai.
    rig.clock.set(FRIDAY_8AM + 70 * MINUTE);
    await rig.scheduler.tick();
    await rig.scheduler.tick();
    expect(rig.poster.posts.map((post) => post.digest.id)).toEqual([recent.id]);
    expect((await rig.repository.get(recent.id))?.lastRun).toMatchObject({ trigger: 'catch-up', outcome: 'posted' });
    expect((await rig.repository.get(old.id))?.lastRun).toMatchObject({ outcome: 'missed' });
  });

  it('a slow run that overlaps the next tick, a second scheduler and a restart never post twice', async () => {
    rig = await startDigestRig(FRIDAY_8AM);
    await rig.addDigest(DAILY_0830);
    rig.poster.delayMs = 150;
    rig.clock.set(FRIDAY_8AM + 30 * MINUTE + 1000);
    const replica = digestInstance({
      simulator: rig.simulator,
      store: rig.store,
      clock: rig.clock,
      poster: rig.poster,
      owner: 'replica-b',
    });
    await Promise.all([rig.scheduler.tick(), rig.scheduler.tick(), replica.scheduler.tick()]);
    // "Restart": a fresh instance over the same store, same moment.
    const restarted = digestInstance({
      simulator: rig.simulator,
      store: rig.store,
      clock: rig.clock,
      poster: rig.poster,
      owner: 'replica-c',
    });
    await restarted.scheduler.tick();
    expect(rig.poster.posts).toHaveLength(1);
    await replica.data.close();
    await restarted.data.close();
  });
});

describe('failures are recorded on the digest, which is never lost', () => {
  it('not_in_channel pauses the digest with what to do; funds stay unposted; a manual run after the fix posts them', async () => {
    rig = await startDigestRig(FRIDAY_8AM);
    const digest = await rig.addDigest(DAILY_0830);
    rig.poster.failWith('not_in_channel', {
      reason: 'the app is not in the channel',
      remedy: 'invite @dq to the channel',
      at: FRIDAY_8AM,
    });
    rig.clock.set(FRIDAY_8AM + 31 * MINUTE);
    await rig.scheduler.tick();
    let stored = await rig.repository.get(digest.id);
    expect(stored?.paused).toMatchObject({ remedy: 'invite @dq to the channel' });
    expect(stored?.lastRun).toMatchObject({ outcome: 'post_failed' });
    // Paused: the next day's run is let pass.
    rig.clock.set(FRIDAY_8AM + DAY + 31 * MINUTE);
    await rig.scheduler.tick();
    expect(rig.poster.posts).toHaveLength(0);
    rig.poster.succeed();
    const record = await rig.runner.run(digest.id, rig.clock.now(), 'manual');
    expect(record).toMatchObject({ outcome: 'posted' });
    expect(rig.poster.posts[0]!.firstRun).toBe(true);
    stored = await rig.repository.get(digest.id);
    expect(stored?.paused).toBeUndefined();
  });

  it('a transient post failure does not pause and loses no funds', async () => {
    rig = await startDigestRig(FRIDAY_8AM);
    const digest = await rig.addDigest(DAILY_0830);
    rig.poster.failWith('internal_error');
    rig.clock.set(FRIDAY_8AM + 31 * MINUTE);
    await rig.scheduler.tick();
    expect((await rig.repository.get(digest.id))?.paused).toBeUndefined();
    rig.poster.succeed();
    rig.clock.set(FRIDAY_8AM + DAY + 31 * MINUTE);
    await rig.scheduler.tick();
    expect(rig.poster.posts[0]!.firstRun).toBe(true);
  });

  it('a run that would pass the team budget posts a short notice instead', async () => {
    rig = await startDigestRig(FRIDAY_8AM, { teamDaily: 5 });
    const digest = await rig.addDigest(DAILY_0830);
    rig.clock.set(FRIDAY_8AM + 31 * MINUTE);
    await rig.scheduler.tick();
    expect(rig.poster.posts[0]).toMatchObject({ funds: [], budgetNotice: expect.anything() });
    expect(english.t(rig.poster.posts[0]!.budgetNotice!)).toContain('daily budget');
    expect((await rig.repository.get(digest.id))?.lastRun).toMatchObject({ outcome: 'over_budget', coinsSpent: 0 });
    expect(rig.newFundsCalls()).toBe(0);
  });
});

describeWithRedis('exactly once across two app instances sharing Redis', (prefix) => {
  it('both schedule the same digest; one post', async () => {
    const clock = new ManualClock(FRIDAY_8AM);
    const simulator = digestSimulator(clock);
    const storeA = await RedisStore.connect(redisUrl, { prefix, description: 'redis' });
    const storeB = await RedisStore.connect(redisUrl, { prefix, description: 'redis' });
    const poster = new RecordingPoster();
    poster.delayMs = 50;
    const a = digestInstance({ simulator, store: storeA, clock, poster, owner: 'replica-a' });
    const b = digestInstance({ simulator, store: storeB, clock, poster, owner: 'replica-b' });
    try {
      await a.repository.save({
        id: 'd1',
        teamId: 'T1',
        channelId: 'C1',
        createdBy: 'U1',
        createdAt: FRIDAY_8AM,
        schedule: DAILY_0830,
        filter: 'onsale',
      });
      for (const minute of [29, 30, 31, 32]) {
        clock.set(FRIDAY_8AM + minute * MINUTE + 500);
        await Promise.all([a.scheduler.tick(), b.scheduler.tick(), a.scheduler.tick(), b.scheduler.tick()]);
      }
      expect(poster.posts).toHaveLength(1);
      expect((await b.repository.get('d1'))?.lastRun?.outcome).toBe('posted');
    } finally {
      await a.data.close();
      await b.data.close();
      await storeA.close();
      await storeB.close();
    }
  });
});

describe('one run of a digest at a time', () => {
  it('two runs at once (Run now twice, or during the scheduled run) post the funds once', async () => {
    rig = await startDigestRig(FRIDAY_8AM);
    const digest = await rig.addDigest(DAILY_0830);
    rig.poster.delayMs = 100;
    const outcomes = await Promise.all([
      rig.runner.run(digest.id, FRIDAY_8AM + 1, 'manual'),
      rig.runner.run(digest.id, FRIDAY_8AM + 2, 'manual'),
    ]);
    expect(outcomes.filter((o) => o === 'busy')).toHaveLength(1);
    expect(rig.poster.posts).toHaveLength(1);
  });

  it('a scheduled run that finds the digest busy is not used up: the next tick runs it', async () => {
    rig = await startDigestRig(FRIDAY_8AM);
    const digest = await rig.addDigest(DAILY_0830);
    const posting = rig.poster.holdPosts();
    rig.clock.set(FRIDAY_8AM + 30 * MINUTE + 1000);
    const manual = rig.runner.run(digest.id, rig.clock.now(), 'manual');
    await posting.reached;
    await rig.scheduler.tick();
    expect((await rig.repository.get(digest.id))?.lastScheduledFor).toBeUndefined();
    posting.release();
    await manual;
    await rig.scheduler.tick();
    const stored = await rig.repository.get(digest.id);
    expect(stored?.lastScheduledFor).toBe(FRIDAY_8AM + 30 * MINUTE);
    expect(stored?.lastRun).toMatchObject({ trigger: 'schedule', outcome: 'nothing_new' });
    expect(rig.poster.posts).toHaveLength(1);
  });

  it('a later page refused by the budget still posts the funds of the pages already paid for', async () => {
    rig = await startDigestRig(FRIDAY_8AM, { teamDaily: 15 });
    const digest = await rig.addDigest(DAILY_0830);
    rig.clock.set(FRIDAY_8AM + 31 * MINUTE);
    await rig.scheduler.tick();
    expect(rig.poster.posts[0]!.funds).toHaveLength(50);
    const lastRun = (await rig.repository.get(digest.id))?.lastRun;
    expect(lastRun).toMatchObject({ outcome: 'posted', coinsSpent: 10, newFunds: 50 });
    expect(english.t(lastRun!.detail as Phrase)).toMatch(/^stopped after page 1: .*daily budget/);
  });
});

describe('a pause that ends by itself (a watch paused for the budget)', () => {
  interface Item {
    id: string;
    createdAt: number;
    schedule: Schedule;
    paused?: { at: number; resumesAt?: number };
    lastScheduledFor?: number;
  }

  async function runsOver(paused: Item['paused'], days: number): Promise<{ runs: number[]; item: Item }> {
    const item: Item = { id: 'w1', createdAt: FRIDAY_8AM - DAY, schedule: DAILY_0830, ...(paused ? { paused } : {}) };
    const runs: number[] = [];
    const clock = new ManualClock(FRIDAY_8AM);
    const scheduler = new JobScheduler<Item>({
      repository: { all: async () => [structuredClone(item)], update: async (_id, change) => change(item) },
      runner: { run: async (_id, scheduledFor) => void runs.push(scheduledFor), recordMissed: async () => undefined },
      clock,
      catchUpMs: 10 * MINUTE,
      kind: 'watch',
    });
    for (let day = 0; day < days; day++) await scheduler.tick(FRIDAY_8AM + day * DAY + 31 * MINUTE);
    return { runs, item };
  }

  it('lets runs pass until resumesAt, then runs the first one due from then on, and lifts the pause in the store', async () => {
    const resumesAt = FRIDAY_8AM + DAY - 8 * 60 * MINUTE; // Saturday 00:00 in Shanghai
    const { runs, item } = await runsOver({ at: FRIDAY_8AM, resumesAt }, 3);
    expect(runs).toEqual([FRIDAY_8AM + DAY + 30 * MINUTE, FRIDAY_8AM + 2 * DAY + 30 * MINUTE]);
    expect(item.paused).toBeUndefined();
  });

  it("a pause without resumesAt (a person's) lets every run pass", async () => {
    const { runs, item } = await runsOver({ at: FRIDAY_8AM }, 3);
    expect(runs).toEqual([]);
    expect(item.paused).toBeDefined();
    expect(item.lastScheduledFor).toBe(FRIDAY_8AM + 2 * DAY + 30 * MINUTE);
  });
});

describe('what changed after a digest was added (review of issue 26)', () => {
  it('a channel the allowlists no longer allow pauses the digest with why, fetching nothing', async () => {
    let allowed = true;
    rig = await startDigestRig(FRIDAY_8AM, { refusal: () => (allowed ? undefined : { key: 'access.channel' }) });
    const digest = await rig.addDigest(DAILY_0830);
    allowed = false;
    rig.clock.set(FRIDAY_8AM + 31 * MINUTE);
    await rig.scheduler.tick();
    const stored = await rig.repository.get(digest.id);
    expect(stored?.paused?.reason).toEqual({ key: 'access.channel' });
    expect(stored?.lastRun).toMatchObject({ outcome: 'refused', coinsSpent: 0 });
    expect(rig.newFundsCalls()).toBe(0);
    expect(rig.poster.posts).toHaveLength(0);
  });

  it('a run due as the app shuts down (its call never sent) is left unrecorded and unclaimed for the next process', async () => {
    rig = await startDigestRig(FRIDAY_8AM);
    const digest = await rig.addDigest(DAILY_0830);
    await rig.data.stopSending();
    rig.clock.set(FRIDAY_8AM + 31 * MINUTE);
    await rig.scheduler.tick();
    expect((await rig.repository.get(digest.id))?.lastRun).toBeUndefined();
    const next = digestInstance({
      simulator: rig.simulator,
      store: rig.store,
      clock: rig.clock,
      poster: rig.poster,
      owner: 'replica-b',
    });
    try {
      rig.clock.set(FRIDAY_8AM + 45 * MINUTE);
      await next.scheduler.tick();
      expect((await rig.repository.get(digest.id))?.lastRun).toMatchObject({ trigger: 'catch-up', outcome: 'posted' });
      expect(rig.poster.posts).toHaveLength(1);
    } finally {
      await next.data.close();
    }
  });
});
