import { SLACK_OPERATIONS } from '../slackOperations/index.js';
import type { OperationStep } from '../slackOperations/workflowStep.js';

/** Every Workflow Builder step: those of the operations that offer one (manifest.workflow-steps.yml declares each under its callback_id). */
export const WORKFLOW_STEPS: readonly OperationStep[] = Object.values(SLACK_OPERATIONS).flatMap((entry) =>
  entry.step ? [entry.step] : [],
);
