import type { AnyOperation, OperationId } from '../../core/operations/index.js';
import type { Prices } from '../../core/operations/prices.js';
import type { Lang } from '../../i18n/lang.js';

/** Prices come from the one price list, so no screen can disagree with what is charged. */
export function costText(definition: AnyOperation, prices: Prices, lang: Lang): string {
  const price = prices.priceOf(definition.id as OperationId);
  const coins = lang.t('commands.cost.perLookup', { count: price.coins });
  return price.assumed ? lang.t('commands.cost.assumed', { cost: coins }) : coins;
}
