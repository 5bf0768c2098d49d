// Changes to the synthetic data over simulated time, so a watch has something to notice: a company's
// record (its credit rating, its status), a fund's latest net assets, a contract's latest close. Each
// takes effect from a simulated instant on (by default the moment it was made), on the simulator's
// clock; later changes of the same thing win. Without changes the data is exactly as before.
import { z } from 'zod';
import type { AssetRecord } from './data/assetHistory.js';
import type { TaxpayerRecord } from './data/taxpayerCatalogue.js';

const from = z.number().int().nonnegative().optional();

const dataChangeSchema = z.discriminatedUnion('kind', [
  /** Fields of the record with this credit code, e.g. `{ taxCreditRating: 'C' }`. */
  z.strictObject({ kind: z.literal('taxpayer'), creditNo: z.string().min(1), fields: z.record(z.string(), z.string()), from }),
  /** The latest net assets; with `assetDate` a new latest record of that date. */
  z.strictObject({ kind: z.literal('fund'), fundCode: z.string().regex(/^\d{6}$/), asset: z.number().positive(), assetDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(), from }),
  /** The close of the candle forming at the time asked (every period), from `from` on. */
  z.strictObject({ kind: z.literal('futures'), symbol: z.string().min(1), close: z.number().positive(), from }),
]);

export type DataChangeRequest = z.input<typeof dataChangeSchema>;
export type DataChange = z.output<typeof dataChangeSchema> & { from: number };

/** Reads a change as the admin endpoint or a test gives it; `now` is when it takes effect unless it says. */
export function parseDataChange(input: unknown, now: number): DataChange {
  const result = dataChangeSchema.safeParse(input);
  if (!result.success) throw new Error(`invalid data change: ${z.prettifyError(result.error)}`);
  return { ...result.data, from: result.data.from ?? now };
}

function inEffect<K extends DataChange['kind']>(changes: readonly DataChange[], kind: K, nowMs: number): Array<Extract<DataChange, { kind: K }>> {
  return changes.filter((change): change is Extract<DataChange, { kind: K }> => change.kind === kind && change.from <= nowMs).sort((a, b) => a.from - b.from);
}

export function changedTaxpayer(record: TaxpayerRecord, changes: readonly DataChange[], nowMs: number): TaxpayerRecord {
  const mine = inEffect(changes, 'taxpayer', nowMs).filter((change) => change.creditNo.toUpperCase() === record.creditNo);
  return mine.length === 0 ? record : mine.reduce<TaxpayerRecord>((changed, change) => ({ ...changed, ...change.fields }) as TaxpayerRecord, record);
}

/** `history` newest first, as the service lists it. */
export function changedAssetHistory(fundCode: string, history: AssetRecord[], changes: readonly DataChange[], nowMs: number): AssetRecord[] {
  let changed = history;
  for (const change of inEffect(changes, 'fund', nowMs).filter((c) => c.fundCode === fundCode)) {
    const [latest, ...older] = changed;
    const dated = change.assetDate !== undefined && change.assetDate !== latest?.assetDate;
    const previous = dated ? latest : older[0];
    const assetRate = previous ? Math.round(((change.asset - previous.asset) / previous.asset) * 10_000) / 100 : 0;
    const record: AssetRecord = { assetDate: change.assetDate ?? latest?.assetDate ?? '', assetRate, asset: change.asset };
    changed = dated ? [record, ...changed] : [record, ...older];
  }
  return changed;
}

/** The close of the current candle (the last line), when a change is in effect; high and low widen to hold it. */
export function changedCurrentCandle(symbol: string, line: number[], changes: readonly DataChange[], nowMs: number): number[] {
  const change = inEffect(changes, 'futures', nowMs).filter((c) => c.symbol.toUpperCase() === symbol).at(-1);
  if (!change) return line;
  const [open, , high, low, , , volume, tickAt] = line as [number, number, number, number, number, number, number, number];
  const previousClose = open;
  return [open, change.close, Math.max(high, change.close), Math.min(low, change.close), change.close - previousClose, Math.round(((change.close - previousClose) / previousClose) * 10_000) / 100, volume, tickAt];
}
