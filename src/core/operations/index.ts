import { bidSearch } from './bidSearch.js';
import type { OperationDefinition } from './definition.js';
import { fundAsset } from './fundAsset.js';
import { futuresKline } from './futuresKline.js';
import { fundNewList } from './newFunds.js';
import { taxpayerQuery } from './taxpayer.js';

/** The five operations of the data service, by their spec names. */
export const operations = {
  'enterprise-general-taxpayer-query': taxpayerQuery,
  'thirdpartymarket-cmapi00069224-enterprise-search-bid-list': bidSearch,
  'fund-asset': fundAsset,
  'finance-external-futures-kline': futuresKline,
  'fund-new-list': fundNewList,
} as const;

export type Operations = typeof operations;
export type OperationId = keyof Operations;
export type RequestOf<Id extends OperationId> = Operations[Id] extends OperationDefinition<infer W, unknown, unknown> ? W : never;
export type ResultOf<Id extends OperationId> = ReturnType<Operations[Id]['normalise']>;
// Definitions differ in their type parameters; code that handles any of them sees this shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOperation = OperationDefinition<any, any, any>;

export const OPERATION_IDS = Object.keys(operations) as OperationId[];

export function operation<Id extends OperationId>(id: Id): Operations[Id] {
  return operations[id];
}

/** Resolves an id or a short alias (taxpayer, bids, fund-asset, futures, new-funds). */
export function findOperation(name: string): AnyOperation | undefined {
  const lower = name.trim().toLowerCase();
  return Object.values(operations).find((op) => op.id === lower || op.alias === lower);
}

/**
 * The operations a watch can check (core/watch): a company's taxpayer record, a fund's net assets,
 * a contract's candles. Named here, with the others, so the watch code knows them by this map only.
 */
export const WATCHED_OPERATIONS = {
  company: 'enterprise-general-taxpayer-query',
  fund: 'fund-asset',
  contract: 'finance-external-futures-kline',
} as const satisfies Record<string, OperationId>;

export { type OperationDefinition, type PageInfo, type RateLimit } from './definition.js';
