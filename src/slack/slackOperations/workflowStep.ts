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
  | 'slack#/types/user_context'
  | 'slack#/types/date'
  | 'slack#/types/timestamp';

export interface Parameter {
  type: ParameterType;
  required: boolean;
}

export type StepOutputs = Record<string, string | number>;

export interface StepRun {
  inputs: Record<string, unknown>;
  /** The workspace, and the person who ran the workflow, as Slack vouches for them (`run_by`). */
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

/**
 * The input every step has: who ran the workflow, whose daily budget the lookup also counts against
 * and whom the allowlists judge. A user context (https://docs.slack.dev/reference/types/user_context-type)
 * has no field in Workflow Builder: Slack fills it from the person who started the run (or clicked in
 * a step before), so a workflow's builder cannot name someone else; required, so Slack does not
 * publish a workflow that cannot say.
 */
export const RUN_BY_INPUT = 'run_by';
export const RUN_BY: Parameter = { type: 'slack#/types/user_context', required: true };

/**
 * The person in the `run_by` user context, `{ id, secret }` as Slack hands it to the app; undefined
 * for anything else, a user id typed as text included (a step saved before it was a user context).
 */
export function runnerOf(inputs: Record<string, unknown>): string | undefined {
  const context = inputs[RUN_BY_INPUT];
  if (!context || typeof context !== 'object') return undefined;
  const { id, secret } = context as { id?: unknown; secret?: unknown };
  return typeof id === 'string' && /^[UW][A-Z0-9]{2,}$/.test(id) && typeof secret === 'string' && secret !== ''
    ? id
    : undefined;
}

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
