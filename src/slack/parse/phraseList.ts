import type { Phrase } from '../../i18n/lang.js';
import { serviceText } from '../render/mrkdwn.js';

/**
 * A list said in the reader's language (`a, b, c` or `a、b、c`): parse results are said later, by whoever
 * knows the reader, so a list of words of either language has to stay a phrase until then.
 */
export function phraseList(items: readonly Phrase[], joiner: 'comma' | 'space' = 'comma'): Phrase {
  const [first, ...rest] = items;
  if (!first) return { key: 'commands.list.empty' };
  if (rest.length === 0) return first;
  return { key: `commands.list.${joiner}`, values: { first, rest: phraseList(rest, joiner) } };
}

/** Text that is the same in every language (a code, a word as typed). */
export function asWritten(text: string): Phrase {
  return { key: 'validation.asWritten', values: { text } };
}

/** Something a person typed, as a message may repeat it: escaped for Slack, on one line, cut short. */
export function typedText(text: string, max = 60): string {
  return serviceText(text, { max, oneLine: true });
}

/** Words a person typed, each quoted in the reader's quotes. */
export function typedWords(words: readonly string[]): Phrase {
  return phraseList(words.map((word) => ({ key: 'commands.parse.typed', values: { text: typedText(word) } })), 'space');
}
