import { findOperation, type OperationId, operations, typedNameOf } from '../../core/operations/index.js';
import { exactLocale, type Locale } from '../../i18n/lang.js';

/** Slack refuses a button whose value is longer than this. */
export const MAX_BUTTON_VALUE = 2000;

export interface EncodedQuery {
  operation: OperationId;
  request: object;
  /** The language of the reply the button is under (Previous/Next): the page it brings is said in it too. */
  locale?: Locale;
  /** A page button labelled free (its page was cached when drawn): the click may only take it from the cache. */
  free?: boolean;
}

export interface DecodedQuery {
  operation: OperationId;
  request: Record<string, unknown>;
  locale?: Locale;
  free?: boolean;
}

/**
 * A query carried in a button value, so Previous/Next/Share can repeat it without server-side state:
 * `{"o":"<name as typed>","r":<wire request>}`, with `"l":"zh-CN"` on a button whose answer keeps the
 * reply's language and `"f":1` on a Next or Previous labelled free. The name keeps it short (and as buttons
 * already posted carry it); the wire request needs no re-validation of user input. Undefined when
 * Slack would refuse the value.
 */
export function encodeQueryValue(query: EncodedQuery): string | undefined {
  if (!Object.hasOwn(operations, query.operation)) return undefined;
  const definition = operations[query.operation];
  const value = JSON.stringify({
    o: typedNameOf(definition),
    r: query.request,
    ...(query.locale ? { l: query.locale } : {}),
    ...(query.free ? { f: 1 } : {}),
  });
  return value.length <= MAX_BUTTON_VALUE ? value : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a button value back. Values come from Slack and can be forged, so anything that is not a known
 * operation with a request of the exact wire shape gives undefined; it never throws.
 */
export function decodeQueryValue(value: string): DecodedQuery | undefined {
  if (typeof value !== 'string' || value.length > MAX_BUTTON_VALUE) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return undefined;
  }
  if (!isPlainObject(parsed) || typeof parsed.o !== 'string' || !isPlainObject(parsed.r)) return undefined;
  const definition = findOperation(parsed.o);
  if (!definition) return undefined;
  const request = definition.request.safeParse(parsed.r);
  if (!request.success || !isPlainObject(request.data)) return undefined;
  const locale = exactLocale(parsed.l);
  return {
    operation: definition.id as OperationId,
    request: request.data,
    ...(locale ? { locale } : {}),
    ...(parsed.f === 1 ? { free: true } : {}),
  };
}
