import { afterEach, describe, expect, it } from 'vitest';
import type { DataClient } from '../../../src/core/client/dataClient.js';
import { validate } from '../../../src/core/operations/validate.js';
import { MemoryStore } from '../../../src/core/store/memoryStore.js';
import { RedisStore } from '../../../src/core/store/redisStore.js';
import type { Store } from '../../../src/core/store/types.js';
import { checkWatch, readCandlePeriod } from '../../../src/core/watch/checks.js';
import { checksWithin } from '../../../src/core/watch/cost.js';
import type { WatchState } from '../../../src/core/watch/types.js';
import { WatchInputError } from '../../../src/core/watch/watchService.js';
import { english, langFor, type Phrase } from '../../../src/i18n/lang.js';
import { TAXPAYER_CATALOGUE } from '../../../src/simulator/data/taxpayerCatalogue.js';
import { parseCommand } from '../../../src/slack/parse/parseCommand.js';
import { renderWatchNotice } from '../../../src/slack/render/watch.js';
import { COMMAND_GRAMMAR, watchWordsOf } from '../../../src/slack/slackOperations/index.js';
import { ManualClock } from '../../support/clocks.js';
import { describeWithRedis, redisUrl } from '../../support/redis.js';
import { switchableStore } from '../../support/switchableStore.js';
import { RecordingWatchPoster, startWatchRig, watchInstance, watchSimulator } from '../../support/watchRig.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Friday 2026-11-20 08:00 in Shanghai. */
const FRIDAY_8AM = Date.parse('2026-11-20T08:00:00+08:00');
const SUPPLIER = TAXPAYER_CATALOGUE[0]!;
const OTHER_RATING = SUPPLIER.taxCreditRating === 'A' ? 'C' : 'A';

let rig: Awaited<ReturnType<typeof startWatchRig>> | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

