import type { OperationId } from '../../core/operations/index.js';
import type { Locale, Phrase } from '../../i18n/lang.js';

/**
 * What a command or a search form gives for one operation, field by field, as typed (`pageNo: '2'`):
 * the operation's own `input` schema reads it into the wire request (core/operations/validate.ts).
 */
export type CommandInput = Record<string, string>;

/** The month `/dq usage` is asked about: a calendar month, one without its year (the latest such), or one counted back from this one. */
export type UsageMonth = { year?: number; month: number } | { monthsAgo: number };

/** Help beyond the operations' own. */
export type HelpTopic = 'usage' | 'digest' | 'lang' | 'check';

/** A language to speak, or `auto`: no choice of one's own (the workspace's, else Slack's). */
export type LanguageChoice = Locale | 'auto';

/** What a slash command asks for; exactly one of these for any text. */
export type ParsedCommand =
  | { kind: 'query'; operation: OperationId; input: CommandInput }
  | { kind: 'open_modal'; operation: OperationId }
  | { kind: 'help'; operation?: OperationId; topic?: HelpTopic }
  /** `/dq usage`, or with a month (`2026-10`, `last`, `上月`): that month by person and operation. */
  | { kind: 'usage'; month?: UsageMonth }
  | { kind: 'digest'; words: string[] }
  | { kind: 'watch'; words: string[] }
  /** `/dq check`: the form to paste a supplier list into (words after it are ignored: the list goes in the form). */
  | { kind: 'check' }
  /** `/dq lang zh|en|auto`; without a choice it asks which language is set. */
  | { kind: 'lang'; choice?: LanguageChoice }
  /**
   * What was wrong, said in the reader's language (`lang.t(message)`), with a command that works:
   * `example` as an English reader types it; `invalidText` gives both in the reader's words.
   */
  | { kind: 'invalid'; message: Phrase; example: string; operation?: OperationId };

export type InvalidCommand = Extract<ParsedCommand, { kind: 'invalid' }>;
