import type { Phrase } from '../../i18n/lang.js';
import { localDate } from '../../time/calendar.js';
import { type FieldProblem, ValidationError } from '../errors.js';
import { compiledSchema } from './compiledSchema.js';
import { SERVICE_TIME_ZONE } from './definition.js';
import { type AnyOperation, type OperationId, operations, type RequestOf } from './index.js';

/**
 * Checks input and gives the exact wire body, or throws a ValidationError; nothing is sent or spent.
 * With `now` (every caller that sends or shows a request gives it), a request whose meaning depends
 * on the date is completed for that day (`onDay`), and what the service cannot take on that day is
 * refused: a publication period that starts after today.
 */
export function validate<Id extends OperationId>(id: Id, input: unknown, now?: number): RequestOf<Id> {
  const definition: AnyOperation = operations[id];
  const parsed = compiledSchema(definition.input).safeParse(input ?? {});
  if (parsed.success) {
    if (now === undefined) return parsed.data as RequestOf<Id>;
    const request = definition.onDay ? definition.onDay(parsed.data, now) : parsed.data;
    const problem = definition.beyondToday?.(request, localDate(now, SERVICE_TIME_ZONE), input);
    if (problem) throw new ValidationError(id, [problem], definition.example);
    return request as RequestOf<Id>;
  }
  const problems = parsed.error.issues.map((issue): FieldProblem => {
    const phrase = (issue as { params?: { phrase?: Phrase } }).params?.phrase;
    return { field: issue.path.map(String).join('.'), message: issue.message, ...(phrase ? { phrase } : {}) };
  });
  throw new ValidationError(id, problems, definition.example);
}

/** The operation's question about likely mistakes in new input, as a ValidationError; nothing is spent. */
export function askFirst(id: OperationId, request: object, input: unknown): void {
  const definition: AnyOperation = operations[id];
  const question = definition.confirm?.(request, input);
  if (question) throw new ValidationError(id, [question], definition.example);
}
