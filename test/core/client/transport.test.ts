import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTransport, type Transport } from '../../../src/core/client/http.js';
import { letPendingWorkRun, ManualClock } from '../../support/clocks.js';

// The transport's time budget, per call, on virtual time: the calls' deadlines share one timer,
// so each call must still run out exactly at its own start plus the budget, no sooner, no later.
const BUDGET_MS = 300;

interface HeldServer {
  url: string;
  held: ServerResponse[];
  close(): Promise<void>;
}

async function holdingServer(): Promise<HeldServer> {
  const held: ServerResponse[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on('end', () => held.push(response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 2));
}

function settled<T>(promise: Promise<T>): { outcome: () => 'pending' | 'answered' | unknown } {
  let outcome: 'pending' | 'answered' | unknown = 'pending';
  promise.then(
    () => (outcome = 'answered'),
    (error: unknown) => (outcome = error),
  );
  return { outcome: () => outcome };
}

let server: HeldServer | undefined;
let transport: Transport | undefined;
afterEach(async () => {
  await transport?.close();
  await server?.close();
  transport = undefined;
  server = undefined;
});

describe('the transport times every call out at its own start plus the budget', () => {
  it('calls started at different moments run out one by one, each at its own deadline', async () => {
    server = await holdingServer();
    const clock = new ManualClock(1_000_000, { auto: false });
    transport = createTransport({ baseUrl: server.url, apiKey: 'k', timeoutMs: BUDGET_MS, clock });

    const first = settled(transport.post('/v1/first', 'first', {}));
    await until(() => server!.held.length === 1);
    await clock.advance(100);
    const second = settled(transport.post('/v1/second', 'second', {}));
    await until(() => server!.held.length === 2);

    await clock.advance(BUDGET_MS - 100 - 1);
    expect(first.outcome()).toBe('pending');
    await clock.advance(1);
    await until(() => first.outcome() !== 'pending');
    expect(first.outcome()).toMatchObject({ kind: 'timeout', operation: 'first' });
    await letPendingWorkRun();
    expect(second.outcome()).toBe('pending');

    await clock.advance(99);
    expect(second.outcome()).toBe('pending');
    await clock.advance(1);
    await until(() => second.outcome() !== 'pending');
    expect(second.outcome()).toMatchObject({ kind: 'timeout', operation: 'second' });
  });

  it('a call answered in time is not cut short, and a later call still gets its whole budget', async () => {
    server = await holdingServer();
    const clock = new ManualClock(1_000_000, { auto: false });
    transport = createTransport({ baseUrl: server.url, apiKey: 'k', timeoutMs: BUDGET_MS, clock });

    const answered = transport.post('/v1/answered', 'answered', {});
    await until(() => server!.held.length === 1);
    server.held[0]!.end('{"code":200}');
    await expect(answered).resolves.toMatchObject({ status: 200, text: '{"code":200}' });

    // The timer armed for the first call is still due at 1,000,300; this call's deadline is later.
    await clock.advance(200);
    const later = settled(transport.post('/v1/later', 'later', {}));
    await until(() => server!.held.length === 2);
    await clock.advance(BUDGET_MS - 1);
    expect(later.outcome()).toBe('pending');
    await clock.advance(1);
    await until(() => later.outcome() !== 'pending');
    expect(later.outcome()).toMatchObject({ kind: 'timeout', operation: 'later' });
  });

  it("a wall clock stepped back (NTP, a resumed VM) does not cut a new call short: deadlines are on the system's steady clock", async () => {
    server = await holdingServer();
    // The real timers and steady clock; only the wall clock (Date) is moved.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      transport = createTransport({ baseUrl: server.url, apiKey: 'k', timeoutMs: BUDGET_MS });
      const first = transport.post('/v1/first', 'first', {}).catch((error: unknown) => error);
      await until(() => server!.held.length === 1);
      // The second call starts well after the first, then the wall clock steps back an hour.
      await new Promise((resolve) => setTimeout(resolve, BUDGET_MS / 2));
      vi.setSystemTime(Date.now() - 3_600_000);
      const started = performance.now();
      const second = await transport.post('/v1/second', 'second', {}).catch((error: unknown) => error);
      // A lower bound only: a busy machine can make it later, never sooner.
      expect(performance.now() - started).toBeGreaterThanOrEqual(BUDGET_MS - 5);
      expect(second).toMatchObject({ kind: 'timeout', operation: 'second' });
      expect(await first).toMatchObject({ kind: 'timeout', operation: 'first' });
    } finally {
      vi.useRealTimers();
    }
  });
});
