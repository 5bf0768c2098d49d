import { type Locale, readLanguageChoice } from '../../i18n/lang.js';
import { grammarLanguage, textLanguage } from '../../i18n/textLanguage.js';
import { closestWord } from './closestWord.js';
import {
  CHECK_WORDS,
  type CommandGrammar,
  DIGEST_WORDS,
  HELP_WORDS,
  LANG_WORDS,
  USAGE_WORDS,
  WATCH_WORDS,
} from './commandGrammar.js';
import { type CommandSyntax, type SubcommandEntry, subcommandWords } from './commandSyntax.js';
import { normaliseText, type Token, tokenise } from './normalise.js';
import type { ParsedCommand, UsageMonth } from './parsedCommand.js';
import { grammarWords, readArguments } from './readArguments.js';
import { typedText, typedWords, type WordList } from './shownWords.js';

export type { HelpTopic, InvalidCommand, LanguageChoice, ParsedCommand, UsageMonth } from './parsedCommand.js';

/** The umbrella command; `/dq bids …` means the same as `/bids …`. */
export const DQ_COMMAND = '/dq';

function isWord(token: Token | undefined, words: WordList<SubcommandEntry>): boolean {
  return token !== undefined && token.quoteStart < 0 && subcommandWords(words).includes(token.text.toLowerCase());
}

function parseOperation(syntax: CommandSyntax, tokens: readonly Token[], now: number | undefined): ParsedCommand {
  // A bare command is for people who do not know the syntax yet: the form shows them every field.
  if (tokens.length === 0) return { kind: 'open_modal', operation: syntax.operation };
  if (tokens.length === 1 && isWord(tokens[0], HELP_WORDS)) return { kind: 'help', operation: syntax.operation };
  return readArguments(syntax, tokens, now);
}

function parseHelp(grammar: CommandGrammar, topic: Token | undefined): ParsedCommand {
  if (!topic || isWord(topic, HELP_WORDS)) return { kind: 'help' };
  if (isWord(topic, USAGE_WORDS)) return { kind: 'help', topic: 'usage' };
  if (isWord(topic, DIGEST_WORDS)) return { kind: 'help', topic: 'digest' };
  if (isWord(topic, CHECK_WORDS)) return { kind: 'help', topic: 'check' };
  if (isWord(topic, LANG_WORDS)) return { kind: 'help', topic: 'lang' };
  // The watch commands explain themselves (their usage, in the reader's words).
  if (isWord(topic, WATCH_WORDS)) return { kind: 'watch', words: [] };
  const syntax = grammar.named(topic.text);
  if (syntax) return { kind: 'help', operation: syntax.operation };
  return {
    kind: 'invalid',
    message: { key: 'commands.parse.noHelp', values: { topic: typedText(topic.text), topics: grammar.helpTopics } },
    example: `${DQ_COMMAND} help bids`,
  };
}

function parseLang(words: readonly Token[]): ParsedCommand {
  const example = `${DQ_COMMAND} lang zh`;
  const [word, ...extra] = words;
  if (!word) return { kind: 'lang' };
  if (extra.length > 0)
    return {
      kind: 'invalid',
      message: {
        key: 'commands.parse.langTakesOneWord',
        values: { words: typedWords(words.map((token) => token.text)) },
      },
      example,
    };
  const choice = readLanguageChoice(word.text);
  if (!choice)
    return {
      kind: 'invalid',
      message: { key: 'commands.parse.unknownLanguage', values: { word: typedText(word.text) } },
      example,
    };
  return { kind: 'lang', choice };
}

