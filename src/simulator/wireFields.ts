// Request fields are checked against the wire types the spec gives, strictly: a client that sends
// `"pageNo": 1` where the spec says string (or the reverse) must find out here, not in production.

export class InvalidParameterError extends Error {}

export type RequestBody = Record<string, unknown>;

/** A string field that may be left out; an empty string counts as left out. */
export function optionalString(body: RequestBody, field: string): string | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new InvalidParameterError(`${field} must be a string`);
  return value === '' ? undefined : value;
}

export function requiredString(body: RequestBody, field: string): string {
  const value = optionalString(body, field);
  if (value === undefined || value.trim() === '') throw new InvalidParameterError(`${field} is required`);
  return value;
}

interface CountRules {
  defaultValue: number;
  max: number;
}

function checkCount(value: number, field: string, rules: CountRules): number {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new InvalidParameterError(`${field} must be a positive integer`);
  }
  if (value > rules.max) throw new InvalidParameterError(`${field} must not exceed ${rules.max}`);
  return value;
}

/** A positive whole number sent as text, e.g. `"pageNo": "2"`. */
export function countFromText(body: RequestBody, field: string, rules: CountRules): number {
  const text = optionalString(body, field);
  if (text === undefined) return rules.defaultValue;
  if (!/^\d+$/.test(text)) throw new InvalidParameterError(`${field} must be a positive integer`);
  return checkCount(Number(text), field, rules);
}

/** A positive whole number sent as a JSON number, e.g. `"pageNo": 2`. */
export function countFromNumber(body: RequestBody, field: string, rules: CountRules): number {
  const value = body[field];
  if (value === undefined) return rules.defaultValue;
  if (typeof value !== 'number') throw new InvalidParameterError(`${field} must be a number`);
  return checkCount(value, field, rules);
}

export function pageItems<T>(items: readonly T[], pageNo: number, pageSize: number): T[] {
  const start = (pageNo - 1) * pageSize;
  return items.slice(start, start + pageSize);
}
