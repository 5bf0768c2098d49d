import type { OperationId } from '../../core/operations/index.js';
import { usageLine } from './commandSyntax.js';
import { DQ_COMMAND } from './parseCommand.js';
import { SYNTAX_LIST } from '../operations/index.js';

export interface SlashCommand {
  command: string;
  /** The operation a direct command runs; absent for the umbrella /dq. */
  operation?: OperationId;
  description: string;
  usageHint: string;
}

/** The one list of slash commands: the app registers these and the manifest mirrors them. */
export const SLASH_COMMANDS: SlashCommand[] = [
  {
    command: DQ_COMMAND,
    description: 'Company and market data: taxpayers, bids, funds, futures; spending and digests',
    usageHint: `[${SYNTAX_LIST.map((syntax) => syntax.subcommands[0]).join('|')}] … | usage | digest … | help [command]`,
  },
  ...SYNTAX_LIST.map((syntax) => ({
    command: syntax.command,
    operation: syntax.operation,
    description: syntax.description,
    usageHint: usageLine(syntax),
  })),
];
