import { DataClient } from '../../../src/core/client/dataClient.js';
import { ValidationError } from '../../../src/core/errors.js';
import type { OperationId } from '../../../src/core/operations/index.js';
import { MemoryStore } from '../../../src/core/store/memoryStore.js';

/** The core's own validation; validate() does no I/O, so the base URL is never reached. */
export const client = new DataClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'unused', store: new MemoryStore() });

/** What every entry point checks before spending on new input: the rules, then the "are you sure?" questions. */
function check(id: OperationId, input: unknown): void {
  client.askFirst(id, client.validate(id, input), input);
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
