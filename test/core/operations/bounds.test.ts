import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/core/errors.js';
import { MAX_PAGE } from '../../../src/core/operations/definition.js';
import { OPERATION_IDS, operations } from '../../../src/core/operations/index.js';
import { validate } from '../../../src/core/operations/validate.js';

const BIDS = 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list';
/** 00:30 on 2026-11-23 in Shanghai, still the 22nd in London and New York. */
const JUST_AFTER_MIDNIGHT_IN_SHANGHAI = Date.parse('2026-11-23T00:30:00+08:00');

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError)
      return error.problems.map((problem) => `${problem.field}: ${problem.message}`);
    throw error;
  }
  return [];
}

describe('what the service can take, refused before anything is sent', () => {
  it('a page number of every paged operation: 1 to MAX_PAGE, however many digits are typed', () => {
    const paged = OPERATION_IDS.filter((id) => operations[id].pages);
    expect(paged.length).toBe(4);
    for (const id of paged) {
      const field = operations[id].pages!.pageField;
      const base = { keyword: '光伏组件', fundCode: '000001' };
      expect(problemsOf(() => validate(id, { ...base, [field]: String(MAX_PAGE) }))).toEqual([]);
      for (const typed of [String(MAX_PAGE + 1), '99999999999999999999', '1e3'])
        expect(
          problemsOf(() => validate(id, { ...base, [field]: typed })),
          `${id} ${typed}`,
        ).toHaveLength(1);
    }
  });

  it("publication dates: four-digit years from 1900, and a period that starts no later than the service's today (Shanghai's day)", () => {
    const at = (input: object) =>
      problemsOf(() => validate(BIDS, { keyword: '光伏组件', ...input }, JUST_AFTER_MIDNIGHT_IN_SHANGHAI));
    expect(at({ publishStartTime: '2026-11-23' })).toEqual([]);
    expect(at({ publishEndTime: '2027-11-23' })).toEqual([]);
    expect(at({ publishStartTime: '2026-11-24' })).toEqual([
      'publishStartTime: must not be after today (2026-11-23): the service finds notices once they are published',
    ]);
    expect(at({ publishEndTime: '9999-12-31' })).toEqual([
      expect.stringMatching(
        /^publishEndTime: puts the start of the one-year period at 9998-12-31, after today \(2026-11-23\)/,
      ),
    ]);
    expect(at({ publishStartTime: '0001-01-01' })).toEqual([
      'publishStartTime: must be a date from 1900-01-01 on, not "0001-01-01"',
    ]);
    expect(at({ publishStartTime: '1899-12-31', publishEndTime: '1900-06-30' })).toEqual([
      'publishStartTime: must be a date from 1900-01-01 on, not "1899-12-31"',
    ]);
    expect(at({ publishStartTime: '10000-01-01' })).toEqual([
      'publishStartTime: must be a date like 2026-01-31, not "10000-01-01"',
    ]);
    // Whatever is typed, what goes out is a date the service can read.
    const wire = validate(BIDS, { keyword: '光伏组件', publishEndTime: '1900-01-01' }, JUST_AFTER_MIDNIGHT_IN_SHANGHAI);
    expect(wire).toMatchObject({ publishStartTime: '1899-01-01', publishEndTime: '1900-01-01' });
  });
});
