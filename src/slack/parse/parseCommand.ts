import { quoted } from '../render/mrkdwn.js';
import { findOperation, type OperationId } from '../../core/operations/index.js';
import { closestWord } from './closestWord.js';
import type { CommandSyntax } from './commandSyntax.js';
import { normaliseText, tokenise, type Token } from './normalise.js';
import { readArguments } from './readArguments.js';
import { SYNTAX_LIST, syntaxByCommand, syntaxBySubcommand, syntaxFor } from '../operations/index.js';

/** Help beyond the operations' own. */
export type HelpTopic = 'usage' | 'digest';

/** What a slash command asks for; exactly one of these for any text. */
export type ParsedCommand =
  | { kind: 'query'; operation: OperationId; input: Record<string, string> }
  | { kind: 'open_modal'; operation: OperationId }
  | { kind: 'help'; operation?: OperationId; topic?: HelpTopic }
  | { kind: 'usage' }
  | { kind: 'digest'; words: string[] }
  | { kind: 'invalid'; message: string; example: string; operation?: OperationId };

export type InvalidCommand = Extract<ParsedCommand, { kind: 'invalid' }>;


/** The umbrella command; `/dq bids …` means the same as `/bids …`. */
export const DQ_COMMAND = '/dq';

const HELP_WORDS = new Set(['help', '?', '-h', '--help', '帮助']);
const USAGE_WORDS = new Set(['usage', 'spend', 'spent']);
const DIGEST_WORDS = new Set(['digest', 'digests']);

const DQ_SUBCOMMANDS = [...SYNTAX_LIST.map((syntax) => syntax.subcommands[0]), 'usage', 'digest', 'help'];

function isWord(token: Token | undefined, words: ReadonlySet<string>): boolean {
  return token !== undefined && token.quoteStart < 0 && words.has(token.text.toLowerCase());
}

/** Subcommand names first, then the operation's alias or spec id, which users copy from errors and logs. */
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
  const syntax = syntaxNamed(topic.text);
  if (syntax) return { kind: 'help', operation: syntax.operation };
  const topics = [...SYNTAX_LIST.map((candidate) => candidate.subcommands[0]), 'usage', 'digest'].join(', ');
  return { kind: 'invalid', message: `There is no help on ${quoted(topic.text)}. Try one of: ${topics}.`, example: '/dq help bids' };
}

function parseDq(tokens: readonly Token[]): ParsedCommand {
  const [first, ...rest] = tokens;
  if (!first || isWord(first, HELP_WORDS)) return parseHelp(rest[0]);
  if (isWord(first, USAGE_WORDS)) {
    if (rest.length === 0) return { kind: 'usage' };
    return { kind: 'invalid', message: `/dq usage takes no more words (got ${quoted(rest.map((token) => token.text).join(' '))}).`, example: '/dq usage' };
  }
  // Digest words (weekly:mon, tz:Asia/Shanghai) have their own grammar, read where digests live.
  if (isWord(first, DIGEST_WORDS)) return { kind: 'digest', words: rest.map((token) => token.text) };
  const syntax = first.quoteStart < 0 ? syntaxNamed(first.text) : undefined;
  if (syntax) return parseOperation(syntax, rest);
  const guess = closestWord(first.text, DQ_SUBCOMMANDS);
  const hint = guess ? ` Did you mean ${DQ_COMMAND} ${guess}?` : '';
  return {
    kind: 'invalid',
    message: `Unknown command ${quoted(first.text)}. ${DQ_COMMAND} takes ${DQ_SUBCOMMANDS.join(', ')}.${hint}`,
    example: `${DQ_COMMAND} help`,
  };
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
  return { kind: 'invalid', message: `This app does not know the command ${quoted(name)}.`, example: `${DQ_COMMAND} help` };
}
