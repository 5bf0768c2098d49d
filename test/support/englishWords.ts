/**
 * The English words a Chinese reader would see in text the app wrote: what a zh-CN test expects to be
 * empty. Not counted: emoji shortcodes, code spans (commands as typed), links and mentions, names in
 * capitals (DATA_API_KEY, HTTP, CNY), time-zone names, and the names that stay as they are in Chinese text.
 */
const KEPT_AS_IS = new Set(['Slack', 'taskNo', 'QuickChart', 'Excel', 'CSV', 'App', 'Home', 'Workflow', 'Builder', 'lang', 'auto']);

export function englishWords(text: string): string[] {
  const stripped = text
    .replace(/:[a-z0-9_+-]+:/g, ' ')
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    // IANA zone names (Asia/Shanghai) are identifiers, shown so the reader knows which zone is meant.
    .replace(/\b[A-Z][A-Za-z]+\/[A-Za-z_/+-]+/g, ' ');
  return (stripped.match(/[A-Za-z][A-Za-z'-]{2,}/g) ?? []).filter((word) => !/^[A-Z0-9_]+$/.test(word) && !KEPT_AS_IS.has(word));
}
