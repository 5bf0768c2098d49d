import { english, isChinese, type Phrase } from '../../i18n/lang.js';
import { closestWord } from './closestWord.js';
import {
  type CommandSyntax,
  optionKeyPhrase,
  optionKeys,
  optionName,
  positionalWords,
  type WordReader,
} from './commandSyntax.js';
import { exampleFor } from './examples.js';
import { naturalOption } from './naturalWords.js';
import type { Token } from './normalise.js';
import type { CommandInput, InvalidCommand, ParsedCommand } from './parsedCommand.js';
import { phraseList, theWord, typedText, typedWords } from './shownWords.js';

/** One value for one input field, and how the user gave it (for "given twice" messages). */
interface Assignment {
  field: string;
  /** Tells two ways of giving a field apart: the key as typed, or the position. */
  givenAs: string;
  /** The same, as a message says it: `region:` or `the keyword`. */
  said: Phrase;
  value: string;
  read: WordReader | undefined;
}

// Any word that starts with letters (of any script) and then a colon is shaped like an option, so a
// mistyped key (`regoin:ZJ`, `地域：浙江`) is refused with the nearest key instead of being searched,
// and paid for, as part of a keyword. Text that starts with a digit (a time like 08:30) stays a word,
// and a keyword that holds a colon goes in quotes.
const OPTION_SHAPED = /^(\p{L}[\p{L}\p{M}\p{N}_-]*)[:=]/u;

/**
 * Keys people type for an option under another name, none of them close in spelling: the option
 * (by its name, the last part of its catalogue entry: `bids.keys.from`) a refusal suggests.
 */
const MEANT_KEYS: Readonly<Record<string, string>> = {
  date: 'from',
  dates: 'from',
  time: 'from',
  published: 'from',
  日期: 'from',
  时间: 'from',
  发布日期: 'from',
  发布时间: 'from',
  起始: 'from',
  开始日期: 'from',
  结束: 'to',
  结束日期: 'to',
  截至: 'to',
  area: 'region',
  city: 'region',
  城市: 'region',
  省市: 'region',
  地点: 'region',
  地址: 'region',
  所在地: 'region',
  category: 'type',
  类别: 'type',
  种类: 'type',
  公告: 'type',
  频率: 'period',
  k线: 'period',
  number: 'limit',
  candles: 'limit',
  个数: 'limit',
  条数: 'size',
  p: 'page',
  页数: 'page',
  第: 'page',
  state: 'status',
  在售: 'status',
};

/** `region:ZJ`, `地区：浙江` → { key, value }; a colon inside quotes (`"a:b"`) does not make an option. */
function asOption(token: Token): { key: string; value: string } | undefined {
  const match = OPTION_SHAPED.exec(token.text);
  if (!match) return undefined;
  const key = match[1]!.toLowerCase();
  const keyEnd = match[0].length - 1;
  if (token.quoteStart >= 0 && token.quoteStart <= keyEnd) return undefined;
  return { key, value: token.text.slice(keyEnd + 1) };
}

/** `第2页`, `30根`: an option of this command in Chinese shape (unquoted), as `page:2`, `limit:30`. */
function naturalOptionOf(syntax: CommandSyntax, token: Token): { key: string; value: string } | undefined {
  const option = token.quoteStart < 0 ? naturalOption(token.text) : undefined;
  return option && syntax.options.some((candidate) => optionName(candidate) === option.key) ? option : undefined;
}

/** The key a mistyped one most likely meant, in the script it was typed in. */
function nearestKey(syntax: CommandSyntax, typed: string): string | undefined {
  const chinese = isChinese(typed);
  const meant = Object.hasOwn(MEANT_KEYS, typed) ? MEANT_KEYS[typed] : undefined;
  const option = meant === undefined ? undefined : syntax.options.find((candidate) => optionName(candidate) === meant);
  if (option) return optionKeys(option).find((key) => isChinese(key) === chinese) ?? optionKeys(option)[0];
  const keys = syntax.options.flatMap((candidate) => optionKeys(candidate));
  return (
    closestWord(
      typed,
      keys.filter((key) => isChinese(key) === chinese),
    ) ?? closestWord(typed, keys)
  );
}

function invalid(syntax: CommandSyntax, message: Phrase): InvalidCommand {
  return { kind: 'invalid', message, example: exampleFor(syntax, english), operation: syntax.operation };
}

/** `region:, type:, …` in the reader's words. */
function optionKeyList(syntax: CommandSyntax): Phrase {
  return phraseList(
    syntax.options.map((option) => ({ key: 'commands.parse.optionKey', values: { key: optionKeyPhrase(option) } })),
  );
}

/** `<fund code> [page]` in the reader's words. */
function positionalUsage(syntax: CommandSyntax): Phrase {
  const words = positionalWords(syntax).map(
    (word): Phrase => ({
      key: word.optional ? 'commands.parse.optionalWord' : 'commands.parse.requiredWord',
      values: { name: word.name },
    }),
  );
  return phraseList(words, 'space');
}

