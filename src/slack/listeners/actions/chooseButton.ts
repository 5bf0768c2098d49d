import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { runChoice } from '../../flows/converse.js';
import { clickedThread, threadConversation } from '../../flows/threadConversation.js';
import { replyRoute } from '../../reply/responders.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/**
 * A question's answer pressed (under a mention or a direct message), or one of "Look up in dq"'s
 * offers: the lookup it names runs now. An answer pressed in a thread goes into that thread, for all
 * in it to read, and becomes its latest result; an offer (ephemeral) is answered privately, through
 * its response_url, even where Slack's payload carries the message too: what was offered to one
 * person is answered to them alone.
 */
export function chooseButton(deps: SlackDeps) {
  return async ({ ack, body, action, client, context }: Args): Promise<void> => {
    await ack();
    const requester = requesterOf(context);
    const channelId = body.channel?.id;
    const ephemeral = (body.container as { is_ephemeral?: boolean } | undefined)?.is_ephemeral === true;
    // The question's own thread, or the thread it starts (a question is always posted in one).
    const threadTs = ephemeral ? undefined : (clickedThread(body) ?? (body.message as { ts?: string } | undefined)?.ts);
    const conversation =
      channelId && threadTs
        ? threadConversation(deps, client, {
            channelId,
            threadTs,
            userId: body.user.id,
            direct: channelId.startsWith('D'),
          })
        : {
            responder: replyRoute(body.response_url, client, body.user.id, channelId, deps),
            memoryKeys: [],
          };
    await runChoice(deps, requester, action.value, conversation);
  };
}
