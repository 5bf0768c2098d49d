import type { AnyOperation, OperationId } from '../../core/operations/index.js';
import type { Prices } from '../../core/operations/prices.js';

/** Prices come from the one price list, so no screen can disagree with what is charged. */
export function costText(definition: AnyOperation, prices: Prices): string {
  const price = prices.priceOf(definition.id as OperationId);
  const coins = `${price.coins} coins per lookup`;
  return price.assumed ? `${coins} (assumed: the service does not publish this cost)` : coins;
}
