import type { InputBlockElement } from '@slack/types';
import { type OperationId, typedNameOf } from '../../core/operations/index.js';
import type { Lang } from '../../i18n/lang.js';
import type { CommandSyntax } from '../parse/commandSyntax.js';

/**
 * One input block of a search form, editing one input field of the operation. Every text it shows
 * is asked for in the reader's language when the form is built, so one form serves every reader.
 */
export interface FormField {
  /** The operation's input field this block edits; also its action_id. */
  field: string;
  label(lang: Lang): string;
  hint?(lang: Lang): string;
  optional: boolean;
  /** The element, its placeholder and option texts in `lang`; option values never depend on it. */
  element(actionId: string, lang: Lang): InputBlockElement;
  /** What Slack sends back → the loose input value; undefined leaves the field out. */
  read?(submitted: string): string | undefined;
}

export interface SearchForm {
  operation: OperationId;
  /** In display order; the first is where problems without a block of their own are shown. */
  fields: readonly [FormField, ...FormField[]];
}

/** What a search form needs of its operation's Slack module: the form, and the syntax its example and field names come from. */
export interface FormOperation {
  form: SearchForm;
  syntax: CommandSyntax;
}

/**
 * `dq:<name as typed>:<field>`, e.g. dq:bids:publishEndTime. The name keeps two forms from sharing a
 * block_id, which matters because views.update carries typed text over to a block with the same id.
 */
export function blockIdFor(operationId: OperationId, field: string): string {
  return `dq:${typedNameOf(operationId)}:${field}`;
}

export function actionIdFor(field: string): string {
  return field;
}

/** The value of "no filter" choices; the service's default is no filter, so it is left out. */
export const ANY = 'any';

export function unlessAny(submitted: string): string | undefined {
  return submitted === ANY ? undefined : submitted;
}

/** Page sizes every paged form offers; the first is the service's default. */
export const PAGE_SIZES = [10, 20, 50] as const;
