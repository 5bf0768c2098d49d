import type { RespondFn } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import { request } from 'undici';
import type { Logger } from 'pino';
import type { Responder, SlackMessage } from './message.js';

/**
 * Replies through a response_url (slash commands, buttons): private to the user, able to replace
 * the message the click came from, and able to post visibly in the same conversation.
 */
export function responseUrlResponder(respond: RespondFn): Responder {
  return {
    reply: async (message, options) => {
      await respond({ response_type: 'ephemeral', replace_original: options?.replace ?? false, text: message.text, blocks: message.blocks });
    },
    share: async (message) => {
      await respond({ response_type: 'in_channel', replace_original: false, delete_original: false, text: message.text, blocks: message.blocks });
    },
  };
}

/** A response_url kept from a slash command (e.g. in a modal's private_metadata), used without Bolt's respond. */
export function rawResponseUrlResponder(url: string): Responder {
  const post = async (body: Record<string, unknown>) => {
    const answer = await request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
    await answer.body.text();
    if (answer.statusCode >= 400) throw new Error(`response_url answered HTTP ${answer.statusCode}`);
  };
  return {
    reply: (message, options) => post({ response_type: 'ephemeral', replace_original: options?.replace ?? false, text: message.text, blocks: message.blocks }),
    share: (message) => post({ response_type: 'in_channel', replace_original: false, text: message.text, blocks: message.blocks }),
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
