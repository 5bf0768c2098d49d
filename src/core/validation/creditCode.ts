// Unified social credit code, GB 32100-2015: 17 payload characters plus one check character.
// The check character lets us reject a mistyped code before it costs a taxpayer lookup.

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;
const SHAPE = /^[0-9A-HJ-NP-RTUW-Y]{18}$/;

/** True when the text has the form of a credit code (18 characters of the code alphabet), checked or not. */
export function looksLikeCreditCode(text: string): boolean {
  return /^[0-9A-Za-z]{18}$/.test(text);
}

/** The check character for the first 17 characters, or undefined when they are outside the alphabet. */
export function creditCodeCheckChar(first17: string): string | undefined {
  if (first17.length !== 17) return undefined;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = ALPHABET.indexOf(first17[i]!);
    if (value < 0) return undefined;
    sum += value * WEIGHTS[i]!;
  }
  return ALPHABET[(31 - (sum % 31)) % 31];
}

export function isValidCreditCode(code: string): boolean {
  const upper = code.toUpperCase();
  if (!SHAPE.test(upper)) return false;
  return creditCodeCheckChar(upper.slice(0, 17)) === upper[17];
}

/** Completes 17 payload characters into a valid code (used by the simulator and tests). */
export function withCreditCodeCheckChar(first17: string): string {
  const check = creditCodeCheckChar(first17.toUpperCase());
  if (check === undefined) throw new Error(`not a credit code payload: ${first17}`);
  return first17.toUpperCase() + check;
}
