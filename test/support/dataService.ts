import { DataClient, type DataClientOptions } from '../../src/core/client/dataClient.js';
import { MemoryStore } from '../../src/core/store/memoryStore.js';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../src/simulator/index.js';

export const TEST_KEY = 'test-key';

/** A simulator on an ephemeral port plus a client wired to it with a memory store. */
export async function startDataService(simulatorOptions: SimulatorOptions = {}, clientOptions: Partial<DataClientOptions> = {}) {
  const simulator = await startSimulator({ apiKeys: [TEST_KEY], seed: 7, ...simulatorOptions });
  const store = clientOptions.store ?? new MemoryStore();
  const client = new DataClient({ baseUrl: simulator.url, apiKey: TEST_KEY, store, retry: { baseDelayMs: 20, maxDelayMs: 200 }, ...clientOptions });
  return {
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

export const TEAM = { teamId: 'T1', userId: 'U1', channelId: 'C1' };

export function upstreamCalls(simulator: Simulator, operation?: string) {
  return simulator.stats().calls.filter((call) => !operation || call.operation === operation);
}
