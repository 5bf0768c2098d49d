import type { Locale } from '../i18n/lang.js';

// Numbers as the charts and the Slack messages write them: one set of rules, so a figure never reads
// one way on a chart and another in the message beside it.

const MAX_DECIMALS = 6;

/** A real minus sign: a hyphen is easy to miss next to a number. */
export const MINUS = '−';

/**
 * Decimals that still move a point by a pixel on a chart about `pixels` tall spanning `range`;
 * further digits only lengthen the URL.
 */
export function visibleDecimals(range: number, pixels: number): number {
  if (!(range > 0)) return MAX_DECIMALS;
  return Math.min(MAX_DECIMALS, Math.max(0, Math.ceil(Math.log10((2 * pixels) / range))));
}

/**
 * One formatter per number of places, made once: building an Intl.NumberFormat costs some 100 times
 * formatting with one, and a reply formats hundreds of numbers (a fifth of the app's CPU per cached
 * answer in `npm run bench:ack -- --profile`).
 */
const byDecimals = new Map<number, Intl.NumberFormat>();

/** 2,370.8 at exactly `decimals` places, thousands grouped: how replies, captions and alt texts write a figure. */
export function formatFixed(value: number, decimals: number): string {
  let formatter = byDecimals.get(decimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    byDecimals.set(decimals, formatter);
  }
  return formatter.format(value);
}

/** A figure's written magnitude with its sign: a real minus, a plus, none on what rounds to zero (a sign on 0.00 would be noise). */
export function withSign(value: number, magnitude: string): string {
  if (!/[1-9]/.test(magnitude)) return magnitude;
  return `${value < 0 ? MINUS : '+'}${magnitude}`;
}

/** +1.23, −1,234.5, 0.00: a real minus, thousands grouped, no sign on what rounds to zero. */
export function signed(value: number, decimals: number): string {
  return withSign(value, formatFixed(Math.abs(value), decimals));
}

// CNY amounts, one formatter for the fund chart, its caption and the Slack messages, so the same
// amount never reads "10000.00 万" in one place and "1.00 亿" in another. Each language counts in its
// own units: Chinese readers in 万 (10^4) and 亿 (10^8), written 16.78万元 and 3.74亿元; English
// readers in thousands, millions and billions, written CNY 167.80 thousand and CNY 3.74 billion.

export interface CnyUnit {
  size: number;
  /** 16.78万元, CNY 3.74 billion: the amount in this unit as a reader of its language writes it. */
  write(figure: string): string;
  /** The unit alone, for a chart's axis: 亿元, CNY billion. */
  axis: string;
}

const CHINESE_UNITS: readonly CnyUnit[] = [
  { size: 1e8, write: (figure) => `${figure}亿元`, axis: '亿元' },
  { size: 1e4, write: (figure) => `${figure}万元`, axis: '万元' },
  { size: 1, write: (figure) => `${figure}元`, axis: '元' },
];

const ENGLISH_UNITS: readonly CnyUnit[] = [
  { size: 1e9, write: (figure) => `CNY ${figure} billion`, axis: 'CNY billion' },
  { size: 1e6, write: (figure) => `CNY ${figure} million`, axis: 'CNY million' },
  { size: 1e3, write: (figure) => `CNY ${figure} thousand`, axis: 'CNY thousand' },
  { size: 1, write: (figure) => `CNY ${figure}`, axis: 'CNY' },
];

function unitsOf(locale: Locale): readonly CnyUnit[] {
  return locale === 'zh-CN' ? CHINESE_UNITS : ENGLISH_UNITS;
}

const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * The unit an amount reads best in: the largest whose two-decimal figure is at least 1 (and below
 * the next unit up). It is chosen after rounding, so 99,999,999.99 is "1.00亿元", never "10,000.00万元".
 */
export function cnyUnitFor(amount: number, locale: Locale): CnyUnit {
  const units = unitsOf(locale);
  const magnitude = Math.abs(amount);
  return units.find(
    (unit, index) =>
      index === units.length - 1 || round2(magnitude / units[index + 1]!.size) >= unit.size / units[index + 1]!.size,
  )!;
}

/** 12.35亿元, 5,678.90万元, 999.00元, −2.50亿元; CNY 1.24 billion, CNY 56.79 million, CNY 999.00. */
export function formatCnyAmount(amount: number, locale: Locale): string {
  const unit = cnyUnitFor(amount, locale);
  const sign = amount < 0 && round2(Math.abs(amount) / unit.size) !== 0 ? MINUS : '';
  return unit.write(`${sign}${twoDecimals.format(Math.abs(amount) / unit.size)}`);
}

const asWritten = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A small amount as it is quoted, without a unit of scale: CNY 1,000 or 1,000元 (a minimum purchase). */
export function formatCnyExact(amount: number, locale: Locale): string {
  const figure = `${amount < 0 ? MINUS : ''}${asWritten.format(Math.abs(amount))}`;
  return locale === 'zh-CN' ? `${figure}元` : `CNY ${figure}`;
}
