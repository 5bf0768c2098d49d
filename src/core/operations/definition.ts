import type { z } from 'zod';
import type { OperationName } from '../../i18n/lang.js';
import type { FieldProblem } from '../errors.js';

export type { OperationName };

export interface RateLimit {
  count: number;
  windowMs: number;
}

/**
 * How an operation pages, declared once: the client, the Previous/Next buttons, the cache's page
 * bookkeeping and the export plan all derive from this, so none of them guesses a field name or a
 * wire type from a request in hand.
 */
export interface PagingSpec {
  /** The wire field holding the page number (pageNo, pageIndex): where a page past the end is reported. */
  pageField: string;
  /** The wire field holding the page size. */
  sizeField: string;
  /** How both travel: the spec sends them as JSON strings for some operations and numbers for others. */
  wire: 'string' | 'number';
  /**
   * The largest page one call may ask for: the spec's maximum, or the app's own cap where the spec
   * gives none. Every call costs the same whatever its page size, so this is also the default.
   */
  largest: number;
}

/** A page number or size as the operation's wire wants it. */
export function onWire(spec: PagingSpec, value: number): string | number {
  return spec.wire === 'string' ? String(value) : value;
}

/** The paging members of a definition, derived from its one declaration. */
export function pagedBy<Wire extends object>(
  spec: PagingSpec,
): Pick<OperationDefinition<Wire>, 'pages' | 'pageField' | 'withPage'> {
  return {
    pages: spec,
    pageField: spec.pageField,
    withPage: (request, page) => ({ ...request, [spec.pageField]: onWire(spec, page) }),
  };
}

/** The same request asking for another page size, in the operation's wire type. */
export function withPageSize<Wire extends object>(spec: PagingSpec, request: Wire, size: number): Wire {
  return { ...request, [spec.sizeField]: onWire(spec, size) };
}

export interface PageInfo {
  page: number;
  pageSize: number;
  /** Total matching records, when the service says. */
  total?: number;
  /** Number of pages, when the total is known. */
  pageCount?: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

/**
 * Everything the app knows about one data operation, in one place. The client, cache, budgets,
 * commands, modals and renderers all read this; none of them repeats a path, a cost or a rule.
 */
export interface OperationDefinition<Wire extends object = object, Data = unknown, Result = unknown> {
  /** The service's id for the operation (also the last path segment): on the wire and in stored data only. */
  id: string;
  /**
   * The app's one name for the operation, camelCase (newFunds): its files, exports and catalogue
   * (locales/<locale>/operations/<name>.json) are named after it. Where a person types it, it is
   * written as `typedName` gives it.
   */
  name: OperationName;
  path: `/v1/${string}`;
  cost: number;
  /** False when the spec does not publish the cost and `cost` is our assumption. */
  costPublished: boolean;
  rateLimit: RateLimit;
  envelope: 'A' | 'B';
  /** Loose input (strings from Slack, the CLI or modals) to the exact wire body, or field errors. */
  input: z.ZodType<Wire, unknown>;
  /** The request body with the exact wire types of the spec. */
  request: z.ZodType<Wire>;
  /**
   * What is sent for a request, when that is not the request itself: a futures lookup of 15-minute
   * candles is kept (cached, carried in buttons) as asked and sent as the 5-minute candles it is
   * merged from.
   */
  body?(request: Wire): object;
  /** The envelope's `data` payload. */
  data: z.ZodType<Data>;
  normalise(data: Data, request: Wire): Result;
  /** Default freshness per variant; `cacheVariant` picks one for a request. */
  cacheTtlMs: Readonly<Record<string, number>>;
  cacheVariant(request: Wire): string;
  paging?(request: Wire, result: Result): PageInfo;
  /** How the operation pages (declared once); `withPage` and `pageField` are derived from it by `pagedBy`. */
  pages?: PagingSpec;
  /** The same request moved to another page (for Previous/Next). */
  withPage?(request: Wire, page: number): Wire;
  /** `pages.pageField`, kept at hand for the client's past-the-end check. */
  pageField?: string;
  /**
   * A question to ask before spending on new input that follows the rules but is probably a mistake
   * (a credit code one character short). Asked by the client unless the call is confirmed; kept out
   * of `input` so that validating a wire request again gives the same request.
   */
  confirm?(request: Wire, input: unknown): FieldProblem | undefined;
  /**
   * What a request is about, when others name it (`fund:000001`): the answer carries the name the
   * app has seen for it, from any operation's `names`.
   */
  subject?(request: Wire): string;
  /**
   * Names a result gives: funds (`fund:<code>`, from a new-fund list) for the answers about them and
   * the reader, companies (`company`, from taxpayer records and notices) for "did you mean".
   */
  names?(result: Result): Array<{ subject: string; name: string }>;
  /**
   * What the service cannot take on this day, said before anything is sent (a publication period
   * that starts after today). `today` is the service's date (SERVICE_TIME_ZONE), `input` what was
   * typed, so the problem is put on the field the person gave.
   */
  beyondToday?(request: Wire, today: string, input: unknown): FieldProblem | undefined;
  /**
   * The request as asked on the day of `now`, where what it asks depends on the date (a bid period
   * given by one end ends today at the latest). `validate` applies it when told the time; it must
   * leave a request it already completed as it is.
   */
  onDay?(request: Wire, now: number): Wire;
  /**
   * Whether the result's records are days or longer (daily, weekly, monthly candles), dated by the
   * day they start: a file then gives their date, not a time of day in the reader's zone.
   */
  datedByDay?(result: Result): boolean;
  /**
   * The request in the words people type it (`GC`, `1d`, `10`), for a file's name; without it, the
   * request's values as sent.
   */
  wordsOf?(request: Wire): string[];
  /** A working example in `key=value` form, shown next to validation errors. */
  example: string;
}

/**
 * The service's data is China's, and so are its dates: "today" for a publication period is the day
 * in Shanghai (whatever zone the person asking is in, and a day ahead of most of them).
 */
export const SERVICE_TIME_ZONE = 'Asia/Shanghai';

/**
 * The furthest page the app asks for. The spec gives no maximum page number, and a typo
 * (`page:99999999999999999999`) went out as a 21-digit number, taking a rate-limit slot to be
 * refused. A thousand pages of the largest page size (10 000 to 50 000 records) is further than
 * anyone pages; a narrower search reaches the rest.
 */
export const MAX_PAGE = 1000;

/**
 * An operation's name as a person types it (`dq call new-funds`, `CACHE_TTLS=new-funds=1h`):
 * kebab-case. Slack block ids, modal callback ids and button values carry it too, as saved by
 * earlier versions, so it must not change for an operation that has one.
 */
export function typedName(name: OperationName): string {
  return name.replace(/[A-Z]/g, (capital) => `-${capital.toLowerCase()}`);
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export function pageInfo(page: number, pageSize: number, total: number | undefined, received: number): PageInfo {
  if (total === undefined) {
    return { page, pageSize, hasPrevious: page > 1, hasNext: received >= pageSize };
  }
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return { page, pageSize, total, pageCount, hasPrevious: page > 1, hasNext: page < pageCount };
}
