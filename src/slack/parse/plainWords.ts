import type { CommandInput } from './parsedCommand.js';

/**
 * How an operation is recognised in what people write to the app in their own words (a mention, a
 * direct message), beside its command syntax: the words that name it and the values found in running
 * text. Each operation's Slack module declares its own (`CommandSyntax.plain`); the message reader
 * (messageReader.ts) knows none of them by name.
 */
export interface PlainWords {
  /**
   * Words that name the operation in a sentence besides its subcommand words and its title (which
   * are read from the catalogue), in lower case, and the input each also says (中标 → type 2).
   */
  topics: readonly PlainTopic[];
  /** Values found in running text (a fund code, a contract, a period, a date …), tried at every position. */
  values: readonly PlainValue[];
  /**
   * For a joined syntax, which words left over make its keyword: `any` words (a tender search takes
   * `solar panel`), or only `names` (Chinese words, or Latin ones with a company suffix: the taxpayer
   * service matches registered names, so `Huawei` alone would be paid for nothing).
   */
  keyword?: 'any' | 'names';
  /** The field a bare number fills, given what else was read (futures: the count, once a period is there). */
  number?(input: CommandInput): string | undefined;
  /**
   * The input once every word is read, when values read together make another (a span beside a
   * candle period: the candles in it); the fields it takes in are no longer there.
   */
  settle?(input: CommandInput, now: number): CommandInput;
  /** The field a fund's name fills with its code, once the workspace's names know the fund (readNamedMessage.ts). */
  fundNamed?: string;
  /** When the subject is there but this field is not: the values a question offers (futures: periods). */
  offer?: { field: string; values: readonly string[] };
}

/** What a yes/no question about a record asks (是一般纳税人吗, 是A级纳税人吗, 还在经营吗, 的税号): its answer can say it first. */
export type RecordQuestion = 'generalTaxpayer' | 'creditRating' | 'operating' | 'taxId';

interface PlainTopic {
  words: readonly string[];
  input?: CommandInput;
  asks?: RecordQuestion;
}

/** What a value found at one place in the text gives its operation. */
export interface PlainMatch {
  /** How many characters of the text it takes. */
  length: number;
  /** The input it fills, as the command's own words would (`{ symbol: 'CL' }`, `{ type: '0' }`). */
  input: CommandInput;
  /** The operation's subject (a fund code, a credit code, a contract): what the message is about. */
  subject?: boolean;
  /**
   * A word rather than a code: when another operation with a keyword is read, it is part of that
   * keyword (天然气 and `crude oil` are tender keywords as well as contracts).
   */
  word?: boolean;
  /** Counts only standing alone, not glued to characters the reader does not know (金 in 金诚, 上海 in 上海恒远). */
  weak?: boolean;
  /** A guess that counts only beside another value of the operation (`BTC` beside a period). */
  guess?: boolean;
  /**
   * A word of the operation its answer cannot apply (近几年, `recently`: a period that names no dates):
   * placed, but the reading asks, showing the query it would run, rather than ignore the word.
   */
  unapplied?: boolean;
}

/** Tries to read one value at `at` in `text` (the message as written, case kept); `now` is the reading's clock. */
export type PlainValue = (text: string, at: number, now: number) => PlainMatch | undefined;

/**
 * A value for each of a list of phrases (`crude oil` → `{ symbol: 'CL' }`), the longest first,
 * compared in lower case. Latin phrases only match whole words (the reader checks the boundaries).
 */
export function phraseValues(
  phrases: ReadonlyMap<string, CommandInput>,
  extra: Omit<PlainMatch, 'length' | 'input'> | ((phrase: string) => Omit<PlainMatch, 'length' | 'input'>) = {},
): PlainValue {
  const longest = Math.max(0, ...[...phrases.keys()].map((phrase) => phrase.length));
  return (text, at) => {
    const lower = text.slice(at, at + longest).toLowerCase();
    for (let length = Math.min(longest, lower.length); length > 0; length--) {
      const phrase = lower.slice(0, length);
      const input = phrases.get(phrase);
      if (input) return { length, input, ...(typeof extra === 'function' ? extra(phrase) : extra) };
    }
    return undefined;
  };
}

/** A single Han character (金, 日): too short to count when glued to other characters. */
export function isOneHanCharacter(text: string): boolean {
  return /^\p{Script=Han}$/u.test(text);
}
