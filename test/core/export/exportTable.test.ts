import { describe, expect, it } from 'vitest';
import { exportTable, knownFields, LABELLED_FIELDS, recordsOf } from '../../../src/core/export/exportTable.js';
import { english, langFor, readCatalogue } from '../../../src/i18n/lang.js';

const TAXPAYER = 'enterprise-general-taxpayer-query';
const BIDS = 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list';
const FUTURES = 'finance-external-futures-kline';

describe('the rows and columns of an export', () => {
  it('puts the fields the spec names first, in its order, then every other field in the order it first appears', () => {
    const pages = [
      {
        total: 3,
        records: [
          { enterpriseName: 'A', creditNo: '1', taxpayerType: 'T', legalPerson: '张三' },
          { legalPerson: '李四', taxpayerType: 'T', creditNo: '2', enterpriseName: 'B', operatingStatus: '存续' },
        ],
      },
      { total: 3, records: [{ enterpriseName: 'C', creditNo: '3', taxpayerType: 'T', 自定义字段: 'x' }] },
    ];
    const table = exportTable(TAXPAYER, pages, { timeZone: 'Asia/Shanghai' });
    expect(table.columns.map((column) => column.key)).toEqual([
      'enterpriseName',
      'creditNo',
      'taxpayerType',
      'legalPerson',
      'operatingStatus',
      '自定义字段',
    ]);
    expect(table.rows).toHaveLength(3);
    // Labels for the fields the app knows; a field it does not know keeps its own name as header.
    expect(table.columns.find((column) => column.key === '自定义字段')?.label).toBeUndefined();
    expect(table.columns[0]?.label).toEqual({ key: 'export.column.enterpriseName' });
  });

  it('reads the known fields from the operation definitions, and none for the bid search, whose records the spec does not show', () => {
    expect(knownFields(TAXPAYER)).toEqual(['enterpriseName', 'creditNo', 'taxpayerType']);
    expect(knownFields('fund-asset' as never)).toEqual(['assetDate', 'assetRate', 'asset']);
    expect(knownFields('fund-new-list' as never)).toEqual([
      'fundType',
      'beginDate',
      'endDate',
      'fundCode',
      'fundName',
      'fundManagerName',
      'minPurchase',
      'fundOriginalFee',
      'fundDiscountFee',
      'saleStatus',
    ]);
    expect(knownFields(BIDS)).toEqual([]);
  });

  it("gives futures candles their time in the reader's zone and tick_at as the service sent it", () => {
    const at = Date.parse('2026-11-20T00:00:00Z');
    const result = {
      symbol: 'CL',
      type: '60',
      tickUnit: 's',
      candles: [{ open: 1, close: 2, high: 3, low: 0.5, change: 1, changeRate: 100, volume: 9, at }],
    };
    const table = exportTable(FUTURES, [result], { timeZone: 'Asia/Shanghai' });
    expect(table.columns.map((column) => column.key)).toEqual([
      'time',
      'open',
      'high',
      'low',
      'close',
      'change',
      'changeRate',
      'volume',
      'tick_at',
    ]);
    expect(table.rows[0]).toMatchObject({ time: '2026-11-20 08:00', tick_at: at / 1000, open: 1 });
    expect(english.t(table.columns[0]!.label!)).toBe('Time (Asia/Shanghai)');
    expect(langFor('zh-CN').t(table.columns[0]!.label!)).toBe('时间（Asia/Shanghai）');
  });

  it('gives daily, weekly and monthly candles their date only: the trading day the service labels them with, as the reply dates them', () => {
    // Monday 2026-11-23 00:00 UTC is 08:00 in Shanghai; the week, the day and the month are dated, not timed.
    const at = Date.parse('2026-11-23T00:00:00Z');
    for (const type of ['0', 'W', 'M']) {
      const result = {
        symbol: 'GC',
        type,
        tickUnit: 's',
        candles: [{ open: 1, close: 2, high: 3, low: 0.5, change: 1, changeRate: 100, volume: 9, at }],
      };
      const table = exportTable(FUTURES, [result], { timeZone: 'Asia/Shanghai' });
      expect(table.columns.map((column) => column.key).slice(0, 2), type).toEqual(['date', 'open']);
      expect(table.rows[0], type).toMatchObject({ date: '2026-11-23', tick_at: at / 1000 });
      expect(Object.values(table.rows[0]!).join(' '), type).not.toContain('08:00');
      expect(english.t(table.columns[0]!.label!)).toBe('Date');
      expect(langFor('zh-CN').t(table.columns[0]!.label!)).toBe('日期');
    }
  });

  it('keeps the header of an empty export', () => {
    expect(
      exportTable(TAXPAYER, [{ total: 0, records: [] }], { timeZone: 'UTC' }).columns.map((column) => column.key),
    ).toEqual(['enterpriseName', 'creditNo', 'taxpayerType']);
    expect(recordsOf(undefined)).toEqual([]);
    expect(recordsOf({ funds: [{ a: 1 }, 'not a record'] })).toEqual([{ a: 1 }]);
  });

  it('has a header in both languages for every field it labels', () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      const columns = (readCatalogue(locale).export as { column: Record<string, string> }).column;
      for (const field of LABELLED_FIELDS) expect(columns[field], `${locale} export.column.${field}`).toBeTruthy();
    }
  });
});
