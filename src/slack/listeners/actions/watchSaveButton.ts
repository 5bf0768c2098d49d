import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { cancelWatchPreview, saveWatch } from '../../flows/watchCommand.js';
import { ACTION } from '../../payloads/ids.js';
import { replyRoute } from '../../reply/responders.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/** Save or Cancel on a watch's preview (which showed its cost): the preview is replaced by the outcome. */
export function watchSaveButton(deps: SlackDeps) {
  return async ({ ack, body, action, client, context }: Args): Promise<void> => {
    await ack();
    const responder = replyRoute(body.response_url, client, body.user.id, body.channel?.id, deps, { replaces: true });
    const requester = requesterOf(context);
    if (action.action_id === ACTION.watchCancel) return cancelWatchPreview(requester, action.value, responder);
    await saveWatch(deps, requester, action.value, responder, client);
  };
}
