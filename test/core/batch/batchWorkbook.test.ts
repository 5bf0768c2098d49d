import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type BatchResult, resultsCsv, resultsWorkbook } from '../../../src/core/batch/batchWorkbook.js';
import type { UnreadableRow } from '../../../src/core/batch/supplierList.js';
import { flagsOf } from '../../../src/core/batch/supplierOutcome.js';
import type { TaxpayerRecord } from '../../../src/core/operations/index.js';
import { english, langFor } from '../../../src/i18n/lang.js';

function record(overrides: Partial<TaxpayerRecord>): TaxpayerRecord {
  return {
    enterpriseName: '杭州华信光伏科技有限公司',
    creditNo: '91330106774738789M',
    taxpayerType: '增值税一般纳税人',
    operatingStatus: '存续',
    taxCreditRating: 'A',
    ...overrides,
  };
}

const clean = record({});
// A code that starts with a zero would lose it as a number.
const flagged = record({
  enterpriseName: '=HYPERLINK("x")有限公司',
  creditNo: '01330106774738789X',
  operatingStatus: '注销',
  taxCreditRating: 'C',
});

const RESULTS: BatchResult[] = [
  {
    entry: { query: clean.creditNo, kind: 'creditCode', rows: [2, 5] },
    outcome: { kind: 'found', record: clean, flags: [] },
  },
  {
    entry: { query: '华信', kind: 'name', rows: [3] },
    outcome: { kind: 'ambiguous', total: 2, candidates: [clean, flagged] },
  },
  {
    entry: { query: flagged.creditNo, kind: 'creditCode', rows: [4], listedName: '表中名称' },
    outcome: { kind: 'found', record: flagged, flags: flagsOf(flagged) },
  },
  { entry: { query: '不存在有限公司', kind: 'name', rows: [6] }, outcome: { kind: 'notFound' } },
  { entry: { query: '晚到有限公司', kind: 'name', rows: [7] }, outcome: { kind: 'notChecked', why: 'budget' } },
];
const UNREADABLE: UnreadableRow[] = [{ row: 8, text: '0123', reason: 'notACode' }];

function sheetValues(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push(Array.from({ length: sheet.columnCount }, (_, index) => row.getCell(index + 1).value ?? ''));
  });
  return rows;
}

describe('the results file', () => {
  it('opens back with a results sheet, flagged first, codes as text, and a sheet of unreadable rows', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await resultsWorkbook(RESULTS, UNREADABLE, langFor('zh-CN'))) as never);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['核查结果', '无法读取的行']);
    const [results, unreadable] = workbook.worksheets;
    expect(sheetValues(results!)).toEqual([
      [
        '名单中的行号',
        '名单中的写法',
        '结果',
        '风险提示',
        '企业名称',
        '统一社会信用代码',
        '纳税人资格类型',
        '经营状态',
        '纳税信用等级',
        '候选企业',
      ],
      [
        '4',
        flagged.creditNo,
        '已找到',
        '非正常经营、纳税信用低于 B 级',
        flagged.enterpriseName,
        '01330106774738789X',
        '增值税一般纳税人',
        '注销',
        'C',
        '',
      ],
      [
        '3',
        '华信',
        '匹配到多家企业（2 家），未作选择',
        '',
        '',
        '',
        '',
        '',
        '',
        `杭州华信光伏科技有限公司 (91330106774738789M); ${flagged.enterpriseName} (01330106774738789X)`,
      ],
      ['6', '不存在有限公司', '未找到', '', '', '', '', '', '', ''],
      ['7', '晚到有限公司', '未核查：预算已用完', '', '', '', '', '', '', ''],
      ['2, 5', clean.creditNo, '已找到', '', clean.enterpriseName, clean.creditNo, '增值税一般纳税人', '存续', 'A', ''],
    ]);
    // Text, not a number and not a formula: what the service sent is data.
    expect(results!.getCell('F2').type).toBe(ExcelJS.ValueType.String);
    expect(results!.getCell('F2').numFmt).toBe('@');
    expect(results!.getCell('E2').type).toBe(ExcelJS.ValueType.String);
    expect(sheetValues(unreadable!)).toEqual([
      ['行号', '该行内容', '无法读取的原因'],
      [8, '0123', '既不是统一社会信用代码，也不是企业名称'],
    ]);
  });

  it('writes the same results as CSV in English, with a formula made harmless', () => {
    const csv = resultsCsv(RESULTS, english);
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Rows in your list,As written in your list,Result,Flags,Company name,Credit code,Taxpayer type,Operating status,Tax credit rating,Candidates',
    );
    expect(lines[1]).toBe(
      `4,01330106774738789X,Found,"Not operating normally, Rated below B","'=HYPERLINK(""x"")有限公司",01330106774738789X,增值税一般纳税人,注销,C,`,
    );
    expect(lines).toHaveLength(6);
  });
});
