import { CHECK_WORDS } from './commandGrammar.js';
import { subcommandWords } from './commandSyntax.js';
import { CHANGE_AFTER, CHANGE_BEFORE, FOLLOW_UP_POLITE, FOLLOW_UP_WORDS, LIST_CHECK_WORDS } from './messageWords.js';
import { type PagingMove, readPagingWords } from './pagingWords.js';

/** A follow-up that acts on the thread's latest result as it is: another page, its chart, its export, a watch of it. */
export type FollowUpAction =
  | { kind: 'page'; move: PagingMove }
  | { kind: 'chart' }
  | { kind: 'export' }
  | { kind: 'watch' };

/** The text in lower case, closing punctuation and polite words around it taken off. */
function bare(text: string): string {
  let words = text
    .toLowerCase()
    .replace(/[。.!！?？~～]+$/u, '')
    .trim();
  for (let changed = true; changed; ) {
    changed = false;
    for (const polite of FOLLOW_UP_POLITE) {
      if (words.startsWith(`${polite} `) || (words.startsWith(polite) && /^\p{Script=Han}/u.test(polite))) {
        words = words.slice(polite.length).trim();
        changed = true;
      }
      if (
        words.endsWith(` ${polite}`) ||
        (words.endsWith(polite) && /\p{Script=Han}$/u.test(polite) && words !== polite)
      ) {
        words = words.slice(0, -polite.length).trim();
        changed = true;
      }
    }
  }
  return words;
}

/**
 * A message that is only a follow-up on the thread's latest result: `next`, `下一页`, `page 3`, `第3页`
 * (the commands' paging words, pagingWords.ts), `画图`, `export`, `关注它`. Undefined for anything
 * else: a word with a subject (`导出 000001 的规模`) is a new lookup.
 */
export function readFollowUp(text: string): FollowUpAction | undefined {
  const move = readPagingWords(text);
  if (move) return { kind: 'page', move };
  const words = bare(text);
  for (const kind of ['chart', 'export', 'watch'] as const)
    if ((FOLLOW_UP_WORDS[kind] as readonly string[]).includes(words)) return { kind };
  return undefined;
}

/**
 * A message that only asks to check a supplier list (`核查这个名单`, `check these`, `请帮我核查一下`):
 * with no file of its own, it means the newest list shared earlier in its thread.
 */
export function asksToCheckList(text: string): boolean {
  const words = bare(text);
  // The check's own subcommand word (`check`, `核查`) alone asks for it too: read from the catalogue.
  return LIST_CHECK_WORDS.includes(words) || subcommandWords(CHECK_WORDS).includes(words);
}

/**
 * The words a change of the latest request changes to (`5分钟` of `换成5分钟`, `daily` of `daily
 * instead`), or undefined when the message has no word for a change.
 */
export function withoutChangeWords(text: string): string | undefined {
  const words = text.trim().replace(/[。.!！?？]+$/u, '');
  const lower = words.toLowerCase();
  for (const before of CHANGE_BEFORE)
    if (lower.startsWith(before) && lower.length > before.length) return words.slice(before.length).trim();
  for (const after of CHANGE_AFTER)
    if (lower.endsWith(after) && lower.length > after.length) return words.slice(0, -after.length).trim();
  return undefined;
}
