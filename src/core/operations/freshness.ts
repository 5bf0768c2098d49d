import { typedName } from './definition.js';
import { type AnyOperation, type OperationId, operations } from './index.js';

/**
 * How long a result of this request stays fresh in the cache. Overrides (CACHE_TTLS) are keyed by
 * operation id or the operation's name as typed (new-funds), optionally with the variant (`futures:daily`); the most specific one wins.
 */
export function freshnessMs(id: OperationId, request: object, overrides?: Readonly<Record<string, number>>): number {
  const definition: AnyOperation = operations[id];
  const variant = definition.cacheVariant(request);
  if (!overrides) return definition.cacheTtlMs[variant]!;
  const name = typedName(definition.name);
  return (
    overrides[`${id}:${variant}`] ??
    overrides[`${name}:${variant}`] ??
    overrides[id] ??
    overrides[name] ??
    definition.cacheTtlMs[variant]!
  );
}
