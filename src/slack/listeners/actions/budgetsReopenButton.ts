import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { isAdmin } from '../../flows/permissions.js';
import { publishHome } from '../../flows/publishHome.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/**
 * "Reopen spending" on an admin's App Home after the store lost its data: budgets count from zero
 * again for the rest of the day instead of staying closed. Admins (flows/permissions.ts) only, whatever
 * a client sends; the Home is published again either way.
 */
export function budgetsReopenButton(deps: SlackDeps) {
  return async ({ ack, body, client, context }: Args): Promise<void> => {
    await ack();
    const requester = requesterOf(context);
    const { userId } = requester;
    try {
      if ((await isAdmin(requester)) && deps.storeGuard?.budgetsClosed(deps.now()))
        await deps.storeGuard.reopenBudgets(userId);
      else
        deps.logger.warn(
          { userId },
          'Reopen spending clicked by someone who may not, or with nothing closed; nothing changed',
        );
      await publishHome(deps, client, requester, { hash: body.view?.hash });
    } catch (error) {
      deps.logger.error({ err: error, userId }, 'could not reopen spending');
    }
  };
}
