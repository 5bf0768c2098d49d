import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/core/errors.js';
import { OPERATION_IDS, operations } from '../../../src/core/operations/index.js';
import { validate } from '../../../src/core/operations/validate.js';

const FIELD_NAMES = [
  'keyword',
  'pageNo',
  'pageSize',
  'pageIndex',
  'fundCode',
  'symbol',
  'type',
  'limit',
  'saleStatus',
  'province',
  'searchType',
  'publishStartTime',
  'publishEndTime',
];

const looseValue = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.integer({ min: -5, max: 2000 }).map(String),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom(
    '000001',
    'CL',
    'gc',
    '5m',
    'daily',
    'onsale',
    'ZJ',
    '浙江',
    '1,2',
    '光伏组件',
    '91350100M000100Y43',
    '91350100M000100Y44',
  ),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
);

const looseInput = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), looseValue),
  fc.dictionary(fc.string(), looseValue),
  fc.anything(),
);

describe('input validation never throws anything but a ValidationError', () => {
  for (const id of OPERATION_IDS) {
    it(`${id}: any input gives the exact wire body or a ValidationError`, () => {
      fc.assert(
        fc.property(looseInput, (input) => {
          let request: unknown;
          try {
            request = validate(id, input);
          } catch (error) {
            expect(error).toBeInstanceOf(ValidationError);
            expect((error as ValidationError).problems.length).toBeGreaterThan(0);
            expect((error as ValidationError).example).toBe(operations[id].example);
            return;
          }
          // Whatever passed has exactly the spec's wire types.
          expect(operations[id].request.safeParse(request).success).toBe(true);
          // And validating it again is a fixed point (so cache keys are canonical).
          expect(validate(id, request)).toEqual(request);
        }),
        { numRuns: 400 },
      );
    });
  }
});

describe('hostile values', () => {
  it('an object whose toString is not a function is refused in words, not with a TypeError', () => {
    for (const value of [
      { toString: [] },
      {
        toString: () => {
          throw new Error('boom');
        },
      },
      Object.create(null),
    ]) {
      expect(() => validate('finance-external-futures-kline', { symbol: 'CL', type: '0', limit: value })).toThrow(
        ValidationError,
      );
      expect(() => validate('fund-asset', { fundCode: '000001', pageNo: value })).toThrow(ValidationError);
    }
  });
});
