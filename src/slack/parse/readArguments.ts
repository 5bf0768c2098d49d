import { quoted } from '../render/mrkdwn.js';
import { closestWord } from './closestWord.js';
import { optionKeyList, positionalUsage, type CommandSyntax, type WordReader } from './commandSyntax.js';
import { exampleFor } from './examples.js';
import type { Token } from './normalise.js';
import type { InvalidCommand, ParsedCommand } from './parseCommand.js';

/** One value for one input field, and how the user gave it (for "given twice" messages). */
interface Assignment {
  field: string;
  givenAs: string;
  value: string;
  read: WordReader | undefined;
}

// Option keys are ASCII words so that CJK text or a time like 08:30 is never mistaken for one.
const OPTION = /^([A-Za-z][A-Za-z_-]*)[:=]/;

/** `region:ZJ` → { key, value }; a colon inside quotes (`"a:b"`) does not make an option. */
function asOption(token: Token): { key: string; value: string } | undefined {
  const match = OPTION.exec(token.text);
  if (!match) return undefined;
  const keyEnd = match[0].length - 1;
  if (token.quoteStart >= 0 && token.quoteStart <= keyEnd) return undefined;
  return { key: match[1]!.toLowerCase(), value: token.text.slice(keyEnd + 1) };
}

function invalid(syntax: CommandSyntax, message: string): InvalidCommand {
  return { kind: 'invalid', message, example: exampleFor(syntax.operation), operation: syntax.operation };
}

function unknownOption(syntax: CommandSyntax, key: string): InvalidCommand {
  const guess = closestWord(key, syntax.options.flatMap((option) => option.keys));
  // Without a near miss it may be a keyword that happens to contain a colon, which quotes allow.
  const hint = guess ? ` Did you mean ${guess}:?` : syntax.positional.kind === 'joined' ? ' A keyword with a colon goes in "quotes".' : '';
  return invalid(syntax, `Unknown option ${quoted(`${key}:`)}. Options for ${syntax.command}: ${optionKeyList(syntax)}.${hint}`);
}

/** Splits the words into option assignments and the plain words left for the positions. */
function readOptions(syntax: CommandSyntax, tokens: readonly Token[]): { options: Assignment[]; plainWords: Token[] } | InvalidCommand {
  const options: Assignment[] = [];
  const plainWords: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const option = asOption(token);
    if (!option) {
      plainWords.push(token);
      continue;
    }
    const spec = syntax.options.find((candidate) => candidate.keys.includes(option.key));
    if (!spec) return unknownOption(syntax, option.key);
    let value = option.value;
    // `region: ZJ` (a space after the colon) is a common way to type it.
    const next = tokens[i + 1];
    if (value === '' && next && !asOption(next)) {
      value = next.text;
      i++;
    }
    if (value === '') return invalid(syntax, `Option ${quoted(`${option.key}:`)} needs a value (${option.key}:${spec.shape}).`);
    options.push({ field: spec.field, givenAs: `${option.key}:`, value, read: spec.read });
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
    return [{ field: word.field, givenAs: `the ${word.name}`, value: quoted && word.keepQuotes ? `"${joined}"` : joined, read: word.read }];
  }
  if (plainWords.length > positional.words.length) {
    const extra = plainWords.slice(positional.words.length).map((word) => quoted(word)).join(' ');
    return invalid(syntax, `Too many words: ${extra}. ${syntax.command} takes ${positionalUsage(syntax)} and options ${optionKeyList(syntax)}.`);
  }
  return plainWords.map((text, index) => {
    const word = positional.words[index]!;
    return { field: word.field, givenAs: `the ${word.name}`, value: text, read: word.read };
  });
}

function toInput(syntax: CommandSyntax, assignments: readonly Assignment[]): ParsedCommand {
  const input: Record<string, string> = {};
  const givenAs = new Map<string, string>();
  for (const { field, givenAs: how, value, read } of assignments) {
    const earlier = givenAs.get(field);
    if (earlier === how) return invalid(syntax, `${how} is given twice; give it once.`);
    if (earlier !== undefined) return invalid(syntax, `Both ${earlier} and ${how} set the same thing; give only one.`);
    givenAs.set(field, how);
    const converted = read ? read(value) : value;
    if (converted !== undefined) input[field] = converted;
  }
  return { kind: 'query', operation: syntax.operation, input };
}

/**
 * Reads the arguments of one operation's command into its loose input. It checks only the
 * command syntax (known option keys, each field given once, word count); the values are the
 * operation's to judge.
 */
export function readArguments(syntax: CommandSyntax, tokens: readonly Token[]): ParsedCommand {
  const split = readOptions(syntax, tokens);
  if ('kind' in split) return split;
  const positions = readPositions(syntax, split.plainWords);
  if (!Array.isArray(positions)) return positions;
  return toInput(syntax, [...split.options, ...positions]);
}
