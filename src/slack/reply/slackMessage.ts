import type { KnownBlock } from '@slack/types';

/** A reply as the app builds it, before it goes to Slack (or to the console). */
export interface SlackMessage {
  /** Notification and screen-reader text; also the fallback when blocks cannot show. */
  text: string;
  blocks: KnownBlock[];
  /**
   * The same reply laid out without native tables and charts, for a Slack that refuses them (a
   * client or workspace without the data_table or data_visualization block answers invalid_blocks):
   * the responders send this instead, once, and nothing is fetched or charged again.
   */
  withoutTable?: SlackMessage;
}
