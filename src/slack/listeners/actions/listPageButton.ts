import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { showListPage } from '../../flows/listPage.js';
import { replyRoute } from '../../reply/responders.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/** Previous/Next under a page of `/dq watch list` or `/dq digest list` (see showListPage). */
export function listPageButton(deps: SlackDeps) {
  return async ({ ack, body, action, client, context }: Args): Promise<void> => {
    await ack();
    const responder = replyRoute(body.response_url, client, body.user.id, body.channel?.id, deps);
    await showListPage(deps, requesterOf(context), action.value, responder);
  };
}
