// A unified social credit code is '9' (registered by market regulation) + '1' (enterprise) + the
// 6-digit region code + the 9-character organisation code + a check character. We give the organisation
// code its own GB 11714 check character too, as real ones have, and let the shared validator complete it.
import { withCreditCodeCheckChar } from '../../core/validation/creditCode.js';
import { type HashPart, hashInt, hashUnit } from '../random.js';

const CODE_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const ORGANISATION_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2] as const;

function organisationCheckChar(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    const value = /\d/.test(char) ? Number(char) : char.charCodeAt(0) - 55; // A = 10, B = 11, ...
    sum += value * ORGANISATION_WEIGHTS[i]!;
  }
  const check = 11 - (sum % 11);
  if (check === 10) return 'X';
  return check === 11 ? '0' : String(check);
}

function organisationCode(...parts: HashPart[]): string {
  // Codes issued since 2015 typically start with MA followed by letters and digits; older ones are digits.
  const modern = hashUnit('modern', ...parts) < 0.5;
  const alphabet = modern ? CODE_ALPHABET : CODE_ALPHABET.slice(0, 10);
  let body = modern ? 'MA' : '';
  for (let position = body.length; position < 8; position++) {
    body += alphabet[hashInt(alphabet.length, 'org', position, ...parts)];
  }
  return body + organisationCheckChar(body);
}

export function syntheticCreditCode(regionCode: string, ...parts: HashPart[]): string {
  return withCreditCodeCheckChar(`91${regionCode}${organisationCode(...parts)}`);
}
