import type { SlackMessage } from './slackMessage.js';

/** Where a finished reply goes and how: the same flow serves slash commands, buttons, modals and the console. */
export interface Responder {
  /** Replies privately to the person who asked; `replace` swaps the message the interaction came from. */
  reply(message: SlackMessage, options?: { replace?: boolean }): Promise<void>;
  /** Posts visibly in the conversation (Share in channel). Undefined where there is no conversation. */
  share?(message: SlackMessage): Promise<void>;
  /** The replies land in Slack messages, which take native tables (the console's do not). */
  tables?: boolean;
}
