import { type CatalogueKey, momentOf, type Phrase } from '../../i18n/lang.js';
import {
  BudgetExceededError,
  type BudgetScope,
  BudgetUnavailableError,
  isDataError,
  UpstreamError,
  ValidationError,
} from '../errors.js';

/** Whose daily budget stopped the export. */
const BUDGET_REASONS = {
  team: 'export.reason.budgetTeam',
  user: 'export.reason.budgetUser',
  key: 'export.reason.budgetKey',
} as const satisfies Record<BudgetScope, CatalogueKey>;

/** Why a page of an export is missing, and whether its call was paid for. */
export interface ExportFailure {
  reason: Phrase;
  /**
   * `no`: refused before the service decided (a budget, a refusal, nothing sent); `maybe`: sent with
   * no readable answer, so the service may have charged it; `yes`: answered with success and charged,
   * but in a shape the app cannot read; `unknown`: an error of the app's own, whose call the ledger
   * shows if it was made.
   */
  charged: 'no' | 'maybe' | 'yes' | 'unknown';
  /** What the failed call cost, or may have cost; 0 when `charged` is `no`. */
  coins: number;
}

const UPSTREAM_REASONS: Record<UpstreamError['kind'], CatalogueKey> = {
  auth: 'export.reason.auth',
  insufficient_balance: 'export.reason.insufficientBalance',
  rate_limited: 'export.reason.rateLimited',
  rejected: 'export.reason.rejected',
  server: 'export.reason.server',
  timeout: 'export.reason.timeout',
  connection_lost: 'export.reason.connectionLost',
  network: 'export.reason.network',
  malformed: 'export.reason.malformed',
  schema_changed: 'export.reason.schemaChanged',
};

/**
 * A failed page of an export in words for its reader, with what it cost. The client never retries a
 * call that may have been charged, and neither does an export: it stops and says so.
 */
export function exportFailure(error: unknown, costPerPage: number, timeZone: string): ExportFailure {
  if (error instanceof BudgetExceededError) {
    const values = {
      limit: error.limit,
      spent: error.spent,
      resetsAt: momentOf(error.resetsAt.getTime(), timeZone, { withZone: false }),
    };
    return {
      reason: { key: BUDGET_REASONS[error.scope], values },
      charged: 'no',
      coins: 0,
    };
  }
  if (error instanceof UpstreamError) {
    const reason: Phrase = {
      key: error.kind === 'auth' && error.ownKey ? 'export.reason.authOwnKey' : UPSTREAM_REASONS[error.kind],
    };
    if (error.mayHaveCharged) return { reason, charged: 'maybe', coins: error.coinsAtRisk ?? costPerPage };
    // A success code is a charge, even when the payload then turns out to have changed shape.
    if (error.kind === 'schema_changed') return { reason, charged: 'yes', coins: costPerPage };
    return { reason, charged: 'no', coins: 0 };
  }
  if (error instanceof BudgetUnavailableError && error.recordsLost) {
    return {
      reason: {
        key: 'export.reason.budgetRecordsLost',
        values: { until: momentOf(error.recordsLost.until.getTime(), timeZone, { withZone: false }) },
      },
      charged: 'no',
      coins: 0,
    };
  }
  if (isDataError(error) && error.kind === 'budget_unavailable')
    return { reason: { key: 'export.reason.budgetUnavailable' }, charged: 'no', coins: 0 };
  if (isDataError(error) && error.kind === 'stopped')
    return { reason: { key: 'export.reason.stopped' }, charged: 'no', coins: 0 };
  if (error instanceof ValidationError) return { reason: { key: 'export.reason.invalid' }, charged: 'no', coins: 0 };
  return { reason: { key: 'export.reason.unexpected' }, charged: 'unknown', coins: 0 };
}
