import { operations, type AnyOperation, type OperationId } from './index.js';

/**
 * How long a result of this request stays fresh in the cache. Overrides (CACHE_TTLS) are keyed by
 * operation id or alias, optionally with the variant (`futures:daily`); the most specific one wins.
 */
export function freshnessMs(id: OperationId, request: object, overrides?: Readonly<Record<string, number>>): number {
  const definition: AnyOperation = operations[id];
  const variant = definition.cacheVariant(request);
  if (!overrides) return definition.cacheTtlMs[variant]!;
  return overrides[`${id}:${variant}`] ?? overrides[`${definition.alias}:${variant}`] ?? overrides[id] ?? overrides[definition.alias] ?? definition.cacheTtlMs[variant]!;
}
