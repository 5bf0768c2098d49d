import { TAXPAYER_KEYWORD_MAX } from '../operations/index.js';
import { isValidCreditCode, looksLikeCreditCode } from '../validation/creditCode.js';
import { withoutInvisibles } from '../validation/withoutInvisibles.js';
import { csvGrid, type GridCell, type GridRefusal, type GridRow, type GridSheet, readGrid } from './sheetGrid.js';

export type SupplierKind = 'creditCode' | 'name';

/** One supplier to look up, once however many rows name it. */
export interface SupplierEntry {
  /** What is looked up: a checked credit code (upper case) or a company name as written. */
  query: string;
  kind: SupplierKind;
  /** The rows that name it, as the spreadsheet numbers them. */
  rows: number[];
  /** The name the list gives beside a credit code, when it has a column of names too. */
  listedName?: string;
}

export type UnreadableReason =
  | 'wrongCheckCharacter'
  | 'codeLength'
  | 'codeAsNumber'
  | 'notACode'
  | 'tooLong'
  | 'tooShort'
  | 'markup';

export interface UnreadableRow {
  row: number;
  /** The cell as written, cut to `SHOWN_CHARS`. */
  text: string;
  reason: UnreadableReason;
}

export type ListColumn = 'creditCodes' | 'names' | 'both' | 'mixed';

export interface SupplierList {
  /** Rows with a value in the column read. */
  rows: number;
  entries: SupplierEntry[];
  /** Rows that named a supplier an earlier row had named. */
  duplicates: number;
  unreadable: UnreadableRow[];
  /** What the column read holds, and its header when it has one. */
  column: ListColumn;
  header?: string;
  /** The sheet read, of a workbook; the others that hold something are named, not read. */
  sheet?: string;
  otherSheets: string[];
  mergedCells: number;
}

export type ListRefusal =
  | GridRefusal
  | { reason: 'noRows' }
  | { reason: 'noColumn'; headers: string[] }
  | { reason: 'tooManyRows'; rows: number; max: number };

export type ListReading = { kind: 'list'; list: SupplierList } | { kind: 'refused'; refusal: ListRefusal };

export interface ListOptions {
  /** The most rows one check takes (the batch size cap). */
  maxRows: number;
}

/** How much of an unreadable cell is kept to show which it was. */
export const SHOWN_CHARS = 60;

/** A header is looked for in this many rows from the top (a title and a blank line often come first). */
const HEADER_ROWS = 10;
/** The look of a column is judged on this many of its values. */
const SAMPLE_ROWS = 200;

/**
 * Header words, compared after NFKC, lower case and without spaces or punctuation: a part of the header
 * for the longer words, the whole header for the short ones. Codes are checked first (企业信用代码 is a code).
 */
const CODE_HEADER_PARTS = [
  '信用代码',
  '信用号',
  '识别号',
  '税号',
  '登记号',
  'creditcode',
  'creditno',
  'uscc',
  'taxid',
  'taxpayerid',
  'taxno',
  'taxnumber',
  'taxcode',
  'registrationno',
  'registrationnumber',
];
const CODE_HEADERS = ['tin', '代码', 'code'];
const NAME_HEADER_PARTS = [
  '供应商',
  '公司',
  '企业',
  '厂商',
  '单位',
  '客户',
  '商户',
  '承包商',
  'company',
  'supplier',
  'vendor',
  'enterprise',
  'organisation',
  'organization',
  'business',
  'firm',
  'contractor',
];
const NAME_HEADERS = ['name'];

/** Words that end or mark a company name in either language. */
const COMPANY_WORDS =
  /公司|集团|厂|商行|事务所|合作社|研究院|中心|银行|医院|学校|个体|经营部|门市部|\b(co|ltd|llc|inc|corp|corporation|company|limited|gmbh|plc|group)\b/i;

/** A code Excel turned into a number and showed in exponent form (9.13301E+17): its digits are lost. */
const EXPONENT = /^\d(\.\d+)?e\+?\d+$/i;

