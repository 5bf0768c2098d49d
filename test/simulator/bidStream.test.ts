import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readerText } from '../../src/core/readerText.js';
import { noticeIdentity } from '../../src/core/watch/noticeIdentity.js';
import type { BidNotice } from '../../src/simulator/data/bidNotices.js';
import { type Simulator, startSimulator } from '../../src/simulator/index.js';
import { call, callOperation, DAY_MS, FIXED_NOW, GENEROUS_RATE_LIMITS, OP } from './simulatorTestKit.js';

/**
 * Tender notices published over simulated time (data/bidNotices.ts), and the changes that steer
 * them (POST /__simulator/changes): what a saved tender search is tested against.
 */

let now = FIXED_NOW;
const clock = {
  now: () => now,
  sleep: async () => undefined,
  timer: () => () => undefined,
  every: () => () => undefined,
};
const options = { clock, rateLimits: GENEROUS_RATE_LIMITS };
let simulator: Simulator;
beforeEach(async () => {
  now = FIXED_NOW;
  simulator = await startSimulator(options);
});
afterEach(async () => {
  await simulator.close();
});

const KEYWORD = '光伏组件';
const ZJ = { keyword: KEYWORD, province: 'ZJ' };
const shanghai = (local: string) => Date.parse(`${local}+08:00`);
const isoDate = (epochMs: number) => new Date(epochMs + 8 * 3_600_000).toISOString().slice(0, 10);
const isWeekend = (epochMs: number) => [0, 6].includes(new Date(epochMs + 8 * 3_600_000).getUTCDay());

type Page = { total: number; list: BidNotice[] };
async function search(body: Record<string, string>, on: Simulator = simulator): Promise<Page> {
  const answer = await callOperation(on, OP.bids, body);
  expect(answer.status, answer.text).toBe(200);
  return answer.json.data;
}

async function everyPage(body: Record<string, string>): Promise<BidNotice[]> {
  const notices: BidNotice[] = [];
  for (let pageIndex = 1; ; pageIndex++) {
    const page = await search({ ...body, pageIndex: String(pageIndex) });
    notices.push(...page.list);
    if (page.list.length === 0 || notices.length >= page.total) return notices;
  }
}

async function change(body: unknown) {
  return call(simulator, '/__simulator/changes', body, { method: 'POST', key: null });
}

describe('tender notices published over simulated time', () => {
  it('keeps what a search found and puts the notices published since on top', async () => {
    const period = { ...ZJ, publishStartTime: '2025-06-01', publishEndTime: '2025-06-30' };
    now = shanghai('2025-06-16T09:00:00');
    const before = await everyPage(period);
    now = shanghai('2025-06-17T09:00:00');
    const after = await everyPage(period);
    expect(before.length).toBeGreaterThan(10);
    expect(after.slice(after.length - before.length)).toEqual(before);
    const fresh = after.slice(0, after.length - before.length);
    expect(fresh.length).toBeGreaterThan(0);
    for (const notice of fresh) expect(['2025-06-16', '2025-06-17']).toContain(notice.publishDate);
  });

  it('gives the same notices at the same instant, in a simulator started afresh', async () => {
    now = shanghai('2025-06-18T11:00:00');
    const first = await search({ keyword: KEYWORD, pageIndex: '3' });
    const another = await startSimulator(options);
    try {
      expect(await search({ keyword: KEYWORD, pageIndex: '3' }, another)).toEqual(first);
    } finally {
      await another.close();
    }
  });

  it('gives a weekday 09:00 check new tenders in Zhejiang on most days of a month, not on all', async () => {
    const checks: number[] = [];
    let previous: { at: number; ids: Set<string> } | undefined;
    for (let at = shanghai('2025-06-16T09:00:00'); at < shanghai('2025-07-16T09:00:00'); at += DAY_MS) {
      if (isWeekend(at)) continue;
      now = at;
      const notices = await everyPage({
        ...ZJ,
        type: '1',
        publishStartTime: isoDate(previous?.at ?? at - DAY_MS),
        publishEndTime: isoDate(at),
      });
      if (previous) checks.push(notices.filter((notice) => !previous!.ids.has(notice.id)).length);
      previous = { at, ids: new Set(notices.map((notice) => notice.id)) };
    }
    const daysWithNew = checks.filter((count) => count > 0).length;
    expect(checks).toHaveLength(21);
    expect(daysWithNew).toBeGreaterThanOrEqual(checks.length * 0.6);
    expect(daysWithNew).toBeLessThan(checks.length);
  });

  it('publishes mostly on working days and in office hours', async () => {
    now = shanghai('2025-07-01T00:00:00');
    const weekdays: number[] = [];
    const weekends: number[] = [];
    for (let day = shanghai('2025-06-02T12:00:00'); day < shanghai('2025-06-30T12:00:00'); day += DAY_MS) {
      const { total } = await search({
        keyword: KEYWORD,
        publishStartTime: isoDate(day),
        publishEndTime: isoDate(day),
        pageSize: '1',
      });
      (isWeekend(day) ? weekends : weekdays).push(total);
    }
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(mean(weekends)).toBeLessThan(mean(weekdays) / 4);

    const on = { keyword: KEYWORD, publishStartTime: '2025-06-18', publishEndTime: '2025-06-18', pageSize: '1' };
    const totalAt = async (time: string) => {
      now = shanghai(`2025-06-18T${time}`);
      return (await search(on)).total;
    };
    expect(await totalAt('06:59:59')).toBe(0);
    const officeHours = (await totalAt('18:00:00')) - (await totalAt('08:30:00'));
    expect(officeHours).toBeGreaterThan((await totalAt('23:59:59')) * 0.7);
  });
});

