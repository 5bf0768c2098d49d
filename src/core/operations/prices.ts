import { type OperationId, operations } from './index.js';

export interface Price {
  coins: number;
  /** True when neither the spec nor the operator gave this price (the bid search by default). */
  assumed: boolean;
}

/**
 * What each operation costs in this deployment. The wiring builds it once and hands the same value
 * to everything that shows or charges a price (the client, help, forms, footers, Home, digests), so
 * no two of them can disagree; there is no price table to forget to set up.
 */
export interface Prices {
  priceOf(id: OperationId): Price;
}

/** The spec's prices, with the operator's overrides (DATA_API_COSTS) over them. */
export function pricesFrom(overrides: Partial<Record<OperationId, number>> = {}): Prices {
  // A copy: the prices must not follow later changes to the object they were built from.
  const set = new Map(
    Object.entries(overrides).filter((entry): entry is [OperationId, number] => entry[1] !== undefined),
  );
  return {
    priceOf(id) {
      const override = set.get(id);
      if (override !== undefined) return { coins: override, assumed: false };
      const definition = operations[id];
      return { coins: definition.cost, assumed: !definition.costPublished };
    },
  };
}
