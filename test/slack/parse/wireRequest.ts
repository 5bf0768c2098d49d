import { expect } from 'vitest';
import type { OperationId } from '../../../src/core/operations/index.js';
import { validate } from '../../../src/core/operations/validate.js';
import { type ParsedCommand, parseCommand } from '../../../src/slack/parse/parseCommand.js';
import { COMMAND_GRAMMAR } from '../../../src/slack/slackOperations/index.js';

/** The input the real parser reads from a command, which must be a query of `operation`. */
export function queryInput(command: string, text: string, operation: OperationId): Record<string, string> {
  const parsed = parseCommand(COMMAND_GRAMMAR, command, text);
  expect(parsed, `${command} ${text}`).toMatchObject({ kind: 'query', operation });
  return (parsed as Extract<ParsedCommand, { kind: 'query' }>).input;
}

/** Parses, then lets the core turn the input into the exact wire request. */
export function wireRequest(command: string, text: string, operation: OperationId): unknown {
  return validate(operation, queryInput(command, text, operation));
}
