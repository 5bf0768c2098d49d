import { findOperation, type OperationId } from '../../core/operations/index.js';
import type { Phrase } from '../../i18n/lang.js';
import {
  type CommandSyntax,
  operationSubcommand,
  type SubcommandEntry,
  subcommandPhrase,
  subcommandWords,
} from './commandSyntax.js';
import { phraseList, type WordList } from './shownWords.js';

// The catalogue entry of each of /dq's own subcommands, then words read but never shown (subcommandWords).
export const HELP_WORDS = ['commands.subcommands.help', '?', '-h', '--help'] as const;
export const USAGE_WORDS = ['commands.subcommands.usage', 'spend', 'spent', '花费', '费用'] as const;
export const DIGEST_WORDS = ['commands.subcommands.digest', 'digests', '摘要', '订阅'] as const;
export const WATCH_WORDS = ['commands.subcommands.watch', 'watches', '监控', '盯盘'] as const;
export const LANG_WORDS = ['commands.subcommands.lang', 'language'] as const;
export const CHECK_WORDS = ['commands.subcommands.check'] as const;

/** The subcommands /dq takes besides the operations. */
export const OTHER_SUBCOMMANDS: readonly WordList<SubcommandEntry>[] = [
  USAGE_WORDS,
  DIGEST_WORDS,
  WATCH_WORDS,
  CHECK_WORDS,
  LANG_WORDS,
  HELP_WORDS,
];

/**
 * The words of every command the app reads, over the operations' own syntaxes (handed in: parse
 * knows no operation): which syntax a slash command, a word after `/dq` or an operation's name
 * names, and the lists of subcommands messages offer. Slash commands, the console and any other
 * surface that reads commands read them through one grammar.
 */
export class CommandGrammar {
  /** `tax, bids, …, help` in the reader's words. */
  readonly subcommands: Phrase;
  /** What `/dq help` can explain: the operations, usage, digest, watch, lang (check's form explains itself). */
  readonly helpTopics: Phrase;
  /** Every word /dq takes first, in either language: what a typo may have meant. */
  readonly subcommandWords: readonly string[];

  constructor(readonly syntaxes: readonly CommandSyntax[]) {
    const operationSubcommands = syntaxes.map((syntax) => subcommandPhrase(operationSubcommand(syntax)));
    this.subcommands = phraseList([...operationSubcommands, ...OTHER_SUBCOMMANDS.map(subcommandPhrase)]);
    this.helpTopics = phraseList([
      ...operationSubcommands,
      ...OTHER_SUBCOMMANDS.filter((words) => words !== HELP_WORDS).map(subcommandPhrase),
    ]);
    this.subcommandWords = [
      ...syntaxes.flatMap((syntax) => subcommandWords(operationSubcommand(syntax))),
      ...OTHER_SUBCOMMANDS.flatMap((words) => subcommandWords(words).filter((word) => /^\p{L}/u.test(word))),
    ];
  }

  syntaxOf(operation: OperationId): CommandSyntax {
    const syntax = this.syntaxes.find((candidate) => candidate.operation === operation);
    if (!syntax) throw new Error(`no command syntax for ${operation}`);
    return syntax;
  }

  /** The syntax of a direct slash command (`/bids`), as Slack sends its name. */
  byCommand(command: string): CommandSyntax | undefined {
    return this.syntaxes.find((syntax) => syntax.command === command);
  }

  /** The syntax a word after `/dq` names, in English or Chinese, any case: `bids`, `招标`, `K线`, `/bids`. */
  bySubcommand(word: string): CommandSyntax | undefined {
    const lower = word.toLowerCase().replace(/^\//, '');
    return this.syntaxes.find(
      (syntax) => subcommandWords(operationSubcommand(syntax)).includes(lower) || syntax.command === `/${lower}`,
    );
  }

  /** Subcommand words first, then the operation's name or spec id, which people copy from errors and logs. */
  named(word: string): CommandSyntax | undefined {
    const syntax = this.bySubcommand(word);
    if (syntax) return syntax;
    const definition = findOperation(word);
    return definition ? this.syntaxOf(definition.id as OperationId) : undefined;
  }
}
