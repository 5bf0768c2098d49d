import { isAbsolute, resolve } from 'node:path';
import type { Logger } from 'pino';
import { MemoryStore } from './memoryStore.js';
import { redactUrl } from './redactUrl.js';
import type { Store } from './types.js';

export { redactUrl } from './redactUrl.js';
export type { CounterChange, ReserveOutcome, Store } from './types.js';

export interface CreateStoreOptions {
  /** Redis only: prefix for every key (default `dq:`). */
  prefix?: string;
  /** Redis only: where connection loss and recovery are reported. */
  logger?: Logger;
}

export type StoreLocation =
  | { kind: 'memory' }
  | { kind: 'sqlite'; path: string }
  | { kind: 'redis'; url: string; description: string };

const ACCEPTED_FORMS =
  'memory:// (in-process, lost on exit), sqlite://<path> (e.g. sqlite://./data/dq.sqlite or sqlite:///var/lib/dq/dq.sqlite), ' +
  'redis://[:password@]host[:port][/db] or rediss://… (e.g. redis://127.0.0.1:6379)';

/**
 * Opens the store STORE_URL points at; Redis and SQLite are connected and ready when this resolves.
 * Each backend (and its client library) is loaded only when chosen: a process on one store never
 * loads the others, and neither does anything that only reads the configuration.
 */
export async function createStore(url: string, options: CreateStoreOptions = {}): Promise<Store> {
  const location = parseStoreUrl(url);
  switch (location.kind) {
    case 'memory':
      return new MemoryStore();
    case 'sqlite':
      return (await import('./sqliteStore.js')).SqliteStore.open(location.path);
    case 'redis':
      return (await import('./redisStore.js')).RedisStore.connect(location.url, {
        ...options,
        description: location.description,
      });
  }
}

export function parseStoreUrl(url: string): StoreLocation {
  const trimmed = url.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme === 'memory') return { kind: 'memory' };
  if (scheme === 'sqlite') {
    const path = trimmed.slice('sqlite://'.length).split(/[?#]/)[0]!;
    if (!path) throw new Error(`STORE_URL ${JSON.stringify(url)} has no file path. Accepted forms: ${ACCEPTED_FORMS}`);
    return { kind: 'sqlite', path: isAbsolute(path) ? path : resolve(path) };
  }
  if (scheme === 'redis' || scheme === 'rediss') {
    return { kind: 'redis', url: trimmed, description: redactUrl(trimmed) };
  }
  throw new Error(`Unsupported STORE_URL ${JSON.stringify(redactUrl(trimmed))}. Accepted forms: ${ACCEPTED_FORMS}`);
}
