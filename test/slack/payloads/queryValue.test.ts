import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OPERATION_IDS, operations } from '../../../src/core/operations/index.js';
import { decodeQueryValue, encodeQueryValue } from '../../../src/slack/payloads/queryValue.js';

const EXAMPLES = {
  'enterprise-general-taxpayer-query': { keyword: '杭州华信光伏', pageNo: 2, pageSize: 10 },
  'thirdpartymarket-cmapi00069224-enterprise-search-bid-list': {
    keyword: '光伏组件',
    pageSize: '10',
    pageIndex: '3',
    province: 'ZJ',
    type: '2',
    searchType: '1,2',
  },
  'fund-asset': { fundCode: '000001', pageNo: '1', pageSize: '50' },
  'finance-external-futures-kline': { symbol: 'CL', type: '0', limit: '30' },
  'fund-new-list': { saleStatus: 'true', pageNo: '4', pageSize: '20' },
} as const;

describe('encodeQueryValue / decodeQueryValue', () => {
  it.each(OPERATION_IDS)('round-trips a wire request of %s', (operation) => {
    const request = EXAMPLES[operation];
    const value = encodeQueryValue({ operation, request });
    expect(value).toBeDefined();
    expect(decodeQueryValue(value!)).toEqual({ operation, request });
  });

  it('is compact: the operation’s name instead of the long operation id', () => {
    const value = encodeQueryValue({
      operation: 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list',
      request: EXAMPLES['thirdpartymarket-cmapi00069224-enterprise-search-bid-list'],
    })!;
    expect(value).toContain('"bids"');
    expect(value).not.toContain('thirdpartymarket');
    expect(value.length).toBeLessThan(200);
  });

  it('keeps the wire types (the taxpayer operation pages with numbers)', () => {
    const decoded = decodeQueryValue(
      encodeQueryValue({
        operation: 'enterprise-general-taxpayer-query',
        request: EXAMPLES['enterprise-general-taxpayer-query'],
      })!,
    );
    expect(decoded?.request.pageNo).toBe(2);
  });

  it('gives undefined rather than a value over the 2000 characters Slack allows', () => {
    const keyword = '光'.repeat(1990);
    expect(
      encodeQueryValue({ operation: 'fund-new-list', request: { pageNo: '1', pageSize: '10' } })!.length,
    ).toBeLessThanOrEqual(2000);
    expect(
      encodeQueryValue({
        operation: 'enterprise-general-taxpayer-query',
        request: { keyword, pageNo: 1, pageSize: 10 },
      }),
    ).toBeUndefined();
    const justFits = '光'.repeat(
      2000 - JSON.stringify({ o: 'taxpayer', r: { keyword: '', pageNo: 1, pageSize: 10 } }).length,
    );
    const value = encodeQueryValue({
      operation: 'enterprise-general-taxpayer-query',
      request: { keyword: justFits, pageNo: 1, pageSize: 10 },
    });
    expect(value?.length).toBe(2000);
  });

  it('carries the name as typed, as buttons already posted carry it (new-funds, fund-asset)', () => {
    expect(
      JSON.parse(encodeQueryValue({ operation: 'fund-new-list', request: { pageNo: '1', pageSize: '10' } })!),
    ).toMatchObject({ o: 'new-funds' });
    expect(
      JSON.parse(
        encodeQueryValue({ operation: 'fund-asset', request: { fundCode: '000001', pageNo: '1', pageSize: '10' } })!,
      ),
    ).toMatchObject({ o: 'fund-asset' });
    const posted = JSON.stringify({ o: 'new-funds', r: { pageNo: '1', pageSize: '10' } });
    expect(decodeQueryValue(posted)).toEqual({ operation: 'fund-new-list', request: { pageNo: '1', pageSize: '10' } });
  });

  it('accepts the full operation id as well as the name', () => {
    const value = JSON.stringify({ o: 'fund-new-list', r: { pageNo: '1', pageSize: '10' } });
    expect(decodeQueryValue(value)).toEqual({ operation: 'fund-new-list', request: { pageNo: '1', pageSize: '10' } });
  });

  it.each([
    ['empty', ''],
    ['not JSON', 'next page please'],
    ['JSON null', 'null'],
    ['an array', '[1,2]'],
    ['a number', '42'],
    ['unknown operation', '{"o":"stocks","r":{}}'],
    ['operation not a string', '{"o":1,"r":{}}'],
    ['request missing', '{"o":"taxpayer"}'],
    ['request an array', '{"o":"taxpayer","r":[]}'],
    ['request of the wrong wire types', '{"o":"taxpayer","r":{"keyword":"x","pageNo":"1","pageSize":"10"}}'],
    ['request missing a field', '{"o":"futures","r":{"symbol":"CL"}}'],
    ['prototype pollution attempt', '{"o":"__proto__","r":{}}'],
    ['over 2000 characters', `{"o":"taxpayer","r":{"keyword":"${'x'.repeat(2100)}","pageNo":1,"pageSize":10}}`],
  ])('gives undefined for %s', (_name, value) => {
    expect(decodeQueryValue(value)).toBeUndefined();
  });

  it('never throws on arbitrary text', () => {
    // Any code point, lone surrogates too (more than `unit: 'binary'` draws), without the second of CPU
    // fast-check spends building that unit's reverse map of all 1.1 million code points.
    const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff }).map((code) => String.fromCodePoint(code));
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.string({ unit: anyCodePoint })), (value) => {
        const decoded = decodeQueryValue(value);
        if (decoded) expect(Object.keys(operations)).toContain(decoded.operation);
      }),
      { numRuns: 500 },
    );
  });
});