describe('a taxpayer watch', () => {
  it('records a baseline first, then posts exactly one before/after when the credit rating changes', async () => {
    rig = await startWatchRig(FRIDAY_8AM);
    const watch = await rig.addWatch({ kind: 'taxpayer', subject: SUPPLIER.creditNo, cadence: 'daily', time: '09:00' });
    await rig.tickAt(FRIDAY_8AM + 61 * MINUTE);
    expect(rig.poster.posts).toHaveLength(0);
    expect((await rig.repository.get(watch.id))?.lastRun).toMatchObject({ outcome: 'baseline', coinsSpent: 20 });

    rig.simulator.changeData({
      kind: 'taxpayer',
      creditNo: SUPPLIER.creditNo,
      fields: { taxCreditRating: OTHER_RATING },
    });
    await rig.tickAt(
      FRIDAY_8AM + DAY + 61 * MINUTE,
      FRIDAY_8AM + DAY + 62 * MINUTE,
      FRIDAY_8AM + 2 * DAY + 61 * MINUTE,
    );
    expect(rig.poster.posts).toHaveLength(1);
    expect(rig.poster.posts[0]!.change).toEqual({
      subject: SUPPLIER.enterpriseName,
      rows: [{ field: 'taxCreditRating', before: SUPPLIER.taxCreditRating, after: OTHER_RATING }],
    });
    expect((await rig.repository.get(watch.id))?.lastRun).toMatchObject({ outcome: 'unchanged' });
    expect(rig.upstreamCalls()).toBe(3);
  });

  it('a check is never answered from an older cache entry, but ten watches due together share one call', async () => {
    rig = await startWatchRig(FRIDAY_8AM);
    // A lookup an hour before: fresh in the cache for 24 h, yet not what a 09:00 check pays for.
    await rig.data.call('enterprise-general-taxpayer-query', { keyword: SUPPLIER.creditNo }, { teamId: 'T1' });
    for (let i = 0; i < 10; i++)
      await rig.service.save({
        ...(
          await rig.service.prepare({
            teamId: 'T1',
            channelId: `C${i}`,
            createdBy: 'U1',
            kind: 'taxpayer',
            subject: SUPPLIER.creditNo,
            cadence: 'daily',
            time: '09:00',
          })
        ).watch,
      });
    await rig.tickAt(FRIDAY_8AM + 61 * MINUTE);
    expect(rig.upstreamCalls()).toBe(2);
    const runs = (await rig.repository.all()).map((watch) => watch.lastRun?.outcome);
    expect(runs).toEqual(Array(10).fill('baseline'));
  });

  it('a check and a person looking the company up at the same moment ask the same question: one call, one charge', async () => {
    rig = await startWatchRig(FRIDAY_8AM);
    await rig.addWatch({ kind: 'taxpayer', subject: SUPPLIER.creditNo, cadence: 'daily', time: '09:00' });
    // What a person's `/taxpayer <code>` sends, read by the Slack side's own parser.
    const typed = parseCommand(COMMAND_GRAMMAR, '/taxpayer', SUPPLIER.creditNo);
    if (typed.kind !== 'query') throw new Error(`not a lookup: ${typed.kind}`);
    rig.clock.set(FRIDAY_8AM + 61 * MINUTE);
    const [, lookup] = await Promise.all([
      rig.scheduler.tick(),
      rig.data.call(typed.operation, typed.input, { teamId: 'T1', userId: 'U2' }),
    ]);
    expect(rig.upstreamCalls()).toBe(1);
    const watched = (await rig.repository.all())[0]!;
    expect(watched.lastRun).toMatchObject({ outcome: 'baseline' });
    expect(lookup.coinsSpent + watched.lastRun!.coinsSpent).toBe(20);
    const charged = await rig.data.ledger.entries('T1', FRIDAY_8AM, FRIDAY_8AM + DAY);
    expect(charged.map((entry) => entry.coins)).toEqual([20]);
  });

  it("a futures and a fund check ask what a person asks too: the operation's own defaults, so the lookup after a check is free", async () => {
    rig = await startWatchRig(FRIDAY_8AM);
    await rig.addWatch({ kind: 'fund', subject: '000001', cadence: 'daily', time: '09:00' });
    await rig.addWatch({
      kind: 'futures',
      subject: 'CL',
      period: 'daily',
      above: '75',
      cadence: 'daily',
      time: '09:00',
    });
    await rig.tickAt(FRIDAY_8AM + 61 * MINUTE);
    expect(rig.upstreamCalls()).toBe(2);
    for (const [command, text] of [
      ['/fund-asset', '000001'],
      ['/futures', 'CL daily'],
    ] as const) {
      const typed = parseCommand(COMMAND_GRAMMAR, command, text);
      if (typed.kind !== 'query') throw new Error(`not a lookup: ${typed.kind}`);
      expect((await rig.data.call(typed.operation, typed.input, { teamId: 'T1', userId: 'U2' })).source).toBe('cache');
    }
    expect(rig.upstreamCalls()).toBe(2);
  });

  it('a failed post keeps the change for the next check; a channel it cannot post in pauses it', async () => {
    rig = await startWatchRig(FRIDAY_8AM);
    const watch = await rig.addWatch({ kind: 'taxpayer', subject: SUPPLIER.creditNo, cadence: 'daily', time: '09:00' });
    await rig.tickAt(FRIDAY_8AM + 61 * MINUTE);
    rig.simulator.changeData({
      kind: 'taxpayer',
      creditNo: SUPPLIER.creditNo,
      fields: { taxCreditRating: OTHER_RATING },
    });
    rig.poster.failWith('internal_error');
    await rig.tickAt(FRIDAY_8AM + DAY + 61 * MINUTE);
    expect((await rig.repository.get(watch.id))?.lastRun?.outcome).toBe('post_failed');
    rig.poster.succeed();
    await rig.tickAt(FRIDAY_8AM + 2 * DAY + 61 * MINUTE);
    expect(rig.poster.posts).toHaveLength(1);
    expect(rig.poster.posts[0]!.change?.rows[0]).toMatchObject({ field: 'taxCreditRating', after: OTHER_RATING });
  });

  it('meets a budget smaller than one check: pauses until a person resumes it, says so in its channel, and spends nothing more', async () => {
    rig = await startWatchRig(FRIDAY_8AM, { teamDaily: 10 });
    const watch = await rig.addWatch({ kind: 'taxpayer', subject: SUPPLIER.creditNo, cadence: 'daily', time: '09:00' });
    await rig.tickAt(FRIDAY_8AM + 61 * MINUTE, FRIDAY_8AM + DAY + 61 * MINUTE);
    expect(rig.poster.posts).toHaveLength(1);
    expect(rig.poster.posts[0]!.paused).toBeDefined();
    const stored = await rig.repository.get(watch.id);
    expect(stored?.paused).toMatchObject({ remedy: { key: 'watch.pause.resumeWhenBudget' } });
    expect(stored?.paused?.resumesAt).toBeUndefined();
    expect(stored?.lastRun).toMatchObject({ outcome: 'over_budget', coinsSpent: 0 });
    expect(rig.upstreamCalls()).toBe(0);
  });
});

