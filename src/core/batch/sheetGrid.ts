import { parse } from 'csv-parse/sync';
// Loaded on first use: the library holds about 8 MB of heap, which a process that never reads or
// writes a spreadsheet should not carry.
import type ExcelJS from 'exceljs';
import iconv from 'iconv-lite';

/** One cell as read: its text, and whether the spreadsheet held it as a number (a long code loses digits that way). */
export interface GridCell {
  text: string;
  fromNumber: boolean;
}

/** One row with its number as the spreadsheet shows it (1 for the first). */
export interface GridRow {
  number: number;
  cells: GridCell[];
}

export interface GridSheet {
  name: string;
  rows: GridRow[];
  /** Cells covered by a merged cell other than its top-left one (read as empty). */
  mergedCells: number;
}

/** Why a file could not be read as a table at all. */
export type GridRefusal =
  | { reason: 'empty' }
  | { reason: 'tooLarge'; bytes: number; max: number }
  | { reason: 'notText' }
  | { reason: 'oldExcel' }
  | { reason: 'unreadableWorkbook' };

export type GridReading =
  | { kind: 'sheets'; sheets: GridSheet[]; format: 'csv' | 'xlsx' }
  | { kind: 'refused'; refusal: GridRefusal };

/** A supplier list is a few hundred KB; a file ten times the size of 100,000 rows is not one. */
export const MAX_LIST_BYTES = 10 * 1024 * 1024;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

/**
 * The text of a CSV file. Excel in China saves "CSV" in the local code page (GBK) and "CSV UTF-8"
 * with a byte-order mark; UTF-16 is its "Unicode text". Valid UTF-8 is read as UTF-8, anything else as
 * GB 18030, which GBK is a subset of. Undefined for bytes that are not text (NUL bytes, control characters).
 */
export function decodeText(bytes: Uint8Array): string | undefined {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let text: string;
  if (startsWith(bytes, [0xff, 0xfe])) text = iconv.decode(buffer, 'utf-16le');
  else if (startsWith(bytes, [0xfe, 0xff])) text = iconv.decode(buffer, 'utf-16be');
  else {
    if (bytes.includes(0)) return undefined;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = iconv.decode(buffer, 'gb18030');
    }
  }
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  // Text files hold tabs and line breaks; a binary file read as text is full of other control characters.
  const controls = text.match(/(?![\t\n\r])\p{Cc}|\uFFFD/gu)?.length ?? 0;
  return controls > Math.max(2, text.length / 1000) ? undefined : text;
}

/** The delimiter the first line uses most: comma, tab (Excel's "Unicode text") or semicolon (European Excel). */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  let best = ',';
  let bestCount = 0;
  for (const candidate of [',', '\t', ';']) {
    const count = firstLine.split(candidate).length - 1;
    if (count > bestCount) [best, bestCount] = [candidate, count];
  }
  return best;
}

/** Rows of a CSV text (or text pasted into a form: one value a line, or values with commas or tabs). */
export function csvGrid(text: string): GridSheet {
  const delimiter = delimiterOf(text);
  let records: string[][];
  try {
    records = parse(text, { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: false });
  } catch {
    // A quote never closed: each line is still a row, split where the delimiter is.
    records = text.split(/\r?\n/).map((line) => line.split(delimiter));
  }
  const rows = records.map((cells, index) => ({
    number: index + 1,
    cells: cells.map((cell) => ({ text: cell, fromNumber: false })),
  }));
  return { name: '', rows, mergedCells: 0 };
}

/** The text a cell shows, whatever exceljs holds it as (rich text, a formula's result, a hyperlink, a date). */
function excelCellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('result' in value) return excelCellText((value.result ?? null) as ExcelJS.CellValue);
  return '';
}

function excelFormulaResult(value: ExcelJS.CellValue): ExcelJS.CellValue {
  return value !== null && typeof value === 'object' && 'result' in value
    ? ((value.result ?? null) as ExcelJS.CellValue)
    : value;
}

async function workbookSheets(bytes: Uint8Array): Promise<GridSheet[] | undefined> {
  const workbook = new (await import('exceljs')).default.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch {
    return undefined;
  }
  return workbook.worksheets
    .filter((sheet) => sheet.state === 'visible')
    .map((sheet) => {
      let mergedCells = 0;
      const rows: GridRow[] = [];
      sheet.eachRow({ includeEmpty: false }, (row) => {
        const cells: GridCell[] = [];
        for (let column = 1; column <= row.cellCount; column++) {
          const cell = row.getCell(column);
          if (cell.isMerged && cell.master.address !== cell.address) {
            mergedCells++;
            cells.push({ text: '', fromNumber: false });
            continue;
          }
          const value = excelFormulaResult(cell.value);
          cells.push({ text: excelCellText(value), fromNumber: typeof value === 'number' });
        }
        rows.push({ number: row.number, cells });
      });
      return { name: sheet.name, rows, mergedCells };
    });
}

/** The sheets of a file shared as a list: an XLSX workbook (by its content, whatever its name) or CSV text. */
export async function readGrid(bytes: Uint8Array): Promise<GridReading> {
  if (bytes.byteLength === 0) return { kind: 'refused', refusal: { reason: 'empty' } };
  if (bytes.byteLength > MAX_LIST_BYTES)
    return { kind: 'refused', refusal: { reason: 'tooLarge', bytes: bytes.byteLength, max: MAX_LIST_BYTES } };
  if (startsWith(bytes, OLE)) return { kind: 'refused', refusal: { reason: 'oldExcel' } };
  if (startsWith(bytes, ZIP)) {
    const sheets = await workbookSheets(bytes);
    return sheets
      ? { kind: 'sheets', sheets, format: 'xlsx' }
      : { kind: 'refused', refusal: { reason: 'unreadableWorkbook' } };
  }
  const text = decodeText(bytes);
  if (text === undefined) return { kind: 'refused', refusal: { reason: 'notText' } };
  return { kind: 'sheets', sheets: [csvGrid(text)], format: 'csv' };
}
