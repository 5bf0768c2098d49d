import { operations, type OperationId } from './index.js';

/**
 * What each operation costs in this deployment: the spec's price, or the operator's DATA_API_COSTS
 * override. Set once at start-up; everything that shows or charges a price reads it here, so a
 * form, the help and a result's footer can never disagree.
 */
const configured = new Map<OperationId, number>();

export function configurePrices(costs: Partial<Record<OperationId, number>>): void {
  configured.clear();
  for (const [id, coins] of Object.entries(costs)) if (coins !== undefined) configured.set(id as OperationId, coins);
}

export interface Price {
  coins: number;
  /** True when neither the spec nor the operator gave this price (the bid search by default). */
  assumed: boolean;
}

export function priceOf(id: OperationId): Price {
  const override = configured.get(id);
  if (override !== undefined) return { coins: override, assumed: false };
  const definition = operations[id];
  return { coins: definition.cost, assumed: !definition.costPublished };
}
