import type { OperationId } from '../../core/operations/index.js';
import { WATCHED_OPERATIONS } from '../../core/operations/index.js';
import { CommandGrammar } from '../parse/commandGrammar.js';
import type { DescribeRequest } from '../render/types.js';
import type { WatchWordsOf } from '../render/watch.js';
import { bidsSlack } from './bidsSlack.js';
import { fundAssetSlack } from './fundAssetSlack.js';
import { futuresSlack } from './futuresSlack.js';
import { newFundsSlack } from './newFundsSlack.js';
import type { SlackOperation } from './slackOperation.js';
import { taxpayerSlack } from './taxpayerSlack.js';

export type { SlackOperation } from './slackOperation.js';

/**
 * One entry per operation, in the order help and the command list show them; a missing one is a
 * compile error. Only the flows read this table: they hand parse, render and modals the one
 * operation's syntax, renderer, form or words they need.
 */
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

/** The entry of an id read from outside (a stored result), or undefined when this app has none. */
export function knownSlackOperation(id: string): SlackOperation | undefined {
  return Object.hasOwn(SLACK_OPERATIONS, id) ? slackOperation(id as OperationId) : undefined;
}

/** The words of every command: the operations' syntaxes, in the order help shows them. */
export const COMMAND_GRAMMAR = new CommandGrammar(Object.values(SLACK_OPERATIONS).map((entry) => entry.syntax));

/** A request in the reader's words, by its operation's own `describe`. */
export const describeRequest: DescribeRequest = (operation, request, lang, name) =>
  slackOperation(operation).describe(request as never, lang, name);

/** The words of each kind of watch, from the Slack module of the operation it checks. */
export const watchWordsOf: WatchWordsOf = (kind) => slackOperation(WATCHED_OPERATIONS[kind]).watch!;
