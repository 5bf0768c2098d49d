const MAX_DECIMALS = 6;

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
  return `${value < 0 ? '−' : '+'}${text}`;
}
