import type { AllMiddlewareArgs, MessageShortcut, SlackShortcutMiddlewareArgs } from '@slack/bolt';
import type { SlackDeps } from '../../deps.js';
import { lookUpMessage } from '../../flows/lookUpMessage.js';
import { replyRoute } from '../../reply/responders.js';
import { requesterOf } from '../../requester/requester.js';

type Args = SlackShortcutMiddlewareArgs<MessageShortcut> & AllMiddlewareArgs;

/**
 * The message shortcut "Look up in dq" (a `message_action` payload with the whole message, its
 * channel and a response_url: https://docs.slack.dev/interactivity/implementing-shortcuts): acked at
 * once, then the offers go to the person privately through the response_url, which works in any
 * conversation, one the app is not in included. A message listing suppliers gets the plan of their
 * check in the person's direct messages instead (lookUpMessage).
 */
export function lookUpShortcut(deps: SlackDeps) {
  return async ({ ack, shortcut, client, context }: Args): Promise<void> => {
    await ack();
    const requester = requesterOf(context);
    const responder = replyRoute(shortcut.response_url, client, shortcut.user.id, shortcut.channel?.id, deps);
    const text = typeof shortcut.message?.text === 'string' ? shortcut.message.text : '';
    await lookUpMessage(deps, client, requester, text, responder);
  };
}
