import type { z } from 'zod';
import type { NamesUnder } from '../../i18n/lang.js';
import type { FieldProblem } from '../errors.js';

export interface RateLimit {
  count: number;
  windowMs: number;
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
  /** The operation name from the spec (also the last path segment). */
  id: string;
  /** Short name users and the CLI may type instead of the id; the catalogue names the operation under it. */
  alias: NamesUnder<'commands.titles'>;
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
  /** The envelope's `data` payload. */
  data: z.ZodType<Data>;
  normalise(data: Data, request: Wire): Result;
  /** Default freshness per variant; `cacheVariant` picks one for a request. */
  cacheTtlMs: Readonly<Record<string, number>>;
  cacheVariant(request: Wire): string;
  paging?(request: Wire, result: Result): PageInfo;
  /** The same request moved to another page (for Previous/Next). */
  withPage?(request: Wire, page: number): Wire;
  /** The wire field holding the page number (pageNo, pageIndex): where a page past the end is reported. */
  pageField?: string;
  /**
   * A question to ask before spending on new input that follows the rules but is probably a mistake
   * (a credit code one character short). Asked by the client unless the call is confirmed; kept out
   * of `input` so that validating a wire request again gives the same request.
   */
  confirm?(request: Wire, input: unknown): FieldProblem | undefined;
  /** A working example in `key=value` form, shown next to validation errors. */
  example: string;
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
