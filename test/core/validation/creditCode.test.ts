import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  creditCodeCheckChar,
  isValidCreditCode,
  looksLikeCreditCode,
  withCreditCodeCheckChar,
} from '../../../src/core/validation/creditCode.js';

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';

describe('unified social credit code check character (GB 32100-2015)', () => {
  it('accepts published codes', () => {
    for (const code of ['91350100M000100Y43', '91110000802100433B', '91440300708461136T'])
      expect(isValidCreditCode(code)).toBe(true);
  });

  it('accepts lower case and rejects characters outside the alphabet', () => {
    expect(isValidCreditCode('91350100m000100y43')).toBe(true);
    expect(isValidCreditCode('91350100M000100I43')).toBe(false);
    expect(looksLikeCreditCode('91350100M000100Y4')).toBe(false);
  });

  it('catches every single mistyped character and every swap of two different neighbours', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...ALPHABET), { minLength: 17, maxLength: 17 }),
        fc.nat(17),
        fc.constantFrom(...ALPHABET),
        (payload, position, replacement) => {
          const code = withCreditCodeCheckChar(payload.join(''));
          expect(isValidCreditCode(code)).toBe(true);
          const typo = code.slice(0, position) + replacement + code.slice(position + 1);
          expect(isValidCreditCode(typo)).toBe(typo === code);
          if (position < 16 && code[position] !== code[position + 1]) {
            const swapped = code.slice(0, position) + code[position + 1] + code[position] + code.slice(position + 2);
            expect(isValidCreditCode(swapped)).toBe(false);
          }
        },
      ),
    );
  });

  it('has no check character for a payload outside the alphabet', () => {
    expect(creditCodeCheckChar('9135010OM000100Y4')).toBeUndefined();
  });
});
