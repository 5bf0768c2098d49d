import { isAbsolute, resolve } from 'node:path';
import type { Logger } from 'pino';
import { MemoryStore } from './memoryStore.js';
import { redactUrl } from './redactUrl.js';
import type { Store } from './types.js';

export { redactUrl } from './redactUrl.js';
export type { CounterChange, ReserveOutcome, Store } from './types.js';
export { DEFAULT_DATABASE_POOL_SIZE } from './types.js';

export interface CreateStoreOptions {
  /** Redis only: prefix for every key (default `dq:`). */
  prefix?: string;
  /** Redis and PostgreSQL: where connection loss and recovery are reported. */
  logger?: Logger;
  /**
   * DATABASE_URL: PostgreSQL as the system of record beside a Redis STORE_URL (what must not be
   * lost goes there, the rest stays in Redis).
   */
  database?: DatabaseSettings;
}

export interface DatabaseSettings {
  url: string;
  poolSize?: number | undefined;
  statementTimeoutMs?: number | undefined;
  /** Tables in this schema instead of `public` (tests give each file its own). */
  schema?: string | undefined;
  /** BUDGET_TZ: the ledger's days are summed in it. */
  ledgerTimeZone?: string | undefined;
}

export type StoreLocation =
  | { kind: 'memory' }
  | { kind: 'sqlite'; path: string }
  | { kind: 'redis'; url: string; description: string }
  | { kind: 'postgres'; url: string; description: string };

const ACCEPTED_FORMS =
  'memory:// (in-process, lost on exit), sqlite://<path> (e.g. sqlite://./data/dq.sqlite or sqlite:///var/lib/dq/dq.sqlite), ' +
  'redis://[:password@]host[:port][/db] or rediss://… (e.g. redis://127.0.0.1:6379), ' +
  'postgres://[user[:password]@]host[:port]/database (everything in PostgreSQL, no Redis)';

/**
 * Opens the store STORE_URL points at; Redis and SQLite are connected and ready when this resolves.
 * Each backend (and its client library) is loaded only when chosen: a process on one store never
 * loads the others, and neither does anything that only reads the configuration.
 */
export async function createStore(url: string, options: CreateStoreOptions = {}): Promise<Store> {
  const location = parseStoreUrl(url);
  if (options.database) return createCompositeStore(location, options.database, options);
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
    case 'postgres':
      return openPostgres({ url: location.url }, options);
  }
}

/** DATABASE_URL beside STORE_URL: the durable part in PostgreSQL, the volatile part where STORE_URL says. */
async function createCompositeStore(
  location: StoreLocation,
  database: DatabaseSettings,
  options: CreateStoreOptions,
): Promise<Store> {
  if (location.kind === 'postgres') return openPostgres(database, options);
  const { prefix, logger } = options;
  const durable = await openPostgres(database, options);
  let volatile: Store;
  try {
    volatile = await createStore(location.kind === 'memory' ? 'memory://' : urlOf(location), {
      ...(prefix === undefined ? {} : { prefix }),
      ...(logger ? { logger } : {}),
    });
  } catch (error) {
    await durable.close().catch(() => undefined);
    throw error;
  }
  const { CompositeStore } = await import('./compositeStore.js');
  return new CompositeStore(volatile, durable);
}

async function openPostgres(database: DatabaseSettings, options: CreateStoreOptions): Promise<Store> {
  const { PostgresStore } = await import('./postgresStore.js');
  return PostgresStore.connect(database.url, {
    logger: options.logger,
    poolSize: database.poolSize,
    statementTimeoutMs: database.statementTimeoutMs,
    schema: database.schema,
    ledgerTimeZone: database.ledgerTimeZone,
  });
}

function urlOf(location: StoreLocation): string {
  if (location.kind === 'sqlite') return `sqlite://${location.path}`;
  if (location.kind === 'memory') return 'memory://';
  return location.url;
}

/** DATABASE_URL's accepted form; throws a message that never repeats a password. */
export function parseDatabaseUrl(url: string): string {
  const trimmed = url.trim();
  if (/^postgres(ql)?:\/\/[^\s]+$/i.test(trimmed)) return trimmed;
  throw new Error(
    `Unsupported DATABASE_URL ${JSON.stringify(redactUrl(trimmed))}: use postgres://[user[:password]@]host[:port]/database (e.g. postgres://dq@127.0.0.1:5432/dq)`,
  );
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
  if (scheme === 'postgres' || scheme === 'postgresql') {
    return { kind: 'postgres', url: trimmed, description: redactUrl(trimmed) };
  }
  throw new Error(`Unsupported STORE_URL ${JSON.stringify(redactUrl(trimmed))}. Accepted forms: ${ACCEPTED_FORMS}`);
}
