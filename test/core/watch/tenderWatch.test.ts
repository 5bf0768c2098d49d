import { afterEach, describe, expect, it } from 'vitest';
import { readerText } from '../../../src/core/readerText.js';
import { noticeIdentity } from '../../../src/core/watch/noticeIdentity.js';
import type { WatchNotice, WatchState } from '../../../src/core/watch/types.js';
import { startWatchRig } from '../../support/watchRig.js';

/**
 * A saved tender search on the simulator's stream of notices (core/watch/newNotices.ts): each notice
 * told once, however the service re-serves it, and further pages only while a whole page is new.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Monday 2026-11-23 08:00 in Shanghai. */
const MONDAY_8AM = Date.parse('2026-11-23T08:00:00+08:00');
const KEYWORD = '光伏组件';
const BIDS = 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list';

let rig: Awaited<ReturnType<typeof startWatchRig>> | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const titlesOf = (notice: WatchNotice | undefined) =>
  (notice?.change?.records ?? []).map((record) => readerText(String((record as { title?: unknown }).title)));
const ids = (notice: WatchNotice | undefined) =>
  (notice?.change?.records ?? []).map(
    (record) => (record as { id?: string; title?: string }).id ?? noticeIdentity(record),
  );

describe('a tender watch', () => {
  it('records the first page, then tells each new notice once, whatever the service does to the ones told', async () => {
    rig = await startWatchRig(MONDAY_8AM);
    const watch = await rig.addWatch({
      kind: 'bids',
      subject: KEYWORD,
      search: { province: 'ZJ', type: 'tender' },
      cadence: 'daily',
      time: '09:00',
    });
    expect(watch.target).toEqual({
      kind: 'tenders',
      search: { keyword: KEYWORD, province: 'ZJ', type: '1' },
      maxPages: 3,
    });
    await rig.tickAt(MONDAY_8AM + 61 * MINUTE);
    expect(rig.poster.posts).toEqual([]);
    expect((await rig.repository.get(watch.id))?.lastRun).toMatchObject({ outcome: 'baseline', coinsSpent: 10 });

    // Two notices published now: the next check tells both, once.
    const first = rig.simulator.changeData({ kind: 'newBid', keyword: KEYWORD, province: 'ZJ', type: '1', count: 2 });
    rig.clock.set(MONDAY_8AM + 2 * 60 * MINUTE);
    await rig.scheduler.tick(); // nothing due
    await rig.tickAt(MONDAY_8AM + DAY + 61 * MINUTE);
    expect(rig.poster.posts).toHaveLength(1);
    const told = ids(rig.poster.posts[0]);
    expect(told).toEqual(expect.arrayContaining(first.notices.map((entry) => entry.notice.id)));

    // The same notices re-served in other widths and spaces, then without ids at all, then pushed to
    // page 2 by a dozen newer ones: none of them is told again; the dozen are.
    for (const entry of first.notices) rig.simulator.changeData({ kind: 'bid', id: entry.notice.id, restyle: true });
    await rig.tickAt(MONDAY_8AM + 2 * DAY + 61 * MINUTE);
    rig.simulator.changeData({ kind: 'bidIds', shown: false });
    await rig.tickAt(MONDAY_8AM + 3 * DAY + 61 * MINUTE);
    const dozen = rig.simulator.changeData({ kind: 'newBid', keyword: KEYWORD, province: 'ZJ', type: '1', count: 12 });
    await rig.tickAt(MONDAY_8AM + 4 * DAY + 61 * MINUTE);
    const later = rig.poster.posts.slice(1).flatMap((post) => titlesOf(post));
    for (const entry of first.notices) expect(later).not.toContain(readerText(entry.notice.title));
    const last = titlesOf(rig.poster.posts.at(-1));
    for (const entry of dozen.notices) expect(last).toContain(readerText(entry.notice.title));
    // Every notice told is told once, in whatever form it was served, and none is older than the watch.
    const every = rig.poster.posts.flatMap((post) => titlesOf(post));
    expect(new Set(every).size).toBe(every.length);
    const dates = rig.poster.posts.flatMap((post) =>
      (post.change?.records ?? []).map((record) => (record as { publishDate: string }).publishDate),
    );
    expect(dates.filter((date) => date < '2026-11-23')).toEqual([]);
    // Only the check that met a whole new page read a second one.
    const runs = (await rig.repository.get(watch.id))!.lastRun!;
    expect(runs).toMatchObject({ outcome: 'changed', coinsSpent: 20 });
  });

  it('knows the notices it told when the service starts sending ids it did not send before', async () => {
    rig = await startWatchRig(MONDAY_8AM);
    rig.simulator.changeData({ kind: 'bidIds', shown: false });
    await rig.addWatch({ kind: 'bids', subject: KEYWORD, search: { province: 'ZJ' }, cadence: 'daily', time: '09:00' });
    await rig.tickAt(MONDAY_8AM + 61 * MINUTE);
    const first = rig.simulator.changeData({ kind: 'newBid', keyword: KEYWORD, province: 'ZJ', type: '1', count: 2 });
    await rig.tickAt(MONDAY_8AM + DAY + 61 * MINUTE);
    expect(titlesOf(rig.poster.posts[0])).toEqual(
      expect.arrayContaining(first.notices.map((entry) => readerText(entry.notice.title))),
    );
    rig.simulator.changeData({ kind: 'bidIds', shown: true });
    await rig.tickAt(MONDAY_8AM + 2 * DAY + 61 * MINUTE);
    const later = rig.poster.posts.slice(1).flatMap((post) => titlesOf(post));
    for (const entry of first.notices) expect(later).not.toContain(readerText(entry.notice.title));
  });

  it('posts the first page at its first check when asked (announce), and only what is new after that', async () => {
    rig = await startWatchRig(MONDAY_8AM);
    await rig.addWatch({ kind: 'bids', subject: KEYWORD, cadence: 'daily', time: '09:00', announceFirst: true });
    await rig.tickAt(MONDAY_8AM + 61 * MINUTE);
    expect(rig.poster.posts).toHaveLength(1);
    expect(rig.poster.posts[0]).toMatchObject({ first: true });
    expect(rig.poster.posts[0]!.change!.records).toHaveLength(10);
    expect(rig.poster.posts[0]!.change!.capped).toBeUndefined();
  });

  it('an award result of a tender told before is a new notice', async () => {
    rig = await startWatchRig(MONDAY_8AM);
    const watch = await rig.addWatch({
      kind: 'bids',
      subject: KEYWORD,
      search: { province: 'ZJ' },
      cadence: 'daily',
      time: '09:00',
    });
    await rig.tickAt(MONDAY_8AM + 61 * MINUTE);
    const tender = rig.simulator.changeData({ kind: 'newBid', keyword: KEYWORD, province: 'ZJ', type: '1' });
    await rig.tickAt(MONDAY_8AM + DAY + 61 * MINUTE);
    const award = rig.simulator.changeData({ kind: 'newBid', keyword: KEYWORD, awardOf: tender.notices[0]!.notice.id });
    await rig.tickAt(MONDAY_8AM + 2 * DAY + 61 * MINUTE);
    const told = rig.poster.posts.flatMap((post) => ids(post));
    expect(told).toContain(tender.notices[0]!.notice.id);
    expect(told).toContain(award.notices[0]!.notice.id);
    expect(told.filter((id) => id === tender.notices[0]!.notice.id)).toHaveLength(1);
    expect(watch.id).toBeTruthy();
  });

  it('reads further pages only while a whole page is new, up to its cap, and says when it stopped there', async () => {
    rig = await startWatchRig(MONDAY_8AM);
    // Every region: about 170 new notices a working day, so every first page is new.
    const watch = await rig.addWatch({
      kind: 'bids',
      subject: KEYWORD,
      cadence: 'daily',
      time: '09:00',
      maxCoins: '30',
    });
    await rig.tickAt(MONDAY_8AM + 61 * MINUTE, MONDAY_8AM + DAY + 61 * MINUTE);
    expect(rig.poster.posts).toHaveLength(1);
    const change = rig.poster.posts[0]!.change!;
    expect(change.records).toHaveLength(30);
    expect(change.capped).toEqual({ pages: 3, coins: 30 });
    expect((await rig.repository.get(watch.id))?.lastRun).toMatchObject({
      outcome: 'changed',
      coinsSpent: 30,
      newRecords: 30,
    });
    const calls = rig.simulator.stats().calls.filter((call) => call.operation === BIDS);
    expect(calls).toHaveLength(4);
  });
});

