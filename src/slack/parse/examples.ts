import type { Lang } from '../../i18n/lang.js';
import { type CommandSyntax, examplesIn, optionKeyPhrase, positionalWords } from './commandSyntax.js';
import { theWord } from './shownWords.js';

/** A slash-command line that works as typed, in the reader's words: `/futures CL 5m 30`, `/futures CL 5分钟 30`. */
export function exampleFor(syntax: CommandSyntax, lang: Lang): string {
  return `${syntax.command} ${examplesIn(syntax, lang.locale)[0]}`;
}

/**
 * The name a user knows a wire field by, for wording validation errors: `to:` (`到` in Chinese, which
 * quotes it) for publishEndTime, `the keyword` (`关键词`) for keyword. Option keys win because they are what was
 * typed whichever way the value was given; unknown fields are returned unchanged.
 */
export function userFieldName(syntax: CommandSyntax, field: string, lang: Lang): string {
  const option = syntax.options.find((candidate) => candidate.field === field);
  // A Chinese option key is one or two characters (从, 到): in quotes it reads as a name, not as part of the sentence.
  if (option)
    return lang.locale === 'zh-CN' ? `“${lang.t(optionKeyPhrase(option))}”` : `${lang.t(optionKeyPhrase(option))}:`;
  const word = positionalWords(syntax).find((candidate) => candidate.field === field);
  return word ? lang.t(theWord(word)) : field;
}
