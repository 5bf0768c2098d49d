import { spacingMs } from '../client/pacer.js';
import type { RateLimit } from '../operations/definition.js';
import type { SupplierList } from './supplierList.js';

/** What a check of a whole list will cost and take, stated before anything is called. */
export interface BatchPlan {
  rows: number;
  distinct: number;
  unreadable: number;
  /** Suppliers the cache answers, free. */
  cached: number;
  /** Suppliers to look up, each at `cost`. */
  toLookUp: number;
  cost: number;
  coins: number;
  /** The coins the person may still spend today (the lower of their own and the workspace's budget), when limited. */
  budgetLeft?: number;
  /** How many lookups the budget pays for, when it does not pay for all. */
  fits?: number;
  /** The time the lookups take at the service's rate limit, with nobody else asking. */
  durationMs: number;
}

export function batchPlan(
  list: SupplierList,
  cached: number,
  price: { cost: number; rateLimit: RateLimit },
  budgetLeft: number | undefined,
): BatchPlan {
  const toLookUp = list.entries.length - cached;
  const plan: BatchPlan = {
    rows: list.rows,
    distinct: list.entries.length,
    unreadable: list.unreadable.length,
    cached,
    toLookUp,
    cost: price.cost,
    coins: toLookUp * price.cost,
    durationMs: Math.ceil(toLookUp * spacingMs(price.rateLimit)),
  };
  if (budgetLeft !== undefined) {
    plan.budgetLeft = budgetLeft;
    const fits = price.cost > 0 ? Math.floor(budgetLeft / price.cost) : toLookUp;
    if (fits < toLookUp) plan.fits = Math.max(0, fits);
  }
  return plan;
}

/** The time left of a batch with `remaining` lookups to go, for its progress line. */
export function remainingMs(remaining: number, rateLimit: RateLimit): number {
  return Math.ceil(remaining * spacingMs(rateLimit));
}