describe('a fund watch', () => {
  it('change:5% tells a move of more than 5% since the last value it told, not smaller ones', async () => {
    rig = await startWatchRig(FRIDAY_8AM);
    await rig.addWatch({ kind: 'fund', subject: '000001', changePercent: '5%', cadence: 'daily', time: '18:00' });
    await rig.tickAt(FRIDAY_8AM + 10 * HOUR + MINUTE);
    const baseline = (await rig.repository.all())[0]!.state as { asset: number };
    rig.simulator.changeData({
      kind: 'fund',
      fundCode: '000001',
      asset: Math.round(baseline.asset * 1.03 * 100) / 100,
    });
    await rig.tickAt(FRIDAY_8AM + DAY + 10 * HOUR + MINUTE);
    expect(rig.poster.posts).toHaveLength(0);
    rig.simulator.changeData({
      kind: 'fund',
      fundCode: '000001',
      asset: Math.round(baseline.asset * 1.06 * 100) / 100,
      assetDate: '2026-11-20',
    });
    await rig.tickAt(FRIDAY_8AM + 2 * DAY + 10 * HOUR + MINUTE);
    expect(rig.poster.posts).toHaveLength(1);
    const rows = rig.poster.posts[0]!.change!.rows;
    expect(rows.find((row) => row.field === 'assetDate')?.after).toBe('2026-11-20');
    expect(rows.find((row) => row.field === 'assetChange')?.after).toBe('+6.00%');
  });
});

describe('a futures watch', () => {
  it('tells each crossing above the level once, not every check while it stays above', async () => {
    rig = await startWatchRig(FRIDAY_8AM);
    await rig.addWatch({
      kind: 'futures',
      subject: 'CL',
      period: 'daily',
      above: '75',
      cadence: 'hourly',
      time: ':05',
    });
    const closes = [70, 80, 81, 74, 76, 77];
    for (const [hour, close] of closes.entries()) {
      rig.simulator.changeData({ kind: 'futures', symbol: 'CL', close });
      await rig.tickAt(FRIDAY_8AM + hour * HOUR + 6 * MINUTE);
    }
    expect(rig.poster.posts.map((post) => post.change?.rows[0]?.after)).toEqual(['80', '76']);
    expect(rig.poster.posts[0]!.change?.rows[0]?.before).toBe('70');
  });

  it('takes every period /futures takes (15m, weekly, 1M a month), checks the merged candles, and lists the same periods when refusing one', async () => {
    expect(['15m', '1w', 'weekly', '1M', 'monthly', '月线', '1m'].map(readCandlePeriod)).toEqual([
      '15',
      'W',
      'W',
      'M',
      'M',
      'M',
      '1',
    ]);
    rig = await startWatchRig(FRIDAY_8AM);
    await rig.addWatch({ kind: 'futures', subject: 'CL', period: '1M', below: '1000', cadence: 'hourly', time: ':05' });
    await rig.tickAt(FRIDAY_8AM + 6 * MINUTE);
    rig.simulator.changeData({ kind: 'futures', symbol: 'CL', close: 70 });
    await rig.tickAt(FRIDAY_8AM + HOUR + 6 * MINUTE);
    // The monthly candle's close is the latest daily close, as /futures CL 1M shows it.
    const [watched] = await rig.repository.all();
    expect(watched?.target).toMatchObject({ type: 'M' });
    expect(watched?.state).toMatchObject({ kind: 'contract', close: 70 });
    const refusal = await rig
      .addWatch({ kind: 'futures', subject: 'CL', period: '3m', above: '75', cadence: 'daily', time: '16:00' })
      .catch((error: WatchInputError) => error.phrase);
    for (const lang of [english, langFor('zh-CN')])
      expect(lang.t(refusal as Phrase)).toContain(lang.t('futures.choices.period'));
  });

  it('refuses hourly for records that do not change by the hour, and a level without above/below', async () => {
    rig = await startWatchRig(FRIDAY_8AM);
    await expect(
      rig.addWatch({ kind: 'taxpayer', subject: SUPPLIER.creditNo, cadence: 'hourly' }),
    ).rejects.toBeInstanceOf(WatchInputError);
    await expect(
      rig.addWatch({ kind: 'futures', subject: 'CL', cadence: 'daily', time: '16:00' }),
    ).rejects.toBeInstanceOf(WatchInputError);
    await expect(rig.addWatch({ kind: 'fund', subject: '12345', cadence: 'daily', time: '16:00' })).rejects.toThrow();
    expect(rig.upstreamCalls()).toBe(0);
  });
});

