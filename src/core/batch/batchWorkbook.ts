import type { Lang } from '../../i18n/lang.js';
import { toCsv } from '../export/csv.js';
import { operatingStatusOf, type TaxpayerRecord, taxCreditRatingOf } from '../operations/index.js';
import type { SupplierEntry, UnreadableRow } from './supplierList.js';
import { outcomeRank, type SupplierOutcome } from './supplierOutcome.js';

/** One supplier of the list and what its lookup said. */
export interface BatchResult {
  entry: SupplierEntry;
  outcome: SupplierOutcome;
}

const RESULT_COLUMNS = [
  'rows',
  'asked',
  'outcome',
  'flags',
  'name',
  'creditCode',
  'taxpayerType',
  'operatingStatus',
  'rating',
  'candidates',
] as const;
const UNREADABLE_COLUMNS = ['row', 'text', 'reason'] as const;

/** The column of credit codes: text, so a code that starts with a zero keeps it and none is read as a number. */
const CODE_COLUMN = RESULT_COLUMNS.indexOf('creditCode');

/** Flagged suppliers first (most flags first), then ambiguous, not found, not checked and clean; the list's order within each. */
export function orderedResults(results: readonly BatchResult[]): BatchResult[] {
  return results
    .map((result, index) => ({ result, index }))
    .sort((a, b) => outcomeRank(a.result.outcome) - outcomeRank(b.result.outcome) || a.index - b.index)
    .map(({ result }) => result);
}

export function outcomeText(outcome: SupplierOutcome, lang: Lang): string {
  switch (outcome.kind) {
    case 'found':
      return lang.t('batch.outcome.found');
    case 'notFound':
      return lang.t('batch.outcome.notFound');
    case 'ambiguous':
      return lang.t('batch.outcome.ambiguous', { total: outcome.total });
    case 'notChecked':
      return lang.t(`batch.outcome.notChecked.${outcome.why}`);
  }
}

export function flagsText(outcome: SupplierOutcome, lang: Lang): string {
  if (outcome.kind !== 'found') return '';
  return outcome.flags.map((flag) => lang.t(`batch.flag.${flag}`)).join(lang.t('common.wordList.choices'));
}

function candidateText(record: TaxpayerRecord): string {
  return `${record.enterpriseName} (${record.creditNo})`;
}

/** One result as the cells of a row, in `RESULT_COLUMNS` order. */
function resultCells(result: BatchResult, lang: Lang): string[] {
  const { entry, outcome } = result;
  const record = outcome.kind === 'found' ? outcome.record : undefined;
  return [
    entry.rows.join(', '),
    entry.query,
    outcomeText(outcome, lang),
    flagsText(outcome, lang),
    record?.enterpriseName ?? entry.listedName ?? '',
    record?.creditNo ?? (entry.kind === 'creditCode' ? entry.query : ''),
    record?.taxpayerType ?? '',
    (record && operatingStatusOf(record)) ?? '',
    (record && taxCreditRatingOf(record)) ?? '',
    outcome.kind === 'ambiguous' ? outcome.candidates.map(candidateText).join('; ') : '',
  ];
}

function unreadableCells(row: UnreadableRow, lang: Lang): [number, string, string] {
  return [row.row, row.text, lang.t(`batch.unreadable.${row.reason}`)];
}

function header(columns: readonly string[], lang: Lang): string[] {
  return columns.map((column) => lang.t(`batch.column.${column as (typeof RESULT_COLUMNS)[number]}`));
}

/** The whole result as a workbook: a sheet of results, flagged first, and a sheet of the rows that could not be read. */
export async function resultsWorkbook(
  results: readonly BatchResult[],
  unreadable: readonly UnreadableRow[],
  lang: Lang,
): Promise<Buffer> {
  // Loaded on first use: the library holds about 8 MB of heap, which a process that never writes a
  // spreadsheet should not carry.
  const workbook = new (await import('exceljs')).default.Workbook();
  const sheet = workbook.addWorksheet(lang.t('batch.sheet.results'), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(header(RESULT_COLUMNS, lang)).font = { bold: true };
  for (const result of orderedResults(results)) sheet.addRow(resultCells(result, lang));
  sheet.getColumn(CODE_COLUMN + 1).numFmt = '@';
  sheet.columns.forEach((column, index) => {
    column.width = [12, 30, 20, 24, 34, 22, 18, 12, 10, 50][index] ?? 16;
  });
  const rows = workbook.addWorksheet(lang.t('batch.sheet.unreadable'), { views: [{ state: 'frozen', ySplit: 1 }] });
  rows.addRow(UNREADABLE_COLUMNS.map((column) => lang.t(`batch.column.${column}`))).font = { bold: true };
  for (const row of unreadable) rows.addRow(unreadableCells(row, lang));
  rows.getColumn(2).numFmt = '@';
  rows.columns.forEach((column, index) => {
    column.width = [8, 40, 60][index] ?? 16;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The results sheet as CSV (the unreadable rows are in the workbook and the summary). */
export function resultsCsv(results: readonly BatchResult[], lang: Lang): string {
  return toCsv(
    header(RESULT_COLUMNS, lang),
    orderedResults(results).map((result) => resultCells(result, lang)),
  );
}
