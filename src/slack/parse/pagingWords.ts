import { optionKeys } from './commandSyntax.js';
import { naturalOption, readNumberWord } from './naturalWords.js';
import { normaliseText } from './normalise.js';
import { pageOption } from './pagingOptions.js';

/** Where a follow-up moves a paged answer: the page after it, the one before, or a page by number. */
export type PagingMove = { kind: 'next' } | { kind: 'previous' } | { kind: 'page'; page: number };

/** Words for the next and the previous page, in lower case; a page by number is said with the page option's own words. */
const NEXT_WORDS = new Set(['next', 'next page', 'more', 'n', '下一页', '下页', '后一页', '往后翻', '继续']);
const PREVIOUS_WORDS = new Set(['previous', 'prev', 'previous page', 'back', '上一页', '上页', '前一页', '往前翻']);

/** The page option's keys (page, p, 页, 页码), as commands read them in `page:2`. */
const PAGE_KEYS = optionKeys(pageOption('page'));

/**
 * A follow-up that only moves through the last paged answer: `next`, `下一页`, `previous`, `page 2`,
 * `page:2`, `第2页`, `第二页`, `页 3`. Read with the commands' own grammar (the page option's keys, its
 * Chinese shape 第N页, numbers in characters), so the console and a conversation read the same
 * words a command does; undefined for anything else, which is then read as a command.
 */
export function readPagingWords(text: string): PagingMove | undefined {
  const words = normaliseText(text)
    .toLowerCase()
    .replace(/[。.!！?？]+$/u, '')
    .trim();
  if (NEXT_WORDS.has(words)) return { kind: 'next' };
  if (PREVIOUS_WORDS.has(words)) return { kind: 'previous' };
  const natural = naturalOption(words.replace(/\s+/g, ''));
  const typed = natural?.key === 'page' ? natural.value : pageNumberAfterKey(words);
  const page = typed === undefined ? undefined : Number(typed);
  return page !== undefined && Number.isSafeInteger(page) && page >= 1 ? { kind: 'page', page } : undefined;
}

/** `page 2`, `page:2`, `p2`, `页 3`, `页码：4` → the number as digits. */
function pageNumberAfterKey(words: string): string | undefined {
  for (const key of PAGE_KEYS) {
    if (!words.startsWith(key)) continue;
    const rest = words.slice(key.length).replace(/^\s*[:：=]?\s*/u, '');
    const number = readNumberWord(rest);
    if (number !== undefined && rest !== '') return number;
  }
  return undefined;
}
