import { describe, expect, it } from 'vitest';
import { callOperation, DAY_MS, FIXED_NOW, GENEROUS_RATE_LIMITS, OP, useSimulator } from './simulatorTestKit.js';

let simulatedNow = FIXED_NOW;
const simulator = useSimulator({ now: () => simulatedNow, rateLimits: GENEROUS_RATE_LIMITS });
const newFunds = (body: Record<string, unknown>) => callOperation(simulator(), OP.newFunds, body);
const TODAY = '2025-06-15';

interface NewFund {
  fundType: string;
  beginDate: string;
  endDate: string;
  fundCode: string;
  fundName: string;
  fundManagerName: string;
  minPurchase: string;
  fundOriginalFee: string;
  fundDiscountFee: string;
  saleStatus: boolean;
}

async function allFunds(body: Record<string, unknown> = {}): Promise<NewFund[]> {
  const funds: NewFund[] = [];
  for (let page = 1; ; page++) {
    const { data } = (await newFunds({ ...body, pageNo: String(page), pageSize: '50' })).json;
    funds.push(...data.data);
    if (funds.length >= data.count) return funds;
  }
}

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;

describe('fund-new-list', () => {
  it('answers data, limit and page as strings, count as a number', async () => {
    const result = await newFunds({});
    expect(result.status).toBe(200);
    const { data } = result.json;
    expect(data.limit).toBe('10');
    expect(data.page).toBe('1');
    expect(typeof data.count).toBe('number');
    expect(data.count).toBeGreaterThan(30);
    expect(data.data).toHaveLength(10);
    const paged = await newFunds({ pageNo: '2', pageSize: '5' });
    expect(paged.json.data).toMatchObject({ limit: '5', page: '2', count: data.count });
  });

  it('describes each fund with the documented fields and plausible values', async () => {
    const funds = await allFunds();
    expect(new Set(funds.map((fund) => fund.fundCode)).size).toBe(funds.length);
    for (const fund of funds) {
      expect(fund.fundCode).toMatch(/^\d{6}$/);
      expect(['混合型', '债券型', '股票型', '指数型', '货币型', 'FOF']).toContain(fund.fundType);
      expect(fund.fundName.length).toBeGreaterThan(4);
      expect(fund.fundManagerName.length).toBeGreaterThan(1);
      expect(['10', '100', '1000']).toContain(fund.minPurchase);
      expect(fund.fundOriginalFee).toMatch(/^(\d+\.\d{2}%)?$/);
      expect(fund.fundDiscountFee).toMatch(/^\d+\.\d{2}%$/);
      const subscriptionDays = daysBetween(fund.beginDate, fund.endDate);
      expect(subscriptionDays >= 5 && subscriptionDays <= 30).toBe(true);
      expect(fund.saleStatus).toBe(fund.beginDate <= TODAY && TODAY <= fund.endDate);
    }
    expect(funds.some((fund) => fund.fundOriginalFee === '')).toBe(true);
    expect(funds.some((fund) => fund.fundOriginalFee !== '')).toBe(true);
  });

  it('covers 90 days back to 14 days ahead, newest first, ties by code', async () => {
    const funds = await allFunds();
    for (const fund of funds) {
      const offset = daysBetween(TODAY, fund.beginDate);
      expect(offset >= -90 && offset <= 14, fund.beginDate).toBe(true);
    }
    const order = funds.map((fund) => `${fund.beginDate}|${fund.fundCode}`);
    const expected = [...funds]
      .sort((a, b) => b.beginDate.localeCompare(a.beginDate) || a.fundCode.localeCompare(b.fundCode))
      .map((fund) => `${fund.beginDate}|${fund.fundCode}`);
    expect(order).toEqual(expected);
  });

  it('filters by sale status', async () => {
    const all = await allFunds();
    const onSale = await allFunds({ saleStatus: 'true' });
    const notOnSale = await allFunds({ saleStatus: 'false' });
    expect(onSale.length).toBeGreaterThan(0);
    expect(onSale.every((fund) => fund.saleStatus)).toBe(true);
    expect(notOnSale.every((fund) => !fund.saleStatus)).toBe(true);
    expect(onSale.length + notOnSale.length).toBe(all.length);
  });

  it('shows newly issued funds at the top when a day passes', async () => {
    let before = await allFunds();
    let after: NewFund[] = [];
    let dayOffset = 0;
    // Some days issue no fund; advance until one does.
    for (; dayOffset < 20; dayOffset++) {
      simulatedNow = FIXED_NOW + (dayOffset + 1) * DAY_MS;
      after = await allFunds();
      if (after[0]!.beginDate > before[0]!.beginDate) break;
      before = after;
    }
    simulatedNow = FIXED_NOW;
    const known = new Set(before.map((fund) => fund.fundCode));
    const appeared = after.filter((fund) => !known.has(fund.fundCode));
    expect(appeared.length).toBeGreaterThan(0);
    expect(after.slice(0, appeared.length)).toEqual(appeared);
    expect(appeared.every((fund) => fund.beginDate > before[0]!.beginDate)).toBe(true);
    // Funds seen before keep their identity.
    const previous = new Map(before.map((fund) => [fund.fundCode, fund]));
    for (const fund of after.filter((candidate) => known.has(candidate.fundCode))) {
      expect({ ...fund, saleStatus: undefined }).toEqual({ ...previous.get(fund.fundCode)!, saleStatus: undefined });
    }
  });

  it.each([
    [{ saleStatus: true }, 'saleStatus must be a string'],
    [{ saleStatus: 'yes' }, 'saleStatus must be "true" or "false"'],
    [{ pageNo: 1 }, 'pageNo must be a string'],
    [{ pageSize: '51' }, 'pageSize must not exceed 50'],
    [{ pageSize: '0' }, 'pageSize must be a positive integer'],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const result = await newFunds(body);
    expect(result.status).toBe(400);
    expect(result.json).toMatchObject({ code: 400, msg: message, data: null });
  });
});
