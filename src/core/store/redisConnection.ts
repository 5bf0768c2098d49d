import { createClient } from '@redis/client';
import type { Logger } from 'pino';

export type RedisClient = ReturnType<typeof createReconnectingClient>;

export interface RedisConnectionOptions {
  /** Safe-to-print location, used in logs and errors instead of the URL (which may hold a password). */
  description: string;
  logger?: Logger;
  /** How long createStore may wait for the first connection. */
  connectTimeoutMs?: number;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 2_000;
const MAX_RECONNECT_DELAY_MS = 5_000;

/**
 * A connected node-redis client that rides out outages by itself: it reconnects with backoff,
 * refuses commands while disconnected (so callers fail fast instead of queueing forever), and
 * logs one line when Redis goes away and one when it comes back.
 */
export async function connectRedis(url: string, options: RedisConnectionOptions): Promise<RedisClient> {
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const deadline = Date.now() + connectTimeoutMs;
  let everReady = false;
  let client: RedisClient;
  try {
    client = createReconnectingClient(url, connectTimeoutMs, (retries, cause) => {
      if (everReady) return backoffDelay(retries);
      // Before the first success, give up at the deadline so createStore rejects instead of hanging.
      const remainingMs = deadline - Date.now();
      if (remainingMs <= 0) return new Error(describeError(cause));
      return Math.min(backoffDelay(retries), remainingMs);
    });
  } catch (error) {
    // Not chained as `cause`: URL parse errors carry the full input, password included.
    throw new Error(`Invalid Redis URL ${options.description}: ${describeError(error)}`);
  }

  let reachable = false;
  let lastError: unknown;
  // Without an 'error' listener, a dropped connection would be an uncaught exception. Errors come
  // once per failed attempt, so the state change is read from 'reconnecting' and 'ready' instead.
  client.on('error', (error: unknown) => {
    lastError = error;
  });
  client.on('reconnecting', () => {
    if (!everReady || !reachable) return;
    reachable = false;
    options.logger?.warn({ err: lastError, redis: options.description }, 'redis unreachable');
  });
  client.on('ready', () => {
    if (everReady && !reachable) options.logger?.info({ redis: options.description }, 'redis back');
    everReady = true;
    reachable = true;
  });

  try {
    await client.connect();
  } catch (error) {
    if (client.isOpen) client.destroy();
    throw new Error(`Redis unreachable at ${options.description}: ${describeError(error)}`, { cause: error });
  }
  return client;
}

function createReconnectingClient(
  url: string,
  connectTimeoutMs: number,
  reconnectStrategy: (retries: number, cause: Error) => number | Error,
) {
  return createClient({
    url,
    // Commands issued while disconnected are rejected at once instead of queued until Redis returns.
    disableOfflineQueue: true,
    socket: { connectTimeout: connectTimeoutMs, reconnectStrategy },
  });
}

function backoffDelay(retries: number): number {
  const jitter = Math.random() * 100;
  return Math.min(100 * 2 ** Math.min(retries, 10), MAX_RECONNECT_DELAY_MS) + jitter;
}

// Node's connection errors can have an empty message (an AggregateError when localhost resolves
// to both IPv4 and IPv6), so fall back to their code.
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  return error.message || code || error.name;
}
