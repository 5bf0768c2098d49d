import type { WebClient } from '@slack/web-api';
import type { SlackDeps } from '../deps.js';
import { withoutMention } from '../parse/messageText.js';
import { statusLine, type ThreadPlace, threadResponder } from '../reply/threadResponder.js';
import type { PersonalMessage } from '../requester/personalMessage.js';
import type { Requester } from '../requester/requester.js';
import { type Conversation, converse } from './converse.js';

/**
 * A conversation in a Slack thread: answers posted into it, the status line under it, and its latest
 * result kept under the thread (and, in a direct message, under the whole direct message too: there
 * every message counts, so `下一页` written outside the thread follows on from the latest answer).
 */
export function threadConversation(
  deps: SlackDeps,
  client: WebClient,
  teamId: string,
  place: ThreadPlace,
): Conversation {
  const status = statusLine(client, place, deps.logger);
  const thread = `${teamId}:${place.channelId}:${place.threadTs}`;
  return {
    responder: threadResponder(client, place, { logger: deps.logger, status }),
    memoryKeys: place.direct ? [thread, `${teamId}:${place.channelId}`] : [thread],
    status,
    client,
  };
}

/**
 * A message a person wrote to the app (an @mention, a direct message), answered in its thread: the
 * one it was written in, or the one it starts. The app's own mention is taken out wherever it stands.
 */
export async function answerInThread(
  deps: SlackDeps,
  client: WebClient,
  requester: Requester,
  message: PersonalMessage,
  botUserId: string | undefined,
): Promise<void> {
  const place = {
    channelId: message.channel,
    threadTs: message.threadTs ?? message.ts,
    userId: message.user,
    direct: message.direct,
  };
  await converse(
    deps,
    requester,
    withoutMention(message.text, botUserId),
    threadConversation(deps, client, requester.teamId, place),
  );
}
