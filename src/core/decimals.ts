// Decimal places of figures as the data writes them. Arithmetic in binary floating point leaves noise
// (0.1 + 0.2 is 0.30000000000000004): a figure the app works out from the data's own is written back
// to the data's precision, so a file or a reply never shows digits the data never had.

const MAX_DECIMALS = 6;

export function roundTo(value: number, decimals: number): number {
  return Number(value.toFixed(decimals));
}

/** Decimal places a value was written with (at most 6): what a quote "needs". Noise past them is not counted. */
export function decimalsOf(value: number): number {
  if (Number.isInteger(value)) return 0;
  for (let decimals = 0; decimals < MAX_DECIMALS; decimals += 1) {
    if (Math.abs(roundTo(value, decimals) - value) <= 1e-9 * Math.max(1, Math.abs(value))) return decimals;
  }
  return MAX_DECIMALS;
}
