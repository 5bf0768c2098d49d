import type { WebClient } from '@slack/web-api';
import { Agent, request } from 'undici';
import type { Logger } from 'pino';
import type { Responder } from './responder.js';
import type { SlackMessage } from './slackMessage.js';
import { redactPayload } from './redactOutgoing.js';

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

async function postToResponseUrl(url: string, head: Record<string, unknown>, blocks: SlackMessage['blocks'], redact: Redact): Promise<void> {
  const answer = await request(url, { method: 'POST', dispatcher: responseUrls, headers: { 'content-type': 'application/json' }, body: responseUrlBody(head, blocks, redact), signal: AbortSignal.timeout(10_000) });
  const text = await answer.body.text();
  // Slack's answer is kept short and redacted: it names a refusal (invalid_blocks) and may quote the message.
  if (answer.statusCode >= 400) throw new Error(`response_url answered HTTP ${answer.statusCode}: ${redact(text.slice(0, 100))}`);
}

/** Slack refused the message's blocks (the Web API's `invalid_blocks`, or a response_url's HTTP 400 saying so). */
function refusedBlocks(error: unknown): boolean {
  const code = (error as { data?: { error?: unknown } } | undefined)?.data?.error;
  if (typeof code === 'string') return code.startsWith('invalid_blocks');
  return error instanceof Error && /invalid_blocks/.test(error.message);
}

/**
 * Sends a reply with native tables and, when Slack refuses its blocks, the same reply laid out
 * without them: a workspace or client that does not know the data_table block refuses the whole
 * message (invalid_blocks), and an answer someone paid for must still arrive. Other failures (an
 * expired response_url, a channel the app cannot post in) are the caller's to route elsewhere.
 */
export async function sendWithTableFallback(message: SlackMessage, send: (message: SlackMessage) => Promise<unknown>): Promise<void> {
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
export function responseUrlResponder(url: string, redact: Redact): Responder {
  return {
    tables: true,
    reply: (message, options) => sendWithTableFallback(message, (sent) => postToResponseUrl(url, { response_type: 'ephemeral', replace_original: options?.replace ?? false, text: sent.text }, sent.blocks, redact)),
    share: (message) => sendWithTableFallback(message, (sent) => postToResponseUrl(url, { response_type: 'in_channel', replace_original: false, delete_original: false, text: sent.text }, sent.blocks, redact)),
  };
}

/**
 * Replies for a user in a channel through the Web API: an ephemeral message there, or a direct
 * message when the app cannot post in that channel (or there is no channel, e.g. a global shortcut).
 */
export function webApiResponder(client: WebClient, userId: string, channelId: string | undefined, logger?: Logger): Responder {
  const direct = async (message: SlackMessage) => {
    const opened = await client.conversations.open({ users: userId });
    const dm = opened.channel?.id;
    if (!dm) throw new Error('could not open a direct message with the user');
    await sendWithTableFallback(message, (sent) => client.chat.postMessage({ channel: dm, text: sent.text, blocks: sent.blocks }));
  };
  const responder: Responder = {
    tables: true,
    reply: async (message) => {
      if (!channelId) return direct(message);
      try {
        await sendWithTableFallback(message, (sent) => client.chat.postEphemeral({ channel: channelId, user: userId, text: sent.text, blocks: sent.blocks }));
      } catch (error) {
        logger?.info({ err: error, channelId }, 'ephemeral reply failed; sending a direct message instead');
        await direct(message);
      }
    },
  };
  if (channelId) {
    responder.share = async (message) => {
      await sendWithTableFallback(message, (sent) => client.chat.postMessage({ channel: channelId, text: sent.text, blocks: sent.blocks }));
    };
  }
  return responder;
}

/**
 * Tries `primary`, and on failure `fallback`: a form kept its slash command's response_url, which
 * Slack honours for 30 minutes only; a result someone paid for must still reach them after that.
 */
export function withFallback(primary: Responder, fallback: Responder, logger?: Logger): Responder {
  const responder: Responder = {
    tables: primary.tables === true && fallback.tables === true,
    reply: async (message, options) => {
      try {
        await primary.reply(message, options);
      } catch (error) {
        logger?.info({ err: error }, 'reply through the response_url failed; using the Web API');
        await fallback.reply(message, options);
      }
    },
  };
  const share = primary.share ?? fallback.share;
  if (share) responder.share = share;
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
export function replyRoute(url: unknown, client: WebClient, userId: string, channelId: string | undefined, deps: { logger?: Logger; redact?: Redact }): Responder {
  const { logger } = deps;
  const viaWebApi = webApiResponder(client, userId, channelId, logger);
  // Listener tests hand in a few deps of their own; the Slack tokens are still caught by the Web API client.
  const redact = deps.redact ?? ((text: string) => text);
  return isWebUrl(url) ? withFallback(responseUrlResponder(url, redact), viaWebApi, logger) : viaWebApi;
}
