import type { Keyv } from 'keyv';
import {
  type CounterChange,
  type LedgerTallyRow,
  type ReserveOutcome,
  type Store,
  type StoreMarker,
  StorePartUnreachableError,
} from './types.js';

/**
 * Claims that must hold however Redis fares: a digest's or a watch's run per due time (taken once),
 * the store guard's record of a loss, the once-a-day budget warning. Every other claim (event
 * de-duplication, in-flight markers, run and export locks, follow-ups) is a lease that may be lost.
 */
export const DURABLE_CLAIMS = /^(digest-run|watch-run|store-loss|budget-warned|supplier-check|export):/;

/** Logs only read recent (lookup history): what a forgetful Redis may lose. The ledger is not one. */
const VOLATILE_LOGS = /^lookups:/;

/**
 * Redis and PostgreSQL as one store (STORE_URL and DATABASE_URL): everything that must not be lost
 * (ledger, budget counters, documents — watches, digests, seen notices, settings — and the durable
 * claims) goes to PostgreSQL; the cache, paced schedules, windows, heartbeats and leases stay in
 * Redis, which may forget them. The app reaches both through this one Store.
 */
export class CompositeStore implements Store {
  readonly kind = 'postgres' as const;
  readonly description: string;

  constructor(
    /** Redis: what may be lost. */
    readonly volatile: Store,
    /** PostgreSQL: the system of record. */
    readonly durable: Store,
  ) {
    this.description = `${durable.description} with ${volatile.description}`;
  }

  keyv<T = unknown>(namespace: string): Keyv<T> {
    return this.volatile.keyv<T>(namespace);
  }

  claim(key: string, owner: string, ttlMs: number): Promise<boolean> {
    return this.#claims(key).claim(key, owner, ttlMs);
  }

  releaseClaim(key: string, owner: string): Promise<void> {
    return this.#claims(key).releaseClaim(key, owner);
  }

  extendClaim(key: string, owner: string, ttlMs: number): Promise<boolean> {
    return this.#claims(key).extendClaim(key, owner, ttlMs);
  }

  reserve(items: readonly CounterChange[], ttlMs: number, marker?: StoreMarker): Promise<ReserveOutcome> {
    return this.durable.reserve(items, ttlMs, marker);
  }

  adjust(key: string, amount: number, ttlMs: number): Promise<number> {
    return this.durable.adjust(key, amount, ttlMs);
  }

  counter(key: string): Promise<number> {
    return this.durable.counter(key);
  }

  putDoc(collection: string, id: string, doc: unknown): Promise<void> {
    return this.durable.putDoc(collection, id, doc);
  }

  getDoc<T>(collection: string, id: string): Promise<T | undefined> {
    return this.durable.getDoc<T>(collection, id);
  }

  deleteDoc(collection: string, id: string): Promise<boolean> {
    return this.durable.deleteDoc(collection, id);
  }

  listDocs<T>(collection: string): Promise<Array<{ id: string; doc: T }>> {
    return this.durable.listDocs<T>(collection);
  }

  appendLog(log: string, at: number, entry: unknown): Promise<void> {
    return this.#logs(log).appendLog(log, at, entry);
  }

  readLog<T>(log: string, fromMs: number, toMs: number): Promise<Array<{ at: number; entry: T }>> {
    return this.#logs(log).readLog<T>(log, fromMs, toMs);
  }

  trimLog(log: string, beforeMs: number): Promise<void> {
    return this.#logs(log).trimLog(log, beforeMs);
  }

  /** Both parts: lookup history lives in Redis, whatever else has the prefix in PostgreSQL. */
  async forgetPrefixed(prefix: string): Promise<number> {
    const [volatile, durable] = await Promise.all([
      this.volatile.forgetPrefixed(prefix),
      this.durable.forgetPrefixed(prefix),
    ]);
    return volatile + durable;
  }

  redactLog(log: string, fields: readonly string[]): Promise<number> {
    return this.#logs(log).redactLog(log, fields);
  }

  tallyLedger(teamId: string, fromMs: number, toMs: number, timeZone?: string): Promise<LedgerTallyRow[]> {
    return this.durable.tallyLedger!(teamId, fromMs, toMs, timeZone);
  }

  reserveSlot(key: string, intervalMs: number): Promise<number> {
    return this.volatile.reserveSlot(key, intervalMs);
  }

  admitToWindow(key: string, count: number, windowMs: number): Promise<number> {
    return this.volatile.admitToWindow(key, count, windowMs);
  }

  heartbeat(group: string, member: string, ttlMs: number): Promise<number> {
    return this.volatile.heartbeat(group, member, ttlMs);
  }

  /** Throws when either cannot be reached, saying which. */
  async ping(): Promise<void> {
    await Promise.all([
      this.durable.ping().catch((error: unknown) => {
        throw new StorePartUnreachableError('database', `PostgreSQL unreachable at ${this.durable.description}`, {
          cause: error,
        });
      }),
      this.volatile.ping().catch((error: unknown) => {
        throw new StorePartUnreachableError('store', `Redis unreachable at ${this.volatile.description}`, {
          cause: error,
        });
      }),
    ]);
  }

  onReconnect(listener: () => void): void {
    this.durable.onReconnect?.(listener);
    this.volatile.onReconnect?.(listener);
  }

  async close(): Promise<void> {
    await Promise.all([this.volatile.close(), this.durable.close()]);
  }

  #claims(key: string): Store {
    return DURABLE_CLAIMS.test(key) ? this.durable : this.volatile;
  }

  #logs(log: string): Store {
    return VOLATILE_LOGS.test(log) ? this.volatile : this.durable;
  }
}
