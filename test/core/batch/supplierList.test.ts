import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { MAX_LIST_BYTES } from '../../../src/core/batch/sheetGrid.js';
import {
  type ListReading,
  readPastedList,
  readSupplierFile,
  type SupplierList,
} from '../../../src/core/batch/supplierList.js';
import { withCreditCodeCheckChar } from '../../../src/core/validation/creditCode.js';

const OPTIONS = { maxRows: 1000 };

/** Valid codes: a fixed payload with two digits varied, completed with its check character. */
function code(n: number): string {
  return withCreditCodeCheckChar(`913301067747387${String(n).padStart(2, '0')}`);
}

/** The same code with its check character changed: the shape of a code, but mistyped. */
function mistyped(n: number): string {
  const valid = code(n);
  return valid.slice(0, 17) + (valid[17] === '0' ? '1' : '0');
}

function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

function listOf(reading: ListReading): SupplierList {
  if (reading.kind !== 'list') throw new Error(`refused: ${JSON.stringify(reading.refusal)}`);
  return reading.list;
}

async function workbookBytes(build: (workbook: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

const CHINESE_CSV = [
  '序号,统一社会信用代码,企业名称,备注',
  `1,${code(1)},杭州华信光伏科技有限公司,`,
  `2,${code(2)},上海恒远软件科技股份有限公司,老客户`,
  `3,${code(1).toLowerCase()},杭州华信光伏科技有限公司,重复`,
  `4,${mistyped(3)},深圳中联电子科技有限公司,`,
  '5,,深圳中联电子科技有限公司,没有代码',
  '6,91330106774738,北京某某有限公司,位数不对',
  '7,9.13301E+17,南京某某有限公司,被Excel改成了数字',
  '8,待补充,苏州某某有限公司,',
].join('\r\n');

describe('reading a supplier list', () => {
  it('reads the code column by its Chinese header, checks each code, folds duplicates and lists what it cannot read', async () => {
    const list = listOf(await readSupplierFile(utf8(CHINESE_CSV), OPTIONS));
    expect(list.column).toBe('both');
    expect(list.header).toBe('统一社会信用代码');
    expect(list.rows).toBe(8);
    expect(list.entries).toEqual([
      { query: code(1), kind: 'creditCode', rows: [2, 4], listedName: '杭州华信光伏科技有限公司' },
      { query: code(2), kind: 'creditCode', rows: [3], listedName: '上海恒远软件科技股份有限公司' },
      // No code in the row: its name is looked up.
      { query: '深圳中联电子科技有限公司', kind: 'name', rows: [6] },
      // Not a code at all ("to be filled in"): the name beside it.
      { query: '苏州某某有限公司', kind: 'name', rows: [9] },
    ]);
    expect(list.duplicates).toBe(1);
    // A mistyped code is never looked up as the name beside it: that would be a guess.
    expect(list.unreadable).toEqual([
      { row: 5, text: mistyped(3), reason: 'wrongCheckCharacter' },
      { row: 7, text: '91330106774738', reason: 'codeLength' },
      { row: 8, text: '9.13301E+17', reason: 'codeAsNumber' },
    ]);
  });

  it('reads GBK as Excel in China saves CSV, UTF-8 with and without its mark, and UTF-16, all the same', async () => {
    const expected = listOf(await readSupplierFile(utf8(CHINESE_CSV), OPTIONS));
    const encodings = [
      iconv.encode(CHINESE_CSV, 'gbk'),
      iconv.encode(CHINESE_CSV, 'utf-8', { addBOM: true }),
      iconv.encode(CHINESE_CSV.replaceAll(',', '\t'), 'utf-16le', { addBOM: true }),
    ];
    for (const bytes of encodings)
      expect(listOf(await readSupplierFile(new Uint8Array(bytes), OPTIONS))).toEqual(expected);
  });

  it('reads an English header, one column of names, and refuses markup, a 10,000-character row and a single letter', async () => {
    const csv = [
      'Supplier name,Contact',
      'Acme Trading Co. Ltd,Ann',
      '"Hangzhou Huaxin PV Co., Ltd",Bob',
      'acme  trading co. ltd,Ann again',
      '<@U123ABC> *bold* <https://evil.example|click>,Eve',
      `${'A'.repeat(10_000)},Long`,
      'X,Short',
      ',No name',
      '深圳中联电子科技有限公司,Chen',
    ].join('\n');
    const list = listOf(await readSupplierFile(utf8(csv), OPTIONS));
    expect(list.column).toBe('names');
    expect(list.header).toBe('Supplier name');
    expect(list.entries.map((entry) => [entry.query, entry.rows])).toEqual([
      ['Acme Trading Co. Ltd', [2, 4]],
      ['Hangzhou Huaxin PV Co., Ltd', [3]],
      ['深圳中联电子科技有限公司', [9]],
    ]);
    expect(list.unreadable.map(({ row, reason }) => [row, reason])).toEqual([
      [5, 'markup'],
      [6, 'tooLong'],
      [7, 'tooShort'],
    ]);
    // What is shown of a row is cut short.
    expect([...list.unreadable[1]!.text].length).toBeLessThanOrEqual(60);
    expect(list.rows).toBe(7);
  });

  it('finds the column by the look of its values when there is no header, and skips a header in words it does not know', async () => {
    const rows = Array.from({ length: 20 }, (_, n) => `${n + 1},${code(n + 10)},备注${n}`);
    const plain = listOf(await readSupplierFile(utf8(rows.join('\n')), OPTIONS));
    expect(plain.column).toBe('creditCodes');
    expect(plain.header).toBeUndefined();
    expect(plain.entries).toHaveLength(20);
    expect(plain.entries[0]).toEqual({ query: code(10), kind: 'creditCode', rows: [1] });

    const titled = listOf(await readSupplierFile(utf8(['No.,USCC?,Note', ...rows].join('\n')), OPTIONS));
    expect(titled.entries).toHaveLength(20);
    expect(titled.entries[0]!.rows).toEqual([2]);
  });

  it('reads semicolon-separated files, as European Excel writes them', async () => {
    const list = listOf(await readSupplierFile(utf8(`Company;Credit code\nAcme Ltd;${code(1)}\n`), OPTIONS));
    expect(list.entries).toEqual([{ query: code(1), kind: 'creditCode', rows: [2], listedName: 'Acme Ltd' }]);
  });

  it('reads pasted lines of codes and names mixed, full-width characters and invisible ones as a person sees them', () => {
    const pasted = [
      code(1),
      '  杭州华信光伏科技有限公司 ',
      '杭州华信光伏科技有限公司',
      `\u200b${code(1)}`,
      'ＡＣＭＥ　Ｌｔｄ',
      mistyped(2),
      '',
      '123456',
    ].join('\n');
    const list = listOf(readPastedList(pasted, OPTIONS));
    expect(list.column).toBe('mixed');
    expect(list.entries).toEqual([
      { query: code(1), kind: 'creditCode', rows: [1, 4] },
      { query: '杭州华信光伏科技有限公司', kind: 'name', rows: [2, 3] },
      { query: 'ACME Ltd', kind: 'name', rows: [5] },
    ]);
    expect(list.unreadable.map(({ row, reason }) => [row, reason])).toEqual([
      [6, 'wrongCheckCharacter'],
      [8, 'notACode'],
    ]);
  });

  it('refuses an empty file, a header with no rows, a binary file named .csv, an old .xls and a file too big, reading nothing', async () => {
    const refusal = async (bytes: Uint8Array) => {
      const reading = await readSupplierFile(bytes, OPTIONS);
      return reading.kind === 'refused' ? reading.refusal : undefined;
    };
    expect(await refusal(new Uint8Array())).toEqual({ reason: 'empty' });
    expect(await refusal(utf8('\r\n , \r\n'))).toEqual({ reason: 'empty' });
    expect(await refusal(utf8('统一社会信用代码,企业名称\r\n'))).toEqual({ reason: 'noRows' });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    expect(await refusal(png)).toEqual({ reason: 'notText' });
    // Bytes with no NUL that are neither UTF-8 nor text in GBK.
    const noise = new Uint8Array(4000).map((_, index) => (index * 73 + 11) % 32);
    expect(await refusal(noise)).toEqual({ reason: 'notText' });
    expect(await refusal(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toEqual({
      reason: 'oldExcel',
    });
    expect(await refusal(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]))).toEqual({
      reason: 'unreadableWorkbook',
    });
    expect(await refusal(new Uint8Array(MAX_LIST_BYTES + 1).fill(0x41))).toEqual({
      reason: 'tooLarge',
      bytes: MAX_LIST_BYTES + 1,
      max: MAX_LIST_BYTES,
    });
    expect(await refusal(utf8('Price,Amount\n12,5\n13,6\n'))).toEqual({
      reason: 'noColumn',
      headers: ['Price', 'Amount'],
    });
  });

  // 100,000 rows take seconds to parse on a busy machine: a longer timeout, no timing asserted.
  it('refuses a list over the size cap, saying how many rows it has', { timeout: 120_000 }, async () => {
    const rows = (count: number) =>
      utf8(['企业名称', ...Array.from({ length: count }, (_, n) => `测试供应商${n}有限公司`)].join('\n'));
    expect(await readSupplierFile(rows(100_000), OPTIONS)).toEqual({
      kind: 'refused',
      refusal: { reason: 'tooManyRows', rows: 100_000, max: 1000 },
    });
    // The cap is a setting: the same list under a higher one is read.
    expect(listOf(await readSupplierFile(rows(2000), { maxRows: 2000 })).entries).toHaveLength(2000);
  });
});

describe('reading a workbook', () => {
  it('skips a merged title, reads codes kept as text, and names the other sheets it did not read', async () => {
    const bytes = await workbookBytes((workbook) => {
      const notes = workbook.addWorksheet('说明');
      notes.getCell('A1').value = '本表由采购部维护';
      const sheet = workbook.addWorksheet('供应商');
      sheet.mergeCells('A1:C1');
      sheet.getCell('A1').value = '2026 年度合格供应商名单';
      sheet.addRow(['企业名称', '统一社会信用代码', '等级']);
      sheet.addRow(['杭州华信光伏科技有限公司', code(1), 'A']);
      sheet.addRow([{ richText: [{ text: '上海恒远' }, { text: '软件科技股份有限公司' }] }, code(2), 'B']);
      // A code Excel stored as a number: its last digits are gone.
      sheet.addRow(['北京某某有限公司', 913301067747387900, 'C']);
      sheet.addRow(['南京某某有限公司', { formula: 'UPPER("x")', result: code(3).toLowerCase() }, 'C']);
      const hidden = workbook.addWorksheet('旧表', { state: 'hidden' });
      hidden.getCell('A1').value = '企业名称';
      const other = workbook.addWorksheet('2025');
      other.addRow(['企业名称']);
      other.addRow(['深圳中联电子科技有限公司']);
    });
    const list = listOf(await readSupplierFile(bytes, OPTIONS));
    // The notes sheet has no column of suppliers; the list's sheet is read, the later one named.
    expect(list.sheet).toBe('供应商');
    expect(list.otherSheets).toEqual(['说明', '2025']);
    expect(list.mergedCells).toBe(2);
    expect(list.entries).toEqual([
      { query: code(1), kind: 'creditCode', rows: [3], listedName: '杭州华信光伏科技有限公司' },
      { query: code(2), kind: 'creditCode', rows: [4], listedName: '上海恒远软件科技股份有限公司' },
      { query: code(3), kind: 'creditCode', rows: [6], listedName: '南京某某有限公司' },
    ]);
    expect(list.unreadable).toEqual([{ row: 5, text: '913301067747387900', reason: 'codeAsNumber' }]);
  });

  it('reads a workbook whatever its name says, and an empty workbook is an empty file', async () => {
    const empty = await workbookBytes((workbook) => workbook.addWorksheet('Sheet1'));
    expect(await readSupplierFile(empty, OPTIONS)).toEqual({ kind: 'refused', refusal: { reason: 'empty' } });
    const names = await workbookBytes((workbook) => {
      const sheet = workbook.addWorksheet('Sheet1');
      sheet.addRow(['Vendor']);
      sheet.addRow(['Acme Ltd']);
    });
    expect(listOf(await readSupplierFile(names, OPTIONS)).entries).toEqual([
      { query: 'Acme Ltd', kind: 'name', rows: [2] },
    ]);
  });
});
