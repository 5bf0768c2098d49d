// The same text as another system might re-serve it: what a reader sees as unchanged, a byte compare
// sees as new. Used to re-serve a tender notice with cosmetic changes, so a client that says "new"
// to every changed byte is caught.

const FULL_WIDTH_OFFSET = 0xff01 - 0x21; // '!' … '~' and their full-width forms U+FF01 … U+FF5E

/** ASCII printable characters become full-width and full-width ones ASCII: `（ZJ-1）` ↔ `(ＺＪ－１)`. */
function flippedWidth(character: string): string {
  const code = character.codePointAt(0)!;
  if (code >= 0x21 && code <= 0x7e) return String.fromCodePoint(code + FULL_WIDTH_OFFSET);
  if (code >= 0xff01 && code <= 0xff5e) return String.fromCodePoint(code - FULL_WIDTH_OFFSET);
  return character;
}

/**
 * Letters, digits and punctuation switched between full and half width, an ideographic space put
 * before the first bracket and a space after the end: the words and their order stay.
 */
export function restyledText(text: string): string {
  const flipped = [...text].map(flippedWidth).join('');
  return `${flipped.replace(/[(（［[【]/u, '\u3000$&')} `;
}
