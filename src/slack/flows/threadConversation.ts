import type { WebClient } from '@slack/web-api';
import type { SlackDeps } from '../deps.js';
import { withoutMention } from '../parse/messageText.js';
import { statusLine, type ThreadPlace, threadResponder } from '../reply/threadResponder.js';
import type { PersonalMessage } from '../requester/personalMessage.js';
import type { Requester } from '../requester/requester.js';
import { converse } from './converse.js';
import type { Conversation } from './lookUpInConversation.js';

/**
 * A conversation in a Slack thread: answers posted into it, the status line under it, and its latest
 * result kept under the thread (and, in a direct message, under the whole direct message too: there
 * every message counts, so `下一页` written outside the thread follows on from the latest answer).
 */
export function threadConversation(deps: SlackDeps, client: WebClient, place: ThreadPlace): Conversation {
  const status = statusLine(client, place, deps.logger);
  return {
    responder: threadResponder(client, place, { logger: deps.logger, status }),
    memoryKeys: threadKeys(place),
    status,
    client,
  };
}

/**
 * Where a thread's latest result is kept: under the thread, and in a direct message under it as a
 * whole too. The key is the conversation's, not the asker's team's: a channel shared with another
 * organisation has one id for both, and a follow-up there (allowed with ALLOW_SHARED_CHANNELS) goes
 * on from whoever asked before it in the thread.
 */
export function threadKeys(place: Pick<ThreadPlace, 'channelId' | 'threadTs' | 'direct'>): string[] {
  const thread = `thread:${place.channelId}:${place.threadTs}`;
  return place.direct ? [thread, directKey(place.channelId)] : [thread];
}

/** Where a direct message's latest result is kept as a whole: what its next message outside a thread follows on from. */
export function directKey(channelId: string): string {
  return `direct:${channelId}`;
}

/** The thread a clicked message of the app is in (its parent), when it is a visible reply in one; not an ephemeral message's. */
export function clickedThread(body: { message?: unknown; container?: unknown }): string | undefined {
  const message = body.message as { ts?: string; thread_ts?: string } | undefined;
  const container = body.container as { thread_ts?: string; is_ephemeral?: boolean } | undefined;
  if (container?.is_ephemeral || !message) return undefined;
  return message.thread_ts ?? container?.thread_ts;
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
  await converse(deps, requester, withoutMention(message.text, botUserId), threadConversation(deps, client, place));
}
