import type { KnownBlock } from '@slack/types';
import type { Lang } from '../i18n/lang.js';

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

/** Where a finished reply goes and how: the same flow serves slash commands, buttons, modals and the console. */
export interface Responder {
  /** Replies privately to the person who asked; `replace` swaps the message the interaction came from. */
  reply(message: SlackMessage, options?: { replace?: boolean }): Promise<void>;
  /** Posts visibly in the conversation (Share in channel). Undefined where there is no conversation. */
  share?(message: SlackMessage): Promise<void>;
  /** The replies land in Slack messages, which take native tables (the console's do not). */
  tables?: boolean;
}

/** Who is asking and where, as Slack tells it. */
export interface Requester {
  teamId: string;
  userId: string;
  channelId?: string;
  /** IANA zone from the user's Slack profile, for times in replies. */
  timeZone: string;
  /** The language the replies to this person are in (see chooseLocale). */
  lang: Lang;
}
