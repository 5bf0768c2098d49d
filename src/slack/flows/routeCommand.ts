import type { WebClient } from '@slack/web-api';
import type { OperationId } from '../../core/operations/index.js';
import type { SlackDeps } from '../deps.js';
import { speaking, type Requester } from '../requester.js';
import type { Locale } from '../../i18n/lang.js';
import type { Responder } from '../responder.js';
import { renderHelp } from '../render/help.js';
import { invalidText } from '../parse/invalidText.js';
import type { ParsedCommand } from '../parse/parseCommand.js';
import { renderNotice } from '../render/notice.js';
import { digestCommand } from './digestCommand.js';
import { watchCommand } from './watchCommand.js';
import { runQuery } from './runQuery.js';
import { chooseLanguage } from './chooseLanguage.js';
import { showUsage } from './showUsage.js';

export interface CommandContext {
  deps: SlackDeps;
  responder: Responder;
  requester: Requester;
  /** Opens the operation's search form (Slack), or explains what to do where there are no forms. */
  openForm: (operation: OperationId) => Promise<void>;
  /** Slack's client, to check the app is in a channel before a digest is added there; the console has none. */
  client?: WebClient;
  /** The language the command was written in, when that is clear (commandLanguage): its reply's language. */
  said?: Locale | undefined;
}

/**
 * What every parsed command does, wherever it was typed (a slash command, the console). A command
 * written clearly in one language is answered in it; choosing a language is answered in the new one.
 */
export async function routeCommand(parsed: ParsedCommand, context: CommandContext): Promise<void> {
  const { deps, responder } = context;
  // Asking about or choosing the language is about the saved one: chooseLanguage reads it itself.
  const requester = context.said && parsed.kind !== 'lang' ? speaking(context.requester, context.said) : context.requester;
  switch (parsed.kind) {
    case 'query':
      return runQuery(deps, requester, { operation: parsed.operation, input: parsed.input }, responder);
    case 'open_modal':
      return context.openForm(parsed.operation);
    case 'help':
      return responder.reply(renderHelp(deps.prices, (await requester.profile()).lang, parsed.topic ?? parsed.operation, { demo: deps.config.demo }));
    case 'usage':
      return showUsage(deps, requester, responder, parsed.month);
    case 'digest':
      return digestCommand(deps, requester, parsed.words, responder, context.client);
    case 'watch':
      return watchCommand(deps, requester, parsed.words, responder);
    case 'lang':
      return chooseLanguage(deps, requester, parsed.choice, responder, context.said);
    case 'invalid': {
      const { lang } = await requester.profile();
      return responder.reply(renderNotice(invalidText(parsed, lang), lang));
    }
  }
}
