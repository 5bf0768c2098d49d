// Numbers as the charts and the Slack messages write them: one set of rules, so a figure never reads
// one way on a chart and another in the message beside it.

const MAX_DECIMALS = 6;

/** A real minus sign: a hyphen is easy to miss next to a number. */
export const MINUS = '−';

export function roundTo(value: number, decimals: number): number {
  return Number(value.toFixed(decimals));
}

/** Decimal places a value was written with (at most 6): what a quote "needs". */
export function decimalsOf(value: number): number {
  for (let decimals = 0; decimals < MAX_DECIMALS; decimals += 1) {
    if (Math.abs(roundTo(value, decimals) - value) <= 1e-9 * Math.max(1, Math.abs(value))) return decimals;
  }
  return MAX_DECIMALS;
}

/**
 * Decimals that still move a point by a pixel on a chart about `pixels` tall spanning `range`;
 * further digits only lengthen the URL.
 */
export function visibleDecimals(range: number, pixels: number): number {
  if (!(range > 0)) return MAX_DECIMALS;
  return Math.min(MAX_DECIMALS, Math.max(0, Math.ceil(Math.log10((2 * pixels) / range))));
}

/** +1.23, −0.45, 0.00: a real minus, no sign on what rounds to zero. */
export function signed(value: number, decimals: number): string {
  const text = Math.abs(value).toFixed(decimals);
  if (Number(text) === 0) return text;
  return `${value < 0 ? MINUS : '+'}${text}`;
}

// CNY amounts as people here read them, in 亿 (10^8) and 万 (10^4): one formatter for the fund chart,
// its caption and the Slack messages, so the same amount never reads "10000.00 万" in one place and
// "1.00 亿" in another.

export interface CnyUnit {
  /** '亿', '万' or '元'. */
  name: string;
  size: number;
}

export const YI: CnyUnit = { name: '亿', size: 1e8 };
export const WAN: CnyUnit = { name: '万', size: 1e4 };
export const YUAN: CnyUnit = { name: '元', size: 1 };

const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * The unit an amount reads best in: the largest whose two-decimal figure is at least 1. It is chosen
 * after rounding, so 99,999,999.99 is "1.00 亿", never "10,000.00 万".
 */
export function cnyUnitFor(amount: number): CnyUnit {
  const magnitude = Math.abs(amount);
  if (round2(magnitude / WAN.size) >= 1e4) return YI;
  if (round2(magnitude) >= 1e4) return WAN;
  return YUAN;
}

/** 12.35 亿, 5,678.90 万, 999.00 元, −2.50 亿. */
export function formatCny(amount: number): string {
  const unit = cnyUnitFor(amount);
  const sign = amount < 0 && round2(Math.abs(amount) / unit.size) !== 0 ? MINUS : '';
  return `${sign}${twoDecimals.format(Math.abs(amount) / unit.size)} ${unit.name}`;
}