function parseDq(grammar: CommandGrammar, tokens: readonly Token[], now: number | undefined): ParsedCommand {
  const [first, ...rest] = tokens;
  if (!first || isWord(first, HELP_WORDS)) return parseHelp(grammar, rest[0]);
  if (isWord(first, USAGE_WORDS)) {
    if (rest.length === 0) return { kind: 'usage' };
    const month = rest.length === 1 ? readUsageMonth(rest[0]!.text) : undefined;
    if (month) return { kind: 'usage', month };
    return {
      kind: 'invalid',
      message: {
        key: 'commands.parse.usageMonth',
        values: { words: typedText(rest.map((token) => token.text).join(' ')) },
      },
      example: `${DQ_COMMAND} usage 2026-10`,
    };
  }
  // Digest words (weekly:mon, tz:Asia/Shanghai) have their own grammar, read where digests live.
  if (isWord(first, DIGEST_WORDS)) return { kind: 'digest', words: rest.map((token) => token.text) };
  if (isWord(first, WATCH_WORDS)) return { kind: 'watch', words: rest.map((token) => token.text) };
  if (isWord(first, LANG_WORDS)) return parseLang(rest);
  if (isWord(first, CHECK_WORDS)) return { kind: 'check' };
  const syntax = first.quoteStart < 0 ? grammar.named(first.text) : undefined;
  if (syntax) return parseOperation(syntax, rest, now);
  const guess = closestWord(first.text, grammar.subcommandWords);
  const values = { word: typedText(first.text), command: DQ_COMMAND, subcommands: grammar.subcommands };
  return {
    kind: 'invalid',
    message: guess
      ? { key: 'commands.parse.unknownSubcommandGuess', values: { ...values, guess } }
      : { key: 'commands.parse.unknownSubcommand', values },
    example: `${DQ_COMMAND} help`,
  };
}

/**
 * The language a command is written in, when its own words say so clearly (`/dq 帮助`, `/fund-asset
 * 000001 第3页`): judged on its grammar's words only, so `/taxpayer 杭州华信` (a name and nothing
 * else) is unclear, and only its Chinese words count (grammarLanguage): `/dq help` and `/new-funds
 * all` say nothing, and the person's own language answers them. Its reply is then in that
 * language, whatever the saved one.
 */
export function commandLanguage(grammar: CommandGrammar, command: string, text: string): Locale | undefined {
  const name = commandName(command);
  const tokens = tokenise(text);
  // An option says its language by its key (地区:, region:): its value may be a name the same for all (浙江).
  const said = (words: readonly string[]) =>
    grammarLanguage(words.map((word) => word.replace(/^([^:：\s]+)[:：].*$/u, '$1')).join(' '));
  if (name !== DQ_COMMAND) {
    const syntax = grammar.byCommand(name);
    return syntax ? said(grammarWords(syntax, tokens)) : undefined;
  }
  const [first, ...rest] = tokens;
  if (!first) return undefined;
  const syntax = first.quoteStart < 0 ? grammar.named(first.text) : undefined;
  if (syntax) return said([first.text, ...grammarWords(syntax, rest)]);
  const words = [first.text, ...rest.map((token) => token.text)].join(' ');
  // help, usage and lang take only the grammar's words; a watch's or digest's words hold a keyword
  // or a name (data), and an unknown word is no grammar: those are judged as written.
  return [HELP_WORDS, USAGE_WORDS, LANG_WORDS, CHECK_WORDS].some((list) => isWord(first, list))
    ? grammarLanguage(words)
    : textLanguage(words);
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
 * and input values are left for the operation's own validation to judge. `now` reads words relative
 * to today (`from:上个月`); without it they are left as typed, for validation to refuse.
 */
export function parseCommand(grammar: CommandGrammar, command: string, text: string, now?: number): ParsedCommand {
  const name = commandName(command);
  const tokens = tokenise(text);
  if (name === DQ_COMMAND) return parseDq(grammar, tokens, now);
  const syntax = grammar.byCommand(name);
  if (syntax) return parseOperation(syntax, tokens, now);
  return {
    kind: 'invalid',
    message: { key: 'commands.parse.unknownCommand', values: { command: typedText(name) } },
    example: `${DQ_COMMAND} help`,
  };
}
