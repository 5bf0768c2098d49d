/**
 * Numbers, money and times as replies show them. Amounts are in the reader's units: 亿 (1e8) and 万 (1e4)
 * for Chinese readers, the way the service's users quote fund sizes and tender budgets; thousands,
 * millions and billions for English ones.
 */
import { formatCnyAmount, formatFixed, withSign } from '../../charts/numbers.js';
import type { Locale } from '../../i18n/lang.js';

export const NO_VALUE = '—';

const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const asGiven = new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A number from a number or numeric text ("1234.5"); undefined for anything else. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}

function signed(value: number, body: (magnitude: number) => string): string {
  return withSign(value, body(Math.abs(value)));
}

/**
 * CNY in the reader's units: 12.35亿元 or CNY 1.24 billion (charts/numbers.ts). The charts use the
 * same formatter, so a chart and its message agree.
 */
export function formatCny(value: unknown, locale: Locale): string {
  const amount = toNumber(value);
  return amount === undefined ? NO_VALUE : formatCnyAmount(amount, locale);
}

/** A rate already in percent (the service sends 1.23 for 1.23 %): +1.23%, −0.45%, 0.00%, or — when missing. */
export function formatPercent(value: unknown): string {
  const rate = toNumber(value);
  if (rate === undefined) return NO_VALUE;
  return signed(rate, (magnitude) => `${twoDecimals.format(magnitude)}%`);
}

/** A change in price with its sign: +0.52, −1,234.5 (at `decimals` places when given). */
export function formatChange(value: unknown, decimals?: number): string {
  const change = toNumber(value);
  if (change === undefined) return NO_VALUE;
  return signed(change, (magnitude) => formatNumber(magnitude, decimals));
}

/** A price or quantity, grouped: 2,345.6 at the precision the service gave, or at exactly `decimals` places. */
export function formatNumber(value: unknown, decimals?: number): string {
  const number = toNumber(value);
  if (number === undefined) return NO_VALUE;
  if (decimals === undefined) return asGiven.format(number);
  return formatFixed(number, decimals);
}

/** Decimal places of the most precise value (at most 8): prices of one contract then all show alike, 75.00 beside 75.54. */
export function mostDecimalsOf(values: readonly number[]): number {
  let decimals = 0;
  for (const value of values) {
    if (!Number.isFinite(value)) continue;
    const text = asGiven.format(value);
    const point = text.indexOf('.');
    if (point >= 0) decimals = Math.max(decimals, text.length - point - 1);
  }
  return Math.min(decimals, 8);
}

export function formatCount(value: number): string {
  return whole.format(value);
}

/** "1 record", "3 records". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : pluralForm}`;
}

export { formatZonedTime } from '../../i18n/timeText.js';