describe('scheduling, as digests are scheduled', () => {
  it('catches up a check missed while the app was down once, and records older ones as missed', async () => {
    rig = await startWatchRig(FRIDAY_8AM, { catchUpMs: HOUR });
    const watch = await rig.addWatch({ kind: 'taxpayer', subject: SUPPLIER.creditNo, cadence: 'daily', time: '09:00' });
    await rig.tickAt(FRIDAY_8AM + 90 * MINUTE, FRIDAY_8AM + 91 * MINUTE);
    expect((await rig.repository.get(watch.id))?.lastRun).toMatchObject({ trigger: 'catch-up', outcome: 'baseline' });
    await rig.tickAt(FRIDAY_8AM + DAY + 3 * HOUR);
    expect((await rig.repository.get(watch.id))?.lastRun).toMatchObject({ outcome: 'missed' });
    expect(rig.upstreamCalls()).toBe(1);
  });

  it('costs per month what its estimate said: the ledger after a simulated month', async () => {
    rig = await startWatchRig(FRIDAY_8AM);
    const { watch, cost } = await rig.service.prepare({
      teamId: 'T1',
      channelId: 'C1',
      createdBy: 'U1',
      kind: 'taxpayer',
      subject: SUPPLIER.creditNo,
      cadence: 'weekdays',
      time: '09:00',
    });
    await rig.service.save(watch);
    const futures = await rig.service.prepare({
      teamId: 'T1',
      channelId: 'C1',
      createdBy: 'U1',
      kind: 'futures',
      subject: 'CL',
      above: '75',
      cadence: 'hourly',
      time: ':30',
    });
    await rig.service.save(futures.watch);
    expect(cost).toMatchObject({ perCheck: 20, checksPerMonth: 21, perMonth: 420 });
    expect(futures.cost).toMatchObject({ perCheck: 5, checksPerMonth: 720, perMonth: 3600 });
    for (let at = FRIDAY_8AM + MINUTE; at <= FRIDAY_8AM + 30 * DAY; at += 30 * MINUTE) await rig.tickAt(at);
    const spent = (await rig.data.ledger.entries('T1', FRIDAY_8AM, FRIDAY_8AM + 31 * DAY)).reduce(
      (sum, entry) => sum + entry.coins,
      0,
    );
    expect(spent).toBe(cost.perMonth + futures.cost.perMonth);
  });

  it('counts checks run by run, as the scheduler will run them', () => {
    const march = Date.parse('2026-03-01T00:00:00Z');
    // 2026-03-08 has no 02:30 in New York; croner runs that day's check at 03:30, and so does the scheduler.
    expect(checksWithin({ cadence: { kind: 'daily' }, time: '02:30', timeZone: 'America/New_York' }, march, 30)).toBe(
      30,
    );
    expect(
      checksWithin(
        { cadence: { kind: 'weekly', weekday: 'mon' }, time: '09:00', timeZone: 'Asia/Shanghai' },
        march,
        30,
      ),
    ).toBe(5);
  });
});

