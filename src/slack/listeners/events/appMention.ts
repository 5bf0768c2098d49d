import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { checkSharedList, checkThreadList } from '../../flows/checkSupplierList.js';
import { answerInThread } from '../../flows/threadConversation.js';
import { asksToCheckList } from '../../parse/followUpWords.js';
import { withoutMention } from '../../parse/messageText.js';
import { personalMessage } from '../../requester/personalMessage.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackEventMiddlewareArgs<'app_mention'> & AllMiddlewareArgs;

/**
 * `@dq 000001 的规模` in a channel the app is in (https://docs.slack.dev/reference/events/app_mention;
 * Bolt acknowledged the event before this runs): answered in the thread of the mention, a new one
 * under a mention at the top, where the channel reads it. A bot's mention, or one re-sent because
 * its message was edited, is not answered (personalMessage).
 */
export function appMention(deps: SlackDeps) {
  return async ({ event, context, client }: Args): Promise<void> => {
    const message = personalMessage(event as unknown as Record<string, unknown>);
    if (!message) return;
    // `@dq 核查这个名单` with a file: its check is planned privately, in the person's direct messages.
    if (message.files) return checkSharedList(deps, client, requesterOf(context), message, context.botToken);
    // `@dq 核查这个名单` with no file: the list shared earlier in the thread.
    if (asksToCheckList(withoutMention(message.text, context.botUserId)))
      return checkThreadList(deps, client, requesterOf(context), message, context);
    await answerInThread(deps, client, requesterOf(context), message, context.botUserId);
  };
}
