import type { WebClient } from '@slack/web-api';
import type { OperationId } from '../../core/operations/index.js';
import type { Lang, Locale } from '../../i18n/lang.js';
import type { SlackDeps } from '../deps.js';
import { CHECK_WORDS } from '../parse/commandGrammar.js';
import { subcommandPhrase } from '../parse/commandSyntax.js';
import { slashCommands } from '../parse/commands.js';
import { exampleFor } from '../parse/examples.js';
import { invalidText } from '../parse/invalidText.js';
import {
  commandLanguage,
  DQ_COMMAND,
  type HelpTopic,
  type ParsedCommand,
  parseCommand,
} from '../parse/parseCommand.js';
import { readNamedCommand } from '../parse/readNamedCommand.js';
import { renderHelp } from '../render/help.js';
import { renderNotice } from '../render/notice.js';
import type { Responder } from '../reply/responder.js';
import type { SlackMessage } from '../reply/slackMessage.js';
import { type Requester, speaking } from '../requester/requester.js';
import { COMMAND_GRAMMAR } from '../slackOperations/index.js';
import { choiceQuestion } from './choiceQuestion.js';
import { chooseLanguage } from './chooseLanguage.js';
import { digestCommand } from './digestCommand.js';
import { type QueryRun, runQuery } from './runQuery.js';
import { showUsage } from './showUsage.js';
import { watchCommand } from './watchCommand.js';

export interface CommandContext {
  deps: SlackDeps;
  responder: Responder;
  requester: Requester;
  /** Opens the operation's search form (Slack), or explains what to do where there are no forms. */
  openForm: (operation: OperationId) => Promise<void>;
  /** Opens `/dq check`'s form in the requester's language (the command's, when clear); absent where there are no forms. */
  openCheckForm?: (requester: Requester) => Promise<void>;
  /** Slack's client, to check the app is in a channel before a digest is added there; the console has none. */
  client?: WebClient;
  /** The language the command was written in, when that is clear (commandLanguage): its reply's language. */
  said?: Locale | undefined;
  /** Keeps a lookup's answer for the follow-ups of the conversation it was typed in (a direct message's). */
  onAnswer?: QueryRun['onAnswer'];
  /** What a lookup's refusal of its input says to try instead (a fund given by a name not known). */
  invalidHint?: QueryRun['invalidHint'];
}

/** The slash commands the app answers: the listeners register them and both manifests declare them. */
export const SLASH_COMMANDS = slashCommands(COMMAND_GRAMMAR);

/** A command's text read with the app's grammar (every operation's syntax); never throws. */
export function readCommand(command: string, text: string, now?: number): ParsedCommand {
  return parseCommand(COMMAND_GRAMMAR, command, text, now);
}

/** An operation's direct slash command (`/futures`). */
export function slashCommandOf(operation: OperationId): string {
  return COMMAND_GRAMMAR.syntaxOf(operation).command;
}

/** A command line for the operation that works as typed, in the reader's words. */
export function commandExample(operation: OperationId, lang: Lang): string {
  return exampleFor(COMMAND_GRAMMAR.syntaxOf(operation), lang);
}

/** Help on every command, on one operation's, or on usage, digests or the language, in `lang`. */
export function helpMessage(deps: SlackDeps, lang: Lang, topic?: OperationId | HelpTopic): SlackMessage {
  return renderHelp(COMMAND_GRAMMAR, deps.prices, lang, topic, {
    demo: deps.config.demo,
    supplierCheckMaxRows: deps.config.supplierCheckMaxRows,
  });
}

/**
 * A command as typed (`/fund-asset`, `000001 page:2`) wherever it was typed: read with the app's
 * grammar and the workspace's names (a fund's name for its code, "did you mean" a company seen),
 * answered in its own language when that is clear, and routed; a question's buttons call nothing
 * until pressed. Resolves with what it read.
 */
export async function runCommand(
  command: string,
  text: string,
  context: Omit<CommandContext, 'said'>,
): Promise<ParsedCommand> {
  const { deps } = context;
  const now = deps.now();
  const parsed = readCommand(command, text, now);
  const said = commandLanguage(COMMAND_GRAMMAR, command, text);
  if (parsed.kind !== 'query' && parsed.kind !== 'invalid') {
    await routeCommand(parsed, { ...context, said });
    return parsed;
  }
  const names = await deps.data.names.of(context.requester.teamId);
  const named = readNamedCommand(COMMAND_GRAMMAR, parsed, { command, text, now, names });
  if (named.kind === 'ask') {
    const { lang } = await (said ? speaking(context.requester, said) : context.requester).profile();
    await context.responder.reply(choiceQuestion(deps, named, lang));
    return parsed;
  }
  await routeCommand(named.parsed, {
    ...context,
    said,
    ...(named.fundNotKnown ? { invalidHint: { key: 'conversation.fundNameWorks' } } : {}),
  });
  return named.parsed;
}

/**
 * What every parsed command does, wherever it was typed (a slash command, the console). A command
 * written clearly in one language is answered in it; choosing a language is answered in the new one.
 */
export async function routeCommand(parsed: ParsedCommand, context: CommandContext): Promise<void> {
  const { deps, responder } = context;
  // Asking about or choosing the language is about the saved one: chooseLanguage reads it itself.
  const requester =
    context.said && parsed.kind !== 'lang' ? speaking(context.requester, context.said) : context.requester;
  switch (parsed.kind) {
    case 'query':
      return runQuery(
        deps,
        requester,
        {
          operation: parsed.operation,
          input: parsed.input,
          ...(context.onAnswer ? { onAnswer: context.onAnswer } : {}),
          ...(context.invalidHint ? { invalidHint: context.invalidHint } : {}),
        },
        responder,
      );
    case 'open_modal':
      return context.openForm(parsed.operation);
    case 'help':
      return responder.reply(helpMessage(deps, (await requester.profile()).lang, parsed.topic ?? parsed.operation));
    case 'usage':
      return showUsage(deps, requester, responder, parsed.month);
    case 'digest':
      return digestCommand(deps, requester, parsed.words, responder, context.client);
    case 'watch':
      return watchCommand(deps, requester, parsed.words, responder);
    case 'check': {
      if (context.openCheckForm) return context.openCheckForm(requester);
      const { lang } = await requester.profile();
      const command = `${DQ_COMMAND} ${lang.t(subcommandPhrase(CHECK_WORDS))}`;
      return responder.reply(renderNotice(lang.t('batch.paste.noForm', { command }), lang));
    }
    case 'lang':
      return chooseLanguage(deps, requester, parsed.choice, responder, context.said);
    case 'invalid': {
      const { lang } = await requester.profile();
      return responder.reply(renderNotice(invalidText(parsed, COMMAND_GRAMMAR, lang), lang));
    }
  }
}