/**
 * What a hostile tester found (issue 42, item 4): a check cut short, links and ids a service uses
 * otherwise than for one notice each, and the same notices in another order.
 */
/** What the version before issue 42 stored at the first check of `光伏组件 region:ZJ` on Monday 2026-11-23 09:01. */
const UPGRADED_TOLD = [
  'id:f17beac451290a00',
  'url:https://example.invalid/notice/f17beac451290a00',
  'fp:_GQMUZG9c5OBzYwmG6nmCC',
  'id:a1ac8e7251290a05',
  'url:https://example.invalid/notice/a1ac8e7251290a05',
  'fp:Gcb1bxPJ51sSt9pBB4mBW2',
  'id:f2f5d27f51290a02',
  'url:https://example.invalid/notice/f2f5d27f51290a02',
  'fp:Y6ADqcnXzKJNcg506sb2OY',
  'id:5178e96251290a03',
  'url:https://example.invalid/notice/5178e96251290a03',
  'fp:tNKhyU2hVJvxwawy32yWyw',
  'id:69a9304751290a01',
  'url:https://example.invalid/notice/69a9304751290a01',
  'fp:XO8-VQLHa-D6Rzhui0Z9uU',
  'id:f066e8c351290a04',
  'url:https://example.invalid/notice/f066e8c351290a04',
  'fp:62otPI8WRHpzVVM7JdKZbl',
  'id:cdd9035351280a00',
  'url:https://example.invalid/notice/cdd9035351280a00',
  'fp:P_Zi1y-aBcNMfPzxRgLXYp',
  'id:d58bd3e551280a01',
  'url:https://example.invalid/notice/d58bd3e551280a01',
  'fp:S6VxmgNiiBK0dX5SyjIElm',
  'id:67f32f4551270a03',
  'url:https://example.invalid/notice/67f32f4551270a03',
  'fp:7h5XjpVXcpcuKJsUEQBkDW',
  'id:29caca2651270a01',
  'url:https://example.invalid/notice/29caca2651270a01',
  'fp:Tj6Rsz5rQMLZc5-2ZQ73LP',
];

