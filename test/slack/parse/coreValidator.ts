import { ValidationError } from '../../../src/core/errors.js';
import type { OperationId } from '../../../src/core/operations/index.js';
import { askFirst, validate } from '../../../src/core/operations/validate.js';

/** What every entry point checks before spending on new input: the rules, then the "are you sure?" questions. */
function check(id: OperationId, input: unknown): void {
  askFirst(id, validate(id, input), input);
}

export function validationError(id: OperationId, input: unknown): ValidationError {
  try {
    check(id, input);
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error(`expected ${id} to reject ${JSON.stringify(input)}`);
}

export function problemsOf(id: OperationId, input: unknown): string[] {
  try {
    check(id, input);
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.problems.map((problem) => `${problem.field}: ${problem.message}`);
  }
}
