import type { WebClient } from '@slack/web-api';
import type { Logger } from 'pino';
import { postFile } from './fileUpload.js';
import type { Progress, ReplyFile, Responder } from './responder.js';
import { postOnce, sendWithTableFallback } from './responders.js';
import type { SlackMessage } from './slackMessage.js';

/** A thread of a conversation the app was spoken to in: an @mention's (in a channel) or a direct message's. */
export interface ThreadPlace {
  channelId: string;
  /** The thread's parent: the mention or message itself when it started none (https://docs.slack.dev/reference/methods/chat.postMessage: "use its parent instead"). */
  threadTs: string;
  /** Who spoke: what is theirs alone goes to them privately. */
  userId: string;
  /** A direct message with the app, which nobody else reads. */
  direct: boolean;
}

/**
 * The status line under a thread while the app works ("Looking up 000001… (10 coins)"),
 * https://docs.slack.dev/reference/methods/assistant.threads.setStatus: it clears itself when the
 * app's reply lands, or after two minutes; an empty status clears it. Where Slack does not show one
 * (a workspace without the agent features), the call fails and nothing else changes: a failure is
 * logged, never thrown.
 */
export function statusLine(client: WebClient, place: ThreadPlace, logger?: Logger): (status: string) => Promise<void> {
  return async (status) => {
    try {
      await client.assistant.threads.setStatus({ channel_id: place.channelId, thread_ts: place.threadTs, status });
    } catch (error) {
      logger?.info({ err: error, channelId: place.channelId }, 'could not set the status line of a thread');
    }
  };
}

/**
 * Replies into a conversation's thread through the Web API, where everyone in it reads them, as a
 * shared reply is read (an answer to an @mention is the channel's to see): one chat.postMessage
 * each, never posted twice (calls/slackCallPolicy.ts). What is the person's alone (a budget
 * warning, their usage) is whispered: ephemeral in a channel's thread, plainly in a direct message,
 * which nobody else reads. Progress shows on the thread's status line.
 *
 * Not Slack's streamed replies (chat.startStream / appendStream / stopStream,
 * https://docs.slack.dev/reference/methods/chat.startStream): they write text as it is generated,
 * and an answer here is a table, a chart and buttons that exist whole once the call returns. No page
 * says a data_table or data_visualization block may be sent in a stream; start and stop are Tier 2
 * (about 20 a minute per workspace) where chat.postMessage is about one a second per channel; and a
 * Slack that refuses the tables gets the same reply without them in a second post
 * (sendWithTableFallback), which a stream cannot take back. The status line says what is being done
 * and what it costs while the call runs; one post brings the answer.
 */
export function threadResponder(
  client: WebClient,
  place: ThreadPlace,
  options: { logger?: Logger; status?: (status: string) => Promise<void> } = {},
): Responder {
  const postInThread = (message: SlackMessage) =>
    sendWithTableFallback(message, (sent) =>
      client.chat.postMessage({
        channel: place.channelId,
        thread_ts: place.threadTs,
        text: sent.text,
        blocks: sent.blocks,
      }),
    );
  const whisper = place.direct
    ? postInThread
    : (message: SlackMessage) =>
        sendWithTableFallback(message, (sent) =>
          client.chat.postEphemeral({
            channel: place.channelId,
            user: place.userId,
            thread_ts: place.threadTs,
            text: sent.text,
            blocks: sent.blocks,
          }),
        );
  // An answer whose post went unanswered may be in the thread or still arrive: the person is told
  // privately (ReplyUnconfirmedError), and it is never posted a second time.
  const post = (message: SlackMessage) => postOnce(() => postInThread(message), whisper);
  const { status } = options;
  // files.completeUploadExternal with channel_id and thread_ts shares the file into the thread as a
  // reply of its own (https://docs.slack.dev/reference/methods/files.completeUploadExternal): the
  // same readers as the answer. Nothing names the file afterwards, so Slack's processing of it
  // (asynchronous; a block naming a new file is refused until files.info says it is ready) holds up nothing.
  const attach = async (file: ReplyFile) => {
    await postFile(client, { channelId: place.channelId, threadTs: place.threadTs, ...file });
  };
  return {
    tables: true,
    replaces: false,
    reply: post,
    share: postInThread,
    whisper,
    attach,
    ...(status
      ? {
          progress: (): Progress => ({
            show: (message) => void status(message.text),
            // The answer that follows clears the status line.
            finish: async () => undefined,
          }),
        }
      : {}),
  };
}
