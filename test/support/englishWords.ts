/**
 * The English words a Chinese reader would see in a text the app wrote (mrkdwn or plain): what a
 * zh-CN test expects to be empty. Not counted: emoji shortcodes, code spans and blocks (commands as
 * typed), link targets (a link's label is read), URLs, names in capitals (DATA_API_KEY, HTTP, CNY),
 * time-zone names, and the names that stay as they are in Chinese text.
 */
const KEPT_AS_IS = new Set([
  'Slack',
  'QuickChart',
  'Excel',
  'CSV',
  'App',
  'Home',
  'Workflow',
  'Builder',
  // Slack's Chinese pages keep its plan's name: Enterprise Grid 组织.
  'Enterprise',
  'Grid',
  'lang',
  'auto',
]);

export function englishWords(text: string): string[] {
  const readable = text
    .replace(/<[^<>|]*\|([^<>]*)>/g, '$1')
    .replace(/<[^<>]*>/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/:[a-z0-9_+-]+:/g, ' ')
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`[^`\n]*`/g, ' ')
    // IANA zone names (Asia/Shanghai) are identifiers, shown so the reader knows which zone is meant.
    .replace(/\b[A-Z][A-Za-z]+\/[A-Za-z_/+-]+/g, ' ');
  const words = (readable.match(/[A-Za-z][A-Za-z'-]*[A-Za-z]/g) ?? []).filter(
    (word) => !/^[A-Z0-9_]+$/.test(word) && !KEPT_AS_IS.has(word),
  );
  return [...new Set(words)];
}

/** englishWords less the ones expected there (service data, codes). */
export function unexpectedEnglish(text: string, expected: readonly string[] = []): string[] {
  const allowed = new Set(expected);
  return englishWords(text).filter((word) => !allowed.has(word));
}
