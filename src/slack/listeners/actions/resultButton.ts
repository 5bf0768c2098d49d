import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { queryRunForButton } from '../../flows/buttonQuery.js';
import { keptAsLatest } from '../../flows/lookUpInConversation.js';
import { runQuery } from '../../flows/runQuery.js';
import { clickedThread, threadKeys } from '../../flows/threadConversation.js';
import { renderNotice } from '../../render/notice.js';
import { replyRoute } from '../../reply/responders.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/**
 * Previous / Next / Share in channel under a result. The button carries the whole query, so a click
 * re-runs it through the client: another page replaces the message in place (a page seen before
 * comes from cache, free); Share posts the same result visibly, from cache only — never a second charge.
 */
export function resultButton(deps: SlackDeps) {
  return async ({ ack, body, action, client, context }: Args): Promise<void> => {
    await ack();
    const responder = replyRoute(body.response_url, client, body.user.id, body.channel?.id, deps, { replaces: true });
    const requester = requesterOf(context);
    const run = queryRunForButton(action.action_id, action.value);
    if (!run) {
      const { lang } = await requester.profile();
      return responder.reply(renderNotice(lang.t('modals.staleButton'), lang));
    }
    // Next under an answer in a conversation's thread: the page it brings is the thread's latest result.
    const thread = clickedThread(body);
    const channelId = body.channel?.id;
    if (thread && channelId && !run.share)
      run.onAnswer = keptAsLatest(deps, threadKeys({ channelId, threadTs: thread, direct: channelId.startsWith('D') }));
    await runQuery(deps, requester, run, responder);
  };
}
