import { type OperationId, type OperationName, operation, typedNameOf } from '../../core/operations/index.js';
import {
  type CatalogueKey,
  inEveryLanguage,
  type JoinedPhrases,
  type Lang,
  type Locale,
  type NamesUnder,
  type Phrase,
} from '../../i18n/lang.js';
import type { PlainWords } from './plainWords.js';
import { type WordList, wordsRead } from './shownWords.js';

/**
 * How one operation is written as a slash command. It only maps words to the operation's input
 * fields; whether a value is acceptable is decided by the operation's own `input` schema.
 *
 * A subcommand or an option key is named by its catalogue entry: an operation's subcommand by the
 * operation's own (`<name>.subcommand`), /dq's other subcommands by `commands.subcommands.<name>`,
 * an option key by its operation's (`<name>.keys.<key>`), or by `commands.keys.<key>` when several
 * operations share it (page, size). Its word in each language is the one shown to that
 * language's readers, and every language's word is read. Synonyms that are read but never shown
 * follow the entry in the list. What the help says about a word is a phrase.
 */

/**
 * The catalogue entry of a word after `/dq`: an operation's own (`taxpayer.subcommand`: tax, 纳税人),
 * so adding an operation touches only its catalogue, or one of /dq's others (`commands.subcommands.usage`).
 */
export type SubcommandEntry =
  | `${OperationName}.subcommand`
  | `commands.subcommands.${NamesUnder<'commands.subcommands'>}`;

/** The catalogue entry of an option key: one operation's own (`bids.keys.region`) or one the paging options share (`commands.keys.page`). */
export type OptionKeyEntry = Extract<CatalogueKey, `${OperationName}.keys.${string}` | `commands.keys.${string}`>;

/**
 * Turns what the user typed into the loose input value; undefined leaves the field out. `now` is
 * the reading's clock, for words relative to today (`from:上个月`); without one they stay as typed.
 */
export type WordReader = (word: string, now?: number) => string | undefined;

export interface OptionSyntax {
  /** Input field of the operation this option fills. */
  field: string;
  /**
   * The key's catalogue entry (`bids.keys.region`: the key typed before the colon, in each
   * language), then other keys read but never shown, in lower case (optionKeys has them all).
   */
  keys: WordList<OptionKeyEntry>;
  /** The value as shown in help, e.g. `tender|award|planned`. */
  shape: Phrase | JoinedPhrases;
  read?: WordReader;
}

export interface WordSyntax {
  field: string;
  /** What the word is called in help and errors, e.g. `fund code`. */
  name: Phrase | JoinedPhrases;
  optional?: boolean;
  read?: WordReader;
  /** A joined value typed wholly in quotes is passed on in quotes (the operation gives them a meaning). */
  keepQuotes?: boolean;
  /** In a sequence: how many of the words from here are this one value (a contract's name: `crude oil`); one when absent. */
  spans?(words: readonly string[]): number;
}

export type PositionalSyntax =
  /** Every plain word, joined by spaces, is one value (a keyword may have spaces). */
  | { kind: 'joined'; word: WordSyntax }
  /** Plain words fill these fields in order; more words than fields is an error. */
  | { kind: 'sequence'; words: readonly WordSyntax[] };

export interface CommandSyntax {
  operation: OperationId;
  command: `/${string}`;
  /**
   * Words read after `/dq` for this operation besides its catalogue's `<name>.subcommand` (the word
   * shown in each language) and its name as typed (`new-funds`, always read): never shown, in lower
   * case (subcommandWords(operationSubcommand(…)) has them all).
   */
  subcommandSynonyms: readonly string[];
  /** What the command does; in English also the slash-command registration (at most 100 characters). */
  description: Phrase;
  positional: PositionalSyntax;
  options: readonly OptionSyntax[];
  /** Arguments of a working example, without the command. */
  example: string;
  /** More working examples for the operation's own help page. */
  moreExamples: readonly string[];
  /**
   * The same examples typed with the Chinese words, in the same order (`example` first): each asks
   * exactly what its English twin asks, so each finds what the English one finds.
   */
  chineseExamples: readonly [string, ...string[]];
  /**
   * What the service most likely refused when it refuses a request that passed validation (a symbol
   * or fund code it does not know), said with the request's own values.
   */
  rejectedHint?(input: Readonly<Record<string, unknown>>): Phrase;
  /**
   * What the built-in simulator knows, for a demo whose reader types a real name and finds nothing:
   * shown in help and in an empty answer when the app runs on the simulator.
   */
  demoNote?: Phrase;
  /** Extra help lines (accepted values and what they mean), in the reader's language. */
  notes(lang: Lang): string[];
  /** How the operation is recognised in a message written in a person's own words (parse/messageReader.ts). */
  plain: PlainWords;
}

