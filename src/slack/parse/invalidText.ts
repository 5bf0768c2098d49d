import { type Lang, readLanguageChoice } from '../../i18n/lang.js';
import { type CommandGrammar, DIGEST_WORDS, HELP_WORDS, LANG_WORDS, USAGE_WORDS } from './commandGrammar.js';
import { operationSubcommand, subcommandPhrase, subcommandWords } from './commandSyntax.js';
import { exampleFor } from './examples.js';
import type { InvalidCommand } from './parsedCommand.js';

const WORD_LISTS = [HELP_WORDS, USAGE_WORDS, DIGEST_WORDS, LANG_WORDS] as const;
/** The word help shows for each choice `/dq lang` takes. */
const LANGUAGE_CHOICE_WORDS = { 'zh-CN': 'help.lang.zh', en: 'help.lang.en', auto: 'help.lang.auto' } as const;

/** `/dq help bids` in the reader's words: `/dq 帮助 招标` for a Chinese reader (both are read alike). */
function dqExampleIn(grammar: CommandGrammar, example: string, lang: Lang): string {
  if (lang.locale !== 'zh-CN') return example;
  const [command, ...words] = example.split(' ');
  const said = words.map((word) => {
    const list = WORD_LISTS.find((candidate) => subcommandWords(candidate).includes(word));
    if (list) return lang.t(subcommandPhrase(list));
    const syntax = grammar.bySubcommand(word);
    if (syntax) return lang.t(subcommandPhrase(operationSubcommand(syntax)));
    const choice = readLanguageChoice(word);
    return choice ? lang.t(LANGUAGE_CHOICE_WORDS[choice]) : word;
  });
  return [command, ...said].join(' ');
}

/** What was wrong with a command, that it cost nothing, and one that works, in the reader's language (mrkdwn). */
export function invalidText(invalid: InvalidCommand, grammar: CommandGrammar, lang: Lang): string {
  const example = invalid.operation
    ? exampleFor(grammar.syntaxOf(invalid.operation), lang)
    : dqExampleIn(grammar, invalid.example, lang);
  return `${lang.t('commands.parse.refused', { message: lang.t(invalid.message) })}\n${lang.t('commands.parse.forExample', { example })}`;
}
