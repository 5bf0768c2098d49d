/**
 * Characters that show nothing, or nothing of their own: every format character (Unicode category
 * Cf: zero-width spaces and joiners, bidirectional marks and overrides such as U+202E, the byte
 * order mark, soft hyphens, tag characters), the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0)
 * that render as blanks, and the variation selectors and combining grapheme joiner that only alter
 * the character before them. A keyword made of them looks empty, or like another word, yet the
 * service would be paid to search for it.
 */
// biome-ignore lint/suspicious/noMisleadingCharacterClass: each of these is stripped on its own, combining ones included: that is the point.
const INVISIBLES = /[\p{Cf}\u115F\u1160\u3164\uFFA0\u034F\u180B-\u180D\u180F\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu;

/** The text without its invisible characters (what a person can see of it). */
export function withoutInvisibles(text: string): string {
  return text.replace(INVISIBLES, '');
}
