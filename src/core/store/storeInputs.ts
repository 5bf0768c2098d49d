import { type CounterChange, LEDGER_LOG_PREFIX, type StoreMarker } from './types.js';

/**
 * Checks shared by every backend, so a caller gets the same error whichever STORE_URL is set
 * instead of discovering in production that only Redis rejects fractional coins.
 */

// Keyv adapters build their clear()/iterator() matches from the namespace (SQL LIKE, Redis glob)
// and join it to keys with ':' — so wildcard characters or a ':' in a namespace would let one
// namespace's clear() reach into another's keys.
const NAMESPACE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export function assertKeyvNamespace(namespace: string): void {
  if (!NAMESPACE_PATTERN.test(namespace)) {
    throw new Error(
      `Invalid keyv namespace ${JSON.stringify(namespace)}: use 1-64 letters, digits, '_', '.' or '-', starting with a letter or digit`,
    );
  }
}

export function assertTtl(ttlMs: number): void {
  if (!Number.isFinite(ttlMs) || ttlMs <= 0) {
    throw new RangeError(`ttlMs must be a positive number of milliseconds, got ${ttlMs}`);
  }
}

/** Counters hold whole coins: Redis INCRBY only accepts integers, so every backend insists on them. */
export function assertCounterAmount(amount: number): void {
  if (!Number.isSafeInteger(amount)) {
    throw new RangeError(`Counter amounts must be safe integers, got ${amount}`);
  }
}

export function assertCounterChanges(items: readonly CounterChange[], ttlMs: number): void {
  assertTtl(ttlMs);
  for (const item of items) {
    assertCounterAmount(item.amount);
    if (item.limit !== undefined && !Number.isFinite(item.limit)) {
      throw new RangeError(`Counter limit for ${item.key} must be a finite number, got ${item.limit}`);
    }
  }
}

export function assertTimestamp(at: number): void {
  if (!Number.isFinite(at)) throw new RangeError(`Log timestamps must be finite numbers, got ${at}`);
}

/** JSON text for a document or log entry; refuses values JSON cannot represent at top level. */
/**
 * Keyv's own serializer also carries Buffers and BigInts, which nothing stored here holds, and costs
 * five times plain JSON (about 25 µs a cache write, a tenth of a lookup's own time).
 */
export const PLAIN_JSON = { serialize: JSON.stringify, deserialize: JSON.parse } as const;

export function toJson(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError('Stored values must be JSON-serialisable (got undefined or a function)');
  return json;
}

/** Whether a stored document's JSON (undefined: no such document) still carries `marker`. */
export function holdsMarker(json: string | undefined, marker: StoreMarker): boolean {
  if (json === undefined) return false;
  try {
    return (JSON.parse(json) as { marker?: unknown } | null)?.marker === marker.marker;
  } catch {
    return false;
  }
}

/**
 * Walks a reserve request the way every backend must: items in order, each limited item checked
 * against its counter's current value plus whatever earlier items of the same request already
 * added to that counter. Returns the first failing item, or the running totals when all pass.
 */
export function planReserve(
  items: readonly CounterChange[],
  currentValueOf: (key: string) => number,
): { ok: true; totals: number[] } | { ok: false; index: number; total: number } {
  const totals: number[] = [];
  for (let index = 0; index < items.length; index++) {
    const item = items[index]!;
    // A request holds a few items (a team's and a user's counter): looking back costs less than a Map.
    let before: number | undefined;
    for (let earlier = index - 1; earlier >= 0 && before === undefined; earlier--)
      if (items[earlier]!.key === item.key) before = totals[earlier];
    const after = (before ?? currentValueOf(item.key)) + item.amount;
    if (item.limit !== undefined && after > item.limit) {
      return { ok: false, index, total: currentValueOf(item.key) };
    }
    totals.push(after);
  }
  return { ok: true, totals };
}

/**
 * A prefix for Store.forgetPrefixed: a key's whole parts (it ends with ':'), and never a ledger's,
 * which keeps its billing facts (redactLog) rather than going.
 */
export function assertForgetPrefix(prefix: string): void {
  if (!prefix.endsWith(':') || prefix.length < 2)
    throw new Error(`a prefix to forget must end with ':' (got ${JSON.stringify(prefix)})`);
  if (prefix.startsWith(LEDGER_LOG_PREFIX) || LEDGER_LOG_PREFIX.startsWith(prefix))
    throw new Error('a ledger is redacted, never forgotten');
}

/** The entry (JSON text) with only `fields` left, or undefined when it has nothing else. */
export function redactedJson(json: string, fields: readonly string[]): string | undefined {
  const entry: unknown = JSON.parse(json);
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return undefined;
  const record = entry as Record<string, unknown>;
  if (Object.keys(record).every((key) => fields.includes(key))) return undefined;
  const kept: Record<string, unknown> = {};
  for (const field of fields) if (field in record) kept[field] = record[field];
  return JSON.stringify(kept);
}
