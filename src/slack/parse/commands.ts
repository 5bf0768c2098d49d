import type { OperationId } from '../../core/operations/index.js';
import { english } from '../../i18n/lang.js';
import type { CommandGrammar } from './commandGrammar.js';
import { operationSubcommand, subcommandPhrase, usageLine } from './commandSyntax.js';
import { DQ_COMMAND } from './parseCommand.js';

/** A slash command as the app registers it and the manifests declare it (Bolt names its payload SlashCommand). */
export interface CommandDeclaration {
  command: string;
  /** The operation a direct command runs; absent for the umbrella /dq. */
  operation?: OperationId;
  description: string;
  usageHint: string;
}

/**
 * The slash commands of a grammar: the app registers these and the manifest mirrors them. Slack shows
 * one description per command whatever the reader's language, so they are the English ones.
 */
export function slashCommands(grammar: CommandGrammar): CommandDeclaration[] {
  return [
    {
      command: DQ_COMMAND,
      description: 'Company and market data: taxpayers, bids, funds, futures; spending, digests and watches',
      usageHint: `[${grammar.syntaxes.map((syntax) => english.t(subcommandPhrase(operationSubcommand(syntax)))).join('|')}] … | usage | digest … | watch … | check | lang zh|en|auto | help [command]`,
    },
    ...grammar.syntaxes.map((syntax) => ({
      command: syntax.command,
      operation: syntax.operation,
      description: english.t(syntax.description),
      usageHint: usageLine(syntax, english),
    })),
  ];
}
