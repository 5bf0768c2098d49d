// Shared helpers for the simulator tests: start one on an ephemeral port and speak to it with fetch.
import { afterAll, beforeAll } from 'vitest';
import { type OperationId, type Simulator, type SimulatorOptions, startSimulator } from '../../src/simulator/index.js';

export const KEY = 'sim-key';
/** 2025-06-15 12:30 in Shanghai: a fixed simulated time so data-dependent expectations hold. */
export const FIXED_NOW = Date.UTC(2025, 5, 15, 4, 30);
export const DAY_MS = 86_400_000;

export const OP = {
  taxpayer: 'enterprise-general-taxpayer-query',
  bids: 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list',
  fundAsset: 'fund-asset',
  futures: 'finance-external-futures-kline',
  newFunds: 'fund-new-list',
} as const satisfies Record<string, OperationId>;

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  // `any` on purpose: the tests probe arbitrary envelope fields, since the shape is what is under test.
  json: any;
}

export interface CallOptions {
  key?: string | null;
  method?: string;
  rawBody?: string;
  signal?: AbortSignal;
}

export async function call(
  simulator: Simulator,
  path: string,
  body: unknown,
  options: CallOptions = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const key = options.key === undefined ? KEY : options.key;
  if (key !== null) headers['X-API-Key'] = key;
  const method = options.method ?? 'POST';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const response = await fetch(`${simulator.url}${path}`, {
    method,
    headers,
    body: hasBody ? (options.rawBody ?? JSON.stringify(body)) : undefined,
    signal: options.signal,
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

export function callOperation(simulator: Simulator, operation: OperationId, body: unknown, options: CallOptions = {}) {
  return call(simulator, `/v1/${operation}`, body, options);
}

/** Limits no data test reaches, so only the rate-limit tests meet the limiter. */
export const GENEROUS_RATE_LIMITS = Object.fromEntries(
  Object.values(OP).map((operation) => [operation, { count: 100_000, windowMs: 60_000 }]),
) as Record<OperationId, { count: number; windowMs: number }>;

/** One simulator for the whole file, closed afterwards; the getter reads it once it has started. */
export function useSimulator(
  options: SimulatorOptions = { now: () => FIXED_NOW, rateLimits: GENEROUS_RATE_LIMITS },
): () => Simulator {
  let simulator: Simulator | undefined;
  beforeAll(async () => {
    simulator = await startSimulator(options);
  });
  afterAll(async () => {
    await simulator?.close();
  });
  return () => {
    if (!simulator) throw new Error('simulator not started');
    return simulator;
  };
}
