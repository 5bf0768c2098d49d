/**
 * The English words left in a text meant for a Chinese reader. Codes a Chinese reader also sees as
 * codes are not words: command examples in backticks, Slack mentions, IANA zones and GMT offsets,
 * environment variable names, the product names Slack and dq, the file format CSV, FOF (a fund of
 * funds) and QDII (a fund investing abroad), so named in Chinese too.
 */
export function untranslatedWords(text: string): string[] {
  const stripped = text
    .replace(/`[^`]*`/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\b[A-Z][A-Za-z]+\/[A-Za-z_/+-]+/g, ' ')
    .replace(/\bGMT[+-]?\d*(?::\d+)?/g, ' ')
    .replace(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g, ' ')
    .replace(/\b(?:Slack|dq|IANA|API|CSV|FOF|QDII)\b/g, ' ')
    .replace(/:[a-z_]+:/g, ' ');
  return stripped.match(/[A-Za-z]{2,}/g) ?? [];
}