describe('changing the notices (POST /__simulator/changes)', () => {
  it('publishes a notice now: found at once, first, and not before its instant', async () => {
    now = shanghai('2025-06-18T10:00:00');
    const before = await search(ZJ);
    const added = await change({ kind: 'newBid', keyword: KEYWORD, province: 'ZJ' });
    expect(added.status, added.text).toBe(200);
    const [published] = added.json.change.notices as Array<{ publishedAt: number; notice: BidNotice }>;
    expect(published!.publishedAt).toBe(now);
    expect(published!.notice).toMatchObject({
      noticeType: '招标公告',
      province: 'ZJ',
      provinceName: '浙江',
      publishDate: '2025-06-18',
    });
    expect(published!.notice.title).toContain(KEYWORD);
    const after = await search(ZJ);
    expect(after.total).toBe(before.total + 1);
    expect(after.list[0]).toEqual(published!.notice);

    const later = await change({
      kind: 'newBid',
      keyword: KEYWORD,
      province: 'ZJ',
      type: '3',
      title: '浙江省光伏组件产业园建设项目（拟建）',
      from: now + 3_600_000,
    });
    const laterId = later.json.change.notices[0].notice.id;
    expect((await search(ZJ)).list.map((notice) => notice.id)).not.toContain(laterId);
    now += 3_600_000;
    const found = await search({ ...ZJ, type: '3' });
    expect(found.list[0]).toMatchObject({
      id: laterId,
      title: '浙江省光伏组件产业园建设项目（拟建）',
      noticeType: '拟建项目',
    });
  });

  it("publishes at the data's now when the data's date is pinned apart from the simulator's clock", async () => {
    const pinned = await startSimulator({ now: () => FIXED_NOW, rateLimits: GENEROUS_RATE_LIMITS });
    try {
      const published: BidNotice = pinned.changeData({ kind: 'newBid', keyword: KEYWORD, province: 'ZJ' }).notices[0]!
        .notice;
      expect(published.publishDate).toBe(isoDate(FIXED_NOW));
      expect((await search(ZJ, pinned)).list[0]).toEqual(published);
    } finally {
      await pinned.close();
    }
  });

  it('finds a published notice by the words it carries, in the fields searched', async () => {
    now = shanghai('2025-06-18T10:00:00');
    await change({
      kind: 'newBid',
      keyword: '海上风电',
      province: 'FJ',
      title: '福建省海上风电场运维采购公告',
      purchaser: '福建省能源集团有限公司',
    });
    expect((await search({ keyword: '海上风电场', searchType: '1' })).list.map((notice) => notice.title)).toContain(
      '福建省海上风电场运维采购公告',
    );
    expect((await search({ keyword: '能源集团', searchType: '2', province: 'FJ' })).list[0]?.purchaser).toBe(
      '福建省能源集团有限公司',
    );
    expect(
      (await search({ keyword: '能源集团', searchType: '1', province: 'FJ' })).list.map((notice) => notice.purchaser),
    ).not.toContain('福建省能源集团有限公司');
  });

  it('re-serves a notice in other widths, spaces and punctuation: same id, same place, same words', async () => {
    now = shanghai('2025-06-18T10:00:00');
    const before = await search(ZJ);
    const target = before.list[3]!;
    expect((await change({ kind: 'bid', id: target.id, restyle: true })).status).toBe(200);
    const after = await search(ZJ);
    const restyled = after.list[3]!;
    expect(restyled.id).toBe(target.id);
    expect(restyled.title).not.toBe(target.title);
    expect(restyled.purchaser).not.toBe(target.purchaser);
    expect(readerText(restyled.title)).toBe(readerText(target.title));
    expect(readerText(restyled.purchaser)).toBe(readerText(target.purchaser));
    expect({ ...restyled, title: target.title, purchaser: target.purchaser }).toEqual(target);
    expect(after.list.filter((_, i) => i !== 3)).toEqual(before.list.filter((_, i) => i !== 3));

    await change({ kind: 'bid', id: target.id, fields: { title: 'A title of its own' } });
    expect((await search(ZJ)).list[3]).toMatchObject({ id: target.id, title: 'A title of its own' });
  });

  it('moves a notice to the next page when newer ones are published', async () => {
    now = shanghai('2025-06-18T10:00:00');
    const target = (await search(ZJ)).list[4]!;
    const added = await change({ kind: 'newBid', keyword: KEYWORD, province: 'ZJ', count: 10 });
    expect(new Set(added.json.change.notices.map((entry: { notice: BidNotice }) => entry.notice.id)).size).toBe(10);
    expect((await search(ZJ)).list.map((notice) => notice.id)).not.toContain(target.id);
    expect((await search({ ...ZJ, pageIndex: '2' })).list[4]).toEqual(target);
  });

  it('hides ids and urls from an instant on, the rest of each record as it was', async () => {
    now = shanghai('2025-06-18T10:00:00');
    const before = await search(ZJ);
    await change({ kind: 'bidIds', shown: false, from: now + 1000 });
    expect(await search(ZJ)).toEqual(before);
    now += 1000;
    const after = await search(ZJ);
    expect(after.list).toEqual(before.list.map(({ id: _id, url: _url, ...rest }) => rest));
  });

  it('with ids hidden, a restyled notice pushed to the next page keeps its identity, and its award result has its own', async () => {
    now = shanghai('2025-06-18T10:00:00');
    const tender = (await search({ ...ZJ, type: '1' })).list[4]!;
    await change({ kind: 'bidIds', shown: false });
    await change({ kind: 'bid', id: tender.id, restyle: true });
    await change({ kind: 'newBid', keyword: KEYWORD, province: 'ZJ', count: 10 });
    await change({ kind: 'newBid', keyword: KEYWORD, awardOf: tender.id });
    const served = (await search({ ...ZJ, type: '1' })).list;
    const reserved = (await search({ ...ZJ, type: '1', pageIndex: '2' })).list[4]!;
    expect(reserved).not.toHaveProperty('id');
    expect(reserved.title).not.toBe(tender.title);
    const { id: _id, url: _url, ...tenderWithoutIds } = tender;
    expect(noticeIdentity(reserved)).toBe(noticeIdentity(tenderWithoutIds));
    expect(served.map(noticeIdentity)).not.toContain(noticeIdentity(tenderWithoutIds));
    const award = (await search({ ...ZJ, type: '2' })).list[0]!;
    expect(noticeIdentity(award)).toBeDefined();
    expect(noticeIdentity(award)).not.toBe(noticeIdentity(tenderWithoutIds));
  });

  it('gives every record one generic link, with or without ids, until told each its own again', async () => {
    now = shanghai('2025-06-18T10:00:00');
    const before = await search(ZJ);
    const link = 'https://example.invalid/list.html';
    await change({ kind: 'bidLinks', url: link });
    expect((await search(ZJ)).list).toEqual(before.list.map((notice) => ({ ...notice, url: link })));
    await change({ kind: 'bidIds', shown: false });
    expect((await search(ZJ)).list).toEqual(before.list.map(({ id: _id, ...rest }) => ({ ...rest, url: link })));
    await change({ kind: 'bidIds', shown: true });
    await change({ kind: 'bidLinks' });
    expect(await search(ZJ)).toEqual(before);
  });

  it('lists the same notices oldest first when told, and newest first again', async () => {
    now = shanghai('2025-06-18T10:00:00');
    const period = { ...ZJ, publishStartTime: '2025-06-01', publishEndTime: '2025-06-18' };
    const newest = await everyPage(period);
    await change({ kind: 'bidOrder', order: 'oldestFirst' });
    const oldest = await everyPage(period);
    expect(oldest).toEqual([...newest].reverse());
    expect(oldest.length).toBeGreaterThan(20);
    await change({ kind: 'bidOrder', order: 'newestFirst' });
    expect(await everyPage(period)).toEqual(newest);
  });

  it('refuses a change it cannot read, and records nothing', async () => {
    for (const bad of [
      { kind: 'newBid', keyword: KEYWORD, province: 'XX' },
      { kind: 'newBid', keyword: KEYWORD, count: 0 },
      { kind: 'newBid', keyword: KEYWORD, awardOf: '0000000000000000' },
      { kind: 'bid', id: 'abc' },
    ]) {
      const answer = await change(bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.json.ok).toBe(false);
    }
    expect(
      (await call(simulator, '/__simulator/changes/list', undefined, { method: 'GET', key: null })).json.changes,
    ).toEqual([]);
  });
});

