import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { saveDigestOffer } from '../../flows/subscriptionOffer.js';
import { cancelWatchPreview } from '../../flows/watchCommand.js';
import { ACTION } from '../../payloads/ids.js';
import { replyRoute } from '../../reply/responders.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/** Save or Cancel under a digest offered for a message (which showed its cost): the offer is replaced by the outcome. */
export function digestSaveButton(deps: SlackDeps) {
  return async ({ ack, body, action, client, context }: Args): Promise<void> => {
    await ack();
    const responder = replyRoute(body.response_url, client, body.user.id, body.channel?.id, deps, { replaces: true });
    const requester = requesterOf(context);
    if (action.action_id === ACTION.digestCancel) return cancelWatchPreview(requester, action.value, responder);
    await saveDigestOffer(deps, requester, action.value, responder, client);
  };
}
