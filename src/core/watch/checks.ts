import type { CallContext, DataClient } from '../client/dataClient.js';
import { isDataError } from '../errors.js';
import { type OperationId, operations, type ResultOf, WATCHED_OPERATIONS } from '../operations/index.js';
import { validate } from '../operations/validate.js';
import { checkNewNotices, searchToWatch, tenderInput } from './newNotices.js';
import type { NoticeIdentity } from './noticeIdentity.js';
import type { CheckOutcome, FieldChange, TenderSearch, WatchState, WatchTarget } from './types.js';

/** What a result can be watched as: its subject, and for a saved search the search itself. */
export interface WatchableSubject {
  kind: WatchTarget['kind'];
  subject: string;
  period?: string;
  /** A tender search's options besides its keyword (the `subject`). */
  search?: Omit<TenderSearch, 'keyword'>;
}

/**
 * What a lookup's answer can be watched as ("Watch this" under a result, "watch it" after one);
 * undefined when it names nothing to watch.
 */
export function watchableSubject(operation: OperationId, wire: object, result: unknown): WatchableSubject | undefined {
  const request = wire as Record<string, unknown>;
  switch (operation) {
    case WATCHED_OPERATIONS.company: {
      // One company found: watch it by its credit code, whatever name part found it.
      const { records = [], total } = result as { records?: Array<{ creditNo?: unknown }>; total?: number };
      const creditNo = records.length === 1 && (total ?? 1) === 1 ? records[0]!.creditNo : undefined;
      return typeof creditNo === 'string' && creditNo ? { kind: 'company', subject: creditNo } : undefined;
    }
    // A fund or contract with something to compare (an unknown fund has no history; a page past the end shows none).
    case WATCHED_OPERATIONS.fund:
      return typeof request.fundCode === 'string' && ((result as { records?: unknown[] }).records ?? []).length > 0
        ? { kind: 'fund', subject: request.fundCode }
        : undefined;
    case WATCHED_OPERATIONS.contract:
      return typeof request.symbol === 'string' &&
        typeof request.type === 'string' &&
        ((result as { candles?: unknown[] }).candles ?? []).length > 0
        ? { kind: 'contract', subject: request.symbol, period: request.type }
        : undefined;
    // A search can be watched whatever it finds now: what it finds from now on is what is told.
    case WATCHED_OPERATIONS.tenders: {
      const search = searchToWatch(request);
      if (!search) return undefined;
      const { keyword, ...options } = search;
      return { kind: 'tenders', subject: keyword, ...(Object.keys(options).length > 0 ? { search: options } : {}) };
    }
    default:
      return undefined;
  }
}

/** A futures period in the operation's words (`daily`, `5m`, `1h`, 日线 … or the code); daily when none is given. */
export function readCandlePeriod(word: string | undefined): string | undefined {
  if (word === undefined || word.trim() === '') return '0';
  try {
    // The operation's own reading of a period word, so a watch takes exactly the words a lookup takes.
    return validate(WATCHED_OPERATIONS.contract, { symbol: 'A', type: word, limit: '1' }).type;
  } catch (error) {
    if (isDataError(error)) return undefined;
    throw error;
  }
}

/** The one operation a check of this target calls (once per check). */
export function watchOperation(target: Pick<WatchTarget, 'kind'>): OperationId {
  switch (target.kind) {
    case 'company':
      return WATCHED_OPERATIONS.company;
    case 'fund':
      return WATCHED_OPERATIONS.fund;
    case 'contract':
      return WATCHED_OPERATIONS.contract;
    case 'tenders':
      return WATCHED_OPERATIONS.tenders;
  }
}

/**
 * The input a check sends: the question a person asks of the same subject (`/taxpayer <code>`,
 * `/fund-asset 000001`, `/futures CL daily`), so the operation's own defaults fill in the rest (its
 * largest page: every call costs the same whatever its size). A check and a person's lookup at the
 * same moment are then one request: they share one call and one charge, and each reuses the other's
 * cached answer.
 */
