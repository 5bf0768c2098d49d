import { operation, type OperationId } from '../../core/operations/index.js';
import type { Lang } from '../../i18n/lang.js';

/**
 * What an operation is called in the reader's language (`commands.titles.<alias>`); the definition's
 * own `title` is the English one, for logs.
 */
export function operationTitle(id: OperationId, lang: Lang): string {
  return lang.t(`commands.titles.${operation(id).alias}`);
}
