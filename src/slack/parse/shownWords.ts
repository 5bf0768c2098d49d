import { isChinese, type Lang, type Phrase } from '../../i18n/lang.js';
import { serviceText } from '../render/mrkdwn.js';

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

export function theWord(word: { name: Phrase }): Phrase {
  return { key: 'commands.parse.theWord', values: { name: word.name } };
}

// Typed text is repeated back inside messages: escaped so nothing typed becomes a mention or a link.
export function typedText(text: string, max = 60): string {
  return serviceText(text, { max, oneLine: true });
}

export function typedWords(words: readonly string[]): Phrase {
  return phraseList(words.map((word) => ({ key: 'commands.parse.typed', values: { text: typedText(word) } })), 'space');
}

// Parse results are said later, by whoever knows the reader, so a list stays a phrase until then.
export function phraseList(items: readonly Phrase[], joiner: 'comma' | 'space' = 'comma'): Phrase {
  const [first, ...rest] = items;
  if (!first) return { key: 'commands.list.empty' };
  if (rest.length === 0) return first;
  return { key: `commands.list.${joiner}`, values: { first, rest: phraseList(rest, joiner) } };
}
