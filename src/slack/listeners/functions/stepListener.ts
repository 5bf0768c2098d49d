import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { CallContext } from '../../../core/client/dataClient.js';
import { ValidationError } from '../../../core/errors.js';
import { spreadsheetSafe } from '../../../core/export/csv.js';
import { escapeMrkdwn } from '../../blockKit/mrkdwn.js';
import type { SlackDeps } from '../../deps.js';
import { workspaceLang } from '../../requester/language.js';
import { requesterOf } from '../../requester/requester.js';
import {
  type OperationStep,
  type Parameter,
  runnerOf,
  StepFailure,
  type StepOutputs,
} from '../../slackOperations/workflowStep.js';
import { failureReason } from './failureReason.js';

type Args = SlackEventMiddlewareArgs<'function_executed'> & AllMiddlewareArgs;

/**
 * What a text output is: plain text that is safe wherever a later step puts it. A workflow posts its
 * variables in messages and writes them to spreadsheets, and the service's text is not trusted:
 * Slack's control characters are escaped as Slack itself escapes them (`<!channel>` shows, never
 * notifies), and a value a spreadsheet would run as a formula starts with an apostrophe.
 */
function safeOutputs(step: OperationStep, outputs: StepOutputs): StepOutputs {
  const safe: StepOutputs = {};
  for (const [name, value] of Object.entries(outputs)) {
    const declared = step.outputs[name] as Parameter | undefined;
    safe[name] =
      typeof value === 'string' && declared?.type === 'string' ? spreadsheetSafe(escapeMrkdwn(value)) : value;
  }
  return safe;
}

/** The outputs exactly as declared: Slack refuses a completion whose values do not match the manifest. */
function checkOutputs(step: OperationStep, outputs: StepOutputs): StepOutputs {
  const problems: string[] = [];
  for (const name of Object.keys(outputs))
    if (!Object.hasOwn(step.outputs, name)) problems.push(`${name} is not declared`);
  for (const [name, parameter] of Object.entries(step.outputs) as Array<[string, Parameter]>) {
    const value = outputs[name];
    if (value === undefined) {
      if (parameter.required) problems.push(`${name} is missing`);
      continue;
    }
    if (!fitsType(value, parameter.type)) problems.push(`${name} is not a ${parameter.type}: ${JSON.stringify(value)}`);
  }
  if (problems.length)
    throw new Error(`step ${step.callbackId} made outputs that do not match its declaration: ${problems.join('; ')}`);
  return outputs;
}

function fitsType(value: string | number, type: Parameter['type']): boolean {
  switch (type) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'slack#/types/timestamp':
      return typeof value === 'number' && Number.isInteger(value);
    case 'slack#/types/date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
    case 'string':
    case 'slack#/types/user_id':
      return typeof value === 'string';
    case 'slack#/types/user_context':
      return false;
  }
}

/**
 * The listener of one step. Bolt acknowledges the event before this runs; from then on the run
 * waits in Workflow Builder until the step is completed or failed, so every path ends in one of the two.
 * The allowlists were applied before (middleware/allowlists.ts), with "Run by" as the person asking;
 * a run that does not say who ran it fails before anything is spent.
 */
export function stepListener(deps: SlackDeps, step: OperationStep) {
  return async ({ inputs, complete, fail, body, context }: Args): Promise<void> => {
    const lang = workspaceLang(requesterOf(context).rules);
    const teamId = body.team_id || context.teamId || 'unknown';
    const given: Record<string, unknown> = inputs && typeof inputs === 'object' ? inputs : {};
    const runBy = runnerOf(given);
    const callContext: CallContext = { teamId, source: 'workflow', ...(runBy ? { userId: runBy } : {}) };
    const log = deps.logger.child({ step: step.callbackId, teamId, ...(runBy ? { userId: runBy } : {}) });
    const failWith = async (error: unknown) => {
      let reason: string;
      try {
        reason = failureReason(error, lang, {
          now: deps.now(),
          timeZone: deps.config.defaultTimeZone,
          fieldName: (field) => (Object.hasOwn(step.fieldNames, field) ? lang.t(step.fieldNames[field]!) : field),
        });
      } catch (wording) {
        log.error({ err: wording }, 'could not word why the workflow step failed');
        reason = lang.t('workflow.fail.unexpected');
      }
      try {
        await fail({ error: reason });
      } catch (error) {
        log.error({ err: error }, 'could not tell Slack that the workflow step failed');
      }
    };

    let outputs: StepOutputs;
    try {
      if (!runBy) throw new StepFailure({ key: 'workflow.fail.needsRunner' });
      outputs = safeOutputs(
        step,
        checkOutputs(step, await step.run(deps.data, { inputs: given, context: callContext, lang })),
      );
    } catch (error) {
      if (!(error instanceof StepFailure || error instanceof ValidationError))
        log.warn({ err: error }, 'workflow step failed');
      await failWith(error);
      return;
    }
    try {
      await complete({ outputs });
    } catch (error) {
      // Slack refused the outputs (or could not be reached): the run must still end.
      log.error({ err: error }, 'Slack did not accept the workflow step outputs');
      await failWith(error);
    }
  };
}