describe('award results of tenders already published', () => {
  /** A title without its last words (招标公告, 中标结果公告 …): the project it is about. */
  const project = (title: string) =>
    title.replace(/(公开招标公告|招标公告|竞争性磋商公告|询价公告|中标结果公告|成交结果公告|中标候选人公示)$/, '');

  it('come in the stream: the same project and purchaser as an earlier tender, another notice', async () => {
    now = shanghai('2025-06-18T10:00:00');
    const awards = (await search({ ...ZJ, type: '2' })).list;
    const tenders = await everyPage({ ...ZJ, type: '1', publishStartTime: '2025-04-20', publishEndTime: '2025-06-18' });
    const pairs = awards.flatMap((award) =>
      tenders.filter((tender) => project(tender.title) === project(award.title)).map((tender) => ({ award, tender })),
    );
    expect(pairs.length).toBeGreaterThanOrEqual(awards.length * 0.7);
    for (const { award, tender } of pairs) {
      expect(award.id).not.toBe(tender.id);
      expect(award.purchaser).toBe(tender.purchaser);
      expect(award.publishDate > tender.publishDate).toBe(true);
      expect(award.amount).toBeLessThan(tender.budget!);
      expect(typeof award.supplier).toBe('string');
    }
  });

  it('can be published now for a tender of the stream, and refused for a notice that is not a tender', async () => {
    now = shanghai('2025-06-18T10:00:00');
    const tender = (await search({ ...ZJ, type: '1' })).list[2]!;
    const added = await change({ kind: 'newBid', keyword: KEYWORD, awardOf: tender.id });
    expect(added.status, added.text).toBe(200);
    const award: BidNotice = added.json.change.notices[0].notice;
    expect(award).toMatchObject({
      noticeType: '中标结果',
      purchaser: tender.purchaser,
      province: 'ZJ',
      publishDate: '2025-06-18',
    });
    expect(award.id).not.toBe(tender.id);
    expect(project(award.title)).toBe(project(tender.title));
    expect((await search({ ...ZJ, type: '2' })).list[0]).toEqual(award);

    const again = await change({ kind: 'newBid', keyword: KEYWORD, awardOf: award.id });
    expect(again.status).toBe(400);
    expect(again.json.error).toContain('not a tender announcement');
  });
});
