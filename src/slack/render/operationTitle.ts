import { findOperation } from '../../core/operations/index.js';
import type { Lang } from '../../i18n/lang.js';

/**
 * An operation's title for the reader ("Newly issued funds", "新发基金"), from its id or name; an
 * operation the app does not know (an old ledger entry) keeps the id it was recorded under.
 */
export function operationTitle(idOrName: string, lang: Lang): string {
  const definition = findOperation(idOrName);
  return definition ? lang.t(`${definition.name}.title`) : idOrName;
}
