import { findOperation, type OperationId } from '../../core/operations/index.js';
import { readLanguageChoice, type Locale } from '../../i18n/lang.js';
import { closestWord } from './closestWord.js';
import { operationSubcommand, subcommandPhrase, subcommandWords, type CommandSyntax, type SubcommandEntry } from './commandSyntax.js';
import { normaliseText, tokenise, type Token } from './normalise.js';
import { phraseList, typedText, typedWords, type WordList } from './shownWords.js';
import { grammarWords, readArguments } from './readArguments.js';
import { textLanguage } from '../../i18n/textLanguage.js';
import { SYNTAX_LIST, syntaxByCommand, syntaxBySubcommand, syntaxFor } from '../operations/index.js';

import type { ParsedCommand, UsageMonth } from './parsedCommand.js';

export type { HelpTopic, InvalidCommand, LanguageChoice, ParsedCommand, UsageMonth } from './parsedCommand.js';

/** The umbrella command; `/dq bids …` means the same as `/bids …`. */
export const DQ_COMMAND = '/dq';

// The catalogue entry of each subcommand, then words read but never shown (subcommandWords).
export const HELP_WORDS = ['commands.subcommands.help', '?', '-h', '--help'] as const;
export const USAGE_WORDS = ['commands.subcommands.usage', 'spend', 'spent', '花费', '费用'] as const;
export const DIGEST_WORDS = ['commands.subcommands.digest', 'digests', '摘要', '订阅'] as const;
export const WATCH_WORDS = ['commands.subcommands.watch', 'watches', '监控', '盯盘'] as const;
export const LANG_WORDS = ['commands.subcommands.lang', 'language'] as const;

/** The subcommands /dq takes besides the operations. */
const OTHER_SUBCOMMANDS = [USAGE_WORDS, DIGEST_WORDS, WATCH_WORDS, LANG_WORDS, HELP_WORDS] as const;

const OPERATION_SUBCOMMANDS = SYNTAX_LIST.map((syntax) => subcommandPhrase(operationSubcommand(syntax)));
/** `tax, bids, …, help` in the reader's words. */
const DQ_SUBCOMMANDS = phraseList([...OPERATION_SUBCOMMANDS, ...OTHER_SUBCOMMANDS.map(subcommandPhrase)]);
/** What `/dq help` can explain: the operations, usage, digest, watch, lang. */
const HELP_TOPICS = phraseList([...OPERATION_SUBCOMMANDS, ...OTHER_SUBCOMMANDS.filter((words) => words !== HELP_WORDS).map(subcommandPhrase)]);
/** Every word /dq takes first, in either language: what a typo may have meant. */
const ALL_SUBCOMMAND_WORDS = [...SYNTAX_LIST.flatMap((syntax) => subcommandWords(operationSubcommand(syntax))), ...OTHER_SUBCOMMANDS.flatMap((words) => subcommandWords(words).filter((word) => /^\p{L}/u.test(word)))];

function isWord(token: Token | undefined, words: WordList<SubcommandEntry>): boolean {
  return token !== undefined && token.quoteStart < 0 && subcommandWords(words).includes(token.text.toLowerCase());
}

/** Subcommand names first, then the operation's name or spec id, which users copy from errors and logs. */
function syntaxNamed(word: string): CommandSyntax | undefined {
  const syntax = syntaxBySubcommand(word);
  if (syntax) return syntax;
  const definition = findOperation(word);
  return definition ? syntaxFor(definition.id as OperationId) : undefined;
}

function parseOperation(syntax: CommandSyntax, tokens: readonly Token[]): ParsedCommand {
  // A bare command is for people who do not know the syntax yet: the form shows them every field.
  if (tokens.length === 0) return { kind: 'open_modal', operation: syntax.operation };
  if (tokens.length === 1 && isWord(tokens[0], HELP_WORDS)) return { kind: 'help', operation: syntax.operation };
  return readArguments(syntax, tokens);
}

function parseHelp(topic: Token | undefined): ParsedCommand {
  if (!topic || isWord(topic, HELP_WORDS)) return { kind: 'help' };
  if (isWord(topic, USAGE_WORDS)) return { kind: 'help', topic: 'usage' };
  if (isWord(topic, DIGEST_WORDS)) return { kind: 'help', topic: 'digest' };
  if (isWord(topic, LANG_WORDS)) return { kind: 'help', topic: 'lang' };
  // The watch commands explain themselves (their usage, in the reader's words).
  if (isWord(topic, WATCH_WORDS)) return { kind: 'watch', words: [] };
  const syntax = syntaxNamed(topic.text);
  if (syntax) return { kind: 'help', operation: syntax.operation };
  return { kind: 'invalid', message: { key: 'commands.parse.noHelp', values: { topic: typedText(topic.text), topics: HELP_TOPICS } }, example: `${DQ_COMMAND} help bids` };
}

