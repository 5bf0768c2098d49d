import type { LedgerMonth } from '../../core/ledger/ledger.js';
import { exactLocale, type Locale } from '../../i18n/lang.js';
import type { SlackDeps } from '../deps.js';
import { monthName, usageCsvFile } from '../render/usage.js';
import type { Requester } from '../requester/requester.js';
import { isAdmin } from './permissions.js';
import { operationTitles } from './showUsage.js';

/**
 * The month and the language of the reply a "Usage as CSV" button is under, from its value
 * (`2026-10:zh-CN`; `2026-10` from before the language was carried); undefined for anything else
 * (values come from clients).
 */
export function readUsageCsvValue(value: string | undefined): { month: LedgerMonth; locale?: Locale } | undefined {
  const match = /^(\d{4})-(\d{2})(?::([\w-]{2,10}))?$/.exec(value ?? '');
  const month = Number(match?.[2]);
  if (!match || month < 1 || month > 12) return undefined;
  const locale = exactLocale(match[3]);
  return { month: { year: Number(match[1]), month }, ...(locale ? { locale } : {}) };
}

export interface UsageCsv {
  filename: string;
  title: string;
  bytes: Buffer;
  /** The month as the reader says it, and how many rows the file has. */
  month: string;
  rows: number;
  /** What goes with the file where it is posted. */
  comment: string;
}

/**
 * A month's usage by person and operation as a CSV file, in the requester's language: the same file
 * whether asked for under `/dq usage` or from an admin's Home tab (anyone else's holds their own
 * rows only). Nothing is charged: it is read from the ledger.
 */
export async function usageCsv(deps: SlackDeps, requester: Requester, month: LedgerMonth): Promise<UsageCsv> {
  const { lang } = await requester.profile();
  const spender = (await isAdmin(requester)) ? undefined : requester.userId;
  const usage = await deps.ledger.monthUsage(requester.teamId, month, spender);
  const file = usageCsvFile(usage, operationTitles(lang), lang);
  const name = monthName(month, lang);
  return {
    ...file,
    month: name,
    rows: usage.rows.length,
    comment: lang.t('usage.csv.comment', { month: name, coins: lang.t('common.coins', { count: usage.period.coins }) }),
  };
}
