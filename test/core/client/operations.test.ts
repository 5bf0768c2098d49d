import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../../src/core/operations/index.js';
import { type DataService, startDataService, TEAM, upstreamCalls } from '../../support/dataService.js';

describe('every operation through the client, against the simulator over HTTP', () => {
  let service: DataService;
  beforeAll(async () => {
    service = await startDataService();
  });
  afterAll(() => service.close());

  it('looks up a taxpayer by credit code and keeps the fields the spec does not name', async () => {
    const byName = await service.client.call('enterprise-general-taxpayer-query', { keyword: '科技' }, TEAM);
    const record = byName.result.records[0]!;
    const byCode = await service.client.call(
      'enterprise-general-taxpayer-query',
      { keyword: record.creditNo.toLowerCase() },
      TEAM,
    );
    expect(byCode.result.records).toHaveLength(1);
    expect(byCode.result.records[0]!.enterpriseName).toBe(record.enterpriseName);
    expect(Object.keys(byCode.result.records[0]!).length).toBeGreaterThan(3);
    expect(byCode.source).toBe('upstream');
    expect(byCode.coinsSpent).toBe(20);
    // Every call costs the same whatever its size: a search asks for the largest page the app allows.
    expect(byName.paging).toMatchObject({ page: 1, pageSize: 20, hasPrevious: false });
    // The wire types of the taxpayer operation are numbers.
    const sent = upstreamCalls(service.simulator, 'enterprise-general-taxpayer-query').at(-1)!.request;
    expect(sent).toEqual({ keyword: record.creditNo, pageNo: 1, pageSize: 20 });
  });

  it('searches bids with every filter and sends every field as a string', async () => {
    const answer = await service.client.call(
      'thirdpartymarket-cmapi00069224-enterprise-search-bid-list',
      {
        keyword: '光伏组件',
        province: '浙江',
        type: '2',
        searchType: '2,1',
        publishStartTime: '2026-01-01',
        publishEndTime: '2026-06-30',
      },
      TEAM,
    );
    expect(Array.isArray(answer.result.records)).toBe(true);
    const sent = upstreamCalls(
      service.simulator,
      operations['thirdpartymarket-cmapi00069224-enterprise-search-bid-list'].id,
    ).at(-1)!.request as Record<string, unknown>;
    expect(sent).toEqual({
      keyword: '光伏组件',
      pageSize: '10',
      pageIndex: '1',
      province: 'ZJ',
      type: '2',
      searchType: '1,2',
      publishStartTime: '2026-01-01',
      publishEndTime: '2026-06-30',
    });
    expect(Object.values(sent).every((value) => typeof value === 'string')).toBe(true);
  });

  it('pages a fund asset history', async () => {
    const first = await service.client.call('fund-asset', { fundCode: '000001', pageSize: '5' }, TEAM);
    expect(first.result.records).toHaveLength(5);
    expect(first.result.records[0]).toEqual(
      expect.objectContaining({ assetDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), asset: expect.any(Number) }),
    );
    expect(first.paging?.hasNext).toBe(true);
    const second = await service.client.call('fund-asset', { fundCode: '000001', pageSize: '5', pageNo: '2' }, TEAM);
    expect(second.result.records[0]!.assetDate < first.result.records[4]!.assetDate).toBe(true);
  });

  it('zips futures lines with their fields into candles with millisecond times', async () => {
    const answer = await service.client.call(
      'finance-external-futures-kline',
      { symbol: 'gc', type: 'daily', limit: '30' },
      TEAM,
    );
    expect(answer.request).toEqual({ symbol: 'GC', type: '0', limit: '30' });
    expect(answer.result.candles).toHaveLength(30);
    expect(answer.result.tickUnit).toBe('s');
    for (const candle of answer.result.candles) {
      expect(candle.low).toBeLessThanOrEqual(Math.min(candle.open, candle.close));
      expect(candle.high).toBeGreaterThanOrEqual(Math.max(candle.open, candle.close));
      expect(candle.at % 86_400_000).toBe(0);
    }
    const times = answer.result.candles.map((c) => c.at);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('lists new funds filtered by sale status', async () => {
    const answer = await service.client.call('fund-new-list', { saleStatus: 'onsale', pageSize: '50' }, TEAM);
    expect(answer.result.funds.length).toBeGreaterThan(0);
    expect(answer.result.funds.every((fund) => fund.saleStatus)).toBe(true);
    expect(answer.paging?.total).toBe(answer.result.total);
    expect(answer.cost).toBe(10);
  });
});
