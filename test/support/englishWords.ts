/**
 * The English words a reader would see in a text (mrkdwn or plain), for tests that a Chinese
 * rendering speaks Chinese: link targets, URLs and inline code are left out (they are addresses
 * and codes, not words); what is left is every run of two or more Latin letters.
 */
export function englishWords(text: string): string[] {
  const readable = text
    .replace(/<[^<>|]*\|([^<>]*)>/g, '$1')
    .replace(/<[^<>]*>/g, '')
    .replace(/https?:\/\/\S+/g, '')
    .replace(/`[^`\n]*`/g, '');
  return [...new Set(readable.match(/[A-Za-z]{2,}/g) ?? [])];
}

/** englishWords less the ones expected there (service data, codes, zone names). */
export function unexpectedEnglish(text: string, expected: readonly string[] = []): string[] {
  const allowed = new Set(expected);
  return englishWords(text).filter((word) => !allowed.has(word));
}
