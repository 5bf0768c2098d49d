import { describe, expect, it } from 'vitest';
import type { BidNotice } from '../../src/simulator/data/bidNotices.js';
import { BID_REGIONS } from '../../src/simulator/index.js';
import { callOperation, DAY_MS, FIXED_NOW, OP, useSimulator } from './simulatorTestKit.js';

const simulator = useSimulator();
const search = (body: Record<string, unknown>) => callOperation(simulator(), OP.bids, body);
const TODAY = '2025-06-15'; // FIXED_NOW in Shanghai

type Notice = BidNotice;

/** A keyword with a good number of results, found rather than hard-coded so the test states its need. */
async function keywordWithAtLeast(minimum: number): Promise<{ keyword: string; total: number }> {
  for (const keyword of ['人民医院', '污水处理', '智慧校园', '道路改造', '光伏电站', '数据中心', '物业服务']) {
    const result = await search({ keyword });
    if (result.json.data.total >= minimum) return { keyword, total: result.json.data.total };
  }
  throw new Error(`no keyword has ${minimum} results`);
}

describe('bid regions', () => {
  it('lists 31 regions, the first twelve as the spec shows them', () => {
    expect(BID_REGIONS).toHaveLength(31);
    expect(BID_REGIONS.slice(0, 12).map((region) => region.code)).toEqual([
      'BJ',
      'TJ',
      'HB',
      'SX',
      'NMG',
      'LN',
      'JL',
      'HLJ',
      'SH',
      'JS',
      'ZJ',
      'AH',
    ]);
    expect(new Set(BID_REGIONS.map((region) => region.code)).size).toBe(31);
  });
});

