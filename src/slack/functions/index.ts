import type { App } from '@slack/bolt';
import type { SlackDeps } from '../deps.js';
import { fundAssetStep } from './fundAssetStep.js';
import { futuresStep } from './futuresStep.js';
import { newFundsStep } from './newFundsStep.js';
import { stepListener } from './runStep.js';
import { taxpayerStep } from './taxpayerStep.js';
import type { WorkflowStep } from './workflowStep.js';

/** Every custom step; manifest.workflow-steps.yml declares each under its callback_id. */
export const WORKFLOW_STEPS: readonly WorkflowStep[] = [taxpayerStep, newFundsStep, fundAssetStep, futuresStep];

/** The steps answer only where the opt-in manifest declares them; elsewhere Slack never sends them. */
export function register(app: Pick<App, 'function'>, deps: SlackDeps): void {
  for (const step of WORKFLOW_STEPS) app.function(step.callbackId, stepListener(deps, step));
}
