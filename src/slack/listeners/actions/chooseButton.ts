import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { runChoice } from '../../flows/converse.js';
import { threadConversation } from '../../flows/threadConversation.js';
import { replyRoute } from '../../reply/responders.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/** The thread a clicked message is in: its parent's ts, or the message's own when it started none. */
function threadOf(body: BlockButtonAction): string | undefined {
  const message = body.message as { ts?: string; thread_ts?: string } | undefined;
  const container = body.container as { thread_ts?: string; message_ts?: string; is_ephemeral?: boolean } | undefined;
  if (container?.is_ephemeral) return undefined;
  return message?.thread_ts ?? container?.thread_ts ?? message?.ts;
}

/**
 * A question's answer pressed (under a mention or a direct message), or one of "Look up in dq"'s
 * offers: the lookup it names runs now. An answer pressed in a thread goes into that thread, for all
 * in it to read, and becomes its latest result; an offer (ephemeral) is answered privately.
 */
export function chooseButton(deps: SlackDeps) {
  return async ({ ack, body, action, client, context }: Args): Promise<void> => {
    await ack();
    const requester = requesterOf(context);
    const channelId = body.channel?.id;
    const threadTs = threadOf(body);
    const conversation =
      channelId && threadTs
        ? threadConversation(deps, client, requester.teamId, {
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
