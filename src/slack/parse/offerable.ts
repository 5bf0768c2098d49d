import { ValidationError } from '../../core/errors.js';
import type { OperationId } from '../../core/operations/index.js';
import { askFirst, validate } from '../../core/operations/validate.js';
import type { CommandInput } from './parsedCommand.js';

/**
 * Whether a lookup may be offered on a button: the command with these words passes validation at
 * `now` and the operation asks nothing first, so pressing it is never refused (华为 is too short for
 * a tender search, so no such button).
 */
export function offerable(operation: OperationId, input: CommandInput, now: number): boolean {
  try {
    askFirst(operation, validate(operation, input, now), input);
    return true;
  } catch (error) {
    if (error instanceof ValidationError) return false;
    throw error;
  }
}
