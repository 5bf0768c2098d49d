import type { MrkdwnElement, PlainTextElement } from '@slack/types';

/**
 * Slack reads &, < and > as control characters (links, mentions, <!channel>), so anything the data
 * service or a user wrote goes through this before it lands in mrkdwn.
 */
export function escapeMrkdwn(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * `verbatim` stops Slack from turning bare names and URLs in service text into mentions or links;
 * the explicit <url|text> and <@U…> we write ourselves still work.
 */
export function mrkdwn(text: string): MrkdwnElement {
  return { type: 'mrkdwn', text, verbatim: true };
}

export function plainText(text: string): PlainTextElement {
  return { type: 'plain_text', text, emoji: true };
}

export const ELLIPSIS = '…';

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** Cuts to at most `max` UTF-16 units (how Slack's limits are safest counted) without splitting a character. */
function cutAt(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = max > 0 && isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
  return text.slice(0, Math.max(0, end));
}

/** Plain text, at most `max` long, ending in "…" when cut. */
export function truncatePlain(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= ELLIPSIS.length) return ELLIPSIS.slice(0, Math.max(0, max));
  return cutAt(text, max - ELLIPSIS.length).trimEnd() + ELLIPSIS;
}

const FENCE = '```';

/**
 * mrkdwn, at most `max` long, ending in "…" when cut. A cut must not leave half an entity (&am),
 * half a link or mention (<https://…), or an open code block, or Slack shows the raw markup.
 */
export function truncateMrkdwn(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max < ELLIPSIS.length) return '';
  const cleanCut = (room: number) => {
    let cut = cutAt(text, Math.max(0, room));
    cut = cut.replace(/&[a-z#0-9]*$/i, '').replace(/(?<!`)`{1,2}$/, '');
    const lastOpen = cut.lastIndexOf('<');
    if (lastOpen > cut.lastIndexOf('>')) cut = cut.slice(0, lastOpen);
    return cut.trimEnd();
  };
  const opensCode = (cut: string) => (cut.split(FENCE).length - 1) % 2 === 1;
  const cut = cleanCut(max - ELLIPSIS.length);
  if (!opensCode(cut)) return cut + ELLIPSIS;
  // The cut is inside a code block: make room to close it.
  const shorter = cleanCut(max - ELLIPSIS.length - FENCE.length - 1);
  return opensCode(shorter) ? `${shorter}${ELLIPSIS}\n${FENCE}` : shorter + ELLIPSIS;
}

/** Service text for mrkdwn: escaped, on one line when asked, and cut to `max` before escaping grows it. */
export function serviceText(value: string, options: { max?: number; oneLine?: boolean } = {}): string {
  let text = options.oneLine ? value.replace(/\s+/g, ' ').trim() : value.trim();
  if (options.max !== undefined) text = truncatePlain(text, options.max);
  return escapeMrkdwn(text);
}

/** Wraps in *…* unless empty; bold markers around nothing would show as literal asterisks. */
export function bold(text: string): string {
  return text === '' ? text : `*${text}*`;
}

/** Inline code for service text: a backtick inside would end the span early, so it becomes an apostrophe. */
export function inlineCode(text: string): string {
  const clean = text.replaceAll('`', "'");
  return clean === '' ? clean : `\`${clean}\``;
}

const SLACK_USER_ID = /^[UW][A-Z0-9]+$/;

/** A mention for a Slack user id; anything that is not a user id is shown as text, never parsed. */
export function userMention(userId: string): string {
  return SLACK_USER_ID.test(userId) ? `<@${userId}>` : escapeMrkdwn(userId);
}

/** An http(s) link with escaped text, or just the text when the URL is not a usable web address. */
export function link(url: unknown, text: string): string {
  if (typeof url !== 'string') return text;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return text;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return text;
  // "|" ends the address part of <url|text>, so it must not appear raw in the address.
  const address = escapeMrkdwn(parsed.href.replaceAll('|', '%7C'));
  if (address.length > 1000) return text;
  return `<${address}|${text}>`;
}

/**
 * Columns in code blocks are aligned by display width: CJK characters (the 亿/万 units, Chinese
 * names) take two cells in a monospace font.
 */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const wide =
      (code >= 0x1100 && code <= 0x115f) ||
      (code >= 0x2e80 && code <= 0xa4cf) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe30 && code <= 0xfe4f) ||
      (code >= 0xff00 && code <= 0xff60) ||
      (code >= 0xffe0 && code <= 0xffe6) ||
      (code >= 0x20000 && code <= 0x3fffd);
    width += wide ? 2 : 1;
  }
  return width;
}

export function padEndTo(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

export function padStartTo(text: string, width: number): string {
  return ' '.repeat(Math.max(0, width - displayWidth(text))) + text;
}
