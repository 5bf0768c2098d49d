// Changes to the synthetic data over simulated time, so a watch has something to notice: a company's
// record (its credit rating, its status), a fund's latest net assets, a contract's latest close, a
// tender notice published now, re-served in other words or after a while without ids. Each takes
// effect from a simulated instant on: `from`, by default the moment it was made, both read on the
// clock the data lives on (the `now` option, the simulator's clock unless pinned apart); later
// changes of the same thing win. Without changes the data is exactly as before.
import { z } from 'zod';
import { decimalsOf, roundTo } from '../core/decimals.js';
import { bidRegionByCode } from '../core/operations/bidRegions.js';
import type { AssetRecord } from './data/assetHistory.js';
import {
  BID_ORDERS,
  type BidNotice,
  type BidOrder,
  orderedBidNotices,
  type PublishedBidNotice,
} from './data/bidNotices.js';
import { futuresContract } from './data/futuresContracts.js';
import type { TaxpayerRecord } from './data/taxpayerCatalogue.js';
import { restyledText } from './restyledText.js';

const from = z.number().int().nonnegative().optional();

const dataChangeSchema = z.discriminatedUnion('kind', [
  /** Fields of the record with this credit code, e.g. `{ taxCreditRating: 'C' }`. */
  z.strictObject({
    kind: z.literal('taxpayer'),
    creditNo: z.string().min(1),
    fields: z.record(z.string(), z.string()),
    from,
  }),
  /** The latest net assets; with `assetDate` a new latest record of that date. */
  z.strictObject({
    kind: z.literal('fund'),
    fundCode: z.string().regex(/^\d{6}$/),
    asset: z.number().positive(),
    assetDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
    from,
  }),
  /** The close of the candle forming at the time asked (every period), from `from` on. */
  z.strictObject({ kind: z.literal('futures'), symbol: z.string().min(1), close: z.number().positive(), from }),
  /**
   * Publishes `count` (default 1) tender notices at `from`, found by `keyword` as the others are:
   * invented unless `title`, `purchaser` or `supplier` are given; `awardOf` a tender's id publishes
   * its award result (the tender found by `keyword`, or published here before).
   */
  z.strictObject({
    kind: z.literal('newBid'),
    keyword: z.string().trim().min(1),
    province: z
      .string()
      .refine((code) => bidRegionByCode(code) !== undefined, 'not a known region code')
      .optional(),
    type: z.enum(['1', '2', '3']).optional(),
    count: z.number().int().min(1).max(100).optional(),
    title: z.string().min(1).optional(),
    purchaser: z.string().min(1).optional(),
    supplier: z.string().min(1).optional(),
    awardOf: z.string().min(1).optional(),
    from,
  }),
  /**
   * Serves the notice with this id differently: `fields` laid over it, or with `restyle` its title,
   * purchaser and supplier in other widths, spaces and punctuation. It stays where searches found it.
   */
  z.strictObject({
    kind: z.literal('bid'),
    id: z.string().min(1),
    fields: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    restyle: z.boolean().optional(),
    from,
  }),
  /** Bid records carry their `id` and `url`, or not (`shown: false`): the spec shows no field of them. */
  z.strictObject({ kind: z.literal('bidIds'), shown: z.boolean(), from }),
  /** Every bid record's `url` is this one link (a site giving each notice its list page); without `url`, each its own. */
  z.strictObject({ kind: z.literal('bidLinks'), url: z.string().min(1).optional(), from }),
  /** The order a bid search lists its notices in: newest first (the default) or oldest first; the spec shows none. */
  z.strictObject({ kind: z.literal('bidOrder'), order: z.enum(BID_ORDERS), from }),
]);

export type DataChangeRequest = z.input<typeof dataChangeSchema>;
type ParsedChange = z.output<typeof dataChangeSchema>;
type NewBidChange = Extract<ParsedChange, { kind: 'newBid' }> & { notices: PublishedBidNotice[] };
export type DataChange = (Exclude<ParsedChange, { kind: 'newBid' }> | NewBidChange) & { from: number };
/** The change recorded for a request of its kind (a `newBid` with the notices it published). */
export type RecordedChange<R extends DataChangeRequest> = Extract<DataChange, { kind: R['kind'] }>;

/**
 * Reads a change as the admin endpoint or a test gives it and adds it to `changes`; `now` is when it
 * takes effect unless it says. A change it cannot read throws and changes nothing.
 */
