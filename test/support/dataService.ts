import { DataClient, type DataClientOptions } from '../../src/core/client/dataClient.js';
import { MemoryStore } from '../../src/core/store/memoryStore.js';
import { type SimulatorOptions, type SimulatorStats, startSimulator } from '../../src/simulator/index.js';
import { startInProcessSimulator } from '../../src/simulator/inProcess.js';
import { ManualClock, PINNED_AT, pinnedClock } from './clocks.js';

export const TEST_KEY = 'test-key';

/**
 * A simulator on an ephemeral port plus a client wired to it with a memory store, both on one clock
 * (by default real time pinned to PINNED_AT, so the simulated data does not follow today's date).
 */
export async function startDataService(
  simulatorOptions: SimulatorOptions = {},
  clientOptions: Partial<DataClientOptions> = {},
) {
  const clock = clientOptions.clock ?? simulatorOptions.clock ?? pinnedClock();
  const simulator = await startSimulator({ apiKeys: [TEST_KEY], seed: 7, clock, ...simulatorOptions });
  const store = clientOptions.store ?? new MemoryStore({ clock });
  const client = new DataClient({
    baseUrl: simulator.url,
    apiKey: TEST_KEY,
    store,
    clock,
    retry: { baseDelayMs: 20, maxDelayMs: 200 },
    ...clientOptions,
  });
  return {
    clock,
    simulator,
    client,
    store,
    async close() {
      await client.close();
      await simulator.close();
      await store.close();
    },
  };
}

export type DataService = Awaited<ReturnType<typeof startDataService>>;

/**
 * The same pair on virtual time: the simulator's decisions without its socket (see inProcess.ts) and
 * a client, both on a ManualClock that jumps ahead whenever everything waits on it. For behaviour
 * about time (pacing, Retry-After, backoff, timeouts, expiry): exact, instant, and independent of
 * how busy the machine is.
 */
export function startVirtualDataService(
  simulatorOptions: Omit<SimulatorOptions, 'clock' | 'port'> = {},
  clientOptions: Partial<DataClientOptions> = {},
) {
  const clock = clientOptions.clock instanceof ManualClock ? clientOptions.clock : new ManualClock(PINNED_AT);
  const timeoutMs = clientOptions.timeoutMs ?? 5000;
  const simulator = startInProcessSimulator({
    apiKeys: [TEST_KEY],
    seed: 7,
    ...simulatorOptions,
    apiKey: TEST_KEY,
    clock,
    timeoutMs,
  });
  const store = clientOptions.store ?? new MemoryStore({ clock });
  const client = new DataClient({
    baseUrl: 'http://simulator.invalid',
    apiKey: TEST_KEY,
    store,
    clock,
    transport: simulator.transport,
    retry: { baseDelayMs: 20, maxDelayMs: 200 },
    ...clientOptions,
  });
  return {
    clock,
    simulator,
    client,
    store,
    async close() {
      await client.close();
      await store.close();
    },
  };
}

export const TEAM = { teamId: 'T1', userId: 'U1', channelId: 'C1' };

export function upstreamCalls(simulator: { stats(): SimulatorStats }, operation?: string) {
  return simulator.stats().calls.filter((call) => !operation || call.operation === operation);
}
