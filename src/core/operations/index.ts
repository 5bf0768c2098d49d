import { bids } from './bids.js';
import { type OperationDefinition, type OperationName, typedName } from './definition.js';
import { fundAsset } from './fundAsset.js';
import { futures } from './futures.js';
import { newFunds } from './newFunds.js';
import { taxpayer } from './taxpayer.js';

/** The five operations of the data service, by their spec names. */
export const operations = {
  'enterprise-general-taxpayer-query': taxpayer,
  'thirdpartymarket-cmapi00069224-enterprise-search-bid-list': bids,
  'fund-asset': fundAsset,
  'finance-external-futures-kline': futures,
  'fund-new-list': newFunds,
} as const;

export type Operations = typeof operations;
export type OperationId = keyof Operations;
export type RequestOf<Id extends OperationId> =
  Operations[Id] extends OperationDefinition<infer W, unknown, unknown> ? W : never;
export type ResultOf<Id extends OperationId> = ReturnType<Operations[Id]['normalise']>;
// biome-ignore lint/suspicious/noExplicitAny: definitions differ in their type parameters; code that handles any of them sees this shape.
export type AnyOperation = OperationDefinition<any, any, any>;

export const OPERATION_IDS = Object.keys(operations) as OperationId[];

export function operation<Id extends OperationId>(id: Id): Operations[Id] {
  return operations[id];
}

/**
 * Resolves the service's id or the app's name as typed (taxpayer, bids, fund-asset, futures,
 * new-funds), in any case; the code's spelling (fundAsset) is not a name people are told.
 */
export function findOperation(text: string): AnyOperation | undefined {
  const lower = text.trim().toLowerCase();
  return Object.values(operations).find((op) => op.id === lower || typedNameOf(op) === lower);
}

/**
 * The operation's name as typed (`new-funds`): `dq call`, CACHE_TTLS, and stored in Slack ids and
 * button values, so it must not change.
 */
export function typedNameOf(operation: OperationId | { name: OperationName }): string {
  return typedName(typeof operation === 'string' ? operations[operation].name : operation.name);
}

/**
 * The operations a watch can check (core/watch): a company's taxpayer record, a fund's net assets,
 * a contract's candles, a saved tender search. Named here, with the others, so the watch code knows
 * them by this map only.
 */
export const WATCHED_OPERATIONS = {
  company: 'enterprise-general-taxpayer-query',
  fund: 'fund-asset',
  contract: 'finance-external-futures-kline',
  tenders: 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list',
} as const satisfies Record<string, OperationId>;

/** The operation a supplier list is checked with (core/batch), which knows it by this name only. */
export const SUPPLIER_CHECK_OPERATION = WATCHED_OPERATIONS.company;

export {
  type OperationDefinition,
  type OperationName,
  type PageInfo,
  type RateLimit,
  typedName,
} from './definition.js';
/** What a watch on a contract reads its period by, as the lookup does: `1M` (a month) and the periods' list. */
export {
  closesDaily,
  PERIOD_CHOICES as CANDLE_PERIOD_CHOICES,
} from './futures.js';
/** What a supplier check reads of a taxpayer record, and the longest name worth looking up. */
export {
  operatingStatusOf,
  TAXPAYER_KEYWORD_MAX,
  type TaxpayerRecord,
  taxCreditRatingOf,
  taxRegistrationOf,
} from './taxpayer.js';
