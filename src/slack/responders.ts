import type { WebClient } from '@slack/web-api';
import { Agent, request } from 'undici';
import type { Logger } from 'pino';
import type { Responder, SlackMessage } from './message.js';
import { redactPayload } from './redactOutgoing.js';

/** One keep-alive pool for every response_url (they all go to hooks.slack.com). */
const responseUrls = new Agent({ keepAliveTimeout: 30_000 });

type Redact = (text: string) => string;

async function postToResponseUrl(url: string, body: Record<string, unknown>, redact: Redact): Promise<void> {
  const answer = await request(url, { method: 'POST', dispatcher: responseUrls, headers: { 'content-type': 'application/json' }, body: JSON.stringify(redactPayload(body, redact)), signal: AbortSignal.timeout(10_000) });
  await answer.body.text();
  if (answer.statusCode >= 400) throw new Error(`response_url answered HTTP ${answer.statusCode}`);
}

/**
 * Replies through a response_url (slash commands, buttons, a form that kept its command's URL):
 * private to the user, able to replace the message a click came from, and able to post visibly in
 * the same conversation. Posted with undici rather than Bolt's `respond`, whose fetch costs a
 * cached answer about a fifth of its time.
 */
export function responseUrlResponder(url: string, redact: Redact): Responder {
  return {
    reply: (message, options) => postToResponseUrl(url, { response_type: 'ephemeral', replace_original: options?.replace ?? false, text: message.text, blocks: message.blocks }, redact),
    share: (message) => postToResponseUrl(url, { response_type: 'in_channel', replace_original: false, delete_original: false, text: message.text, blocks: message.blocks }, redact),
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
    await client.chat.postMessage({ channel: dm, text: message.text, blocks: message.blocks });
  };
  const responder: Responder = {
    reply: async (message) => {
      if (!channelId) return direct(message);
      try {
        await client.chat.postEphemeral({ channel: channelId, user: userId, text: message.text, blocks: message.blocks });
      } catch (error) {
        logger?.info({ err: error, channelId }, 'ephemeral reply failed; sending a direct message instead');
        await direct(message);
      }
    },
  };
  if (channelId) {
    responder.share = async (message) => {
      await client.chat.postMessage({ channel: channelId, text: message.text, blocks: message.blocks });
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
