/**
 * Reads a CSV file the way a spreadsheet does (RFC 4180: quoted fields, doubled quotes, line breaks
 * inside quotes), written apart from the app's writer so the tests check it rather than trust it.
 */
export interface CsvFile {
  /** Whether the file starts with the UTF-8 byte-order mark (EF BB BF). */
  bom: boolean;
  rows: string[][];
  /** Whether every record ends in CRLF, as RFC 4180 writes it. */
  crlf: boolean;
}

export function readCsv(bytes: Buffer): CsvFile {
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const text = bytes.subarray(bom ? 3 : 0).toString('utf8');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let crlf = true;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
      continue;
    }
    if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\n' || text[i + 1] !== '\n') crlf = false;
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
    crlf = false;
  }
  return { bom, rows, crlf };
}
