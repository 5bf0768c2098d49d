import { operations } from '../../core/operations/index.js';
import type { SlackDeps } from '../deps.js';
import type { Requester, Responder } from '../message.js';
import { renderError } from '../render/errors.js';
import { renderUsage } from '../render/usage.js';

const OPERATION_TITLES = Object.fromEntries(Object.values(operations).map((op) => [op.id, op.title]));

/** `/dq usage`: coins today and this month, by operation and by user, and the budgets left. */
export async function showUsage(deps: SlackDeps, requester: Requester, responder: Responder): Promise<void> {
  try {
    const [summary, budget] = await Promise.all([
      deps.data.usage(requester.teamId),
      deps.data.budgetState({ teamId: requester.teamId, userId: requester.userId }),
    ]);
    await responder.reply(renderUsage(summary, budget, { now: deps.now(), operationTitles: OPERATION_TITLES }));
  } catch (error) {
    deps.logger.error({ err: error }, 'usage summary failed');
    await responder.reply(renderError(error, { now: deps.now() }));
  }
}