function unknownOption(syntax: CommandSyntax, key: string): InvalidCommand {
  const guess = nearestKey(syntax, key);
  const values = { key: typedText(key), command: syntax.command, options: optionKeyList(syntax) };
  if (guess) return invalid(syntax, { key: 'commands.parse.unknownOptionGuess', values: { ...values, guess } });
  // Without a near miss it may be a keyword that happens to contain a colon, which quotes allow.
  if (syntax.positional.kind === 'joined')
    return invalid(syntax, { key: 'commands.parse.unknownOptionQuotes', values });
  return invalid(syntax, { key: 'commands.parse.unknownOption', values });
}

/** Splits the words into option assignments and the plain words left for the positions. */
function readOptions(
  syntax: CommandSyntax,
  tokens: readonly Token[],
): { options: Assignment[]; plainWords: Token[] } | InvalidCommand {
  const options: Assignment[] = [];
  const plainWords: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const option = asOption(token) ?? naturalOptionOf(syntax, token);
    if (!option) {
      plainWords.push(token);
      continue;
    }
    const spec = syntax.options.find((candidate) => optionKeys(candidate).includes(option.key));
    if (!spec) return unknownOption(syntax, option.key);
    let value = option.value;
    // `region: ZJ` (a space after the colon) is a common way to type it.
    const next = tokens[i + 1];
    if (value === '' && next && !asOption(next)) {
      value = next.text;
      i++;
    }
    const key = typedText(option.key);
    if (value === '') return invalid(syntax, { key: 'commands.parse.needsValue', values: { key, shape: spec.shape } });
    const givenAs = `${option.key}:`;
    options.push({
      field: spec.field,
      givenAs,
      said: { key: 'commands.parse.optionKey', values: { key } },
      value,
      read: spec.read,
    });
  }
  return { options, plainWords };
}

function readPositions(syntax: CommandSyntax, plainTokens: readonly Token[]): Assignment[] | InvalidCommand {
  if (plainTokens.length === 0) return [];
  const { positional } = syntax;
  const plainWords = plainTokens.map((token) => token.text);
  if (positional.kind === 'joined') {
    const { word } = positional;
    const joined = plainWords.join(' ');
    // A keyword typed wholly in quotes keeps them: the operation reads a quoted keyword as a name
    // even when it is shaped like a credit code.
    const quoted = plainTokens.every((token) => token.quoteStart === 0);
    return [
      {
        field: word.field,
        givenAs: `#${word.field}`,
        said: theWord(word),
        value: quoted && word.keepQuotes ? `"${joined}"` : joined,
        read: word.read,
      },
    ];
  }
  const assignments: Assignment[] = [];
  let at = 0;
  for (const word of positional.words) {
    if (at >= plainWords.length) break;
    const count = word.spans?.(plainWords.slice(at)) ?? 1;
    assignments.push({
      field: word.field,
      givenAs: `#${word.field}`,
      said: theWord(word),
      value: plainWords.slice(at, at + count).join(' '),
      read: word.read,
    });
    at += count;
  }
  if (at < plainWords.length) {
    const extra = typedWords(plainWords.slice(at));
    return invalid(syntax, {
      key: 'commands.parse.tooManyWords',
      values: { extra, command: syntax.command, usage: positionalUsage(syntax), options: optionKeyList(syntax) },
    });
  }
  return assignments;
}

function toInput(syntax: CommandSyntax, assignments: readonly Assignment[], now: number | undefined): ParsedCommand {
  const input: CommandInput = {};
  const given = new Map<string, Assignment>();
  for (const assignment of assignments) {
    const { field, givenAs, said, value, read } = assignment;
    const earlier = given.get(field);
    if (earlier?.givenAs === givenAs)
      return invalid(syntax, { key: 'commands.parse.givenTwice', values: { how: said } });
    if (earlier)
      return invalid(syntax, { key: 'commands.parse.givenBothWays', values: { earlier: earlier.said, how: said } });
    given.set(field, assignment);
    const converted = read ? read(value, now) : value;
    if (converted !== undefined) input[field] = converted;
  }
  return { kind: 'query', operation: syntax.operation, input };
}

/**
 * The words of an operation's command that belong to its grammar (option keys and values, codes,
 * periods, page words), without the keyword a joined syntax searches for: that is the person's data
 * (a company name), not the language they write in.
 */
export function grammarWords(syntax: CommandSyntax, tokens: readonly Token[]): string[] {
  if (syntax.positional.kind !== 'joined') return tokens.map((token) => token.text);
  return tokens.filter((token) => asOption(token) ?? naturalOptionOf(syntax, token)).map((token) => token.text);
}

/**
 * Reads the arguments of one operation's command into its loose input. It checks only the
 * command syntax (known option keys, each field given once, word count); the values are the
 * operation's to judge.
 */
export function readArguments(syntax: CommandSyntax, tokens: readonly Token[], now?: number): ParsedCommand {
  const split = readOptions(syntax, tokens);
  if ('kind' in split) return split;
  const positions = readPositions(syntax, split.plainWords);
  if (!Array.isArray(positions)) return positions;
  return toInput(syntax, [...split.options, ...positions], now);
}
