// Text form of rate limits, as SIMULATOR_RATE_LIMITS takes them: `fund-asset=6/10s,futures=5/1s`.
// The operation may be named by its id or by its name as typed (new-funds); the window is an optional number and a unit.
import { type OperationId, operationFromName, type RateLimit } from './operations.js';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

function parseOne(entry: string): [OperationId, RateLimit] {
  const match = /^([\w-]+)=(\d+)\/(\d+(?:\.\d+)?)?(ms|s|m|h)$/.exec(entry.replace(/\s+/g, ''));
  if (!match) throw new Error(`rate limit "${entry}" is not in the form name=count/window, e.g. futures=5/1s`);
  const [, name, countText, amountText, unit] = match;
  const operation = operationFromName(name!);
  if (!operation) throw new Error(`rate limit "${entry}" names no known operation`);
  const count = Number(countText);
  const windowMs = Number(amountText ?? '1') * UNIT_MS[unit!]!;
  if (count < 1 || windowMs <= 0)
    throw new Error(`rate limit "${entry}" must allow at least one call in a positive window`);
  return [operation, { count, windowMs }];
}

export function parseRateLimitSpec(text: string): Partial<Record<OperationId, RateLimit>> {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return Object.fromEntries(entries.map(parseOne));
}
