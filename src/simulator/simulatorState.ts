// Everything a running simulator remembers: its settings (some changeable at run time), the fault
// generator, the rate-limit windows and the statistics.
import { type Clock, systemClock } from '../core/clock.js';
import type { DataChange } from './dataChanges.js';
import { parseFaultOptions } from './faultOptionsSchema.js';
import { OPERATION_IDS, OPERATION_PROFILES, type OperationId, type RateLimit } from './operations.js';
import { createSeededRandom } from './random.js';
import { SlidingWindowRateLimiter } from './rateLimiter.js';
import { StatsRecorder } from './statsRecorder.js';
import type { EnvelopeASuccessCode, FaultOptions, SimulatorOptions } from './types.js';

export const DEFAULT_API_KEY = 'sim-key';
const DEFAULT_SEED = 20_240_601; // fixed, so runs are reproducible unless a seed is given

export interface SimulatorSettings {
  apiKeys: ReadonlySet<string>;
  envelopeACode: EnvelopeASuccessCode;
  rateLimits: Record<OperationId, RateLimit>;
  faults: FaultOptions;
  clock: Clock;
  now: () => number;
  balance: number | undefined;
}

export interface SimulatorState {
  settings: SimulatorSettings;
  faultRandom: () => number;
  limiter: SlidingWindowRateLimiter;
  stats: StatsRecorder;
  /** Changes to the data over simulated time (see dataChanges.ts). */
  changes: DataChange[];
}

function checkedRateLimits(
  base: Record<OperationId, RateLimit>,
  overrides: Partial<Record<OperationId, RateLimit>> | undefined,
): Record<OperationId, RateLimit> {
  const limits = { ...base };
  for (const [operation, limit] of Object.entries(overrides ?? {}) as Array<[OperationId, RateLimit | undefined]>) {
    if (!limit) continue;
    if (!OPERATION_IDS.includes(operation)) throw new Error(`rate limit for unknown operation: ${operation}`);
    if (!Number.isInteger(limit.count) || limit.count < 1 || !(limit.windowMs > 0)) {
      throw new Error(`rate limit of ${operation} needs a positive whole count and a positive window`);
    }
    limits[operation] = { count: limit.count, windowMs: limit.windowMs };
  }
  return limits;
}

function checkedEnvelopeACode(code: EnvelopeASuccessCode): EnvelopeASuccessCode {
  if (code !== 'SUCCESS' && code !== 200 && code !== '200')
    throw new Error("envelopeACode must be 'SUCCESS', 200 or '200'");
  return code;
}

function defaultRateLimits(): Record<OperationId, RateLimit> {
  return Object.fromEntries(OPERATION_IDS.map((id) => [id, OPERATION_PROFILES[id].defaultRateLimit])) as Record<
    OperationId,
    RateLimit
  >;
}

export function createSimulatorState(options: SimulatorOptions): SimulatorState {
  const apiKeys = options.apiKeys ?? [DEFAULT_API_KEY];
  if (apiKeys.length === 0 || apiKeys.some((key) => key === '')) throw new Error('apiKeys must be non-empty strings');
  if (options.balance !== undefined && !(options.balance >= 0)) throw new Error('balance must not be negative');
  const clock = options.clock ?? systemClock;
  return {
    settings: {
      apiKeys: new Set(apiKeys),
      envelopeACode: checkedEnvelopeACode(options.envelopeACode ?? 'SUCCESS'),
      rateLimits: checkedRateLimits(defaultRateLimits(), options.rateLimits),
      faults: parseFaultOptions(options.faults ?? {}),
      clock,
      now: options.now ?? (() => clock.now()),
      balance: options.balance,
    },
    faultRandom: createSeededRandom(options.seed ?? DEFAULT_SEED),
    limiter: new SlidingWindowRateLimiter(() => clock.now()),
    stats: new StatsRecorder(),
    changes: [],
  };
}

/** Rate limits given here are laid over the current ones; operations not named keep theirs. */
export function applyRuntimeOptions(
  state: SimulatorState,
  partial: Pick<SimulatorOptions, 'envelopeACode' | 'rateLimits' | 'now'>,
): void {
  const { settings } = state;
  if (partial.envelopeACode !== undefined) settings.envelopeACode = checkedEnvelopeACode(partial.envelopeACode);
  if (partial.rateLimits !== undefined)
    settings.rateLimits = checkedRateLimits(settings.rateLimits, partial.rateLimits);
  if (partial.now !== undefined) settings.now = partial.now;
}

export function resetState(state: SimulatorState): void {
  state.stats.reset();
  state.limiter.clear();
}