function parseLang(words: readonly Token[]): ParsedCommand {
  const example = `${DQ_COMMAND} lang zh`;
  const [word, ...extra] = words;
  if (!word) return { kind: 'lang' };
  if (extra.length > 0) return { kind: 'invalid', message: { key: 'commands.parse.langTakesOneWord', values: { words: typedWords(words.map((token) => token.text)) } }, example };
  const choice = readLanguageChoice(word.text);
  if (!choice) return { kind: 'invalid', message: { key: 'commands.parse.unknownLanguage', values: { word: typedText(word.text) } }, example };
  return { kind: 'lang', choice };
}

function parseDq(tokens: readonly Token[]): ParsedCommand {
  const [first, ...rest] = tokens;
  if (!first || isWord(first, HELP_WORDS)) return parseHelp(rest[0]);
  if (isWord(first, USAGE_WORDS)) {
    if (rest.length === 0) return { kind: 'usage' };
    const month = rest.length === 1 ? readUsageMonth(rest[0]!.text) : undefined;
    if (month) return { kind: 'usage', month };
    return { kind: 'invalid', message: { key: 'commands.parse.usageMonth', values: { words: typedText(rest.map((token) => token.text).join(' ')) } }, example: `${DQ_COMMAND} usage 2026-10` };
  }
  // Digest words (weekly:mon, tz:Asia/Shanghai) have their own grammar, read where digests live.
  if (isWord(first, DIGEST_WORDS)) return { kind: 'digest', words: rest.map((token) => token.text) };
  if (isWord(first, WATCH_WORDS)) return { kind: 'watch', words: rest.map((token) => token.text) };
  if (isWord(first, LANG_WORDS)) return parseLang(rest);
  const syntax = first.quoteStart < 0 ? syntaxNamed(first.text) : undefined;
  if (syntax) return parseOperation(syntax, rest);
  const guess = closestWord(first.text, ALL_SUBCOMMAND_WORDS);
  const values = { word: typedText(first.text), command: DQ_COMMAND, subcommands: DQ_SUBCOMMANDS };
  return {
    kind: 'invalid',
    message: guess ? { key: 'commands.parse.unknownSubcommandGuess', values: { ...values, guess } } : { key: 'commands.parse.unknownSubcommand', values },
    example: `${DQ_COMMAND} help`,
  };
}

/**
 * The language a command is written in, when its own words say so clearly (`/dq 帮助`, `/fund-asset
 * 000001 第3页`, `/dq help`): judged on its grammar's words only, so `/taxpayer 杭州华信` (a name and
 * nothing else) is unclear. Its reply is then in that language, whatever the saved one.
 */
export function commandLanguage(command: string, text: string): Locale | undefined {
  const name = commandName(command);
  const tokens = tokenise(text);
  let words: string[];
  if (name === DQ_COMMAND) {
    const [first, ...rest] = tokens;
    const syntax = first && first.quoteStart < 0 ? syntaxNamed(first.text) : undefined;
    words = first ? [first.text, ...(syntax ? grammarWords(syntax, rest) : rest.map((token) => token.text))] : [];
  } else {
    const syntax = syntaxByCommand(name);
    words = syntax ? grammarWords(syntax, tokens) : [];
  }
  return textLanguage(words.join(' '));
}

const LAST_MONTH_WORDS = new Set(['last', 'previous', 'prev', '上月', '上个月', '上一个月']);
const THIS_MONTH_WORDS = new Set(['this', 'now', 'current', '本月', '这个月', '当月']);

/** `2026-10`, `2026/10`, `2026年10月`, `10月`, `last`, `上月`, `this`, `本月`; undefined for anything else. */
export function readUsageMonth(word: string): UsageMonth | undefined {
  const lower = word.toLowerCase();
  if (LAST_MONTH_WORDS.has(lower)) return { monthsAgo: 1 };
  if (THIS_MONTH_WORDS.has(lower)) return { monthsAgo: 0 };
  const full = /^(\d{4})(?:[-/.]|年)(\d{1,2})月?$/u.exec(word);
  const bare = full ? undefined : /^(\d{1,2})月$/u.exec(word);
  const month = Number((full ?? bare)?.[full ? 2 : 1]);
  if (!(month >= 1 && month <= 12)) return undefined;
  return full ? { year: Number(full[1]), month } : { month };
}

/** `/Bids`, `bids` and `／ｂｉｄｓ` all name /bids. */
function commandName(command: string): string {
  const name = normaliseText(command).toLowerCase();
  return name.startsWith('/') ? name : `/${name}`;
}

/**
 * Reads a slash command into what it asks for. Never throws: any text gives exactly one result,
 * and input values are left for the operation's own validation to judge.
 */
export function parseCommand(command: string, text: string): ParsedCommand {
  const name = commandName(command);
  const tokens = tokenise(text);
  if (name === DQ_COMMAND) return parseDq(tokens);
  const syntax = syntaxByCommand(name);
  if (syntax) return parseOperation(syntax, tokens);
  return { kind: 'invalid', message: { key: 'commands.parse.unknownCommand', values: { command: typedText(name) } }, example: `${DQ_COMMAND} help` };
}
