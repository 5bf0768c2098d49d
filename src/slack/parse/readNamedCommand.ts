import type { NameDirectory } from '../../core/names/nameDirectory.js';
import type { CommandGrammar } from './commandGrammar.js';
import type { MessageReading } from './messageReader.js';
import { type ParsedCommand, parseCommand } from './parseCommand.js';
import { didYouMean, fundSyntax, readFundNamed } from './readNamedMessage.js';

/**
 * A slash command as the workspace's names read it: run as parsed, a question (whose buttons say
 * what each costs), or run as parsed with `fundNotKnown` when a fund was given by a name the
 * directory does not hold (its refusal then says where names come from).
 */
export type NamedCommand =
  | { kind: 'command'; parsed: ParsedCommand; fundNotKnown?: true }
  | Extract<MessageReading, { kind: 'ask' }>;

/**
 * A slash command read with the names a message is read with (readNamedMessage): a fund's name in
 * place of its code reads as the code (several funds: a question), and a company's keyword close to
 * a seen name, not part of one, asks "did you mean" before anything is paid.
 */
export function readNamedCommand(
  grammar: CommandGrammar,
  parsed: ParsedCommand,
  typed: { command: string; text: string; now: number; names: NameDirectory },
): NamedCommand {
  const reading = { kind: 'command', parsed } as const;
  const { command, text, now, names } = typed;
  const fund = fundSyntax(grammar);
  if (fund && (parsed.kind === 'query' || parsed.kind === 'invalid') && parsed.operation === fund.syntax.operation) {
    // Digits are a code, right or wrong: only words can be a name.
    if (parsed.kind === 'query' && /^\d*$/.test(String(parsed.input[fund.field] ?? ''))) return reading;
    const named = readFundNamed(grammar, text, names, (written) => ({
      kind: 'command',
      parsed: parseCommand(grammar, command, written, now),
    }));
    if (named?.kind === 'command' || named?.kind === 'ask') return named;
    // A name of several words is refused for its words, as before.
    return parsed.kind === 'query' ? { ...reading, fundNotKnown: true } : reading;
  }
  if (parsed.kind !== 'query') return reading;
  const meant = didYouMean(grammar, reading, names);
  return meant.kind === 'ask' ? meant : reading;
}
