import type { WebClient } from '@slack/web-api';
import type { SlackDeps } from '../deps.js';
import { statusLine, type ThreadPlace, threadResponder } from '../reply/threadResponder.js';
import type { Conversation } from './converse.js';

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
