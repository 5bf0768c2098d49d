/** 亿 = 10^8, the unit Chinese fund sizes are quoted in. */
export const YI = 1e8;
const WAN = 1e4;

/** A CNY amount as a reader would say it: "12.35 亿", "850.00 万", "5,000". */
export function readableCny(amount: number): string {
  const size = Math.abs(amount);
  if (size >= YI) return `${(amount / YI).toFixed(2)} 亿`;
  if (size >= WAN) return `${(amount / WAN).toFixed(2)} 万`;
  return Math.round(amount).toLocaleString('en-US');
}
