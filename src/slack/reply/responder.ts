import type { SlackMessage } from './slackMessage.js';

/** A file shared into a conversation after a reply: a chart's picture. */
export interface ReplyFile {
  filename: string;
  title: string;
  bytes: Buffer;
  contentType: string;
  /** What the picture shows, for screen readers. */
  altText?: string;
}

/** Where a finished reply goes and how: the same flow serves slash commands, buttons, modals and the console. */
export interface Responder {
  /** Replies privately to the person who asked; `replace` swaps the message the interaction came from. */
  reply(message: SlackMessage, options?: { replace?: boolean }): Promise<void>;
  /** Posts visibly in the conversation (Share in channel). Undefined where there is no conversation. */
  share?(message: SlackMessage): Promise<void>;
  /**
   * Tells the person alone, where `reply` is read by others too (an answer in a channel's thread):
   * a budget warning, their usage. Absent where `reply` is private already.
   */
  whisper?(message: SlackMessage): Promise<void>;
  /**
   * Shares a file into the conversation as a message of its own, read by whoever reads `reply`:
   * only where that is a visible conversation (a thread's). Absent for private replies (ephemeral,
   * response_url), where a file could only be shown by sharing it with the whole channel. Rejects
   * with a FileUploadError.
   */
  attach?(file: ReplyFile): Promise<void>;
  /** The replies land in Slack messages, which take native tables (the console's do not). */
  tables?: boolean;
  /**
   * `reply(…, { replace: true })` replaces this request's earlier reply. True only for a click's
   * response_url, which replaces the message the click was in; a slash command's earlier reply is
   * not replaced that way (bolt-js #2287, bolt-python #1268), nor is an ephemeral Web API message.
   */
  replaces?: boolean;
  /**
   * Where this request's progress can be kept and edited when its replies cannot replace each
   * other: the person's DM with the app (ProgressMessage). Absent where replies can (a click) or
   * where there is no Slack (the console).
   */
  progress?(): Progress;
}

/** A message shown now and edited later ("queued …", then "answered"). */
export interface Progress {
  show(message: SlackMessage): void;
  finish(message: SlackMessage): Promise<void>;
}
