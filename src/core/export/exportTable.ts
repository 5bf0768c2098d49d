import { z } from 'zod';
import { isOneOf } from '../../i18n/catalogueKeys.js';
import type { NamesUnder, Phrase } from '../../i18n/lang.js';
import { formatZonedTime } from '../../i18n/timeText.js';
import { localDate } from '../../time/calendar.js';
import { type AnyOperation, type OperationId, operations } from '../operations/index.js';

/** One column of an export: the field's name as the service sent it, and a label when the app has one. */
export interface ExportColumn {
  key: string;
  /** Absent for a field the app has no words for: its header is the key as it came. */
  label?: Phrase;
}

/** Every record of an export, one row each, and the union of their fields as columns. */
export interface ExportTable {
  columns: ExportColumn[];
  rows: Array<Record<string, unknown>>;
}

/**
 * Fields the `export` catalogue has a header for (`export.column.<field>`), in both languages. Keys
 * are the service's own field names, so the same label serves every operation that sends the field.
 */
export const LABELLED_FIELDS: ReadonlySet<NamesUnder<'export.column'>> = new Set<NamesUnder<'export.column'>>([
  // General taxpayers: the three the spec names, then the ones it describes without naming.
  'enterpriseName',
  'creditNo',
  'taxpayerType',
  'legalPerson',
  'operatingStatus',
  'registeredCapital',
  'establishDate',
  'registrationAuthority',
  'businessScope',
  'taxRegistrationStatus',
  'taxCreditRating',
  'address',
  // Tender and bid notices (the spec shows none; these are the usual ones).
  'id',
  'title',
  'noticeType',
  'purchaser',
  'supplier',
  'province',
  'provinceName',
  'publishDate',
  'publishTime',
  'budget',
  'amount',
  'url',
  // Fund asset history.
  'assetDate',
  'assetRate',
  'asset',
  // Newly issued funds.
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
  // Futures candles.
  'date',
  'time',
  'open',
  'close',
  'high',
  'low',
  'change',
  'changeRate',
  'volume',
  'tick_at',
]);

/** Where each operation's normalised result keeps its records (taxpayers, notices, dates, funds, candles). */
const RECORD_LISTS = ['records', 'funds', 'candles'] as const;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The records of one page of a result, as the client normalised them; none for a result it cannot read. */
export function recordsOf(result: unknown): Array<Record<string, unknown>> {
  if (!isPlainObject(result)) return [];
  const list = RECORD_LISTS.map((name) => result[name]).find(Array.isArray) as unknown[] | undefined;
  return (list ?? []).filter(isPlainObject);
}

/**
 * The record fields an operation's response schema names, in its order (the spec's): they come first
 * in the file, whether or not they have a label. Read from the definition so no list is kept twice;
 * an operation whose records the spec does not show (the bid search) names none.
 */
export function knownFields(operation: OperationId): string[] {
  const definition: AnyOperation = operations[operation];
  const data: unknown = definition.data;
  if (!(data instanceof z.ZodObject)) return [];
  for (const field of Object.values(data.shape as Record<string, unknown>)) {
    if (field instanceof z.ZodArray && field.element instanceof z.ZodObject)
      return Object.keys(field.element.shape as object);
  }
  return [];
}

/**
 * A candle as the service sent it (tick_at in its own unit), with when it starts readable first: a
 * day, week or month by its date, the trading day the service labels it with (UTC, as the reply
 * dates it), else the time in the reader's zone.
 */
function candleRow(
  candle: Record<string, unknown>,
  tickUnit: unknown,
  when: { timeZone: string; byDay: boolean },
): Record<string, unknown> {
  const { at, ...rest } = candle;
  const ms = typeof at === 'number' ? at : NaN;
  const start = when.byDay
    ? { date: Number.isFinite(ms) ? localDate(ms, 'UTC') : '' }
    : { time: Number.isFinite(ms) ? formatZonedTime(ms, when.timeZone, { withZone: false }) : '' };
  return {
    ...start,
    ...rest,
    tick_at: Number.isFinite(ms) ? (tickUnit === 'ms' ? ms : ms / 1000) : '',
  };
}

const CANDLE_VALUES = ['open', 'high', 'low', 'close', 'change', 'changeRate', 'volume', 'tick_at'];

/**
 * The rows of every page, in order, with every field the service returned: the known fields first,
 * then any other field in the order it first appears (a taxpayer's extra fields, a notice's fields).
 * Futures candles get their date, or their time in `timeZone`, beside tick_at, which keeps the service's unit.
 */
export function exportTable(
  operation: OperationId,
  results: readonly unknown[],
  options: { timeZone: string },
): ExportTable {
  const candles = results.some((result) => isPlainObject(result) && Array.isArray(result.candles));
  const definition: AnyOperation = operations[operation];
  const byDay = results.some((result) => definition.datedByDay?.(result) === true);
  const rows = results.flatMap((result) => {
    const records = recordsOf(result);
    return candles
      ? records.map((record) =>
          candleRow(record, (result as Record<string, unknown>).tickUnit, { timeZone: options.timeZone, byDay }),
        )
      : records;
  });
  const known = candles ? [byDay ? 'date' : 'time', ...CANDLE_VALUES] : knownFields(operation);
  const seen = new Set<string>();
  const keys: string[] = [];
  const add = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    keys.push(key);
  };
  const present = new Set(rows.flatMap((row) => Object.keys(row)));
  // A known field no record has is left out, except in an empty export, whose header still says what it would hold.
  for (const key of known) if (rows.length === 0 || present.has(key)) add(key);
  for (const row of rows) for (const key of Object.keys(row)) add(key);
  const columns = keys.map((key): ExportColumn => {
    if (key === 'time' && candles)
      return { key, label: { key: 'export.column.time', values: { zone: options.timeZone } } };
    return isOneOf(LABELLED_FIELDS, key) ? { key, label: { key: `export.column.${key}` } } : { key };
  });
  return { columns, rows };
}
