import { describe, expect, it } from 'vitest';
import { TAXPAYER_CATALOGUE } from '../../src/simulator/data/taxpayerCatalogue.js';
import { call, callOperation, FIXED_NOW, GENEROUS_RATE_LIMITS, OP, useSimulator } from './simulatorTestKit.js';

/** Changes to the data over simulated time (POST /__simulator/changes), what watches are tested against. */

let now = FIXED_NOW;
const simulator = useSimulator({
  clock: { now: () => now, sleep: async () => undefined, timer: () => () => undefined, every: () => () => undefined },
  rateLimits: GENEROUS_RATE_LIMITS,
});
const change = (body: unknown) => call(simulator(), '/__simulator/changes', body, { method: 'POST', key: null });
const COMPANY = TAXPAYER_CATALOGUE[0]!;

async function taxpayer(): Promise<Record<string, string>> {
  const answer = await callOperation(simulator(), OP.taxpayer, { keyword: COMPANY.creditNo });
  return answer.json.data.list[0];
}

describe('data changes over simulated time', () => {
  it('changes a company record from its instant on, and the later change wins', async () => {
    now = FIXED_NOW;
    const before = await taxpayer();
    expect(before.taxCreditRating).toBe(COMPANY.taxCreditRating);
    expect(
      (
        await change({
          kind: 'taxpayer',
          creditNo: COMPANY.creditNo,
          fields: { taxCreditRating: 'M' },
          from: FIXED_NOW + 1000,
        })
      ).status,
    ).toBe(200);
    await change({
      kind: 'taxpayer',
      creditNo: COMPANY.creditNo,
      fields: { taxCreditRating: 'D', operatingStatus: '注销' },
      from: FIXED_NOW + 2000,
    });
    expect((await taxpayer()).taxCreditRating).toBe(COMPANY.taxCreditRating);
    now = FIXED_NOW + 1500;
    expect((await taxpayer()).taxCreditRating).toBe('M');
    now = FIXED_NOW + 2500;
    expect(await taxpayer()).toEqual({ ...before, taxCreditRating: 'D', operatingStatus: '注销' });
    const listed = await call(simulator(), '/__simulator/changes/list', undefined, { method: 'GET', key: null });
    expect(listed.json.changes).toHaveLength(2);
  });

  it("sets a fund's latest net assets (or a new latest date) and a contract's current close", async () => {
    now = FIXED_NOW;
    await change({ kind: 'fund', fundCode: '000001', asset: 123.45, assetDate: '2025-06-14' });
    const fund = await callOperation(simulator(), OP.fundAsset, { fundCode: '000001', pageNo: '1', pageSize: '2' });
    expect(fund.json.data.list[0]).toEqual({ assetDate: '2025-06-14', asset: 123.45, assetRate: expect.any(Number) });
    await change({ kind: 'futures', symbol: 'CL', close: 99.5 });
    const candles = await callOperation(simulator(), OP.futures, { symbol: 'CL', type: '0', limit: '2' });
    const { fields, lines } = candles.json.data as { fields: string[]; lines: number[][] };
    expect(lines.at(-1)![fields.indexOf('close')]).toBe(99.5);
    expect(lines.at(-1)![fields.indexOf('high')]).toBeGreaterThanOrEqual(99.5);
    expect(lines[0]![fields.indexOf('close')]).not.toBe(99.5);
    // The change against the open is written at the quote's places, as the service writes one: no binary noise.
    const changeFigure = lines.at(-1)![fields.indexOf('change')]!;
    expect(String(changeFigure)).toMatch(/^-?\d+(\.\d{1,2})?$/);
    expect(changeFigure).toBeCloseTo(99.5 - lines.at(-1)![fields.indexOf('open')]!, 9);
  });

  it('refuses a change it cannot read, without changing anything', async () => {
    const bad = await change({ kind: 'fund', fundCode: '1', asset: -5 });
    expect(bad.status).toBe(400);
    expect(bad.json.ok).toBe(false);
    expect(
      (await call(simulator(), '/__simulator/changes', undefined, { method: 'POST', key: null, rawBody: 'nope' }))
        .status,
    ).toBe(400);
  });
});
