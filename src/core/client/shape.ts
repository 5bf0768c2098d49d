/**
 * The structure of a value without its contents (keys and types, first array element), for logging
 * a response that changed shape without logging the data itself.
 */
export function describeShape(value: unknown, depth = 3): unknown {
  if (Array.isArray(value)) {
    if (value.length === 0) return 'array(0)';
    return depth > 0 ? [`array(${value.length}) of`, describeShape(value[0], depth - 1)] : `array(${value.length})`;
  }
  if (value === null) return 'null';
  if (typeof value === 'object') {
    if (depth <= 0) return 'object';
    const keys = Object.keys(value as object).slice(0, 30);
    return Object.fromEntries(keys.map((key) => [key, describeShape((value as Record<string, unknown>)[key], depth - 1)]));
  }
  return typeof value;
}