/** An operation's own slash command, its name as typed (`/new-funds`): both manifests declare it. */
export function directCommand(id: OperationId): `/${string}` {
  return `/${typedNameOf(id)}`;
}

export function positionalWords(syntax: CommandSyntax): readonly WordSyntax[] {
  return syntax.positional.kind === 'joined' ? [syntax.positional.word] : syntax.positional.words;
}

/** The option's key in the reader's words (`region` or `地区`), for messages said later. */
export function optionKeyPhrase(option: OptionSyntax): Phrase {
  return { key: option.keys[0] };
}

/** The option's name, the last part of its catalogue entry (`region` of `bids.keys.region`), by which parse rules name it. */
export function optionName(option: OptionSyntax): string {
  return option.keys[0].slice(option.keys[0].lastIndexOf('.') + 1);
}

/** Every key read for an option, in either language: `region province prov 地区 省份 省 区域`. */
export function optionKeys(option: OptionSyntax): readonly [string, ...string[]] {
  return wordsRead(option.keys, inEveryLanguage);
}

const operationSubcommands = new WeakMap<CommandSyntax, WordList<SubcommandEntry>>();

/** The words after `/dq` for an operation: its catalogue entry (`bids.subcommand`), its name as typed, then its synonyms. */
export function operationSubcommand(syntax: CommandSyntax): WordList<SubcommandEntry> {
  let list = operationSubcommands.get(syntax);
  if (!list) {
    list = [
      `${operation(syntax.operation).name}.subcommand`,
      typedNameOf(syntax.operation),
      ...syntax.subcommandSynonyms,
    ];
    operationSubcommands.set(syntax, list);
  }
  return list;
}

/** A /dq subcommand in the reader's words: `bids`, `招标`. */
export function subcommandPhrase(list: WordList<SubcommandEntry>): Phrase {
  return { key: list[0] };
}

/** Every word read for a /dq subcommand, in either language: `bids bid 招标 招投标 标讯`. */
export function subcommandWords(list: WordList<SubcommandEntry>): readonly [string, ...string[]] {
  return wordsRead(list, inEveryLanguage);
}

/** `<symbol> <period> [count]`: required words in angle brackets, optional ones in square. */
export function positionalUsage(syntax: CommandSyntax, lang: Lang): string {
  return positionalWords(syntax)
    .map((word) => (word.optional ? `[${lang.t(word.name)}]` : `<${lang.t(word.name)}>`))
    .join(' ');
}

/** `<keyword> [region:<code or name>] …` as shown in help and usage hints. */
export function usageLine(syntax: CommandSyntax, lang: Lang): string {
  const positional = positionalWords(syntax);
  // An option that repeats a positional word (period:, page:) would only make the line longer.
  const options = syntax.options
    .filter((option) => !positional.some((word) => word.field === option.field))
    .map((option) => `[${lang.t(optionKeyPhrase(option))}:${lang.t(option.shape)}]`);
  return [positionalUsage(syntax, lang), ...options].join(' ');
}

/** The examples of a command (arguments only) in the words of `locale`, the main one first. */
export function examplesIn(syntax: CommandSyntax, locale: Locale): readonly string[] {
  return locale === 'zh-CN' ? syntax.chineseExamples : [syntax.example, ...syntax.moreExamples];
}

/** Case-insensitive lookup of a value among synonyms keyed by the value they stand for. */
export function readSynonym(synonyms: Readonly<Record<string, readonly string[]>>, word: string): string | undefined {
  const lower = word.toLowerCase();
  return Object.keys(synonyms).find((value) => value === lower || synonyms[value]!.includes(lower));
}
