import type { WebClient } from '@slack/web-api';
import type { Logger } from 'pino';
import { Agent, request } from 'undici';
import { failureFromStatus, mayHaveLanded, readSlackFailure } from '../calls/slackCallPolicy.js';
import { SlackCallError, type SlackCalls } from '../calls/slackCalls.js';
import { ProgressMessage } from './progressMessage.js';
import { redactPayload } from './redactOutgoing.js';
import type { Responder } from './responder.js';
import type { SlackMessage } from './slackMessage.js';

/** One keep-alive pool for every response_url (they all go to hooks.slack.com). */
const responseUrls = new Agent({ keepAliveTimeout: 30_000 });

type Redact = (text: string) => string;

/**
 * The blocks as sent, secrets removed, kept for blocks that cannot change (RenderedAnswers hands the
 * same frozen reply to every reader of a cached answer): serialising and searching 12 kB of blocks
 * was most of what a reused reply still cost. A secret cannot span two texts (none holds the
 * separator redactPayload joins them with), so redacting the blocks apart from the rest of the body
 * gives the same bytes as redacting the whole body.
 */
const sentBlocks = new WeakMap<SlackMessage['blocks'], { redact: Redact; json: string }>();

function blocksJson(blocks: SlackMessage['blocks'], redact: Redact): string {
  if (!Object.isFrozen(blocks)) return JSON.stringify(redactPayload(blocks, redact));
  const kept = sentBlocks.get(blocks);
  if (kept?.redact === redact) return kept.json;
  const json = JSON.stringify(redactPayload(blocks, redact));
  sentBlocks.set(blocks, { redact, json });
  return json;
}

/** `head` is the body without its blocks; the blocks go last, as `{ ...head, blocks }` would put them. */
export function responseUrlBody(head: Record<string, unknown>, blocks: SlackMessage['blocks'], redact: Redact): string {
  return `${JSON.stringify(redactPayload(head, redact)).slice(0, -1)},"blocks":${blocksJson(blocks, redact)}}`;
}

/**
 * A reply that may have reached the person though Slack did not say so (no answer in time, a reset,
 * a 5xx): it is not sent again. `tell` says so by another route (the Web API), which the caller
 * words in the person's language.
 */
export class ReplyUnconfirmedError extends Error {
  constructor(
    readonly tell: (message: SlackMessage) => Promise<void>,
    options?: { cause?: unknown },
  ) {
    super('Slack did not confirm the reply; it is not sent again', options);
    this.name = 'ReplyUnconfirmedError';
  }
}

/** Whether a failed reply may have reached the person (then it is never sent again). */
function mayHaveReached(error: unknown): boolean {
  return error instanceof ReplyUnconfirmedError || mayHaveLanded(readSlackFailure(error));
}

/**
 * Sends a post whose outcome may come back unknown (no answer in time, a reset, a 5xx): that is not
 * a refusal, as the post may be there or still arrive, so it becomes a ReplyUnconfirmedError whose
 * `tell` says so by `tell` instead (a slow chat.postMessage that landed 25 s later was once told as
 * "not shown"). A refusal stays what it is.
 */
export async function postOnce(
  send: () => Promise<void>,
  tell: (message: SlackMessage) => Promise<void>,
): Promise<void> {
  try {
    await send();
  } catch (error) {
    if (mayHaveReached(error) && !(error instanceof ReplyUnconfirmedError))
      throw new ReplyUnconfirmedError(tell, { cause: error });
    throw error;
  }
}

/**
 * POSTs to a response_url under the Slack call policy (a 429 waited out, a connection that never
 * opened tried again, nothing else). A refusal is read from the status and from the body: a
 * response_url can answer HTTP 200 with `{"ok":false,"error":…}` (issue 32.8), which is a refusal
 * all the same. Slack's answer is kept short and redacted: it may quote the message.
 */
