import type { ValidationError } from '../../core/errors.js';
import type { Lang } from '../../i18n/lang.js';
import { userFieldName } from '../parse/examples.js';
import type { CommandInput } from '../parse/parsedCommand.js';
import { actionIdFor, blockIdFor, type FormOperation, type SearchForm } from './searchForm.js';

/** One submitted element as Slack sends it (the parts the forms use of Bolt's ViewStateValue). */
export interface SubmittedValue {
  type: string;
  value?: string | null;
  selected_date?: string | null;
  selected_time?: string | null;
  selected_conversation?: string | null;
  selected_option?: { value: string } | null;
  selected_options?: ReadonlyArray<{ value: string }>;
}

/** `view.state.values` of a view_submission: block_id → action_id → value. */
export type ViewStateValues = Readonly<Record<string, Readonly<Record<string, SubmittedValue>>>>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * One element of `view.state.values` (block_id → action_id → value), read as text whatever came:
 * a missing state, a wrong type or an unknown element reads as "nothing entered", so the form's own
 * checks answer it instead of the request failing unacknowledged.
 */
export function submittedText(values: unknown, blockId: string, actionId: string): string | undefined {
  if (!isObject(values) || !Object.hasOwn(values, blockId)) return undefined;
  const block = values[blockId];
  if (!isObject(block) || !Object.hasOwn(block, actionId)) return undefined;
  const submitted = block[actionId];
  if (!isObject(submitted)) return undefined;
  if (Array.isArray(submitted.selected_options)) {
    const chosen = submitted.selected_options
      .map((choice) => (isObject(choice) ? textOf(choice.value) : undefined))
      .filter((value) => value !== undefined);
    return chosen.length ? chosen.join(',') : undefined;
  }
  return (
    textOf(submitted.value) ??
    textOf(submitted.selected_date) ??
    textOf(submitted.selected_time) ??
    textOf(submitted.selected_conversation) ??
    (isObject(submitted.selected_option) ? textOf(submitted.selected_option.value) : undefined)
  );
}

/** The loose input for the operation (what the core validates), from a submitted search form. */
export function readSubmission(form: SearchForm, values: unknown): CommandInput {
  const input: CommandInput = {};
  for (const field of form.fields) {
    const text = submittedText(values, blockIdFor(form.operation, field.field), actionIdFor(field.field));
    if (text === undefined || text.trim() === '') continue;
    const value = field.read ? field.read(text) : text;
    if (value !== undefined) input[field.field] = value;
  }
  return input;
}

const sentence = (text: string) => (text ? `${text[0]!.toUpperCase()}${text.slice(1)}` : text);

/**
 * Problems as `response_action: 'errors'` wants them: block_id → message, in the reader's language.
 * A problem with a field the form has no block for (a page number, a whole-request rule) goes on the
 * first block, named in the user's terms so it still makes sense there.
 */
export function inlineErrors(
  { form, syntax }: FormOperation,
  error: ValidationError,
  lang: Lang,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const problem of error.problems) {
    const owner = form.fields.find((field) => field.field === problem.field);
    const blockId = blockIdFor(form.operation, (owner ?? form.fields[0]).field);
    const said = problem.phrase ? lang.t(problem.phrase) : problem.message;
    const message =
      owner || !problem.field
        ? sentence(said)
        : lang.t('validation.fieldProblemPlain', { field: userFieldName(syntax, problem.field, lang), problem: said });
    errors[blockId] = errors[blockId] ? `${errors[blockId]}${lang.t('modals.errors.separator')}${message}` : message;
  }
  return errors;
}
