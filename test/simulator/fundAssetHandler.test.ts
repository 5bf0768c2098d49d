import { describe, expect, it } from 'vitest';
import { FUND_CATALOGUE } from '../../src/simulator/data/fundCatalogue.js';
import { callOperation, OP, useSimulator } from './simulatorTestKit.js';

const simulator = useSimulator();
const assets = (body: Record<string, unknown>) => callOperation(simulator(), OP.fundAsset, body);

interface AssetRecord {
  assetDate: string;
  assetRate: number;
  asset: number;
}

async function wholeHistory(fundCode: string): Promise<AssetRecord[]> {
  const records: AssetRecord[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const page = await assets({ fundCode, pageNo: String(pageNo), pageSize: '50' });
    records.push(...page.json.data.list);
    if (records.length >= page.json.data.total) return records;
  }
}

describe('fund-asset', () => {
  it('has a catalogue of about 40 funds with six-digit codes', () => {
    expect(FUND_CATALOGUE.length).toBeGreaterThanOrEqual(40);
    expect(FUND_CATALOGUE.every((fund) => /^\d{6}$/.test(fund.fundCode))).toBe(true);
    expect(new Set(FUND_CATALOGUE.map((fund) => fund.fundCode)).size).toBe(FUND_CATALOGUE.length);
  });

  it('lists quarterly asset sizes newest first, ending at the last quarter end before now', async () => {
    const result = await assets({ fundCode: '110022' });
    expect(result.status).toBe(200);
    const { data } = result.json;
    expect(data).toMatchObject({ pageNo: 1, pageSize: 10 });
    expect(data.list).toHaveLength(10);
    expect(data.list[0].assetDate).toBe('2025-03-31'); // now is 2025-06-15
    expect(data.list.map((record: AssetRecord) => record.assetDate.slice(5))).toEqual([
      '03-31',
      '12-31',
      '09-30',
      '06-30',
      '03-31',
      '12-31',
      '09-30',
      '06-30',
      '03-31',
      '12-31',
    ]);
    for (const record of data.list as AssetRecord[]) {
      expect(typeof record.asset).toBe('number');
      expect(typeof record.assetRate).toBe('number');
      expect(record.asset).toBeGreaterThan(0);
      expect(Math.round(record.asset * 100) / 100).toBe(record.asset);
    }
  });

  it('computes each rate against the previous period, the earliest being 0', async () => {
    const history = await wholeHistory('110022');
    expect(history.at(-1)!.assetDate).toBe('2010-09-30'); // first quarter end after inception 2010-08-20
    expect(history.at(-1)!.assetRate).toBe(0);
    for (let i = 0; i < history.length - 1; i++) {
      const [current, previous] = [history[i]!, history[i + 1]!];
      const expected = Math.round(((current.asset - previous.asset) / previous.asset) * 10_000) / 100;
      expect(current.assetRate).toBeCloseTo(expected, 2);
    }
  });

  it('keeps totals across pages and caps the page size at 50', async () => {
    const first = await assets({ fundCode: '000001', pageSize: '50' });
    expect(first.json.data.list).toHaveLength(50);
    expect(first.json.data.total).toBeGreaterThan(50);
    const second = await assets({ fundCode: '000001', pageSize: '50', pageNo: '2' });
    expect(second.json.data.total).toBe(first.json.data.total);
    expect(second.json.data.list[0].assetDate < first.json.data.list[49].assetDate).toBe(true);
    expect((await assets({ fundCode: '000001', pageSize: '51' })).status).toBe(400);
  });

  it('answers an unknown well-formed code with an empty list', async () => {
    const result = await assets({ fundCode: '999999' });
    expect(result.status).toBe(200);
    expect(result.json.data).toEqual({ list: [], total: 0, pageNo: 1, pageSize: 10 });
  });

  it('gives the same history at the same simulated time', async () => {
    expect((await assets({ fundCode: '161725' })).json.data).toEqual((await assets({ fundCode: '161725' })).json.data);
  });

  it.each([
    [{}, 'fundCode is required'],
    [{ fundCode: 110022 }, 'fundCode must be a string'],
    [{ fundCode: '11002' }, 'fundCode must be 6 digits'],
    [{ fundCode: '11002A' }, 'fundCode must be 6 digits'],
    [{ fundCode: '110022', pageNo: 1 }, 'pageNo must be a string'],
    [{ fundCode: '110022', pageSize: 10 }, 'pageSize must be a string'],
    [{ fundCode: '110022', pageNo: '-1' }, 'pageNo must be a positive integer'],
    [{ fundCode: '110022', pageSize: '51' }, 'pageSize must not exceed 50'],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const result = await assets(body);
    expect(result.status).toBe(400);
    expect(result.json).toMatchObject({ code: 400, msg: message, data: null });
  });
});
