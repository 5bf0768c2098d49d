import { english, type Phrase } from '../i18n/lang.js';
import { type DataErrorKind, failureRule, type UpstreamKind } from './errorKinds.js';

export type { DataErrorKind, UpstreamKind } from './errorKinds.js';

/**
 * Every way a data-service call can fail, as values the Slack side can turn into a short message.
 * None of them carries the API key: errors are logged and shown, so they hold only what is safe.
 */
export abstract class DataError extends Error {
  abstract readonly kind: DataErrorKind;
  /** Whether trying the same call again later may succeed. */
  readonly retryable: boolean = false;
}

export interface FieldProblem {
  field: string;
  /** In English: logs and the error's own message. */
  message: string;
  /** The same problem as a catalogue phrase, for the reader's language. */
  phrase?: Phrase;
  /** The phrase names its field itself (`page 9 is past the end`): no label is put before it. */
  namesItsField?: boolean;
}

/** The input was wrong; nothing was sent and nothing was spent. */
export class ValidationError extends DataError {
  readonly kind = 'validation';
  constructor(
    readonly operation: string,
    readonly problems: FieldProblem[],
    /** A working example of the same request, in the user's terms. */
    readonly example?: string,
  ) {
    super(problems.map((p) => (p.field ? `${p.field}: ${p.message}` : p.message)).join('; '));
    this.name = 'ValidationError';
  }
}

/**
 * A page past the end of results whose number of pages is already known (from an earlier page of
 * the same query): refused before anything is sent, since the service would charge for an empty page.
 */
export class PageOutOfRangeError extends ValidationError {
  constructor(
    operation: string,
    field: string,
    readonly page: number,
    readonly lastPage: number,
    example?: string,
  ) {
    const phrase: Phrase = { key: 'validation.pastTheEnd', values: { page, count: lastPage } };
    super(operation, [{ field, message: english.t(phrase), phrase, namesItsField: true }], example);
    this.name = 'PageOutOfRangeError';
  }
}

/** Whose daily budget: a team's, one person's, or the service key's (everything charged to it, every team's). */
export type BudgetScope = 'team' | 'user' | 'key';

/** A daily coin budget would be passed; nothing was sent. */
export class BudgetExceededError extends DataError {
  readonly kind = 'budget';
  constructor(
    readonly scope: BudgetScope,
    readonly limit: number,
    readonly spent: number,
    readonly needed: number,
    readonly resetsAt: Date,
    /** Whose budget it is, when it is one person's (scope `user`). */
    readonly userId?: string,
  ) {
    super(`${scope} daily budget of ${limit} coins would be exceeded (${spent} spent, ${needed} needed)`);
    this.name = 'BudgetExceededError';
  }
}

/** When the store lost the day's record of spending, and until when budgets stay closed because of it. */
export interface RecordsLost {
  at: Date;
  until: Date;
  /** BUDGET_TZ, the zone of the budget day that ends at `until`. */
  timeZone: string;
}

/**
 * The budgets live in the shared store and cannot be checked: it cannot be reached, or it lost the
 * record of the day's spending (`recordsLost`). Nothing is sent (fail closed).
 */
export class BudgetUnavailableError extends DataError {
  readonly kind = 'budget_unavailable';
  override readonly retryable = true;
  readonly recordsLost?: RecordsLost;
  constructor(options?: { cause?: unknown; recordsLost?: RecordsLost }) {
    super(
      options?.recordsLost
        ? "the coin budgets are closed: the store lost the record of today's spending"
        : 'the coin budgets cannot be checked because the store is unreachable',
      options,
    );
    this.name = 'BudgetUnavailableError';
    if (options?.recordsLost) this.recordsLost = options.recordsLost;
  }
}

/** The app is shutting down: the call was still waiting for its turn and was never sent. */
export class StoppedError extends DataError {
  readonly kind = 'stopped';
  constructor(readonly operation: string) {
    super(`${operation}: the app stopped before this call could be sent`);
    this.name = 'StoppedError';
  }
}

/** A result was asked for from cache only (e.g. sharing) and is no longer there. */
export class NotCachedError extends DataError {
  readonly kind = 'not_cached';
  constructor(readonly operation: string) {
    super(`no cached result for ${operation}`);
    this.name = 'NotCachedError';
  }
}

export interface UpstreamDetails {
  operation: string;
  httpStatus?: number;
  businessCode?: string | number;
  upstreamMessage?: string;
  taskNo?: string;
  /** Milliseconds the service asked us to wait (Retry-After), when it said. */
  retryAfterMs?: number;
}

/** The service (or the way to it) failed; carries what the service said, never the key. */
export class UpstreamError extends DataError {
  /** Whether the call policy tries such a failure again (callPolicy.ts). */
  override readonly retryable: boolean;
  /** Sent, with no readable answer: the service may have charged it (callPolicy.ts). */
  readonly mayHaveCharged: boolean;
  /** What the call may have cost, when `mayHaveCharged` (set by the client, which knows the price). */
  coinsAtRisk?: number;
  /** Sent with the workspace's own data-service key, not the operator's (set by the client): a refused key is the workspace admins' to fix. */
  ownKey?: boolean;
  readonly operation: string;
  readonly httpStatus?: number;
  readonly businessCode?: string | number;
  readonly upstreamMessage?: string;
  readonly taskNo?: string;
  readonly retryAfterMs?: number;

  constructor(
    readonly kind: UpstreamKind,
    details: UpstreamDetails,
    message?: string,
    options?: { cause?: unknown },
  ) {
    super(message ?? describeUpstream(kind, details), options);
    this.name = 'UpstreamError';
    const rule = failureRule(kind);
    this.retryable = rule.retry;
    this.mayHaveCharged = rule.mayHaveCharged;
    this.operation = details.operation;
    if (details.httpStatus !== undefined) this.httpStatus = details.httpStatus;
    if (details.businessCode !== undefined) this.businessCode = details.businessCode;
    if (details.upstreamMessage !== undefined) this.upstreamMessage = details.upstreamMessage;
    if (details.taskNo !== undefined) this.taskNo = details.taskNo;
    if (details.retryAfterMs !== undefined) this.retryAfterMs = details.retryAfterMs;
  }
}

function describeUpstream(kind: UpstreamKind, d: UpstreamDetails): string {
  const parts = [`${d.operation}: ${kind}`];
  if (d.httpStatus !== undefined) parts.push(`HTTP ${d.httpStatus}`);
  if (d.businessCode !== undefined) parts.push(`code ${String(d.businessCode)}`);
  if (d.upstreamMessage) parts.push(d.upstreamMessage);
  if (d.taskNo) parts.push(`taskNo ${d.taskNo}`);
  return parts.join(', ');
}

export function isDataError(error: unknown): error is DataError {
  return error instanceof DataError;
}

/**
 * A configuration that cannot be used, with every problem found, so an operator fixes the whole
 * setup in one go. The loader (src/config.ts) collects these from each section it reads.
 */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration is incomplete:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee docs/configuration.md.`);
    this.name = 'ConfigError';
  }
}
