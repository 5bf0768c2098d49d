import type { OperationId } from '../../core/operations/index.js';
import { bidsSyntax } from './bidsSyntax.js';
import type { CommandSyntax } from './commandSyntax.js';
import { fundAssetSyntax } from './fundAssetSyntax.js';
import { futuresSyntax } from './futuresSyntax.js';
import { newFundsSyntax } from './newFundsSyntax.js';
import { taxpayerSyntax } from './taxpayerSyntax.js';

/** Every operation has exactly one command syntax; the Record type makes a missing one a compile error. */
export const COMMAND_SYNTAXES: Readonly<Record<OperationId, CommandSyntax>> = {
  'enterprise-general-taxpayer-query': taxpayerSyntax,
  'thirdpartymarket-cmapi00069224-enterprise-search-bid-list': bidsSyntax,
  'fund-asset': fundAssetSyntax,
  'finance-external-futures-kline': futuresSyntax,
  'fund-new-list': newFundsSyntax,
};

/** In the order help and the command list show them. */
export const SYNTAX_LIST: readonly CommandSyntax[] = Object.values(COMMAND_SYNTAXES);

export function syntaxFor(operation: OperationId): CommandSyntax {
  return COMMAND_SYNTAXES[operation];
}

export function syntaxByCommand(command: string): CommandSyntax | undefined {
  return SYNTAX_LIST.find((syntax) => syntax.command === command);
}

export function syntaxBySubcommand(word: string): CommandSyntax | undefined {
  const lower = word.toLowerCase().replace(/^\//, '');
  return SYNTAX_LIST.find((syntax) => syntax.subcommands.includes(lower) || syntax.command === `/${lower}`);
}
