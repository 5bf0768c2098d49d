import type { OperationId } from '../../core/operations/index.js';
import type { Lang, Locale, NamesUnder, Phrase } from '../../i18n/lang.js';
import { shownWord } from './shownWords.js';

/**
 * How one operation is written as a slash command. It only maps words to the operation's input
 * fields; whether a value is acceptable is decided by the operation's own `input` schema.
 *
 * Every word list holds the English and the Chinese words alike: any of them is read, and help shows
 * the first word of the reader's language (`shownWord`). What the help says about a word is a phrase.
 */

/** Turns what the user typed into the loose input value; undefined leaves the field out. */
export type WordReader = (word: string) => string | undefined;

export interface OptionSyntax {
  /** Input field of the operation this option fills. */
  field: string;
  /**
   * What may be typed before the colon, in lower case. The first English word is the one shown to
   * English readers, the first Chinese word to Chinese readers; each first English word has its
   * catalogue twin `commands.keys.<word>` (for messages said later, in the reader's language).
   */
  keys: readonly [NamesUnder<'commands.keys'>, ...string[]];
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
   * Names accepted after `/dq`, in lower case; the first of the reader's language is the one shown
   * (its catalogue twin is `commands.subcommands.<first English word>`).
   */
  subcommands: readonly [NamesUnder<'commands.subcommands'>, ...string[]];
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
    .map((option) => `[${shownWord(option.keys, lang)}:${lang.t(option.shape)}]`);
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
