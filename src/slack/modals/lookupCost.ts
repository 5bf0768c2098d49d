import type { OperationId } from '../../core/operations/index.js';
import type { Prices } from '../../core/operations/prices.js';
import type { Lang } from '../../i18n/lang.js';

/** "20 coins per lookup", from the one price list, so no form can disagree with what is charged. */
export function lookupCost(operationId: OperationId, prices: Prices, lang: Lang): string {
  const price = prices.priceOf(operationId);
  return lang.t(price.assumed ? 'modals.cost.perLookupAssumed' : 'modals.cost.perLookup', { coins: price.coins });
}
