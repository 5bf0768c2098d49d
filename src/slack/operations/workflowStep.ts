import type { CallContext, DataClient } from '../../core/client/dataClient.js';
import type { CatalogueKey } from '../../i18n/catalogueKeys.js';
import type { Lang, Phrase } from '../../i18n/lang.js';

/**
 * Custom steps for Workflow Builder, each an optional part of its operation's Slack module (`step`):
 * each one is declared in manifest.workflow-steps.yml under the same callback_id with the same
 * inputs and outputs (a test compares them), and runs one lookup through the DataClient like a
 * slash command does. Its callback_id is the string installs saved, and stays as it is.
 */

/** The parameter types the steps use; `slack#/types/…` values are strings (ids, dates) or integers (timestamps). */
export type ParameterType =
  | 'string'
  | 'number'
  | 'slack#/types/user_id'
  | 'slack#/types/date'
  | 'slack#/types/timestamp';

export interface Parameter {
  type: ParameterType;
  required: boolean;
}

export type StepOutputs = Record<string, string | number>;

export interface StepRun {
  inputs: Record<string, unknown>;
  /** The workspace, and the person who ran the workflow when the step was given them (`run_by`). */
  context: CallContext;
  /** A workflow has no single reader: its failures and texts are in the workspace's language. */
  lang: Lang;
}

export interface OperationStep {
  callbackId: string;
  inputs: Readonly<Record<string, Parameter>>;
  outputs: Readonly<Record<string, Parameter>>;
  /** The wire fields the step sends, each in the words of its input, for a failure that names one. */
  fieldNames: Readonly<Record<string, CatalogueKey>>;
  run(data: DataClient, run: StepRun): Promise<StepOutputs>;
}

/** The optional input every step has: whose daily budget the lookup also counts against. */
export const RUN_BY_INPUT = 'run_by';
export const RUN_BY: Parameter = { type: 'slack#/types/user_id', required: false };

/** A step that cannot give its outputs for a reason the workflow's owner should read (no match, a bad code). */
export class StepFailure extends Error {
  /** `coinsSpent`: what the lookup before the failure cost (0 from cache), so the reason can say so. */
  constructor(
    readonly phrase: Phrase,
    readonly coinsSpent = 0,
  ) {
    super(phrase.key);
    this.name = 'StepFailure';
  }
}

/** An input as trimmed text; anything else (absent, a number from a variable) as its text or ''. */
export function inputText(inputs: Record<string, unknown>, name: string): string {
  const value = inputs[name];
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}
