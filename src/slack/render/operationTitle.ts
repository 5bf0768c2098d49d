import { findOperation } from '../../core/operations/index.js';
import type { Lang } from '../../i18n/lang.js';

/**
 * An operation's name for the reader ("Newly issued funds", "新发基金"), from its id or alias; an
 * operation the app does not know (an old ledger entry) keeps the id it was recorded under.
 */
export function operationTitle(idOrAlias: string, lang: Lang): string {
  const definition = findOperation(idOrAlias);
  return definition ? lang.t(`commands.titles.${definition.alias}`) : idOrAlias;
}
