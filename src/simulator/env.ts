// Simulator options from environment variables, shared by `npm run simulator`, the app's demo mode and
// tests. A malformed value is an error naming the variable, never silently ignored.
import { parseRateLimitSpec } from './rateLimitSpec.js';
import type { EnvelopeASuccessCode, FaultOptions, SimulatorOptions } from './types.js';

export const DEFAULT_SIMULATOR_PORT = 8787;

type Environment = Record<string, string | undefined>;

function settingOf(env: Environment, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

function parsed<T>(env: Environment, name: string, parse: (text: string) => T | undefined): T | undefined {
  const text = settingOf(env, name);
  if (text === undefined) return undefined;
  let result: T | undefined;
  try {
    result = parse(text);
  } catch (error) {
    throw new Error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (result === undefined) throw new Error(`${name} has an unusable value "${text}"`);
  return result;
}

const wholeNumber = (text: string) => (/^\d+$/.test(text) ? Number(text) : undefined);
const integer = (text: string) => (/^-?\d+$/.test(text) ? Number(text) : undefined);

function rate(text: string): number | undefined {
  const value = Number(text);
  return /^\d*\.?\d+$/.test(text) && value <= 1 ? value : undefined;
}

function latency(text: string): number | [number, number] | undefined {
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  const range = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(text);
  if (!range) return undefined;
  const [min, max] = [Number(range[1]), Number(range[2])];
  return min <= max ? [min, max] : undefined;
}

/** `SUCCESS`, `200` (the number) or `"200"` (quoted: the string form). */
function envelopeACode(text: string): EnvelopeASuccessCode | undefined {
  if (text === 'SUCCESS') return 'SUCCESS';
  if (text === '200') return 200;
  return text === '"200"' || text === "'200'" ? '200' : undefined;
}

function flag(text: string): boolean | undefined {
  if (['1', 'true', 'yes'].includes(text.toLowerCase())) return true;
  return ['0', 'false', 'no'].includes(text.toLowerCase()) ? false : undefined;
}

function apiKeys(text: string): string[] | undefined {
  const keys = text
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '');
  return keys.length > 0 ? keys : undefined;
}

function withoutUndefined<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}

export function simulatorOptionsFromEnv(env: Environment): SimulatorOptions & { port: number } {
  const port = parsed(env, 'SIMULATOR_PORT', wholeNumber) ?? DEFAULT_SIMULATOR_PORT;
  if (port > 65_535) throw new Error(`SIMULATOR_PORT ${port} is not a port number`);
  const faults: FaultOptions = withoutUndefined({
    latencyMs: parsed(env, 'SIMULATOR_LATENCY_MS', latency),
    errorRate: parsed(env, 'SIMULATOR_ERROR_RATE', rate),
    timeoutRate: parsed(env, 'SIMULATOR_TIMEOUT_RATE', rate),
    malformedRate: parsed(env, 'SIMULATOR_MALFORMED_RATE', rate),
    changedFieldRate: parsed(env, 'SIMULATOR_CHANGED_FIELD_RATE', rate),
    rateLimitRate: parsed(env, 'SIMULATOR_RATE_LIMIT_RATE', rate),
    businessErrorWithHttp200: parsed(env, 'SIMULATOR_BUSINESS_ERROR_HTTP_200', flag),
  });
  return withoutUndefined({
    port,
    apiKeys: parsed(env, 'SIMULATOR_API_KEYS', apiKeys),
    rateLimits: parsed(env, 'SIMULATOR_RATE_LIMITS', parseRateLimitSpec),
    envelopeACode: parsed(env, 'SIMULATOR_ENVELOPE_A_CODE', envelopeACode),
    faults,
    seed: parsed(env, 'SIMULATOR_SEED', integer),
    balance: parsed(env, 'SIMULATOR_BALANCE', wholeNumber),
  });
}
