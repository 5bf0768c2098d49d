import type { KnownBlock } from '@slack/types';

/** A reply as the app builds it, before it goes to Slack (or to the console). */
export interface SlackMessage {
  /** Notification and screen-reader text; also the fallback when blocks cannot show. */
  text: string;
  blocks: KnownBlock[];
  /**
   * The same reply laid out without native tables, for a Slack that refuses them (a client or
   * workspace without the data_table block answers invalid_blocks): the responders send this instead.
   */
  withoutTable?: SlackMessage;
}
