import { describe, expect, it } from 'vitest';
import { BOM, csvCell, toCsv } from '../../../src/core/export/csv.js';
import { readCsv } from '../../support/csvFile.js';

describe('CSV cells', () => {
  it('quotes a cell with a comma, a quote or a line break, doubling the quotes (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\r\nlf')).toBe('"cr\r\nlf"');
    expect(csvCell('杭州，华信')).toBe('杭州，华信');
  });

  it('writes text a spreadsheet would run as a formula with a leading apostrophe', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1+cmd|calc')).toBe("'+1+cmd|calc");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('keeps numbers the service sent as numbers, negative ones included; empty for nothing', () => {
    expect(csvCell(-1.25)).toBe('-1.25');
    expect(csvCell(1828885.91)).toBe('1828885.91');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell({ a: 1, b: 'x,y' })).toBe('"{""a"":1,""b"":""x,y""}"');
  });
});

describe('a CSV file', () => {
  it('starts with a BOM, ends every line in CRLF, and reads back cell for cell', () => {
    const header = ['企业名称', 'note'];
    const rows = [
      ['杭州华信光伏科技有限公司', 'a "quoted", multi\nline note'],
      ['=cmd', -3],
    ];
    const text = toCsv(header, rows);
    expect(text.startsWith(BOM)).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const bytes = Buffer.from(text, 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const read = readCsv(bytes);
    expect(read.bom).toBe(true);
    expect(read.rows).toEqual([header, ['杭州华信光伏科技有限公司', 'a "quoted", multi\nline note'], ["'=cmd", '-3']]);
  });

  it('is just the header for no rows', () => {
    expect(toCsv(['a', 'b'], [])).toBe(`${BOM}a,b\r\n`);
  });
});
