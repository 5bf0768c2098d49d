import {
  operatingStatusOf,
  type ResultOf,
  type SUPPLIER_CHECK_OPERATION,
  type TaxpayerRecord,
  taxCreditRatingOf,
  taxRegistrationOf,
} from '../operations/index.js';
import type { SupplierEntry } from './supplierList.js';

/** What a procurement check looks for in a supplier's record. */
export type SupplierFlag = 'notGeneralTaxpayer' | 'notOperating' | 'ratedBelowB';

export type SupplierOutcome =
  | { kind: 'found'; record: TaxpayerRecord; flags: SupplierFlag[] }
  | { kind: 'notFound' }
  /** A name several companies match: the candidates are listed, none is chosen. */
  | { kind: 'ambiguous'; total: number; candidates: TaxpayerRecord[] }
  /** Not looked up: the budget ran out, the batch was stopped, or the service failed for it. */
  | { kind: 'notChecked'; why: 'budget' | 'stopped' | 'failed' };

/** Candidates kept of an ambiguous name: enough to pick from, few enough for a table cell. */
export const CANDIDATES_KEPT = 5;

/** Operating statuses of a company at work; any other (注销, 吊销, 迁出, 停业, 清算 …) is not. */
const OPERATING = /^(存续|在业|在营|开业|正常|营业|active|operating|in business)/i;

/** The tax credit ratings below B (the scale is A, B, M, C, D). */
const BELOW_B = new Set(['M', 'C', 'D']);

export function flagsOf(record: TaxpayerRecord): SupplierFlag[] {
  const flags: SupplierFlag[] = [];
  if (!record.taxpayerType.includes('一般纳税人') && !/general/i.test(record.taxpayerType))
    flags.push('notGeneralTaxpayer');
  const status = operatingStatusOf(record);
  // A "non-normal" tax registration (非正常户) is a company not operating normally, whatever its register says.
  if ((status !== undefined && !OPERATING.test(status)) || taxRegistrationOf(record)?.startsWith('非正常'))
    flags.push('notOperating');
  const rating = taxCreditRatingOf(record)?.toUpperCase().charAt(0);
  if (rating !== undefined && BELOW_B.has(rating)) flags.push('ratedBelowB');
  return flags;
}

function sameName(a: string, b: string): boolean {
  const key = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s/g, '');
  return key(a) === key(b);
}

/**
 * What the answer to one supplier's lookup says of it. A code names one company; a name is that
 * company when one record matches or one is named exactly so, and is ambiguous otherwise.
 */
export function outcomeOf(entry: SupplierEntry, result: ResultOf<typeof SUPPLIER_CHECK_OPERATION>): SupplierOutcome {
  const { records } = result;
  if (records.length === 0) return { kind: 'notFound' };
  const exact =
    entry.kind === 'creditCode'
      ? (records.find((record) => record.creditNo.toUpperCase() === entry.query) ??
        (records.length === 1 ? records[0] : undefined))
      : (records.find((record) => sameName(record.enterpriseName, entry.query)) ??
        (result.total === 1 ? records[0] : undefined));
  if (exact) return { kind: 'found', record: exact, flags: flagsOf(exact) };
  return { kind: 'ambiguous', total: result.total, candidates: records.slice(0, CANDIDATES_KEPT) };
}

/** The order results are shown in: flagged first (most flags first), then ambiguous, not found, not checked, and clean. */
export function outcomeRank(outcome: SupplierOutcome): number {
  switch (outcome.kind) {
    case 'found':
      return outcome.flags.length > 0 ? -outcome.flags.length : 4;
    case 'ambiguous':
      return 1;
    case 'notFound':
      return 2;
    case 'notChecked':
      return 3;
  }
}

export interface BatchSummary {
  checked: number;
  generalTaxpayers: number;
  notOperating: number;
  ratedBelowB: number;
  notGeneralTaxpayer: number;
  notFound: number;
  ambiguous: number;
  notChecked: number;
}

export function summaryOf(outcomes: readonly SupplierOutcome[]): BatchSummary {
  const summary: BatchSummary = {
    checked: 0,
    generalTaxpayers: 0,
    notOperating: 0,
    ratedBelowB: 0,
    notGeneralTaxpayer: 0,
    notFound: 0,
    ambiguous: 0,
    notChecked: 0,
  };
  for (const outcome of outcomes) {
    if (outcome.kind === 'notChecked') {
      summary.notChecked++;
      continue;
    }
    summary.checked++;
    if (outcome.kind === 'notFound') summary.notFound++;
    else if (outcome.kind === 'ambiguous') summary.ambiguous++;
    else {
      if (outcome.flags.includes('notGeneralTaxpayer')) summary.notGeneralTaxpayer++;
      else summary.generalTaxpayers++;
      if (outcome.flags.includes('notOperating')) summary.notOperating++;
      if (outcome.flags.includes('ratedBelowB')) summary.ratedBelowB++;
    }
  }
  return summary;
}
