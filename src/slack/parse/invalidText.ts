import type { Lang } from '../../i18n/lang.js';
import { exampleFor } from './examples.js';
import type { InvalidCommand } from './parseCommand.js';

/** What was wrong with a command, that it cost nothing, and one that works, in the reader's language (mrkdwn). */
export function invalidText(invalid: InvalidCommand, lang: Lang): string {
  const example = invalid.operation ? exampleFor(invalid.operation, lang) : invalid.example;
  return `${lang.t('commands.parse.refused', { message: lang.say(invalid.message) })}\n${lang.t('commands.parse.forExample', { example })}`;
}
