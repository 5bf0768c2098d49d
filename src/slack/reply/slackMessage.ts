import type { KnownBlock } from '@slack/types';
import type { Locale } from '../../i18n/lang.js';

/** A reply as the app builds it, before it goes to Slack (or to the console). */
export interface SlackMessage {
  /** Notification and screen-reader text; also the fallback when blocks cannot show. */
  text: string;
  blocks: KnownBlock[];
  /**
   * The language the reply is written in, which is not always the reader's (a command written in
   * Chinese is answered in Chinese): a surface that adds words of its own around the reply (the
   * console's labels, button numbers and chart lines) says them in this language.
   */
  lang: Locale;
  /**
   * The same reply laid out without native tables and charts, for a Slack that refuses them (a
   * client or workspace without the data_table or data_visualization block answers invalid_blocks):
   * the responders send this instead, once, and nothing is fetched or charged again.
   */
  withoutTable?: SlackMessage;
}

/** Native tables and charts: blocks a Slack client or workspace may not know yet. */
function isNewerBlock(block: KnownBlock): boolean {
  const type: string = block.type;
  return type === 'data_table' || type === 'table' || type === 'data_visualization';
}

/** The message, carrying `withoutNewerBlocks()` as its withoutTable when it holds a native table or chart. */
export function withTableFallback(message: SlackMessage, withoutNewerBlocks: () => SlackMessage): SlackMessage {
  return message.blocks.some(isNewerBlock) ? { ...message, withoutTable: withoutNewerBlocks() } : message;
}

/** A reply's text and blocks as a renderer lays them out, before fitToSlackLimits makes them a message in a language. */
export type MessageBody = Pick<SlackMessage, 'text' | 'blocks'>;
