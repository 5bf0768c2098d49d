import { normaliseText } from './normalise.js';

/**
 * The longest message read for a lookup. A lookup is a few words; a longer text is a discussion that
 * happens to name something, and reading it would be paying for a guess ("Look up in dq", the
 * message shortcut, finds what a long message names and offers it instead).
 */
const LONGEST_MESSAGE = 200;

/**
 * Slack's broadcasts (<!channel>, <!here>, <!everyone>, a user group <!subteam^…>): a message holding
 * one is never read for a lookup, so nobody can make the app's reply notify a whole channel.
 * https://docs.slack.dev/messaging/formatting-message-text#special-mentions
 */
const BROADCAST = /<!(?:channel|here|everyone|subteam\^)[^>]*>/i;

/**
 * Slack's markup in message text: a mention of a person <@U…>, a channel <#C…|name>, a date <!date…>,
 * a link <https://…|label>. None of it is a word a lookup reads.
 * https://docs.slack.dev/messaging/formatting-message-text#retrieving-messages
 */
const MARKUP = /<[^<>]*>/g;
const BARE_LINK = /\b(?:https?|ftp|mailto):\S*/gi;
/** Control characters (a terminal's colour codes among them) show nothing a person wrote. */
const CONTROL = /\p{Cc}/gu;
/** Code and emphasis marks around words copied from help (`futures CL 5m 30`, *bold*). */
const EMPHASIS = /[`*_~]+/g;

export type MessageText = { kind: 'text'; text: string } | { kind: 'unreadable' };

/** The words of a text without Slack's markup, links, control characters and emphasis marks. */
export function withoutMarkup(text: string): string {
  return text
    .replace(CONTROL, ' ')
    .replace(MARKUP, ' ')
    .replace(BARE_LINK, ' ')
    .replace(EMPHASIS, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * What of a message the reader reads: Slack's escaping undone (normaliseText), people's and
 * channels' mentions, links and emphasis dropped. A broadcast, or a text longer than
 * LONGEST_MESSAGE, is not read at all.
 */
export function messageText(raw: string): MessageText {
  const text = normaliseText(raw);
  if (text.length > LONGEST_MESSAGE || BROADCAST.test(text)) return { kind: 'unreadable' };
  const words = withoutMarkup(text);
  return words === '' ? { kind: 'unreadable' } : { kind: 'text', text: words };
}

/**
 * The text of a message with the app's own mention taken out (`<@U0BOT> 000001 的规模`): where it
 * stood does not matter, and other mentions stay for the reader to drop.
 */
export function withoutMention(text: string, botUserId: string | undefined): string {
  if (!botUserId) return text;
  return text.replace(new RegExp(`<@${botUserId.replace(/[^A-Za-z0-9]/g, '')}(?:\\|[^>]*)?>`, 'g'), ' ').trim();
}
