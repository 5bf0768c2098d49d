import { VIEW_LIMITS } from '../blockKit/slackText.js';

/**
 * What a search modal remembers about where it was opened (Slack gives a view submission neither the
 * channel nor a response_url): the channel, and the slash command's response_url when there was one,
 * so the result can go back to that conversation privately.
 */
export interface ModalOrigin {
  channelId?: string;
  responseUrl?: string;
}

export function encodeModalOrigin(origin: ModalOrigin): string {
  return JSON.stringify({ c: origin.channelId, r: origin.responseUrl });
}

export function decodeModalOrigin(text: string | undefined): ModalOrigin {
  try {
    const parsed = JSON.parse(text ?? '{}') as { c?: unknown; r?: unknown };
    const origin: ModalOrigin = {};
    if (typeof parsed.c === 'string' && parsed.c) origin.channelId = parsed.c;
    if (typeof parsed.r === 'string' && /^https?:\/\//.test(parsed.r)) origin.responseUrl = parsed.r;
    return origin;
  } catch {
    return {};
  }
}
/** Slack rejects the whole view over 3000 characters; failing here names the real cause. */
export function checkedPrivateMetadata(privateMetadata: string): string {
  if (privateMetadata.length > VIEW_LIMITS.privateMetadataChars) {
    throw new RangeError(
      `private_metadata is ${privateMetadata.length} characters; Slack allows ${VIEW_LIMITS.privateMetadataChars}`,
    );
  }
  return privateMetadata;
}
