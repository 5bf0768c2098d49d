import type { DataTableBlock, RawNumberElement, RawTextElement } from '@slack/types';
import { type CnyUnit, cnyUnitFor } from '../../charts/numbers.js';
import type { Lang } from '../../i18n/lang.js';
import { keepBlock } from '../blockKit/fitToSlackLimits.js';
import { truncatePlain } from '../blockKit/mrkdwn.js';
import { formatNumber, NO_VALUE, toNumber } from './format.js';

/**
 * Slack's data_table block (https://docs.slack.dev/reference/block-kit/blocks/data-table-block):
 * at most 100 rows under the header, 1 to 20 columns, 10,000 characters across all cells of a table
 * and of a message, page_size 1 to 100. The client pages and sorts the rows itself, so a whole
 * fetched page is browsed without a call. A table that would pass a limit is not sent: the
 * operation's older layout is used instead (see `tableOrNothing`).
 */
export const DATA_TABLE_LIMITS = { rows: 100, columns: 20, characters: 10_000 } as const;

/** Rows a reader sees at once; ten keep a 50-record page to five pages of Slack's own pager. */
export const TABLE_PAGE_SIZE = 10;

/** A cell is one line; a longer value is cut so that fifty rows stay within the table's characters. */
const CELL_MAX = 80;

export type TableCell = RawTextElement | RawNumberElement;

export interface TableColumn<R> {
  header: string;
  cell(record: R): TableCell;
}

/**
 * Service text as a raw_text cell: raw_text is shown as typed (never parsed as mrkdwn, so a
 * `<!channel>` from the service stays inert), on one line, at most `max` characters, never empty
 * (Slack refuses an empty cell).
 */
export function textCell(value: unknown, max = CELL_MAX): RawTextElement {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  // Control characters and line breaks would break the row.
  const oneLine = text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what a table cell must not carry.
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return { type: 'raw_text', text: truncatePlain(oneLine, max) || NO_VALUE };
}

/**
 * A number Slack sorts as a number: `value` for sorting, `text` as shown. A missing value is the
 * text "—", never a number standing in for it: the reference (data-table-block) requires a number
 * in every raw_number `value` and sorts a column numerically only "if a column contains cells all of
 * type raw_number", so a column with a gap sorts alphabetically, which is true to what is there.
 */
export function numberCell(value: number | undefined, text: string): TableCell {
  if (value === undefined || !Number.isFinite(value)) return { type: 'raw_text', text: NO_VALUE };
  return { type: 'raw_number', value, text: text || NO_VALUE };
}

/** An amount in yuan shown in the column's unit: value and text agree, the unit is in the header. */
export function amountCell(value: unknown, unit: CnyUnit): TableCell {
  const amount = toNumber(value);
  if (amount === undefined) return numberCell(undefined, '');
  const inUnit = Math.round((amount / unit.size) * 100) / 100;
  return numberCell(inUnit, formatNumber(inUnit, 2));
}

/**
 * One unit for a whole column, the one its largest amount reads best in for the reader (亿元, CNY
 * billion), so the column sorts and compares at a glance; a header names it as a chart's axis does.
 */
export function columnUnit(values: readonly unknown[], lang: Lang): CnyUnit {
  const largest = values.reduce<number>((max, value) => Math.max(max, Math.abs(toNumber(value) ?? 0)), 0);
  return cnyUnitFor(largest, lang.locale);
}

function characters(rows: readonly TableCell[][]): number {
  return rows.reduce((sum, row) => sum + row.reduce((cells, cell) => cells + cell.text.length, 0), 0);
}

/**
 * The records as one data_table, or undefined when a table cannot hold them by Slack's published
 * limits (no rows, more than 100, more than 20 columns, more than 10,000 characters): the caller then
 * shows its older layout. That is the whole rule; nothing is cut to make a table fit.
 */
export function tableOrNothing<R>(
  caption: string,
  columns: readonly TableColumn<R>[],
  records: readonly R[],
): DataTableBlock | undefined {
  if (records.length === 0 || records.length > DATA_TABLE_LIMITS.rows) return undefined;
  if (columns.length === 0 || columns.length > DATA_TABLE_LIMITS.columns) return undefined;
  const header = columns.map((column) => textCell(column.header));
  const rows: TableCell[][] = [header, ...records.map((record) => columns.map((column) => column.cell(record)))];
  if (characters(rows) > DATA_TABLE_LIMITS.characters) return undefined;
  const block: DataTableBlock = {
    type: 'data_table',
    caption: caption.slice(0, 200),
    rows,
    page_size: Math.min(TABLE_PAGE_SIZE, records.length),
    row_header_column_index: 0,
  };
  return keepBlock('table', block);
}
