/**
 * Text as a reader compares it: the same letters, digits and ideographs in the same order, whatever
 * their case, width (Unicode NFKC: full-width letters, digits and spaces become ASCII), spacing and
 * punctuation or symbols, ASCII or CJK (（）【】《》，。、·“” …).
 */
export function readerText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}\p{Cf}]/gu, '');
}