export function watchInput(target: WatchTarget): Record<string, string> {
  switch (target.kind) {
    case 'company':
      return { keyword: target.keyword };
    case 'fund':
      return { fundCode: target.fundCode };
    case 'contract':
      return { symbol: target.symbol, type: target.type };
    case 'tenders':
      return tenderInput(target.search);
  }
}

/** What a watch is about, as its operation names subjects (`fund:000001`), for the name seen for it; undefined when it names none. */
export function watchSubject(target: WatchTarget): string | undefined {
  const definition: { subject?(request: never): string } = operations[WATCHED_OPERATIONS[target.kind]];
  return definition.subject?.(watchInput(target) as never);
}

type TaxpayerRecord = ResultOf<typeof WATCHED_OPERATIONS.company>['records'][number];
type FundAssetRecord = ResultOf<typeof WATCHED_OPERATIONS.fund>['records'][number];

/** Fields as text, so a record compares field by field whatever types the service sent. */
function flatRecord(record: TaxpayerRecord | undefined): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [field, value] of Object.entries(record ?? {})) {
    if (value === null || value === undefined) flat[field] = '';
    else if (typeof value !== 'object') flat[field] = String(value);
  }
  return flat;
}

/** The record a keyword means: the one with that credit code or exactly that name, else the first found. */
function pickRecord(records: TaxpayerRecord[], keyword: string): TaxpayerRecord | undefined {
  const wanted = keyword.trim().toUpperCase();
  return (
    records.find((record) => record.creditNo.toUpperCase() === wanted || record.enterpriseName === keyword.trim()) ??
    records[0]
  );
}

/** The record with the latest date, whichever way the page is ordered (dates as the service writes them, YYYY-MM-DD). */
function latestAssets(records: FundAssetRecord[]): FundAssetRecord | undefined {
  return records.reduce<FundAssetRecord | undefined>(
    (latest, record) => (latest === undefined || record.assetDate > latest.assetDate ? record : latest),
    undefined,
  );
}

function diff(before: Record<string, string>, after: Record<string, string>): FieldChange[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => (before[field] ?? '') !== (after[field] ?? ''))
    .map((field) => ({ field, before: before[field] ?? '', after: after[field] ?? '' }));
}

function rowsOf(record: Record<string, string>): FieldChange[] {
  return Object.entries(record).map(([field, value]) => ({ field, before: '', after: value }));
}

function percent(value: number): string {
  return `${value >= 0 ? '+' : ''}${value.toFixed(2)}%`;
}

/**
 * One check: asks the service (an answer fetched since `notBefore`, never an older cached one),
 * compares with what the previous check saw and says whether the channel should hear of it.
 * Without a previous state this is the baseline: nothing is a change. `told`: a saved search's
 * identities told so far (WatchRepository.told).
 */