async function exactlyOnceAcross(stores: Store[]): Promise<void> {
  const clock = new ManualClock(FRIDAY_8AM);
  const simulator = watchSimulator(clock);
  const poster = new RecordingWatchPoster();
  const replicas = stores.map((store, i) => watchInstance({ simulator, store, clock, poster, owner: `replica-${i}` }));
  try {
    const { watch } = await replicas[0]!.service.prepare({
      teamId: 'T1',
      channelId: 'C1',
      createdBy: 'U1',
      kind: 'taxpayer',
      subject: SUPPLIER.creditNo,
      cadence: 'daily',
      time: '09:00',
    });
    await replicas[0]!.service.save(watch);
    for (let day = 0; day < 5; day++) {
      if (day === 2)
        simulator.changeData({
          kind: 'taxpayer',
          creditNo: SUPPLIER.creditNo,
          fields: {
            taxpayerType: SUPPLIER.taxpayerType === '小规模纳税人' ? '增值税一般纳税人' : '小规模纳税人',
            taxCreditRating: OTHER_RATING,
          },
        });
      for (const minute of [60, 61, 62]) {
        clock.set(FRIDAY_8AM + day * DAY + minute * MINUTE);
        await Promise.all(replicas.flatMap((replica) => [replica.scheduler.tick(), replica.scheduler.tick()]));
      }
    }
    expect(poster.posts).toHaveLength(1);
    expect(poster.posts[0]!.change!.rows.map((row) => row.field).sort()).toEqual(['taxCreditRating', 'taxpayerType']);
    expect(simulator.stats().calls.filter((call) => call.outcome === 'success')).toHaveLength(5);
  } finally {
    await Promise.all(replicas.map((replica) => replica.data.close()));
  }
}

describe('exactly once across replicas', () => {
  it('three instances over one store: one check per scheduled time, one post per change', async () => {
    const store = new MemoryStore();
    await exactlyOnceAcross([store, store, store]);
  });
});

