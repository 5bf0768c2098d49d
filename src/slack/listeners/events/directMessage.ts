import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { checkSharedList, checkThreadList } from '../../flows/checkSupplierList.js';
import { answerInThread } from '../../flows/threadConversation.js';
import { asksToCheckList } from '../../parse/followUpWords.js';
import { withoutMention } from '../../parse/messageText.js';
import { personalMessage } from '../../requester/personalMessage.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackEventMiddlewareArgs<'message'> & AllMiddlewareArgs;

/**
 * A direct message to the app, in its Messages tab (https://docs.slack.dev/reference/events/message.im):
 * every message counts, a mention or not. In the agent messaging experience each message starts a
 * thread of its own (https://docs.slack.dev/ai/migrating-to-agent-messaging/), so the answer goes into
 * the message's thread, under the status line. Other channels' messages, the app's own and other
 * bots' messages, edits and deletions are not answered (personalMessage).
 */
export function directMessage(deps: SlackDeps) {
  return async ({ event, context, client }: Args): Promise<void> => {
    const message = personalMessage(event as unknown as Record<string, unknown>);
    if (!message?.direct) return;
    // A file shared with the app is a list to check, whatever the words with it.
    if (message.files) return checkSharedList(deps, client, requesterOf(context), message, context.botToken);
    // `@dq 核查这个名单` with no file: the list shared earlier in the thread.
    if (asksToCheckList(withoutMention(message.text, context.botUserId)))
      return checkThreadList(deps, client, requesterOf(context), message, context);
    await answerInThread(deps, client, requesterOf(context), message, context.botUserId);
  };
}