export function recordDataChange(changes: DataChange[], input: unknown, now: number): DataChange {
  const result = dataChangeSchema.safeParse(input);
  if (!result.success) throw new Error(`invalid data change: ${z.prettifyError(result.error)}`);
  const from = result.data.from ?? now;
  let change: DataChange;
  if (result.data.kind === 'newBid') {
    change = {
      ...result.data,
      from,
      notices: orderedBidNotices(result.data, from, changes.length, publishedBidNotices(changes, Infinity)),
    };
  } else if (result.data.kind === 'bid' && result.data.fields === undefined && result.data.restyle !== true) {
    throw new Error('invalid data change: a bid change needs fields or restyle');
  } else {
    change = { ...result.data, from };
  }
  changes.push(change);
  return change;
}

function inEffect<K extends DataChange['kind']>(
  changes: readonly DataChange[],
  kind: K,
  nowMs: number,
): Array<Extract<DataChange, { kind: K }>> {
  return changes
    .filter((change): change is Extract<DataChange, { kind: K }> => change.kind === kind && change.from <= nowMs)
    .sort((a, b) => a.from - b.from);
}

export function changedTaxpayer(record: TaxpayerRecord, changes: readonly DataChange[], nowMs: number): TaxpayerRecord {
  const mine = inEffect(changes, 'taxpayer', nowMs).filter(
    (change) => change.creditNo.toUpperCase() === record.creditNo,
  );
  return mine.length === 0
    ? record
    : (Object.assign({}, record, ...mine.map((change) => change.fields)) as TaxpayerRecord);
}

/** `history` newest first, as the service lists it. */
export function changedAssetHistory(
  fundCode: string,
  history: AssetRecord[],
  changes: readonly DataChange[],
  nowMs: number,
): AssetRecord[] {
  let changed = history;
  for (const change of inEffect(changes, 'fund', nowMs).filter((c) => c.fundCode === fundCode)) {
    const [latest, ...older] = changed;
    const dated = change.assetDate !== undefined && change.assetDate !== latest?.assetDate;
    const previous = dated ? latest : older[0];
    const assetRate = previous ? Math.round(((change.asset - previous.asset) / previous.asset) * 10_000) / 100 : 0;
    const record: AssetRecord = {
      assetDate: change.assetDate ?? latest?.assetDate ?? '',
      assetRate,
      asset: change.asset,
    };
    changed = dated ? [record, ...changed] : [record, ...older];
  }
  return changed;
}

/** The close of the current candle (the last line), when a change is in effect; high and low widen to hold it. */
export function changedCurrentCandle(
  symbol: string,
  line: number[],
  changes: readonly DataChange[],
  nowMs: number,
): number[] {
  const change = inEffect(changes, 'futures', nowMs)
    .filter((c) => c.symbol.toUpperCase() === symbol)
    .at(-1);
  if (!change) return line;
  const [open, , high, low, , , volume, tickAt] = line as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const previousClose = open;
  // Written to the quote's places, as the service writes a change: a bare difference carries binary noise.
  const places = Math.max(futuresContract(symbol)?.decimals ?? 0, decimalsOf(change.close), decimalsOf(open));
  return [
    open,
    change.close,
    Math.max(high, change.close),
    Math.min(low, change.close),
    roundTo(change.close - previousClose, places),
    Math.round(((change.close - previousClose) / previousClose) * 10_000) / 100,
    volume,
    tickAt,
  ];
}

/** The notices published through changes by `nowMs`. */
export function publishedBidNotices(changes: readonly DataChange[], nowMs: number): PublishedBidNotice[] {
  return inEffect(changes, 'newBid', nowMs).flatMap((change) => change.notices);
}

/** The order bid searches list their notices in at `nowMs`. */
export function bidOrderAt(changes: readonly DataChange[], nowMs: number): BidOrder {
  return inEffect(changes, 'bidOrder', nowMs).at(-1)?.order ?? 'newestFirst';
}

/**
 * A notice as served at `nowMs`: its text changes laid over it, its id and url gone while ids are
 * hidden, its url the one generic link while links are.
 */
export function changedBidNotice(
  notice: BidNotice,
  changes: readonly DataChange[],
  nowMs: number,
): Record<string, unknown> {
  let changed: Record<string, unknown> = { ...notice };
  for (const change of inEffect(changes, 'bid', nowMs).filter((c) => c.id === notice.id)) {
    if (change.restyle) {
      for (const field of ['title', 'purchaser', 'supplier']) {
        if (typeof changed[field] === 'string') changed[field] = restyledText(changed[field]);
      }
    }
    changed = { ...changed, ...change.fields };
  }
  const ids = inEffect(changes, 'bidIds', nowMs).at(-1);
  if (ids && !ids.shown) {
    const { id: _id, url: _url, ...withoutIds } = changed;
    changed = withoutIds;
  }
  const link = inEffect(changes, 'bidLinks', nowMs).at(-1)?.url;
  return link === undefined ? changed : { ...changed, url: link };
}
