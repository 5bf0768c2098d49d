import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { cancelSupplierCheck, startSupplierCheck, stopSupplierCheck } from '../../flows/checkSupplierList.js';
import { addAllWatches, cancelWatchAll, offerWatchAll } from '../../flows/watchSupplierList.js';
import { ACTION, actionOf } from '../../payloads/ids.js';
import { planSourceOf } from '../../render/supplierCheck.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/**
 * Start, Cancel and Stop of a person's supplier list check, on its plan and progress message in
 * their direct messages with the app, and "Watch all" under its results with its offer's Add and
 * Cancel. Each acts on the person's own check only: the check is theirs
 * by who clicks, not by what the button carries.
 */
export function supplierCheckButton(deps: SlackDeps) {
  return async ({ ack, body, action, client, context }: Args): Promise<void> => {
    await ack();
    const channel = body.channel?.id;
    const ts = body.message?.ts;
    if (!channel || !ts) return;
    const requester = requesterOf(context);
    const surface = { channel, ts };
    try {
      const id = actionOf(action.action_id);
      if (id === ACTION.supplierWatchAll) await offerWatchAll(deps, client, requester, action.value ?? '');
      else if (id === ACTION.supplierWatchAllAdd)
        await addAllWatches(deps, client, requester, surface, action.value ?? '');
      else if (id === ACTION.supplierWatchAllCancel) await cancelWatchAll(client, requester, surface);
      else if (id === ACTION.supplierCheckStart)
        await startSupplierCheck(deps, client, requester, surface, action.value ?? '', planSourceOf(action.block_id));
      else if (id === ACTION.supplierCheckCancel)
        await cancelSupplierCheck(deps, client, requester, surface, planSourceOf(action.block_id));
      else await stopSupplierCheck(deps, client, requester, surface);
    } catch (error) {
      deps.logger.error({ err: error }, 'could not act on a supplier list check');
    }
  };
}
