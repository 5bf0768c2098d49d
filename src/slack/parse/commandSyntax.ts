import type { OperationId } from '../../core/operations/index.js';

/**
 * How one operation is written as a slash command. It only maps words to the operation's input
 * fields; whether a value is acceptable is decided by the operation's own `input` schema.
 */

/** Turns what the user typed into the loose input value; undefined leaves the field out. */
export type WordReader = (word: string) => string | undefined;

export interface OptionSyntax {
  /** Input field of the operation this option fills. */
  field: string;
  /** What may be typed before the colon; the first is the one shown in help and errors. */
  keys: readonly [string, ...string[]];
  /** The value as shown in help, e.g. `tender|award|planned`. */
  shape: string;
  read?: WordReader;
}

export interface WordSyntax {
  field: string;
  /** What the word is called in help and errors, e.g. `fund code`. */
  name: string;
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
  /** Names accepted after `/dq`; the first is the one shown in help. */
  subcommands: readonly [string, ...string[]];
  /** For the slash-command registration (at most 100 characters). */
  description: string;
  positional: PositionalSyntax;
  options: readonly OptionSyntax[];
  /** Arguments of a working example, without the command. */
  example: string;
  /** More working examples for the operation's own help page. */
  moreExamples: readonly string[];
  /** Extra help lines (accepted values and what they mean). */
  notes(): string[];
}

export function positionalWords(syntax: CommandSyntax): readonly WordSyntax[] {
  return syntax.positional.kind === 'joined' ? [syntax.positional.word] : syntax.positional.words;
}

/** `<symbol> <period> [count]`: required words in angle brackets, optional ones in square. */
export function positionalUsage(syntax: CommandSyntax): string {
  return positionalWords(syntax)
    .map((word) => (word.optional ? `[${word.name}]` : `<${word.name}>`))
    .join(' ');
}

/** `<keyword> [region:<code or name>] …` as shown in help and usage hints. */
export function usageLine(syntax: CommandSyntax): string {
  const positional = positionalWords(syntax);
  // An option that repeats a positional word (period:, page:) would only make the line longer.
  const options = syntax.options
    .filter((option) => !positional.some((word) => word.field === option.field))
    .map((option) => `[${option.keys[0]}:${option.shape}]`);
  return [positionalUsage(syntax), ...options].join(' ');
}

export function optionKeyList(syntax: CommandSyntax): string {
  return syntax.options.map((option) => `${option.keys[0]}:`).join(', ');
}

/** Case-insensitive lookup of a value among synonyms keyed by the value they stand for. */
export function readSynonym(synonyms: Readonly<Record<string, readonly string[]>>, word: string): string | undefined {
  const lower = word.toLowerCase();
  return Object.keys(synonyms).find((value) => value === lower || synonyms[value]!.includes(lower));
}
