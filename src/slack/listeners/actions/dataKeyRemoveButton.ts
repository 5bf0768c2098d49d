import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { mayChangeKey } from '../../flows/permissions.js';
import { publishHome } from '../../flows/publishHome.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/**
 * "Remove key" on an admin's App Home (after Slack's confirm): the workspace's own data-service
 * key is deleted and its calls go with the operator's key again. Admins only, whatever a client
 * sends; the Home is published again either way.
 */
export function dataKeyRemoveButton(deps: SlackDeps) {
  return async ({ ack, body, client, context }: Args): Promise<void> => {
    await ack();
    const requester = requesterOf(context);
    const { teamId, userId } = requester;
    try {
      if (deps.workspaceKeys && (await mayChangeKey(requester))) {
        if (await deps.workspaceKeys.remove(teamId))
          deps.logger.info(
            { teamId, userId },
            "workspace's own data-service key removed; its calls use the operator's key",
          );
      } else deps.logger.warn({ teamId, userId }, 'Remove key clicked by someone who may not; nothing changed');
      await publishHome(deps, client, requester, { hash: body.view?.hash });
    } catch (error) {
      deps.logger.error({ err: error, teamId, userId }, "could not remove the workspace's data-service key");
    }
  };
}