describeWithRedis('exactly once across three replicas sharing Redis', (prefix) => {
  it('one check per scheduled time, one post per change', async () => {
    const stores = await Promise.all(
      [0, 1, 2].map(() => RedisStore.connect(redisUrl, { prefix, description: 'redis' })),
    );
    try {
      await exactlyOnceAcross(stores);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });
});

/**
 * One replica over a store that can be taken down, watching the supplier daily at 09:00 (saved, no
 * check yet); `storeDownAfterEachPost` makes the store go away the moment a message is out, and
 * returns how to put posting back as it was.
 */
async function supplierWatchOverSwitchableStore() {
  const clock = new ManualClock(FRIDAY_8AM);
  const simulator = watchSimulator(clock);
  const switchable = switchableStore(new MemoryStore({ clock }));
  const poster = new RecordingWatchPoster();
  const replica = watchInstance({ simulator, store: switchable.store, clock, poster, owner: 'replica-a' });
  const { watch } = await replica.service.prepare({
    teamId: 'T1',
    channelId: 'C1',
    createdBy: 'U1',
    kind: 'taxpayer',
    subject: SUPPLIER.creditNo,
    cadence: 'daily',
    time: '09:00',
  });
  await replica.service.save(watch);
  const storeDownAfterEachPost = () => {
    const post = poster.post.bind(poster);
    poster.post = async (notice) => {
      await post(notice);
      switchable.goDown();
    };
    return () => {
      poster.post = post;
    };
  };
  return { clock, simulator, switchable, poster, replica, watch, storeDownAfterEachPost };
}

describe('a store outage', () => {
  it('a check due while the store is down is made once when it is back; a store failing right after a post does not post twice', async () => {
    const { clock, simulator, switchable, poster, replica, watch, storeDownAfterEachPost } =
      await supplierWatchOverSwitchableStore();
    try {
      switchable.goDown();
      clock.set(FRIDAY_8AM + 60 * MINUTE + 10_000);
      await expect(replica.scheduler.tick()).rejects.toThrow(/store down/);
      switchable.comeBack();
      clock.set(FRIDAY_8AM + 70 * MINUTE);
      await replica.scheduler.tick();
      expect((await replica.repository.get(watch.id))?.lastRun).toMatchObject({
        trigger: 'catch-up',
        outcome: 'baseline',
      });

      // The next day the rating changes, and the store goes away the moment the message is out.
      simulator.changeData({
        kind: 'taxpayer',
        creditNo: SUPPLIER.creditNo,
        fields: { taxCreditRating: OTHER_RATING },
      });
      storeDownAfterEachPost();
      clock.set(FRIDAY_8AM + DAY + 61 * MINUTE);
      await replica.scheduler.tick();
      switchable.comeBack();
      for (const at of [DAY + 62 * MINUTE, DAY + 90 * MINUTE, 2 * DAY + 61 * MINUTE]) {
        clock.set(FRIDAY_8AM + at);
        await replica.scheduler.tick();
      }
      expect(poster.posts).toHaveLength(1);
      expect(poster.posts[0]!.change?.rows).toEqual([
        { field: 'taxCreditRating', before: SUPPLIER.taxCreditRating, after: OTHER_RATING },
      ]);
    } finally {
      await replica.data.close();
    }
  });
});

describe('the review of issue 26', () => {
  it('a watch whose channel the allowlists no longer allow pauses with why, claiming and spending nothing, scheduled or run by hand', async () => {
    let allowedChannels = new Set(['C1']);
    rig = await startWatchRig(FRIDAY_8AM, {
      refusal: ({ channelId }) => (allowedChannels.has(channelId) ? undefined : { key: 'access.channel' }),
    });
    const watch = await rig.addWatch({ kind: 'taxpayer', subject: SUPPLIER.creditNo, cadence: 'daily', time: '09:00' });
    allowedChannels = new Set(['C2']);
    await rig.tickAt(FRIDAY_8AM + 61 * MINUTE);
    const stored = await rig.repository.get(watch.id);
    expect(stored?.paused?.reason).toEqual({ key: 'access.channel' });
    expect(stored?.paused?.remedy).toMatchObject({ key: 'watch.pause.allowThenResume' });
    expect(stored?.lastRun).toMatchObject({ outcome: 'refused', coinsSpent: 0 });
    await rig.service.resume(watch.id);
    expect(await rig.service.runNow(watch.id, 'U1')).toMatchObject({ outcome: 'refused' });
    expect((await rig.repository.get(watch.id))?.paused).toBeDefined();
    expect(rig.upstreamCalls()).toBe(0);
    expect(rig.poster.posts).toHaveLength(0);
    expect(
      await rig.store.claim(`watch-run:${watch.id}:${Date.parse('2026-11-20T09:00:00+08:00')}`, 'probe', MINUTE),
    ).toBe(true);
  });

  it("a manual check is on the budget of the person who runs it, a scheduled one on its creator's; each has their ledger line", async () => {
    rig = await startWatchRig(FRIDAY_8AM, { userDaily: 20 });
    const watch = await rig.addWatch({ kind: 'taxpayer', subject: SUPPLIER.creditNo, cadence: 'daily', time: '09:00' });
    await rig.tickAt(FRIDAY_8AM + 61 * MINUTE);
    rig.clock.set(FRIDAY_8AM + 70 * MINUTE);
    expect(await rig.service.runNow(watch.id, 'U2')).toMatchObject({ outcome: 'unchanged', coinsSpent: 20 });
    rig.clock.set(FRIDAY_8AM + 80 * MINUTE);
    const second = await rig.service.runNow(watch.id, 'U2');
    expect(second).toMatchObject({ outcome: 'over_budget', coinsSpent: 0 });
    const entries = await rig.data.ledger.entries('T1', FRIDAY_8AM, FRIDAY_8AM + DAY);
    expect(entries.map((entry) => entry.userId)).toEqual(['U1', 'U2']);
    // The pause is posted in the channel, where "your budget" would name whoever reads it: it names U2.
    const paused = rig.poster.posts.at(-1)!;
    expect(paused.paused?.reason).toMatchObject({
      key: 'digests.failure.personBudget',
      values: { userId: 'U2', limit: 20 },
    });
    const english = JSON.stringify(renderWatchNotice(paused, watchWordsOf, langFor('en')).blocks);
    expect(english).toContain("<@U2>'s daily budget of 20 coins would be exceeded");
    expect(english).not.toMatch(/your daily budget/i);
    const chinese = JSON.stringify(
      renderWatchNotice({ ...paused, locale: 'zh-CN' }, watchWordsOf, langFor('zh-CN')).blocks,
    );
    expect(chinese).toContain('超出 <@U2> 的每日预算 20 币');
    // The reason is a whole sentence elsewhere; inside the pause line it is a clause, without its stop.
    expect(english).toContain('Nothing was spent; ');
    expect(chinese).toContain('未扣费；');
    expect(`${english}${chinese}`).not.toMatch(/[.。][;；]/);
  });

  it('a store failing right after a paid check and its post: the person is told it posted, and the next check is not "busy"', async () => {
    const { clock, simulator, switchable, poster, replica, watch, storeDownAfterEachPost } =
      await supplierWatchOverSwitchableStore();
    try {
      await replica.service.runNow(watch.id, 'U1');
      simulator.changeData({
        kind: 'taxpayer',
        creditNo: SUPPLIER.creditNo,
        fields: { taxCreditRating: OTHER_RATING },
      });
      const postAsBefore = storeDownAfterEachPost();
      clock.set(FRIDAY_8AM + 10 * MINUTE);
      expect(await replica.service.runNow(watch.id, 'U1')).toMatchObject({
        outcome: 'changed',
        coinsSpent: 20,
        unrecorded: true,
      });
      postAsBefore();
      switchable.comeBack();
      clock.set(FRIDAY_8AM + 20 * MINUTE);
      expect(await replica.service.runNow(watch.id, 'U1')).toMatchObject({ outcome: 'unchanged' });
      expect(poster.posts).toHaveLength(1);

      // The store down between the paid answer and storing it: nothing posted, and the coins are on the record.
      simulator.changeData({
        kind: 'taxpayer',
        creditNo: SUPPLIER.creditNo,
        fields: { taxCreditRating: SUPPLIER.taxCreditRating },
      });
      const update = replica.repository.update.bind(replica.repository);
      replica.repository.update = async () => {
        replica.repository.update = update;
        throw new Error('store down in this test');
      };
      clock.set(FRIDAY_8AM + 30 * MINUTE);
      expect(await replica.service.runNow(watch.id, 'U1')).toMatchObject({
        outcome: 'post_failed',
        coinsSpent: 20,
        detail: { key: 'watch.run.storeDown' },
      });
      expect(poster.posts).toHaveLength(1);
    } finally {
      await replica.data.close();
    }
  });

  it('a check due as the app shuts down (its call never sent) is neither recorded nor claimed: the next process catches it up', async () => {
    rig = await startWatchRig(FRIDAY_8AM);
    const watch = await rig.addWatch({ kind: 'taxpayer', subject: SUPPLIER.creditNo, cadence: 'daily', time: '09:00' });
    await rig.data.stopSending();
    await rig.tickAt(FRIDAY_8AM + 61 * MINUTE);
    const stored = await rig.repository.get(watch.id);
    expect(stored?.lastRun).toBeUndefined();
    expect(stored?.lastScheduledFor).toBeUndefined();
    const next = watchInstance({
      simulator: rig.simulator,
      store: rig.store,
      clock: rig.clock,
      poster: rig.poster,
      owner: 'replica-b',
    });
    try {
      rig.clock.set(FRIDAY_8AM + 75 * MINUTE);
      await next.scheduler.tick();
      expect((await rig.repository.get(watch.id))?.lastRun).toMatchObject({
        trigger: 'catch-up',
        outcome: 'baseline',
        coinsSpent: 20,
      });
    } finally {
      await next.data.close();
    }
  });

  it('a fund check reads the largest page and takes the latest date, whichever way the service orders it', async () => {
    const asked: Array<Record<string, string>> = [];
    const oldestFirst = [
      { assetDate: '2026-03-31', assetRate: null, asset: 100 },
      { assetDate: '2026-06-30', assetRate: 0.1, asset: 110 },
      { assetDate: '2026-09-30', assetRate: 0.1, asset: 121 },
    ];
    const data = {
      call: async (_operation: string, input: Record<string, string>) => {
        asked.push(input);
        return { result: { fundCode: '000001', records: oldestFirst }, coinsSpent: 10 };
      },
    } as unknown as DataClient;
    const target = { kind: 'fund', fundCode: '000001' } as const;
    const first = await checkWatch(data, target, undefined, { teamId: 'T1' }, FRIDAY_8AM);
    expect(first.state).toEqual({ kind: 'fund', assetDate: '2026-09-30', asset: 121 });
    expect(validate('fund-asset', asked[0])).toMatchObject({ pageNo: '1', pageSize: '50' });
    const same = await checkWatch(data, target, first.state, { teamId: 'T1' }, FRIDAY_8AM);
    expect(same.change).toBeUndefined();
  });

  it('a company watch: "not found" is told once and a glitch that ends posts nothing; the company stays the one its credit code names', async () => {
    const supplier = { creditNo: '91330106774738789M', enterpriseName: '杭州某某供应链有限公司', taxCreditRating: 'A' };
    const namesake = {
      creditNo: '91110000100000000X',
      enterpriseName: '杭州某某供应链管理有限公司',
      taxCreditRating: 'D',
    };
    const answers: Array<Array<typeof supplier>> = [[supplier], [], [], [namesake, supplier], [namesake]];
    const asked: string[] = [];
    const data = {
      call: async (_operation: string, input: Record<string, string>) => {
        asked.push(input.keyword!);
        return { result: { records: answers.shift() ?? [] }, coinsSpent: 20 };
      },
    } as unknown as DataClient;
    const target = { kind: 'company', keyword: '杭州某某供应链' } as const;
    const seen = [];
    let state: WatchState | undefined;
    for (let i = 0; i < 5; i++) {
      const outcome = await checkWatch(data, target, state, { teamId: 'T1' }, FRIDAY_8AM);
      seen.push(
        outcome.change
          ? outcome.change.notFound
            ? 'no longer found'
            : outcome.change.rows.map((row) => row.field).join()
          : '-',
      );
      state = outcome.state;
    }
    expect(seen).toEqual(['-', 'no longer found', '-', '-', 'no longer found']);
    expect(asked).toEqual(['杭州某某供应链', ...Array(4).fill(supplier.creditNo)]);
    expect(state).toMatchObject({
      kind: 'company',
      found: false,
      creditNo: supplier.creditNo,
      record: { taxCreditRating: 'A' },
    });
  });

  it('a check that may have been charged says so; three unreadable (charged) answers in a row pause the watch, saying so', async () => {
    rig = await startWatchRig(FRIDAY_8AM);
    const watch = await rig.addWatch({ kind: 'taxpayer', subject: SUPPLIER.creditNo, cadence: 'daily', time: '09:00' });
    await rig.tickAt(FRIDAY_8AM + 61 * MINUTE);
    rig.simulator.setFaults({ malformedRate: 1 });
    await rig.tickAt(FRIDAY_8AM + DAY + 61 * MINUTE);
    expect((await rig.repository.get(watch.id))?.lastRun).toMatchObject({
      outcome: 'fetch_failed',
      coinsSpent: 0,
      coinsAtRisk: 20,
    });
    rig.simulator.setFaults({ changedFieldRate: 1 });
    await rig.tickAt(FRIDAY_8AM + 2 * DAY + 61 * MINUTE, FRIDAY_8AM + 3 * DAY + 61 * MINUTE);
    expect((await rig.repository.get(watch.id))?.paused).toBeUndefined();
    expect((await rig.repository.get(watch.id))?.lastRun).toMatchObject({ outcome: 'fetch_failed', coinsSpent: 20 });
    await rig.tickAt(FRIDAY_8AM + 4 * DAY + 61 * MINUTE, FRIDAY_8AM + 5 * DAY + 61 * MINUTE);
    const stored = await rig.repository.get(watch.id);
    expect(stored?.paused?.reason).toMatchObject({ key: 'watch.pause.schemaChanged' });
    expect(rig.poster.posts.map((post) => post.paused?.reason)).toEqual([
      { key: 'watch.pause.schemaChanged', values: { count: 3 } },
    ]);
    expect(rig.upstreamCalls()).toBe(1);
    expect(rig.simulator.stats().calls).toHaveLength(5);
  });
});