export async function checkWatch(
  data: DataClient,
  target: WatchTarget,
  previous: WatchState | undefined,
  context: CallContext,
  notBefore: number,
  told: readonly NoticeIdentity[] = [],
): Promise<CheckOutcome> {
  const options = { notBefore, confirmed: true };
  switch (target.kind) {
    case 'tenders':
      return checkNewNotices(data, target, previous, told, context, notBefore);
    case 'company': {
      // After the first check the company is the one with the credit code it found: a name keyword's
      // first result could otherwise become another company without anyone noticing.
      const creditNo = previous?.kind === 'company' ? (previous.creditNo ?? previous.record.creditNo) : undefined;
      const input = creditNo ? { ...watchInput(target), keyword: creditNo } : watchInput(target);
      const answer = await data.call(WATCHED_OPERATIONS.company, input, context, options);
      const record = creditNo
        ? answer.result.records.find((found) => found.creditNo.toUpperCase() === creditNo.toUpperCase())
        : pickRecord(answer.result.records, target.keyword);
      if (!record) {
        // Not found is a state of its own, not a record of empty fields: told once, and the last
        // values are kept, so a glitch that ends is not a second "everything changed".
        const kept = previous?.kind === 'company' ? previous.record : {};
        const state: WatchState = { kind: 'company', found: false, record: kept, ...(creditNo ? { creditNo } : {}) };
        const subject = kept.enterpriseName || target.keyword;
        if (previous?.kind !== 'company')
          return { state, first: { subject, rows: [], notFound: true }, coinsSpent: answer.coinsSpent, notFound: true };
        return {
          state,
          ...(previous.found ? { change: { subject, rows: [], notFound: true } } : {}),
          coinsSpent: answer.coinsSpent,
          notFound: true,
        };
      }
      const state: WatchState = { kind: 'company', found: true, record: flatRecord(record), creditNo: record.creditNo };
      const subject = record.enterpriseName;
      if (previous?.kind !== 'company' || Object.keys(previous.record).length === 0)
        return { state, first: { subject, rows: rowsOf(state.record) }, coinsSpent: answer.coinsSpent };
      const rows = diff(previous.record, state.record);
      return { state, ...(rows.length > 0 ? { change: { subject, rows } } : {}), coinsSpent: answer.coinsSpent };
    }
    case 'fund': {
      const answer = await data.call(WATCHED_OPERATIONS.fund, watchInput(target), context, options);
      const latest = latestAssets(answer.result.records);
      const state: WatchState = {
        kind: 'fund',
        ...(latest ? { assetDate: latest.assetDate, asset: latest.asset } : {}),
      };
      const subject = target.fundCode;
      const now = { assetDate: latest?.assetDate ?? '', asset: latest ? String(latest.asset) : '' };
      if (previous?.kind !== 'fund' || previous.asset === undefined)
        return { state, first: { subject, rows: rowsOf(now) }, coinsSpent: answer.coinsSpent };
      if (!latest || (latest.assetDate === previous.assetDate && latest.asset === previous.asset))
        return { state: previous, coinsSpent: answer.coinsSpent };
      const moved = ((latest.asset - previous.asset) / previous.asset) * 100;
      const tell =
        target.changePercent === undefined
          ? latest.assetDate !== previous.assetDate
          : Math.abs(moved) > target.changePercent;
      // Below the threshold the baseline stays where it was told last, so slow drifts add up to a notice.
      if (!tell) return { state: previous, coinsSpent: answer.coinsSpent };
      const rows: FieldChange[] = [
        { field: 'assetDate', before: previous.assetDate ?? '', after: latest.assetDate },
        { field: 'asset', before: String(previous.asset), after: String(latest.asset) },
        { field: 'assetChange', before: '', after: percent(moved) },
      ];
      return { state, change: { subject, rows }, coinsSpent: answer.coinsSpent };
    }
    case 'contract': {
      const answer = await data.call(WATCHED_OPERATIONS.contract, watchInput(target), context, options);
      const latest = answer.result.candles.at(-1);
      if (!latest)
        return {
          state: previous ?? { kind: 'contract', close: NaN, at: 0, beyond: false },
          coinsSpent: answer.coinsSpent,
        };
      const beyond = target.direction === 'above' ? latest.close > target.level : latest.close < target.level;
      const state: WatchState = { kind: 'contract', close: latest.close, at: latest.at, beyond };
      const subject = target.symbol;
      const rows: FieldChange[] = [
        {
          field: 'close',
          before: previous?.kind === 'contract' ? String(previous.close) : '',
          after: String(latest.close),
        },
        { field: target.direction === 'above' ? 'levelAbove' : 'levelBelow', before: '', after: String(target.level) },
      ];
      if (previous?.kind !== 'contract') return { state, first: { subject, rows }, coinsSpent: answer.coinsSpent };
      // Once per crossing: told when it goes beyond the level, then quiet until it has come back.
      return {
        state,
        ...(beyond && !previous.beyond ? { change: { subject, rows } } : {}),
        coinsSpent: answer.coinsSpent,
      };
    }
  }
}
