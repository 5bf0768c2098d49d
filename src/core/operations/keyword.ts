import { looksLikeCreditCode } from '../validation/creditCode.js';

/**
 * A search keyword in the one form the app sends, so that two keywords asking the same question
 * give the same wire request, and the second is answered from the first one's cache entry (or
 * shares its call). What makes two keywords the same question, decided from the spec and the
 * simulator (docs/data-service.md, "Two keywords, one question"):
 *
 * - full- and half-width forms are one (NFKC: `ＡＢＣ１２３` is `ABC123`, an ideographic space a space):
 *   the app sends the half-width form, so the service is asked the same either way;
 * - spaces around the keyword, and runs of spaces inside it, count for nothing (the simulator trims;
 *   a name's words are separated by one space);
 * - a unified social credit code is the same in small letters: its letters are capitals by the
 *   standard (GB 32100-2015), and the simulator compares codes in capitals;
 * - the letter case of anything else counts: the spec does not say that names or bid words are
 *   matched regardless of case, and the simulator matches them as written, so `apple inc` may find
 *   what `Apple Inc` does not, and serving one from the other could hide a match.
 */
export function keywordAsAsked(text: string): string {
  const plain = text.normalize('NFKC').replace(/\s+/gu, ' ').trim();
  return looksLikeCreditCode(plain) ? plain.toUpperCase() : plain;
}
