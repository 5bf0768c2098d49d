import { ACTION } from '../payloads/ids.js';
import { decodeQueryValue } from '../payloads/queryValue.js';
import type { QueryRun } from './runQuery.js';

/**
 * The lookup a result button stands for: Previous/Next re-run the query on another page and replace
 * the message; Share re-posts it visibly, from cache only. Undefined for other buttons or a value
 * that no longer decodes.
 */
export function queryRunForButton(actionId: string, value: string | undefined): QueryRun | undefined {
  const query = decodeQueryValue(value ?? '');
  if (!query) return undefined;
  const base = { operation: query.operation, input: query.request, confirmed: true };
  switch (actionId) {
    case ACTION.pagePrevious:
    case ACTION.pageNext:
    case ACTION.retry:
      return {
        ...base,
        replace: true,
        ...(query.locale ? { locale: query.locale } : {}),
        ...(query.free ? { freeOnly: 'labelled' as const } : {}),
      };
    case ACTION.share:
      return { ...base, cacheOnly: true, share: true };
    default:
      return undefined;
  }
}