/** Slack, HTML or Markdown markup, a link, or control characters: never part of a registered name. */
const MARKUP = /[<>`]|(?![\t\n\r])\p{Cc}|https?:\/\/|&(lt|gt|amp);/iu;

function headerKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]/gu, '');
}

/** How a company's name ends (…有限公司, … Ltd): a cell ending so is a supplier, not a header that names the column. */
const COMPANY_ENDING = /(公司|集团|厂|ltd|inc|co|llc|corp|corporation|limited|gmbh|plc|group)$/;

function headerKind(text: string): SupplierKind | undefined {
  const key = headerKey(text);
  if (key === '' || key.length > 30) return undefined;
  const has = (parts: readonly string[]) =>
    parts.includes(key) || (parts.some((part) => key.includes(part)) && !COMPANY_ENDING.test(key));
  if (has(CODE_HEADER_PARTS) || CODE_HEADERS.includes(key)) return 'creditCode';
  if (has(NAME_HEADER_PARTS) || NAME_HEADERS.includes(key)) return 'name';
  return undefined;
}

/** A cell's text as a person sees it: invisible characters out, spaces collapsed, NFKC (full-width letters and brackets). */
function cleaned(text: string): string {
  return withoutInvisibles(text).normalize('NFKC').replace(/\s+/g, ' ').trim();
}

function codeShaped(cell: GridCell): boolean {
  const text = cleaned(cell.text).replace(/[\s-]/g, '');
  return (
    looksLikeCreditCode(text) ||
    /^[0-9A-Za-z]{17}$|^[0-9A-Za-z]{19}$/.test(text) ||
    EXPONENT.test(text) ||
    (cell.fromNumber && text.length >= 15)
  );
}

function nameShaped(cell: GridCell): boolean {
  return COMPANY_WORDS.test(cleaned(cell.text));
}

interface Columns {
  code?: number;
  name?: number;
  /** The row holding the headers, when there is one. */
  headerRow?: number;
  header?: string;
  /** Found as the only column, not by a header or the look of its values: codes and names both read in it. */
  bare?: boolean;
}

function cellAt(row: GridRow, column: number | undefined): GridCell | undefined {
  if (column === undefined) return undefined;
  const cell = row.cells[column];
  return cell && cleaned(cell.text) !== '' ? cell : undefined;
}

/**
 * The row of headers among the first rows: the one naming most columns, then the one with most cells
 * (a title above the table, 供应商名单 merged across it, names one column in one cell).
 */
function columnsByHeader(rows: readonly GridRow[]): Columns | undefined {
  let best: { columns: Columns; named: number; filled: number } | undefined;
  for (const row of rows.slice(0, HEADER_ROWS)) {
    const columns: Columns = {};
    row.cells.forEach((cell, index) => {
      const kind = headerKind(cell.text);
      if (kind === 'creditCode' && columns.code === undefined) columns.code = index;
      if (kind === 'name' && columns.name === undefined) columns.name = index;
    });
    const named = Number(columns.code !== undefined) + Number(columns.name !== undefined);
    const filled = row.cells.filter((cell) => cleaned(cell.text) !== '').length;
    if (named === 0 || (best && (named < best.named || (named === best.named && filled <= best.filled)))) continue;
    columns.headerRow = row.number;
    columns.header = cleaned(row.cells[columns.code ?? columns.name!]!.text);
    best = { columns, named, filled };
  }
  return best?.columns;
}

/** The column most of whose values have the look, if one has it in at least half its values. */
function bestColumn(rows: readonly GridRow[], looks: (cell: GridCell) => boolean): number | undefined {
  const width = Math.max(...rows.map((row) => row.cells.length));
  let best: number | undefined;
  let bestShare = 0.5;
  for (let column = 0; column < width; column++) {
    const cells = rows.map((row) => cellAt(row, column)).filter((cell) => cell !== undefined);
    if (cells.length === 0) continue;
    const share = cells.filter(looks).length / cells.length;
    if (share >= bestShare) [best, bestShare] = [column, share];
  }
  return best;
}

function columnsByLook(rows: readonly GridRow[]): Columns | undefined {
  const sample = rows.slice(0, SAMPLE_ROWS);
  const code = bestColumn(sample, codeShaped);
  const name = bestColumn(sample, nameShaped);
  if (code === undefined && name === undefined) return undefined;
  const columns: Columns = {};
  if (code !== undefined) columns.code = code;
  if (name !== undefined && name !== code) columns.name = name;
  return withUnknownHeader(sample, columns, code ?? name!);
}

/** One column with no header: each value is a supplier, whatever it looks like (lines pasted into a form). */
function bareColumn(rows: readonly GridRow[]): Columns | undefined {
  const sample = rows.slice(0, SAMPLE_ROWS);
  const used = new Set(
    sample.flatMap((row) => row.cells.flatMap((cell, index) => (cleaned(cell.text) ? [index] : []))),
  );
  if (used.size !== 1) return undefined;
  return withUnknownHeader(sample, { name: [...used][0]! }, [...used][0]!);
}

/**
 * A first row that has neither look, over a column most of whose other values have one, is a header
 * in words the app does not know (it is never looked up).
 */
function withUnknownHeader(sample: readonly GridRow[], columns: Columns, column: number): Columns {
  const [first, ...rest] = sample;
  const firstCell = first && cellAt(first, column);
  if (!first || !firstCell || codeShaped(firstCell) || nameShaped(firstCell)) return columns;
  const cells = rest.map((row) => cellAt(row, column)).filter((cell) => cell !== undefined);
  const looking = cells.filter((cell) => codeShaped(cell) || nameShaped(cell)).length;
  if (cells.length === 0 || looking < cells.length / 2) return columns;
  return { ...columns, headerRow: first.number, header: cleaned(firstCell.text) };
}

function columnKind(columns: Columns): ListColumn {
  if (columns.code !== undefined && columns.name !== undefined) return 'both';
  if (columns.code !== undefined) return 'creditCodes';
  return columns.bare ? 'mixed' : 'names';
}

type Reading = { kind: SupplierKind; query: string } | { reason: UnreadableReason };

/** A value read as a credit code: checked, or why it cannot be one. */
function readCode(cell: GridCell): Reading | undefined {
  const text = cleaned(cell.text).replace(/[\s-]/g, '');
  if (EXPONENT.test(text) || (cell.fromNumber && /^\d{15,}$/.test(text))) return { reason: 'codeAsNumber' };
  if (looksLikeCreditCode(text)) {
    const code = text.toUpperCase();
    return isValidCreditCode(code) ? { kind: 'creditCode', query: code } : { reason: 'wrongCheckCharacter' };
  }
  // Ten digits or more in a run of letters and digits: a code with characters missing or extra, not a name.
  if (/^[0-9A-Za-z]{10,30}$/.test(text) && (text.match(/\d/g)?.length ?? 0) >= 10) return { reason: 'codeLength' };
  return undefined;
}

/** A value read as a company name, or why it cannot be one (nothing would be found, and each try costs). */
function readName(cell: GridCell): Reading {
  const text = cleaned(cell.text);
  if (MARKUP.test(withoutInvisibles(cell.text))) return { reason: 'markup' };
  const length = [...text].length;
  if (length > TAXPAYER_KEYWORD_MAX) return { reason: 'tooLong' };
  if (length < 2) return { reason: 'tooShort' };
  if (/^[\d\p{P}\p{S}\s]+$/u.test(text)) return { reason: 'notACode' };
  return { kind: 'name', query: text };
}

function readRow(
  row: GridRow,
  columns: Columns,
): { reading: Reading; cell: GridCell; listedName?: string } | undefined {
  const codeCell = cellAt(row, columns.code);
  const nameCell = cellAt(row, columns.name);
  // The header again (a list pasted together from pages, a title above it): no supplier.
  if ([codeCell, nameCell].some((cell) => cell && headerKind(cell.text))) return undefined;
  const listedName = nameCell ? cleaned(nameCell.text) : undefined;
  if (codeCell) {
    const code = readCode(codeCell);
    if (code) return { reading: code, cell: codeCell, ...(listedName ? { listedName } : {}) };
    // Not a code at all: the row's name is looked up instead, when the list gives one.
    if (nameCell) return { reading: readName(nameCell), cell: nameCell };
    return {
      reading:
        columns.name === undefined && columns.headerRow === undefined ? readName(codeCell) : { reason: 'notACode' },
      cell: codeCell,
    };
  }
  if (!nameCell) return undefined;
  return { reading: readCode(nameCell) ?? readName(nameCell), cell: nameCell };
}

/** Two names are one supplier when they differ only in case, spaces or full-width forms. */
function entryKey(kind: SupplierKind, query: string): string {
  return kind === 'creditCode' ? query : `name:${query.toLowerCase().replace(/\s/g, '')}`;
}

function shown(text: string): string {
  const characters = [...text.replace(/\s+/g, ' ').trim()];
  return characters.length > SHOWN_CHARS ? `${characters.slice(0, SHOWN_CHARS - 1).join('')}…` : characters.join('');
}

function readSheet(sheet: GridSheet, columns: Columns, options: ListOptions): ListReading {
  const dataRows = sheet.rows.filter((row) => columns.headerRow === undefined || row.number > columns.headerRow);
  // Over the cap the list is refused whole, before its rows are read one by one.
  const filled = dataRows.filter((row) => cellAt(row, columns.code) ?? cellAt(row, columns.name)).length;
  if (filled > options.maxRows)
    return { kind: 'refused', refusal: { reason: 'tooManyRows', rows: filled, max: options.maxRows } };
  const readings = dataRows
    .map((row) => ({ row: row.number, read: readRow(row, columns) }))
    .filter((row) => row.read !== undefined);
  if (readings.length === 0) return { kind: 'refused', refusal: { reason: 'noRows' } };
  if (readings.length > options.maxRows)
    return { kind: 'refused', refusal: { reason: 'tooManyRows', rows: readings.length, max: options.maxRows } };
  const entries = new Map<string, SupplierEntry>();
  const unreadable: UnreadableRow[] = [];
  let duplicates = 0;
  for (const { row, read } of readings) {
    const { reading, cell, listedName } = read!;
    if ('reason' in reading) {
      unreadable.push({ row, text: shown(withoutInvisibles(cell.text)), reason: reading.reason });
      continue;
    }
    const key = entryKey(reading.kind, reading.query);
    const earlier = entries.get(key);
    if (earlier) {
      earlier.rows.push(row);
      duplicates++;
      continue;
    }
    entries.set(key, { query: reading.query, kind: reading.kind, rows: [row], ...(listedName ? { listedName } : {}) });
  }
  const list: SupplierList = {
    rows: readings.length,
    entries: [...entries.values()],
    duplicates,
    unreadable,
    column: columnKind(columns),
    otherSheets: [],
    mergedCells: sheet.mergedCells,
  };
  if (columns.header !== undefined) list.header = shown(columns.header);
  return { kind: 'list', list };
}

function filledRows(sheet: GridSheet): GridRow[] {
  return sheet.rows.filter((row) => row.cells.some((cell) => cleaned(cell.text) !== ''));
}

function columnsOf(sheet: GridSheet): Columns | undefined {
  const rows = filledRows(sheet);
  return columnsByHeader(rows) ?? columnsByLook(rows);
}

function bareColumnOf(sheet: GridSheet): Columns | undefined {
  const columns = bareColumn(filledRows(sheet));
  return columns && { ...columns, bare: columns.headerRow === undefined };
}

function headersSeen(sheets: readonly GridSheet[]): string[] {
  const first = sheets.flatMap((sheet) => sheet.rows).find((row) => row.cells.some((cell) => cleaned(cell.text)));
  return (first?.cells ?? [])
    .map((cell) => shown(cleaned(cell.text)))
    .filter((text) => text !== '')
    .slice(0, 10);
}

/** The list in the sheets read: from the first sheet with a column of suppliers; the others are named. */
function readSheets(sheets: readonly GridSheet[], options: ListOptions, workbook: boolean): ListReading {
  const filled = sheets.filter((sheet) =>
    sheet.rows.some((row) => row.cells.some((cell) => cleaned(cell.text) !== '')),
  );
  if (filled.length === 0) return { kind: 'refused', refusal: { reason: 'empty' } };
  // A sheet with a header or a column of the look first; a sheet of one bare column (notes, a title) only after.
  const found =
    filled.map((sheet) => ({ sheet, columns: columnsOf(sheet) })).find((sheet) => sheet.columns) ??
    filled.map((sheet) => ({ sheet, columns: bareColumnOf(sheet) })).find((sheet) => sheet.columns);
  if (found) {
    const { sheet, columns } = found;
    const reading = readSheet(sheet, columns!, options);
    if (reading.kind === 'list' && workbook) {
      reading.list.sheet = sheet.name;
      reading.list.otherSheets = filled.filter((other) => other !== sheet).map((other) => other.name);
    }
    return reading;
  }
  return { kind: 'refused', refusal: { reason: 'noColumn', headers: headersSeen(filled) } };
}

/** A file shared as a supplier list (CSV in UTF-8 or GBK, or XLSX): its suppliers, once each, and the rows that cannot be read. */
export async function readSupplierFile(bytes: Uint8Array, options: ListOptions): Promise<ListReading> {
  const grid = await readGrid(bytes);
  if (grid.kind === 'refused') return grid;
  return readSheets(grid.sheets, options, grid.format === 'xlsx');
}

/** Names or codes pasted into a form: one a line, or a table copied from a spreadsheet. */
export function readPastedList(text: string, options: ListOptions): ListReading {
  return readSheets([csvGrid(text)], options, false);
}
