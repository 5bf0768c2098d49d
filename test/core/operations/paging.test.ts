import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/core/errors.js';
import { largestPageSize, planExport } from '../../../src/core/export/exportPlan.js';
import { type AnyOperation, OPERATION_IDS, type OperationId, operations } from '../../../src/core/operations/index.js';
import { validate } from '../../../src/core/operations/validate.js';

/** One query per paged operation, in loose input form. */
const QUERIES: Partial<Record<OperationId, Record<string, unknown>>> = {
  'enterprise-general-taxpayer-query': { keyword: '华信' },
  'thirdpartymarket-cmapi00069224-enterprise-search-bid-list': { keyword: '光伏组件' },
  'fund-asset': { fundCode: '000001' },
  'fund-new-list': {},
};

/** What the spec (or, for taxpayers, the app) allows one call to ask for. */
const EXPECTED = {
  'enterprise-general-taxpayer-query': { pageField: 'pageNo', wire: 'number', largest: 20 },
  'thirdpartymarket-cmapi00069224-enterprise-search-bid-list': { pageField: 'pageIndex', wire: 'string', largest: 10 },
  'fund-asset': { pageField: 'pageNo', wire: 'string', largest: 50 },
  'fund-new-list': { pageField: 'pageNo', wire: 'string', largest: 50 },
} as const;

describe('paging declared once per operation', () => {
  it('every paged operation declares its page field, wire type and largest page; the futures have none', () => {
    const paged = OPERATION_IDS.filter((id) => (operations[id] as AnyOperation).pages);
    expect(paged.sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const id of paged)
      expect((operations[id] as AnyOperation).pages).toMatchObject(EXPECTED[id as keyof typeof EXPECTED]);
  });

  it.each(Object.keys(EXPECTED) as Array<keyof typeof EXPECTED>)(
    '%s: the default page is the largest, one more is refused, and pages travel in the declared wire type',
    (id) => {
      const definition = operations[id] as AnyOperation;
      const spec = definition.pages!;
      const request = validate(id, QUERIES[id]!) as unknown as Record<string, unknown>;
      expect(Number(request[spec.sizeField])).toBe(spec.largest);
      expect(typeof request[spec.sizeField]).toBe(spec.wire);
      expect(() => validate(id, { ...QUERIES[id], pageSize: spec.largest + 1 })).toThrow(ValidationError);
      const third = definition.withPage!(request, 3) as Record<string, unknown>;
      expect(third[spec.pageField]).toBe(spec.wire === 'number' ? 3 : '3');
      expect(largestPageSize(id, request)).toBe(spec.largest);
    },
  );

  it('the export plan sizes pages in the declared wire type, whatever type the request in hand carries', async () => {
    const id = 'enterprise-general-taxpayer-query';
    // A request as loosely typed as a button value may bring it: page fields as strings.
    const loose = { keyword: '华信', pageNo: '1', pageSize: '5' };
    const peeked: Array<Record<string, unknown>> = [];
    const plan = await planExport(id, loose, {
      peek: async (_operation, request) => {
        peeked.push(request);
        return Number(request.pageSize) === 5 && Number(request.pageNo) === 1
          ? {
              fresh: true,
              paging: { page: 1, pageSize: 5, total: 40, pageCount: 8, hasPrevious: false, hasNext: true },
            }
          : undefined;
      },
      costOf: () => 20,
      maxPages: 20,
    });
    expect(plan.pageSize).toBe(20);
    expect(plan.request.pageSize).toBe(20);
    expect(
      peeked.filter((request) => request.pageSize === 20).every((request) => typeof request.pageNo === 'number'),
    ).toBe(true);
  });
});
