import type { OperationId } from '../../core/operations/index.js';
import { inEveryLanguage, type Lang, type Locale, type NamesUnder, type Phrase } from '../../i18n/lang.js';
import { wordsRead, type WordList } from './shownWords.js';

/**
 * How one operation is written as a slash command. It only maps words to the operation's input
 * fields; whether a value is acceptable is decided by the operation's own `input` schema.
 *
 * A subcommand or an option key is named by its catalogue entry (`commands.subcommands.<name>`,
 * `commands.keys.<name>`): its word in each language is the one shown to that language's readers, and
 * every language's word is read. Synonyms that are read but never shown follow the name in the list.
 * What the help says about a word is a phrase.
 */

/** Turns what the user typed into the loose input value; undefined leaves the field out. */
export type WordReader = (word: string) => string | undefined;

export interface OptionSyntax {
  /** Input field of the operation this option fills. */
  field: string;
  /**
   * The key's name in the catalogue (`commands.keys.<name>`: the key typed before the colon, in each
   * language), then other keys read but never shown, in lower case (optionKeys has them all).
   */
  keys: WordList<NamesUnder<'commands.keys'>>;
  /** The value as shown in help, e.g. `tender|award|planned`. */
  shape: Phrase;
  read?: WordReader;
}

export interface WordSyntax {
  field: string;
  /** What the word is called in help and errors, e.g. `fund code`. */
  name: Phrase;
  optional?: boolean;
  read?: WordReader;
  /** A joined value typed wholly in quotes is passed on in quotes (the operation gives them a meaning). */
  keepQuotes?: boolean;
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
   * The name after `/dq` in the catalogue (`commands.subcommands.<name>`: the word in each language),
   * then other names read but never shown, in lower case (subcommandWords has them all).
   */
  subcommands: WordList<NamesUnder<'commands.subcommands'>>;
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
}

export function positionalWords(syntax: CommandSyntax): readonly WordSyntax[] {
  return syntax.positional.kind === 'joined' ? [syntax.positional.word] : syntax.positional.words;
}

/** The option's key in the reader's words (`region` or `地区`), for messages said later. */
export function optionKeyPhrase(option: OptionSyntax): Phrase {
  return { key: `commands.keys.${option.keys[0]}` };
}

/** Every key read for an option, in either language: `region province prov 地区 省份 省 区域`. */
export function optionKeys(option: OptionSyntax): readonly [string, ...string[]] {
  return wordsRead(option.keys, (name) => inEveryLanguage(`commands.keys.${name}`));
}

/** A /dq subcommand in the reader's words: `bids`, `招标`. */
export function subcommandPhrase(name: NamesUnder<'commands.subcommands'>): Phrase {
  return { key: `commands.subcommands.${name}` };
}

/** Every name read for a /dq subcommand, in either language: `bids bid 招标 招投标 标讯`. */
export function subcommandWords(list: WordList<NamesUnder<'commands.subcommands'>>): readonly [string, ...string[]] {
  return wordsRead(list, (name) => inEveryLanguage(`commands.subcommands.${name}`));
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
