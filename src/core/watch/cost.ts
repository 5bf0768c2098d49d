import type { Prices } from '../operations/prices.js';
import { nextRunAfter, type Schedule } from '../digest/schedule.js';
import { watchOperation } from './checks.js';
import type { WatchTarget } from './types.js';

/** The "month" a watch's cost is given for: the next 30 days of its schedule, counted run by run. */
export const MONTH_DAYS = 30;
const DAY_MS = 86_400_000;

/** Scheduled checks in (fromMs, fromMs + days]: croner walks the schedule, daylight-saving changes and all. */
export function checksWithin(schedule: Schedule, fromMs: number, days = MONTH_DAYS): number {
  const until = fromMs + days * DAY_MS;
  let count = 0;
  for (let at = nextRunAfter(schedule, fromMs); at !== undefined && at <= until; at = nextRunAfter(schedule, at)) count++;
  return count;
}

export interface WatchCost {
  /** Coins one check spends (one call, unless another watch's identical call is shared). */
  perCheck: number;
  checksPerMonth: number;
  perMonth: number;
  /** True when the price is the app's assumption rather than a published one. */
  assumed: boolean;
}

/** What a watch costs at its schedule from `fromMs`, before it is saved (and on every list). */
export function watchCost(target: WatchTarget, schedule: Schedule, prices: Prices, fromMs: number): WatchCost {
  const price = prices.priceOf(watchOperation(target));
  const checksPerMonth = checksWithin(schedule, fromMs);
  return { perCheck: price.coins, checksPerMonth, perMonth: price.coins * checksPerMonth, assumed: price.assumed };
}
