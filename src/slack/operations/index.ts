import type { ChartImage, ChartPlan, ChartSettings } from '../../charts/quickChart.js';
import type { CallResult } from '../../core/client/dataClient.js';
import type { OperationId } from '../../core/operations/index.js';
import type { Lang } from '../../i18n/lang.js';
import type { SearchForm } from '../modals/searchForm.js';
import { operationSubcommand, subcommandWords, type CommandSyntax } from '../parse/commandSyntax.js';
import { bidsSlack } from './bids.js';
import { fundAssetSlack } from './fundAsset.js';
import { futuresSlack } from './futures.js';
import { newFundsSlack } from './newFunds.js';
import { taxpayerSlack } from './taxpayer.js';
import type { SlackOperation } from './slackOperation.js';

export type { SlackOperation } from './slackOperation.js';

/** One entry per operation, in the order help and the command list show them; a missing one is a compile error. */
export const SLACK_OPERATIONS: { readonly [Id in OperationId]: SlackOperation<Id> } = {
  'enterprise-general-taxpayer-query': taxpayerSlack,
  'thirdpartymarket-cmapi00069224-enterprise-search-bid-list': bidsSlack,
  'fund-asset': fundAssetSlack,
  'finance-external-futures-kline': futuresSlack,
  'fund-new-list': newFundsSlack,
};

/** The entry of an operation the caller only knows at run time. */
export function slackOperation(id: OperationId): SlackOperation {
  // The record cannot tie a run-time id to its entry's parameter type; the key does.
  return SLACK_OPERATIONS[id] as unknown as SlackOperation;
}

export const SYNTAX_LIST: readonly CommandSyntax[] = Object.values(SLACK_OPERATIONS).map((entry) => entry.syntax);

export function syntaxFor(id: OperationId): CommandSyntax {
  return SLACK_OPERATIONS[id].syntax;
}

export function formFor(id: OperationId): SearchForm {
  return SLACK_OPERATIONS[id].form;
}

export function syntaxByCommand(command: string): CommandSyntax | undefined {
  return SYNTAX_LIST.find((syntax) => syntax.command === command);
}

/** The syntax a word after `/dq` names, in English or Chinese, any case: `bids`, `招标`, `K线`, `/bids`. */
export function syntaxBySubcommand(word: string): CommandSyntax | undefined {
  const lower = word.toLowerCase().replace(/^\//, '');
  return SYNTAX_LIST.find((syntax) => subcommandWords(operationSubcommand(syntax)).includes(lower) || syntax.command === `/${lower}`);
}

/** The operations whose answers come with a chart. */
export const CHARTED_OPERATIONS: readonly OperationId[] = (Object.keys(SLACK_OPERATIONS) as OperationId[]).filter((id) => SLACK_OPERATIONS[id].chart);

/** The chart plan of an answer, for the operations that have one; undefined for the others. */
export function chartPlanFor(answer: CallResult, settings: ChartSettings, timeZone: string, lang: Lang): ChartPlan | undefined {
  const entry = Object.hasOwn(SLACK_OPERATIONS, answer.operation) ? slackOperation(answer.operation) : undefined;
  return entry?.chart?.(answer, settings, timeZone, lang);
}

/** The chart Slack draws itself for an answer (a native chart), for the operations that have one; undefined for the others. */
export function nativeChartFor(answer: CallResult, timeZone: string, lang: Lang): ChartImage | undefined {
  const entry = Object.hasOwn(SLACK_OPERATIONS, answer.operation) ? slackOperation(answer.operation) : undefined;
  return entry?.nativeChart?.(answer, timeZone, lang);
}
