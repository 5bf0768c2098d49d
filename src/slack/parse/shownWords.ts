import { isChinese, type JoinedPhrases, type Lang, type Phrase } from '../../i18n/lang.js';
import { serviceText } from '../blockKit/mrkdwn.js';

/**
 * A list of the words people may type for one thing, as code keeps it: the name of its catalogue
 * entry, whose text in every language is the word shown and read, then synonyms that are read but
 * never shown. A word is written once: either in the catalogue or here.
 */
export type WordList<Name extends string> = readonly [Name, ...string[]];

const readWords = new WeakMap<readonly string[], readonly [string, ...string[]]>();

/**
 * Every word read for a list, in lower case: English words first, then Chinese, each language's
 * catalogue word first (shownWord picks it), e.g. `bids bid 招标 招投标 标讯`.
 */
export function wordsRead<Name extends string>(
  list: WordList<Name>,
  catalogueWords: (name: Name) => readonly string[],
): readonly [string, ...string[]] {
  const known = readWords.get(list);
  if (known) return known;
  const [name, ...synonyms] = list;
  const words = [...new Set([...catalogueWords(name), ...synonyms].map((word) => word.toLowerCase()))];
  const ordered = [...words.filter((word) => !isChinese(word)), ...words.filter((word) => isChinese(word))] as [
    string,
    ...string[],
  ];
  readWords.set(list, ordered);
  return ordered;
}

export function shownWord<T extends string>(words: readonly [T, ...T[]], lang: Lang): T {
  const wanted = lang.locale === 'zh-CN';
  return words.find((word) => isChinese(word) === wanted) ?? words[0];
}

// English readers see only the English synonyms; Chinese readers see theirs first.
export function otherWords(words: readonly [string, ...string[]], lang: Lang): string[] {
  const shown = shownWord(words, lang);
  const chinese = words.filter((word) => isChinese(word));
  const others = words.filter((word) => !isChinese(word));
  const ordered = lang.locale === 'zh-CN' ? [...chinese, ...others] : others;
  return ordered.filter((word) => word !== shown);
}

export function theWord(word: { name: Phrase | JoinedPhrases }): Phrase {
  return { key: 'commands.parse.theWord', values: { name: word.name } };
}

// Typed text is repeated back inside messages: escaped so nothing typed becomes a mention or a link.
export function typedText(text: string, max = 60): string {
  return serviceText(text, { max, oneLine: true });
}

/** Words a person typed, each quoted, as a list of the reader's: `"a" "b"`, `“甲”“乙”`. */
export function typedWords(words: readonly string[]): Phrase {
  return phraseList(
    words.map((word) => ({ key: 'commands.parse.typed', values: { text: typedText(word) } })),
    'typed',
  );
}

// Parse results are said later, by whoever knows the reader, so a list stays a phrase until then.
export function phraseList(items: readonly Phrase[], joiner: 'comma' | 'space' | 'typed' = 'comma'): Phrase {
  const [first, ...rest] = items;
  if (!first) return { key: 'commands.list.empty' };
  if (rest.length === 0) return first;
  return { key: `commands.list.${joiner}`, values: { first, rest: phraseList(rest, joiner) } };
}
