import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/core/errors.js';
import { isCalendarDate, withinOneYear } from '../../../src/core/operations/fields.js';
import { tickToMillis, toCandles } from '../../../src/core/operations/futures.js';
import type { OperationId } from '../../../src/core/operations/index.js';
import { askFirst, validate } from '../../../src/core/operations/validate.js';

/** The rules, then the questions asked about new input before spending (as every entry point does). */
function problems(id: OperationId, input: Record<string, unknown>): string[] {
  try {
    askFirst(id, validate(id, input), input);
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.problems.map((p) => `${p.field}: ${p.message}`);
  }
}

const BIDS = 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list';

describe('validation rules from the spec', () => {
  it('fund codes are 6 digits; page sizes cap at 50; pages start at 1', () => {
    expect(problems('fund-asset', { fundCode: '12345' })).toEqual([
      'fundCode: must be 6 digits, like 000001, not "12345"',
    ]);
    expect(problems('fund-asset', { fundCode: '123456', pageSize: '51' })[0]).toMatch(/^pageSize: must be at most 50/);
    expect(problems('fund-new-list', { pageNo: '0' })).toEqual(['pageNo: must be at least 1']);
    expect(problems('fund-new-list', { pageSize: '50' })).toEqual([]);
  });

  it('futures type is one of 0/1/5/30/60/120/240 or a period merged from them (synonyms allowed) and limit a positive integer', () => {
    expect(problems('finance-external-futures-kline', { symbol: 'CL', type: '10' })[0]).toMatch(
      /^type: must be one of daily, 1m, 5m, 15m, 30m, 1h, 2h, 4h, weekly, monthly, not "10"$/,
    );
    expect(problems('finance-external-futures-kline', { symbol: 'CL', type: '4h', limit: '1.5' })).toEqual([
      'limit: must be a whole number, not "1.5"',
    ]);
    expect(validate('finance-external-futures-kline', { symbol: 'hg', type: '1h' })).toEqual({
      symbol: 'HG',
      type: '60',
      limit: '10',
    });
  });

  it('a merged period is asked for as the count shown, within what one call of at most 1000 candles can make', () => {
    const futures = 'finance-external-futures-kline';
    expect(validate(futures, { symbol: 'CL', type: '15m', limit: '30' })).toEqual({
      symbol: 'CL',
      type: '15',
      limit: '30',
    });
    expect(validate(futures, { symbol: 'CL', type: 'weekly', limit: '20' })).toEqual({
      symbol: 'CL',
      type: 'W',
      limit: '20',
    });
    expect(validate(futures, { symbol: 'CL', type: '月线' })).toEqual({ symbol: 'CL', type: 'M', limit: '10' });
    // Validating a kept request again gives the same request (buttons carry it).
    expect(validate(futures, { symbol: 'CL', type: '15', limit: '30' })).toEqual({
      symbol: 'CL',
      type: '15',
      limit: '30',
    });
    expect(problems(futures, { symbol: 'CL', type: '15m', limit: '333' })).toEqual([]);
    expect(problems(futures, { symbol: 'CL', type: '15m', limit: '334' })).toEqual([
      'limit: must be at most 333: each 15-minute candle is merged from up to three 5-minute candles, and one call fetches at most 1,000 five-minute ones',
    ]);
    expect(problems(futures, { symbol: 'CL', type: 'W', limit: '143' })[0]).toMatch(/^limit: must be at most 142:/);
    expect(problems(futures, { symbol: 'CL', type: 'M', limit: '33' })[0]).toMatch(/^limit: must be at most 32:/);
  });

  it('bid search: keyword > 2 characters and not generic, pageSize <= 10, dates real and within a year, known regions', () => {
    expect(problems(BIDS, { keyword: '光伏' })[0]).toMatch(/^keyword: must be longer than 2 characters/);
    expect(problems(BIDS, { keyword: '黑龙江' })[0]).toMatch(/too generic/);
    expect(problems(BIDS, { keyword: '光伏组件', pageSize: '11' })[0]).toMatch(/^pageSize: must be at most 10/);
    expect(problems(BIDS, { keyword: '光伏组件', publishStartTime: '2026-02-30' })[0]).toMatch(
      /^publishStartTime: must be a date/,
    );
    expect(
      problems(BIDS, { keyword: '光伏组件', publishStartTime: '2026-03-01', publishEndTime: '2026-02-01' }),
    ).toEqual(['publishEndTime: must not be before the start (2026-03-01)']);
    expect(
      problems(BIDS, { keyword: '光伏组件', publishStartTime: '2025-03-01', publishEndTime: '2026-03-02' }),
    ).toEqual(['publishEndTime: the publication period can span at most one year']);
    expect(
      problems(BIDS, { keyword: '光伏组件', publishStartTime: '2025-03-01', publishEndTime: '2026-03-01' }),
    ).toEqual([]);
    expect(problems(BIDS, { keyword: '光伏组件', province: 'XX' })[0]).toMatch(/"XX" is not a known code/);
  });

  it('taxpayer: a mistyped credit code is caught before it costs 20 coins', () => {
    expect(problems('enterprise-general-taxpayer-query', { keyword: '91350100M000100Y44' })[0]).toMatch(
      /check character is wrong/,
    );
    expect(problems('enterprise-general-taxpayer-query', { keyword: '91350100M000100Y43' })).toEqual([]);
    expect(problems('enterprise-general-taxpayer-query', { keyword: '华' })[0]).toMatch(/at least 2 characters/);
  });

  it('taxpayer: a credit code one character short or long is questioned before it is charged as a name; quotes say it is a name', () => {
    const TAX = 'enterprise-general-taxpayer-query';
    expect(problems(TAX, { keyword: '91330106774738789' })).toEqual([
      'keyword: "91330106774738789" has 17 characters; a unified social credit code has 18. Check it, or put it in "quotes" to search it as a company name',
    ]);
    expect(problems(TAX, { keyword: '913301067747387891M' })[0]).toMatch(
      /has 19 characters; a unified social credit code has 18/,
    );
    // In quotes it is a name: no question, and the quotes are not sent.
    for (const quoted of [
      '"91330106774738789"',
      '“91330106774738789”',
      '「91330106774738789」',
      '"91350100M000100Y44"',
    ]) {
      expect(problems(TAX, { keyword: quoted }), quoted).toEqual([]);
      expect(validate(TAX, { keyword: quoted }).keyword, quoted).toBe(quoted.slice(1, -1));
    }
    // A 17-letter English name is not a code with a character missing.
    expect(problems(TAX, { keyword: 'HangzhouHuaxinLtd' })).toEqual([]);
    // A button re-running an earlier answer's request is not asked again, so the wire request is a fixed point.
    const wire = validate(TAX, { keyword: '"91330106774738789"' });
    expect(validate(TAX, wire)).toEqual(wire);
  });

  it('keywords have a length cap, so a pasted paragraph is not charged', () => {
    expect(problems('enterprise-general-taxpayer-query', { keyword: '华'.repeat(100) })).toEqual([]);
    expect(problems('enterprise-general-taxpayer-query', { keyword: '华'.repeat(101) })[0]).toMatch(
      /^keyword: is 101 characters long; a company name has at most 100/,
    );
    const BIDS = 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list';
    expect(problems(BIDS, { keyword: '光'.repeat(60) })).toEqual([]);
    expect(problems(BIDS, { keyword: '光'.repeat(3000) })[0]).toMatch(
      /^keyword: is 3000 characters long; use at most 60/,
    );
  });

  it('bid search: a period with one end is completed on the day asked: at most one year, never past today', () => {
    const BIDS = 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list';
    const on = (date: string) => Date.parse(`${date}T04:00:00Z`);
    const today = on('2026-11-22');
    expect(validate(BIDS, { keyword: '光伏组件', publishStartTime: '2024-01-01' }, today)).toMatchObject({
      publishStartTime: '2024-01-01',
      publishEndTime: '2025-01-01',
    });
    // Less than a year ago: the period ends today, not a year on in the future.
    expect(validate(BIDS, { keyword: '光伏组件', publishStartTime: '2026-03-01' }, today)).toMatchObject({
      publishStartTime: '2026-03-01',
      publishEndTime: '2026-11-22',
    });
    // Late evening in UTC is already the next day in China, whose notices these are.
    expect(
      validate(BIDS, { keyword: '光伏组件', publishStartTime: '2026-03-01' }, Date.parse('2026-11-22T20:00:00Z')),
    ).toMatchObject({ publishEndTime: '2026-11-23' });
    expect(validate(BIDS, { keyword: '光伏组件', publishEndTime: '2026-06-30' }, today)).toMatchObject({
      publishStartTime: '2025-06-30',
      publishEndTime: '2026-06-30',
    });
    // 29 February a year on is 28 February: still within one year.
    expect(validate(BIDS, { keyword: '光伏组件', publishStartTime: '2024-02-29' }, today)).toMatchObject({
      publishEndTime: '2025-02-28',
    });
    expect(validate(BIDS, { keyword: '光伏组件', publishEndTime: '2024-02-29' }, today)).toMatchObject({
      publishStartTime: '2023-02-28',
    });
    expect(validate(BIDS, { keyword: '光伏组件' }, today)).not.toHaveProperty('publishStartTime');
    // A completed request validates to itself.
    const completed = validate(BIDS, { keyword: '光伏组件', publishStartTime: '2026-03-01' }, today);
    expect(validate(BIDS, completed, on('2027-01-05'))).toEqual(completed);
  });

  it('choices are named in the words the help teaches', () => {
    expect(problems('fund-new-list', { saleStatus: 'maybe' })).toEqual([
      'saleStatus: must be one of onsale, offsale, all, not "maybe"',
    ]);
    expect(validate('fund-new-list', { saleStatus: 'all' })).not.toHaveProperty('saleStatus');
    expect(
      validate('thirdpartymarket-cmapi00069224-enterprise-search-bid-list', { keyword: '光伏组件', type: 'planned' }),
    ).toMatchObject({ type: '3' });
  });

  it('dates and the one-year rule', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(withinOneYear('2024-02-29', '2025-03-01')).toBe(true);
    expect(withinOneYear('2024-02-29', '2025-03-02')).toBe(false);
  });
});

describe('futures candles', () => {
  it('tick_at below 1e11 is seconds, above is milliseconds', () => {
    expect(tickToMillis(1_700_000_000)).toEqual({ at: 1_700_000_000_000, unit: 's' });
    expect(tickToMillis(1_700_000_000_000)).toEqual({ at: 1_700_000_000_000, unit: 'ms' });
  });

  it('zips by field name whatever the order, and sorts oldest first', () => {
    const fields = ['tick_at', 'volume', 'changeRate', 'change', 'low', 'high', 'close', 'open'];
    const lines = [
      [1_700_086_400, 9, 1, 0.5, 1, 3, 2.5, 2],
      [1_700_000_000, 8, 0, 0, 1, 2, 2, 1.5],
    ];
    const { candles } = toCandles({ fields, lines });
    expect(candles[0]).toEqual({
      open: 1.5,
      close: 2,
      high: 2,
      low: 1,
      change: 0,
      changeRate: 0,
      volume: 8,
      at: 1_700_000_000_000,
    });
    expect(candles[1]!.at).toBe(1_700_086_400_000);
  });
});
