// The simulator without its HTTP socket: the same decisions (rate limits, faults, charging, data),
// reached through the client's Transport interface and living entirely on an injected clock. Tests
// of pacing, retries and timeouts run on it with a fake clock, so they take no real time and do not
// depend on how busy the machine is. The HTTP simulator remains the one the app and the end-to-end
// tests talk to.

import type { HttpResponse, Transport } from '../core/client/http.js';
import type { Clock } from '../core/clock.js';
import { UpstreamError } from '../core/errors.js';
import { type DataChangeRequest, type RecordedChange, recordDataChange } from './dataChanges.js';
import { parseFaultOptions } from './faultOptionsSchema.js';
import { replyToOperation } from './operationPipeline.js';
import { operationFromPath } from './operations.js';
import { applyRuntimeOptions, createSimulatorState, DEFAULT_API_KEY, resetState } from './simulatorState.js';
import type { FaultOptions, SimulatorOptions, SimulatorStats } from './types.js';

export interface InProcessSimulatorOptions extends Omit<SimulatorOptions, 'port' | 'clock'> {
  clock: Clock;
  /** The key the transport sends unless a call names its own (one of `apiKeys`). */
  apiKey?: string;
  /** The client's budget per attempt, as the HTTP transport has it. */
  timeoutMs?: number;
}

export interface InProcessSimulator {
  transport: Transport;
  setFaults(faults: FaultOptions): void;
  setOptions(partial: Pick<SimulatorOptions, 'envelopeACode' | 'rateLimits' | 'now'>): void;
  stats(): SimulatorStats;
  reset(): void;
  changeData<R extends DataChangeRequest>(change: R): RecordedChange<R>;
}

export function startInProcessSimulator(options: InProcessSimulatorOptions): InProcessSimulator {
  const { clock, apiKey = options.apiKeys?.[0] ?? DEFAULT_API_KEY, timeoutMs = 5000, ...simulatorOptions } = options;
  const state = createSimulatorState({ ...simulatorOptions, clock });

  async function post(path: string, operationName: string, body: unknown, callKey = apiKey): Promise<HttpResponse> {
    const operation = operationFromPath(path);
    if (!operation)
      return { status: 404, headers: {}, text: JSON.stringify({ code: 404, msg: `no operation at ${path}` }) };
    const reply = replyToOperation(state, {
      operation,
      method: 'POST',
      apiKey: callKey,
      rawBody: JSON.stringify(body),
    });
    const timedOut = () =>
      new UpstreamError('timeout', { operation: operationName }, `${operationName}: no answer within ${timeoutMs} ms`);
    if (reply.kind === 'hang') {
      await clock.sleep(timeoutMs);
      throw timedOut();
    }
    if (reply.latencyMs >= timeoutMs) {
      await clock.sleep(timeoutMs);
      throw timedOut();
    }
    if (reply.latencyMs > 0) await clock.sleep(reply.latencyMs);
    return {
      status: reply.status,
      headers: Object.fromEntries(Object.entries(reply.headers).map(([name, value]) => [name.toLowerCase(), value])),
      text: reply.body,
    };
  }

  return {
    transport: { post, close: async () => undefined },
    setFaults: (faults) => {
      state.settings.faults = parseFaultOptions(faults);
    },
    setOptions: (partial) => applyRuntimeOptions(state, partial),
    stats: () => state.stats.snapshot(),
    reset: () => resetState(state),
    changeData: <R extends DataChangeRequest>(change: R) =>
      recordDataChange(state.changes, change, state.settings.now()) as RecordedChange<R>,
  };
}
