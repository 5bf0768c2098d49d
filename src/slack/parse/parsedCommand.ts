import type { OperationId } from '../../core/operations/index.js';

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
