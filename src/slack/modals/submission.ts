import type { ValidationError } from '../../core/errors.js';
import type { OperationId } from '../../core/operations/index.js';
import { userFieldName } from '../parse/examples.js';
import { SEARCH_FORMS } from './forms.js';
import { actionIdFor, blockIdFor } from './searchForm.js';

/** The parts of one submitted element the forms use (a subset of Bolt's ViewStateValue). */
export interface SubmittedValue {
  type: string;
  value?: string | null;
  selected_date?: string | null;
  selected_option?: { value: string } | null;
  selected_options?: ReadonlyArray<{ value: string }>;
}

/** `view.state.values` of a view_submission: block_id → action_id → value. */
export type ViewStateValues = Readonly<Record<string, Readonly<Record<string, SubmittedValue>>>>;

function submittedText(submitted: SubmittedValue | undefined): string | undefined {
  if (!submitted) return undefined;
  if (submitted.selected_options) return submitted.selected_options.map((choice) => choice.value).join(',');
  return submitted.value ?? submitted.selected_date ?? submitted.selected_option?.value ?? undefined;
}

/** The loose input for the operation (what the core validates), from a submitted search form. */
export function readSubmission(operationId: OperationId, values: ViewStateValues): Record<string, string> {
  const input: Record<string, string> = {};
  for (const field of SEARCH_FORMS[operationId].fields) {
    const text = submittedText(values[blockIdFor(operationId, field.field)]?.[actionIdFor(field.field)]);
    if (text === undefined || text.trim() === '') continue;
    const value = field.read ? field.read(text) : text;
    if (value !== undefined) input[field.field] = value;
  }
  return input;
}

const sentence = (text: string) => (text ? `${text[0]!.toUpperCase()}${text.slice(1)}` : text);

/**
 * Problems as `response_action: 'errors'` wants them: block_id → message. A problem with a field
 * the form has no block for (a page number, a whole-request rule) goes on the first block, named
 * in the user's terms so it still makes sense there.
 */
export function inlineErrors(operationId: OperationId, error: ValidationError): Record<string, string> {
  const form = SEARCH_FORMS[operationId];
  const errors: Record<string, string> = {};
  for (const problem of error.problems) {
    const owner = form.fields.find((field) => field.field === problem.field);
    const blockId = blockIdFor(operationId, (owner ?? form.fields[0]).field);
    const message = owner || !problem.field ? sentence(problem.message) : `${userFieldName(operationId, problem.field)} ${problem.message}`;
    errors[blockId] = errors[blockId] ? `${errors[blockId]}; ${message}` : message;
  }
  return errors;
}
