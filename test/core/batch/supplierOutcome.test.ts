import { describe, expect, it } from 'vitest';
import { batchPlan, remainingMs } from '../../../src/core/batch/batchPlan.js';
import type { SupplierEntry, SupplierList } from '../../../src/core/batch/supplierList.js';
import { flagsOf, outcomeOf, summaryOf } from '../../../src/core/batch/supplierOutcome.js';
import type { TaxpayerRecord } from '../../../src/core/operations/index.js';

function record(overrides: Partial<TaxpayerRecord> = {}): TaxpayerRecord {
  return {
    enterpriseName: '杭州华信光伏科技有限公司',
    creditNo: '91330106774738789M',
    taxpayerType: '增值税一般纳税人',
    operatingStatus: '存续',
    taxRegistrationStatus: '正常',
    taxCreditRating: 'A',
    ...overrides,
  };
}

const byCode: SupplierEntry = { query: '91330106774738789M', kind: 'creditCode', rows: [2] };
const byName = (query: string): SupplierEntry => ({ query, kind: 'name', rows: [3] });

describe('what a lookup says of a supplier', () => {
  it('flags a company that is not a general taxpayer, not operating normally or rated below B', () => {
    expect(flagsOf(record())).toEqual([]);
    expect(flagsOf(record({ taxpayerType: '小规模纳税人' }))).toEqual(['notGeneralTaxpayer']);
    for (const operatingStatus of ['注销', '吊销', '迁出'])
      expect(flagsOf(record({ operatingStatus }))).toEqual(['notOperating']);
    expect(flagsOf(record({ operatingStatus: '在业' }))).toEqual([]);
    // Registered as operating, but a "non-normal" taxpayer at the tax office.
    expect(flagsOf(record({ taxRegistrationStatus: '非正常' }))).toEqual(['notOperating']);
    expect(['A', 'B', 'M', 'C', 'D'].map((taxCreditRating) => flagsOf(record({ taxCreditRating })))).toEqual([
      [],
      [],
      ['ratedBelowB'],
      ['ratedBelowB'],
      ['ratedBelowB'],
    ]);
    // A record without a status or a rating is not flagged for what it does not say.
    const bare = { enterpriseName: 'x', creditNo: 'y', taxpayerType: '一般纳税人' };
    expect(flagsOf(bare)).toEqual([]);
  });

  it('takes a code’s company, a name one company has, and never picks among several', () => {
    expect(outcomeOf(byCode, { total: 1, records: [record()] })).toEqual({
      kind: 'found',
      record: record(),
      flags: [],
    });
    expect(outcomeOf(byCode, { total: 0, records: [] })).toEqual({ kind: 'notFound' });
    expect(outcomeOf(byName('华信光伏'), { total: 1, records: [record()] }).kind).toBe('found');
    const two = [record(), record({ enterpriseName: '杭州华信光伏科技股份有限公司', creditNo: '91330106774738797L' })];
    expect(outcomeOf(byName('华信光伏'), { total: 2, records: two })).toEqual({
      kind: 'ambiguous',
      total: 2,
      candidates: two,
    });
    // One of them is named exactly as the list writes it: that one, not a guess.
    expect(outcomeOf(byName('杭州华信光伏科技股份有限公司'), { total: 2, records: two })).toMatchObject({
      kind: 'found',
      record: { creditNo: '91330106774738797L' },
    });
    const many = Array.from({ length: 20 }, (_, n) => record({ enterpriseName: `华信${n}有限公司`, creditNo: `${n}` }));
    const outcome = outcomeOf(byName('华信'), { total: 42, records: many });
    expect(outcome).toMatchObject({ kind: 'ambiguous', total: 42 });
    expect(outcome.kind === 'ambiguous' && outcome.candidates).toHaveLength(5);
  });

  it('sums the outcomes as the summary states them', () => {
    const outcomes = [
      outcomeOf(byCode, { total: 1, records: [record()] }),
      outcomeOf(byCode, { total: 1, records: [record({ taxpayerType: '小规模纳税人', taxCreditRating: 'D' })] }),
      outcomeOf(byCode, { total: 1, records: [record({ operatingStatus: '注销' })] }),
      { kind: 'notFound' as const },
      { kind: 'ambiguous' as const, total: 3, candidates: [] },
      { kind: 'notChecked' as const, why: 'budget' as const },
    ];
    expect(summaryOf(outcomes)).toEqual({
      checked: 5,
      generalTaxpayers: 2,
      notGeneralTaxpayer: 1,
      notOperating: 1,
      ratedBelowB: 1,
      notFound: 1,
      ambiguous: 1,
      notChecked: 1,
    });
  });
});

describe('the plan of a check', () => {
  const list = (distinct: number): SupplierList => ({
    rows: distinct + 7,
    entries: Array.from({ length: distinct }, (_, n) => byName(`公司${n}`)),
    duplicates: 7,
    unreadable: [{ row: 4, text: 'x', reason: 'tooShort' }],
    column: 'names',
    otherSheets: [],
    mergedCells: 0,
  });
  const price = { cost: 20, rateLimit: { count: 600, windowMs: 60_000 } };

  it('charges only what the cache does not answer, and times it at the rate limit', () => {
    const plan = batchPlan(list(300), 40, price, 100_000);
    expect(plan).toEqual({
      rows: 307,
      distinct: 300,
      unreadable: 1,
      cached: 40,
      toLookUp: 260,
      cost: 20,
      coins: 5200,
      budgetLeft: 100_000,
      // 600 a minute is one every 100 ms, with the pacer's 2% margin.
      durationMs: 26_520,
    });
    expect(remainingMs(10, price.rateLimit)).toBe(1020);
  });

  it('says how many lookups fit when the budget does not pay for all', () => {
    expect(batchPlan(list(300), 0, price, 1000)).toMatchObject({ coins: 6000, budgetLeft: 1000, fits: 50 });
    expect(batchPlan(list(300), 0, price, 0)).toMatchObject({ fits: 0 });
    expect(batchPlan(list(300), 0, price, undefined)).not.toHaveProperty('fits');
  });
});