describe('thirdpartymarket-cmapi00069224-enterprise-search-bid-list', () => {
  it('answers in envelope B with notices that contain the keyword, newest first, in the last 90 days', async () => {
    const { keyword } = await keywordWithAtLeast(5);
    const result = await search({ keyword });
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({ code: 200, msg: 'success' });
    const { data } = result.json;
    expect(data).toMatchObject({ pageIndex: 1, pageSize: 10 });
    const list: Notice[] = data.list;
    expect(list.length).toBe(Math.min(10, data.total));
    const earliest = new Date(FIXED_NOW - 90 * DAY_MS).toISOString().slice(0, 10);
    for (const notice of list) {
      expect(notice.title).toContain(keyword);
      expect(['招标公告', '中标结果', '拟建项目']).toContain(notice.noticeType);
      expect(notice.publishDate >= earliest && notice.publishDate <= TODAY).toBe(true);
      expect(notice.url).toBe(`https://example.invalid/notice/${notice.id}`);
      expect(BID_REGIONS.find((region) => region.code === notice.province)?.name).toBe(notice.provinceName);
      if (notice.noticeType === '中标结果') {
        expect(typeof notice.supplier).toBe('string');
        expect(typeof notice.amount).toBe('number');
      } else {
        expect(typeof notice.budget).toBe('number');
      }
    }
    const dates = list.map((notice) => notice.publishDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('pages consistently and deterministically', async () => {
    const { keyword, total } = await keywordWithAtLeast(12);
    const pageOne = await search({ keyword, pageSize: '5', pageIndex: '1' });
    const pageTwo = await search({ keyword, pageSize: '5', pageIndex: '2' });
    const both = await search({ keyword, pageSize: '10' });
    expect(pageOne.json.data.total).toBe(total);
    expect([...pageOne.json.data.list, ...pageTwo.json.data.list]).toEqual(both.json.data.list);
    const again = await search({ keyword, pageSize: '10' });
    expect(again.json.data).toEqual(both.json.data);
  });

  it('finds nothing for some keywords, a few notices a month for some, and a steady flow for most', async () => {
    const totals = [];
    for (const keyword of [
      '人民医院',
      '污水处理',
      '智慧校园',
      '道路改造',
      '光伏电站',
      '数据中心',
      '物业服务',
      '食堂承包',
      '绿化养护',
      '监控设备',
      '办公家具',
      '车辆租赁',
    ]) {
      totals.push((await search({ keyword })).json.data.total);
    }
    expect(totals.filter((total) => total === 0).length).toBeGreaterThan(0);
    expect(totals.filter((total) => total > 0 && total < 100).length).toBeGreaterThan(0);
    // Common keywords: about 3 to 8 notices a working day in each of 31 regions over the 90 days.
    expect(totals.filter((total) => total > 3000).length).toBeGreaterThan(totals.length / 2);
    expect(new Set(totals).size).toBeGreaterThan(3);
  });

  it('honours province, type and a requested period', async () => {
    const { keyword } = await keywordWithAtLeast(20);
    const result = await search({
      keyword,
      province: 'ZJ',
      type: '2',
      publishStartTime: '2025-01-01',
      publishEndTime: '2025-03-31',
    });
    expect(result.status).toBe(200);
    for (const notice of result.json.data.list as Notice[]) {
      expect(notice.province).toBe('ZJ');
      expect(notice.provinceName).toBe('浙江');
      expect(notice.noticeType).toBe('中标结果');
      expect(notice.publishDate >= '2025-01-01' && notice.publishDate <= '2025-03-31').toBe(true);
    }
  });

  it('puts the keyword in the purchaser or supplier when only those are searched', async () => {
    const { keyword } = await keywordWithAtLeast(5);
    const byPurchaser = await search({ keyword, searchType: '2' });
    for (const notice of byPurchaser.json.data.list as Notice[]) expect(notice.purchaser).toContain(keyword);
    const bySupplier = await search({ keyword, searchType: '3' });
    for (const notice of bySupplier.json.data.list as Notice[]) {
      expect(notice.noticeType).toBe('中标结果');
      expect(notice.supplier).toContain(keyword);
    }
  });

  it('accepts every region code and a period of exactly one year', async () => {
    for (const region of BID_REGIONS) {
      const result = await search({ keyword: '人民医院', province: region.code, pageSize: '1' });
      expect(result.status, region.code).toBe(200);
    }
    const year = await search({ keyword: '人民医院', publishStartTime: '2024-03-01', publishEndTime: '2025-03-01' });
    expect(year.status).toBe(200);
  });

  it.each([
    [{}, 'keyword is required'],
    [{ keyword: '医院' }, 'keyword must be longer than 2 characters'],
    [{ keyword: '浙江省' }, 'keyword too generic'],
    [{ keyword: '北京市科技' }, 'keyword too generic'],
    [{ keyword: '广东技术' }, 'keyword too generic'],
    [{ keyword: '内蒙古' }, 'keyword too generic'],
    [{ keyword: 12345 }, 'keyword must be a string'],
    [{ keyword: '人民医院', pageSize: 10 }, 'pageSize must be a string'],
    [{ keyword: '人民医院', pageSize: '11' }, 'pageSize must not exceed 10'],
    [{ keyword: '人民医院', pageIndex: '0' }, 'pageIndex must be a positive integer'],
    [{ keyword: '人民医院', pageIndex: 'two' }, 'pageIndex must be a positive integer'],
    [
      { keyword: '人民医院', publishStartTime: '2025/01/01' },
      'publishStartTime must be a real date in yyyy-mm-dd form',
    ],
    [{ keyword: '人民医院', publishEndTime: '2025-02-30' }, 'publishEndTime must be a real date in yyyy-mm-dd form'],
    [
      { keyword: '人民医院', publishStartTime: '2025-03-02', publishEndTime: '2025-03-01' },
      'publishStartTime must not be after publishEndTime',
    ],
    [
      { keyword: '人民医院', publishStartTime: '2024-03-01', publishEndTime: '2025-03-02' },
      'publication period must not exceed one year',
    ],
    [{ keyword: '人民医院', province: 'XX' }, 'province is not a known region code'],
    [{ keyword: '人民医院', province: 'zj' }, 'province is not a known region code'],
    [{ keyword: '人民医院', searchType: '1,4' }, 'searchType must be a comma separated list of 1, 2 and 3'],
    [{ keyword: '人民医院', type: '4' }, 'type must be 1, 2 or 3'],
    [{ keyword: '人民医院', type: 1 }, 'type must be a string'],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const result = await search(body);
    expect(result.status).toBe(400);
    expect(result.json).toMatchObject({ code: 400, msg: message, data: null });
  });

  it('accepts a keyword that merely contains a province name', async () => {
    expect((await search({ keyword: '浙江大学' })).status).toBe(200);
  });
});
