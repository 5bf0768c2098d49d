import { afterEach, describe, expect, it } from 'vitest';
import { readerText } from '../../../src/core/readerText.js';
import { noticeIdentity } from '../../../src/core/watch/noticeIdentity.js';
import type { WatchNotice } from '../../../src/core/watch/types.js';
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
