import { afterEach, describe, expect, it } from 'vitest';
import { DataClient } from '../../../src/core/client/dataClient.js';
import { createTransport, type Transport } from '../../../src/core/client/http.js';
import { MemoryStore } from '../../../src/core/store/memoryStore.js';
import { type Simulator, startSimulator } from '../../../src/simulator/index.js';
import { pinnedClock } from '../../support/clocks.js';

/**
 * Why "a second export of the same query … joins it" once saw 4 service calls instead of 3: the
 * fourth was a refusal (HTTP 429, not charged) and its retry. On a busy machine the process stalled
 * between a call being counted by the pacer and its arrival at the simulator, so the next call, one
 * guarded window later by the app's count, came less than a window later by the service's. The
 * client widens its window by the stalls it measures, but it measured them only on the system clock;
 * the tests' clock is real time pinned to a date, and measured none.
 */

/** Holds the whole process for `ms`, as a busy machine or a long garbage collection does. */
function holdTheEventLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

describe('a stall between counting a call and sending it', () => {
  let simulator: Simulator | undefined;
  let client: DataClient | undefined;
  afterEach(async () => {
    await client?.close();
    await simulator?.close();
  });

  it('widens the window the next call waits for, on real time pinned to a date as on the system clock: the service refuses nothing', async () => {
    const clock = pinnedClock();
    const limit = { count: 1, windowMs: 1000 };
    simulator = await startSimulator({
      port: 0,
      seed: 7,
      apiKeys: ['stall-key'],
      rateLimits: { 'fund-asset': limit },
      clock,
    });
    const http = createTransport({ baseUrl: simulator.url, apiKey: 'stall-key', timeoutMs: 5000, clock });
    let stalled = false;
    const transport: Transport = {
      post: (path, operation, body) => {
        // Counted by the pacer already; the process then stalls before the request leaves.
        if (!stalled) holdTheEventLoop(300);
        stalled = true;
        return http.post(path, operation, body);
      },
      close: () => http.close(),
    };
    client = new DataClient({
      baseUrl: simulator.url,
      apiKey: 'stall-key',
      store: new MemoryStore({ clock }),
      clock,
      transport,
      rateLimits: { 'fund-asset': limit },
      retry: { maxRetries: 0 },
    });
    await client.call('fund-asset', { fundCode: '000001' }, { teamId: 'T1' });
    await client.call('fund-asset', { fundCode: '110022' }, { teamId: 'T1' });
    expect(simulator.stats().calls.map((call) => call.outcome)).toEqual(['success', 'success']);
  });
});
