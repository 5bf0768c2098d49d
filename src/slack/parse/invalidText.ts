import type { Lang } from '../../i18n/lang.js';
import { syntaxBySubcommand } from '../operations/index.js';
import { shownWord } from './shownWords.js';
import { exampleFor } from './examples.js';
import { DIGEST_WORDS, HELP_WORDS, LANG_WORDS, USAGE_WORDS, type InvalidCommand } from './parseCommand.js';

const WORD_LISTS = [HELP_WORDS, USAGE_WORDS, DIGEST_WORDS, LANG_WORDS] as const;
/** The language names `/dq lang` takes, in Chinese: what a Chinese reader types. */
const CHINESE_LANGUAGE_WORDS: Readonly<Record<string, string>> = { zh: '中文', en: '英文', auto: '自动' };

/** `/dq help bids` in the reader's words: `/dq 帮助 招标` for a Chinese reader (both are read alike). */
function dqExampleIn(example: string, lang: Lang): string {
  if (lang.locale !== 'zh-CN') return example;
  const [command, ...words] = example.split(' ');
  const said = words.map((word) => {
    const list = WORD_LISTS.find((candidate) => (candidate as readonly string[]).includes(word));
    if (list) return shownWord(list as unknown as readonly [string, ...string[]], lang);
    const syntax = syntaxBySubcommand(word);
    if (syntax) return shownWord(syntax.subcommands, lang);
    return Object.hasOwn(CHINESE_LANGUAGE_WORDS, word) ? CHINESE_LANGUAGE_WORDS[word]! : word;
  });
  return [command, ...said].join(' ');
}

/** What was wrong with a command, that it cost nothing, and one that works, in the reader's language (mrkdwn). */
export function invalidText(invalid: InvalidCommand, lang: Lang): string {
  const example = invalid.operation ? exampleFor(invalid.operation, lang) : dqExampleIn(invalid.example, lang);
  return `${lang.t('commands.parse.refused', { message: lang.t(invalid.message) })}\n${lang.t('commands.parse.forExample', { example })}`;
}
