import type { Clock } from '../core/clock.js';
import type { DataChangeRequest, RecordedChange } from './dataChanges.js';
import type { OperationId, RateLimit } from './operations.js';

export type { OperationId, RateLimit } from './operations.js';

/** Fault settings for one operation (or for all, at the top level of FaultOptions). */
export interface OperationFaultOptions {
  /** Added before every answer: a fixed delay, or a uniform draw from [min, max]. */
  latencyMs?: number | [number, number];
  /** Share of calls answered HTTP 500 with an internal-error envelope. */
  errorRate?: number;
  /** Share of calls accepted and never answered. */
  timeoutRate?: number;
  /** Share of calls answered HTTP 200 with a body that is not JSON. */
  malformedRate?: number;
  /** Share of calls answered with a success envelope whose payload lacks or mistypes a required field. */
  changedFieldRate?: number;
  /** Share of calls answered as if rate limited (429, Retry-After: 1). */
  rateLimitRate?: number;
  /** When true every failure is sent with HTTP 200 and only the envelope tells it is one. */
  businessErrorWithHttp200?: boolean;
  /**
   * Only calls asking for one of these pages (`pageNo`, `pageIndex`; a call naming none asks page 1)
   * draw the faults above, e.g. a page 2 that times out; absent: every call.
   */
  pages?: readonly number[];
}

export interface FaultOptions extends OperationFaultOptions {
  /** Per-operation settings override the top-level ones field by field. */
  perOperation?: Partial<Record<OperationId, OperationFaultOptions>>;
}

export type EnvelopeASuccessCode = 'SUCCESS' | 200 | '200';

export interface SimulatorOptions {
  port?: number;
  apiKeys?: string[];
  rateLimits?: Partial<Record<OperationId, RateLimit>>;
  envelopeACode?: EnvelopeASuccessCode;
  faults?: FaultOptions;
  /**
   * Time as the simulator lives it: rate-limit windows, latency, the time calls are recorded at.
   * Tests pass a fake or pinned clock; by default the system clock.
   */
  clock?: Clock;
  /** The date the data is generated for ("today"); by default the clock's. */
  now?: () => number;
  seed?: number;
  balance?: number;
}

export type CallOutcome =
  | 'success'
  | 'rate_limited'
  | 'unauthorized'
  | 'bad_request'
  | 'fault'
  | 'insufficient_balance';

export interface RecordedCall {
  operation: OperationId;
  key: string;
  /** The simulator clock's time when the request was decided (not the data date). */
  at: number;
  /** HTTP status sent; 0 for a call that was left hanging by a timeout fault. */
  status: number;
  outcome: CallOutcome;
  /** The JSON body the client sent, once it was read as a JSON object (undefined before that). */
  request: unknown;
  /** The envelope (or text) the simulator answered with. */
  body: unknown;
}

export interface SimulatorStats {
  calls: RecordedCall[];
  coinsByKey: Record<string, number>;
  callsByOperation: Record<string, number>;
  successByOperation: Record<string, number>;
  rateLimited: number;
}

export interface Simulator {
  url: string;
  port: number;
  setFaults(faults: FaultOptions): void;
  setOptions(partial: Pick<SimulatorOptions, 'envelopeACode' | 'rateLimits' | 'now'>): void;
  stats(): SimulatorStats;
  reset(): void;
  /** Changes the data from a simulated instant on (dataChanges.ts) and returns the change as recorded; throws on a change it cannot read. */
  changeData<R extends DataChangeRequest>(change: R): RecordedChange<R>;
  close(): Promise<void>;
}