async function postToResponseUrl(
  url: string,
  head: Record<string, unknown>,
  blocks: SlackMessage['blocks'],
  redact: Redact,
  calls: SlackCalls | undefined,
): Promise<void> {
  const body = responseUrlBody(head, blocks, redact);
  const send = (signal: AbortSignal) =>
    request(url, {
      method: 'POST',
      dispatcher: responseUrls,
      headers: { 'content-type': 'application/json' },
      body,
      signal,
    });
  const response = calls
    ? await calls.run(
        { method: 'response_url' },
        send,
        (sent) => ({ status: sent.statusCode, retryAfter: headerText(sent.headers['retry-after']) }),
        { discard: (sent) => void sent.body.dump().catch(() => undefined) },
      )
    : await send(AbortSignal.timeout(10_000));
  const text = await response.body.text();
  const failure = failureFromStatus(response.statusCode, headerText(response.headers['retry-after']), Date.now());
  if (failure) throw new SlackCallError('response_url', failure);
  const refusal = response.statusCode >= 400 ? text.trim().slice(0, 100) : refusalInBody(text);
  if (refusal !== undefined)
    throw new SlackCallError('response_url', {
      kind: 'refused',
      code: redact(refusal || `http_${response.statusCode}`),
    });
}

function headerText(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/** `{"ok":false,"error":"used_url"}` → `used_url`; anything else (Slack's plain `ok`) is no refusal. */
function refusalInBody(text: string): string | undefined {
  if (!text.trimStart().startsWith('{')) return undefined;
  try {
    const parsed = JSON.parse(text) as { ok?: unknown; error?: unknown };
    return parsed.ok === false ? (typeof parsed.error === 'string' ? parsed.error : 'not_ok') : undefined;
  } catch {
    return undefined;
  }
}

/** Slack refused the message's blocks (the Web API's `invalid_blocks`, or a response_url saying so). */
function refusedBlocks(error: unknown): boolean {
  const failure = readSlackFailure(error);
  return failure.kind === 'refused' && failure.code.startsWith('invalid_blocks');
}

/**
 * Sends a reply with native tables and, when Slack refuses its blocks, the same reply laid out
 * without them: a workspace or client that does not know the data_table block refuses the whole
 * message (invalid_blocks), and an answer someone paid for must still arrive. Other failures (an
 * expired response_url, a channel the app cannot post in) are the caller's to route elsewhere.
 */
export async function sendWithTableFallback(
  message: SlackMessage,
  send: (message: SlackMessage) => Promise<unknown>,
): Promise<void> {
  if (!message.withoutTable) {
    await send(message);
    return;
  }
  try {
    await send(message);
  } catch (error) {
    if (!refusedBlocks(error)) throw error;
    await send(message.withoutTable);
  }
}

/**
 * Replies through a response_url (slash commands, buttons, a form that kept its command's URL):
 * private to the user, able to replace the message a click came from, and able to post visibly in
 * the same conversation. Posted with undici rather than Bolt's `respond`, whose fetch costs a
 * cached answer about a fifth of its time.
 */
export function responseUrlResponder(
  url: string,
  redact: Redact,
  calls?: SlackCalls,
  options: { replaces?: boolean } = {},
): Responder {
  return {
    tables: true,
    replaces: options.replaces ?? false,
    reply: (message, replyOptions) =>
      sendWithTableFallback(message, (sent) =>
        postToResponseUrl(
          url,
          { response_type: 'ephemeral', replace_original: replyOptions?.replace ?? false, text: sent.text },
          sent.blocks,
          redact,
          calls,
        ),
      ),
    share: (message) =>
      sendWithTableFallback(message, (sent) =>
        postToResponseUrl(
          url,
          { response_type: 'in_channel', replace_original: false, delete_original: false, text: sent.text },
          sent.blocks,
          redact,
          calls,
        ),
      ),
  };
}

/**
 * Replies for a user in a channel through the Web API: an ephemeral message there, or a direct
 * message when the app cannot post in that channel (or there is no channel, e.g. a global shortcut).
 * With `threadTs` the reply and the share go into that thread of the channel (a request made in a
 * thread is answered there); a direct message has no thread.
 */
export function webApiResponder(
  client: WebClient,
  userId: string,
  channelId: string | undefined,
  logger?: Logger,
  options: { threadTs?: string } = {},
): Responder {
  const thread = options.threadTs ? { thread_ts: options.threadTs } : {};
  // Posting to a user id lands in the app's DM with them (chat.postMessage `channel`): no conversations.open first.
  const postDirect = async (message: SlackMessage) => {
    await sendWithTableFallback(message, (sent) =>
      client.chat.postMessage({ channel: userId, text: sent.text, blocks: sent.blocks }),
    );
  };
  // A direct message Slack may have taken is not sent again; a short notice in the same DM says so.
  const direct = (message: SlackMessage) => postOnce(() => postDirect(message), postDirect);
  const responder: Responder = {
    tables: true,
    replaces: false,
    progress: () => new ProgressMessage(client, userId, logger),
    reply: async (message) => {
      if (!channelId) return direct(message);
      try {
        await sendWithTableFallback(message, (sent) =>
          client.chat.postEphemeral({
            channel: channelId,
            user: userId,
            text: sent.text,
            blocks: sent.blocks,
            ...thread,
          }),
        );
      } catch (error) {
        // An ephemeral message Slack may have shown is not sent again as a direct message.
        if (mayHaveReached(error)) throw new ReplyUnconfirmedError(postDirect, { cause: error });
        logger?.info({ err: error, channelId }, 'ephemeral reply failed; sending a direct message instead');
        await direct(message);
      }
    },
  };
  if (channelId) {
    responder.share = async (message) => {
      await sendWithTableFallback(message, (sent) =>
        client.chat.postMessage({ channel: channelId, text: sent.text, blocks: sent.blocks, ...thread }),
      );
    };
  }
  return responder;
}

/**
 * Tries `primary`, and on failure `fallback`: a form kept its slash command's response_url, which
 * Slack honours for 30 minutes only; a result someone paid for must still reach them after that.
 */
export function withFallback(primary: Responder, fallback: Responder, logger?: Logger): Responder {
  /** The fallback only when the primary certainly did not deliver: a reply is never sent twice. */
  const either = async (first: () => Promise<void>, second: () => Promise<void>, what: string) => {
    try {
      await first();
    } catch (error) {
      if (mayHaveReached(error)) {
        logger?.warn(
          { err: error, outcome: 'unknown' },
          `${what} through the response_url may have arrived; not sent again`,
        );
        throw error instanceof ReplyUnconfirmedError
          ? error
          : new ReplyUnconfirmedError((message) => fallback.reply(message), { cause: error });
      }
      logger?.info({ err: error }, `${what} through the response_url failed; using the Web API`);
      await second();
    }
  };
  const responder: Responder = {
    tables: primary.tables === true && fallback.tables === true,
    replaces: primary.replaces === true,
    ...(primary.replaces !== true && fallback.progress ? { progress: fallback.progress } : {}),
    reply: (message, options) =>
      either(
        () => primary.reply(message, options),
        () => fallback.reply(message, options),
        'a reply',
      ),
  };
  const { share: first } = primary;
  const { share: second } = fallback;
  if (first && second)
    responder.share = (message) =>
      either(
        () => first(message),
        () => second(message),
        'a share',
      );
  else if (first ?? second) responder.share = (first ?? second)!;
  return responder;
}

function isWebUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Where the answer to a person's request goes: its response_url, and when that is missing, unusable
 * or refuses the post, the Web API (ephemeral in the channel, else a direct message). A lookup is
 * paid for before it is answered, so its answer must always have somewhere to go.
 */
export function replyRoute(
  url: unknown,
  client: WebClient,
  userId: string,
  channelId: string | undefined,
  deps: { logger?: Logger; redact?: Redact; slackCalls?: SlackCalls },
  options: { replaces?: boolean; threadTs?: string } = {},
): Responder {
  const { logger } = deps;
  const viaWebApi = webApiResponder(
    client,
    userId,
    channelId,
    logger,
    options.threadTs ? { threadTs: options.threadTs } : {},
  );
  // Listener tests hand in a few deps of their own; the Slack tokens are still caught by the Web API client.
  const redact = deps.redact ?? ((text: string) => text);
  return isWebUrl(url)
    ? withFallback(responseUrlResponder(url, redact, deps.slackCalls, options), viaWebApi, logger)
    : viaWebApi;
}