describe('a tender watch, whatever the service does to its pages', () => {
  const MONDAY_9AM = MONDAY_8AM + 60 * MINUTE;
  const checkOn = (day: number) => MONDAY_9AM + day * DAY + MINUTE;
  const told = (active: NonNullable<typeof rig>) => active.poster.posts.flatMap((post) => titlesOf(post));
  /** The notices the simulator served at the latest call for page 1 (what the watch last read there). */
  const lastPageOne = (active: NonNullable<typeof rig>): Array<{ id: string; title: string; url: string }> => {
    const calls = active.simulator.stats().calls.filter((call) => call.operation === BIDS && call.status === 200);
    const pageOne = calls.filter((call) => ((call.request as { pageIndex?: string }).pageIndex ?? '1') === '1').at(-1);
    return (pageOne!.body as { data: { list: Array<{ id: string; title: string; url: string }> } }).data.list;
  };

  async function zhejiangWatch() {
    rig = await startWatchRig(MONDAY_8AM);
    const watch = await rig.addWatch({
      kind: 'bids',
      subject: KEYWORD,
      search: { province: 'ZJ' },
      cadence: 'daily',
      time: '09:00',
    });
    await rig.tickAt(checkOn(0));
    expect((await rig.repository.get(watch.id))?.lastRun).toMatchObject({ outcome: 'baseline' });
    return { rig, watch };
  }

  it('a check whose page 2 times out posts page 1, and the next one tells what page 2 held', async () => {
    const { rig, watch } = await zhejiangWatch();
    // A dozen new notices: page 1 is all new, so the check reads page 2, which does not answer.
    rig.clock.set(checkOn(1) - 2 * MINUTE);
    const dozen = rig.simulator.changeData({ kind: 'newBid', keyword: KEYWORD, province: 'ZJ', count: 12 });
    rig.simulator.setFaults({ perOperation: { [BIDS]: { timeoutRate: 1, pages: [2] } } });
    await rig.tickAt(checkOn(1));
    rig.simulator.setFaults({});
    expect(rig.poster.posts).toHaveLength(1);
    expect(rig.poster.posts[0]!.change).toMatchObject({ unreadPage: { page: 2, coinsAtRisk: 10 } });
    expect(titlesOf(rig.poster.posts[0])).toHaveLength(10);

    await rig.tickAt(checkOn(2));
    const every = told(rig);
    for (const entry of dozen.notices) expect(every).toContain(readerText(entry.notice.title));
    // Each once (by id: two award results of one tender may say the same).
    const everyId = rig.poster.posts.flatMap((post) => ids(post));
    expect(new Set(everyId).size).toBe(everyId.length);
    // Past the edge: a whole check again, nothing left to read past.
    expect((await rig.repository.get(watch.id))?.state).toEqual({ kind: 'tenders', checkedAt: checkOn(2) - MINUTE });
  });

  it('notices that share one generic link, and carry no id, are each told', async () => {
    rig = await startWatchRig(MONDAY_8AM);
    rig.simulator.changeData({ kind: 'bidIds', shown: false });
    rig.simulator.changeData({ kind: 'bidLinks', url: 'https://example.invalid/zhaobiao/list.html' });
    await rig.addWatch({ kind: 'bids', subject: KEYWORD, search: { province: 'ZJ' }, cadence: 'daily', time: '09:00' });
    await rig.tickAt(checkOn(0));
    rig.clock.set(checkOn(1) - 2 * MINUTE);
    const three = rig.simulator.changeData({ kind: 'newBid', keyword: KEYWORD, province: 'ZJ', count: 3 });
    await rig.tickAt(checkOn(1));
    const every = told(rig);
    for (const entry of three.notices) expect(every).toContain(readerText(entry.notice.title));
  });

  it('a row id handed to a new notice: the new one is told, the old one it belonged to is not', async () => {
    const { rig } = await zhejiangWatch();
    const old = lastPageOne(rig)[2]!;
    rig.clock.set(checkOn(1) - 2 * MINUTE);
    const [fresh] = rig.simulator.changeData({ kind: 'newBid', keyword: KEYWORD, province: 'ZJ' }).notices;
    // The service re-keys the old notice and gives its id (and link) to the new one.
    rig.simulator.changeData({ kind: 'bid', id: old.id, fields: { id: 'ffffffff51290aff', url: `${old.url}-v2` } });
    rig.simulator.changeData({ kind: 'bid', id: fresh!.notice.id, fields: { id: old.id, url: old.url } });
    await rig.tickAt(checkOn(1));
    const every = told(rig);
    expect(every).toContain(readerText(fresh!.notice.title));
    expect(every).not.toContain(readerText(old.title));
  });

  it('the same notices in another order announce none of the old ones; the new ones come when it can read them', async () => {
    const { rig } = await zhejiangWatch();
    rig.simulator.changeData({ kind: 'bidOrder', order: 'oldestFirst' });
    rig.clock.set(checkOn(1) - 2 * MINUTE);
    const [fresh] = rig.simulator.changeData({ kind: 'newBid', keyword: KEYWORD, province: 'ZJ' }).notices;
    await rig.tickAt(checkOn(1));
    expect(rig.poster.posts).toEqual([]);
    rig.simulator.changeData({ kind: 'bidOrder', order: 'newestFirst' });
    await rig.tickAt(checkOn(2));
    expect(told(rig)).toContain(readerText(fresh!.notice.title));
    const dates = rig.poster.posts.flatMap((post) =>
      (post.change?.records ?? []).map((record) => (record as { publishDate: string }).publishDate),
    );
    expect(dates.filter((date) => date < '2026-11-23')).toEqual([]);
  });

  it('knows the notices a saved search told before the upgrade, whatever it stored them by', async () => {
    rig = await startWatchRig(MONDAY_8AM);
    const watch = await rig.addWatch({
      kind: 'bids',
      subject: KEYWORD,
      search: { province: 'ZJ' },
      cadence: 'daily',
      time: '09:00',
    });
    // What the version before issue 42 stored at this watch's first check (Monday 09:01): each notice
    // of page 1 by its id, its link and its fingerprint, and the state naming what they rested on.
    await rig.repository.setTold(watch.id, UPGRADED_TOLD);
    await rig.repository.update(watch.id, (stored) => {
      stored.state = { kind: 'tenders', identifiedBy: ['id'] } as unknown as WatchState;
      stored.lastScheduledFor = MONDAY_9AM;
    });
    rig.clock.set(checkOn(1) - 2 * MINUTE);
    const two = rig.simulator.changeData({ kind: 'newBid', keyword: KEYWORD, province: 'ZJ', count: 2 });
    await rig.tickAt(checkOn(1));
    expect(rig.poster.posts).toHaveLength(1);
    const posted = (rig.poster.posts[0]!.change?.records ?? []).map((record) => (record as { id: string }).id);
    for (const entry of two.notices) expect(posted).toContain(entry.notice.id);
    const toldBefore = UPGRADED_TOLD.filter((identity) => identity.startsWith('id:')).map((identity) =>
      identity.slice(3),
    );
    expect(posted.filter((id) => toldBefore.includes(id))).toEqual([]);
  });
});
