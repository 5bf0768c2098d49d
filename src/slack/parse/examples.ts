import type { OperationId } from '../../core/operations/index.js';
import { positionalWords } from './commandSyntax.js';
import { syntaxFor } from '../operations/index.js';

/** A slash-command line that works as typed, e.g. `/futures CL 5m 30`. */
export function exampleFor(operation: OperationId): string {
  const syntax = syntaxFor(operation);
  return `${syntax.command} ${syntax.example}`;
}

/**
 * The name a user knows a wire field by, for wording validation errors: `to:` for
 * publishEndTime, `the keyword` for keyword. Option keys win because they are what was typed
 * whichever way the value was given; unknown fields are returned unchanged.
 */
export function userFieldName(operation: OperationId, field: string): string {
  const syntax = syntaxFor(operation);
  const option = syntax.options.find((candidate) => candidate.field === field);
  if (option) return `${option.keys[0]}:`;
  const word = positionalWords(syntax).find((candidate) => candidate.field === field);
  return word ? `the ${word.name}` : field;
}
