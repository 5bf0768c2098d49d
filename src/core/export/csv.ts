/**
 * CSV as spreadsheets read it. Excel takes a file without a byte-order mark for the local code page
 * and shows Chinese as mojibake; with the mark it reads UTF-8.
 */
export const BOM = '\uFEFF';

/** RFC 4180's line break. */
const CRLF = '\r\n';

/**
 * Text a spreadsheet would run as a formula (`=HYPERLINK(…)`, `+1+cmd|…`, `@SUM(…)`), or that some
 * treat the same way (a leading tab or carriage return): written with a leading apostrophe, which
 * makes it text. Data from the service is not trusted to be harmless.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** Text a spreadsheet will keep as text: one that would run as a formula gets a leading apostrophe. */
export function spreadsheetSafe(text: string): string {
  // "-12.5" as text is still a plain number: the apostrophe would show in the sheet and stop it adding up.
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** A value as the text of one cell, before quoting. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  // A number the service sent as a number is data, never a formula (-1.25 stays a number in the sheet).
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  let text: string;
  if (typeof value === 'string') text = value;
  else {
    try {
      text = JSON.stringify(value) ?? '';
    } catch {
      text = '';
    }
  }
  return spreadsheetSafe(text);
}

/** One cell: quoted (inner quotes doubled) when it holds a quote, a comma or a line break. */
export function csvCell(value: unknown): string {
  const text = cellText(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: the mark, the header, one line per row, every line ending in CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvCell).join(','));
  return BOM + lines.map((line) => line + CRLF).join('');
}
