import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { refusal } from '../access.js';
import type { SlackDeps } from '../deps.js';
import { queryRunForButton } from '../flows/buttonQuery.js';
import { runQuery } from '../flows/runQuery.js';
import { requesterOf } from '../interactionRequester.js';
import { renderNotice } from '../render/notice.js';
import { responseUrlResponder, webApiResponder } from '../responders.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/**
 * Previous / Next / Share in channel under a result. The button carries the whole query, so a click
 * re-runs it through the client: another page replaces the message in place (a page seen before
 * comes from cache, free); Share posts the same result visibly, from cache only — never a second charge.
 */
export function resultButton(deps: SlackDeps) {
  return async ({ ack, body, action, client }: Args): Promise<void> => {
    await ack();
    // Message buttons come with a response_url; without one the answer still reaches the person.
    const responder = body.response_url ? responseUrlResponder(body.response_url) : webApiResponder(client, body.user.id, body.channel?.id, deps.logger);
    const refused = refusal(deps.config.allowlist, { teamId: body.team?.id, channelId: body.channel?.id, userId: body.user.id });
    if (refused) return responder.reply(renderNotice(refused));
    const run = queryRunForButton(action.action_id, action.value);
    if (!run) return responder.reply(renderNotice('That button no longer works; run the search again.'));
    await runQuery(deps, await requesterOf(deps, client, body), run, responder);
  };
}
