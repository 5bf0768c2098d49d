import type { App } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { WORKFLOW_STEPS } from '../../flows/workflowSteps.js';
import { stepListener } from './stepListener.js';

/** The steps answer only where the opt-in manifest declares them; elsewhere Slack never sends them. */
export function registerFunctions(app: Pick<App, 'function'>, deps: SlackDeps): void {
  for (const step of WORKFLOW_STEPS) app.function(step.callbackId, stepListener(deps, step));
}
