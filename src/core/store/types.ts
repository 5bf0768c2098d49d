import type { Keyv } from 'keyv';

/**
 * Everything stateful (cache, ledger, budgets, digests, claims) goes through one Store, chosen by
 * STORE_URL. The primitives are few on purpose: each backend (memory, SQLite, Redis) implements
 * them with its own atomic tools, and the domain modules in core build on them.
 */
export interface Store {
  readonly kind: 'memory' | 'sqlite' | 'redis' | 'postgres';
  /** Where the data lives, safe to print (no password). */
  readonly description: string;

  /** A Keyv over this store for TTL'd JSON values, isolated by namespace. */
  keyv<T = unknown>(namespace: string): Keyv<T>;

  /** SET key owner NX PX ttlMs: true when this caller now holds the key. */
  claim(key: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Deletes a claim, but only while `owner` still holds it. */
  releaseClaim(key: string, owner: string): Promise<void>;
  /** Gives a claim `ttlMs` more from now, but only while `owner` still holds it; false when it does not. */
  extendClaim(key: string, owner: string, ttlMs: number): Promise<boolean>;

  /**
   * Adds each amount to its counter only if every counter with a limit stays at or below it
   * afterwards; all or nothing, atomically (no two callers can both pass a limit). A counter that
   * does not exist starts at 0 and expires `ttlMs` after it was created. With `marker`, nothing is
   * added unless the store still holds that marker, read in the same atomic step: a store emptied
   * under the app (FLUSHDB, a failover to an empty replica) refuses the very next reservation.
   */
  reserve(items: readonly CounterChange[], ttlMs: number, marker?: StoreMarker): Promise<ReserveOutcome>;
  /** Adds (or with a negative amount, subtracts) without a limit; returns the new value. */
  adjust(key: string, amount: number, ttlMs: number): Promise<number>;
  /** Current value of a counter, 0 when absent or expired. */
  counter(key: string): Promise<number>;

  /** Durable JSON documents grouped in collections (digest subscriptions, settings). */
  putDoc(collection: string, id: string, doc: unknown): Promise<void>;
  getDoc<T>(collection: string, id: string): Promise<T | undefined>;
  deleteDoc(collection: string, id: string): Promise<boolean>;
  listDocs<T>(collection: string): Promise<Array<{ id: string; doc: T }>>;

  /** Append-only log of timestamped JSON entries (the coin ledger). */
  appendLog(log: string, at: number, entry: unknown): Promise<void>;
  /** Entries with fromMs <= at < toMs, oldest first. */
  readLog<T>(log: string, fromMs: number, toMs: number): Promise<Array<{ at: number; entry: T }>>;
  /** Deletes the entries with at < beforeMs (logs that are only read recent, like lookup history). */
  trimLog(log: string, beforeMs: number): Promise<void>;
  /**
   * Deletes every counter, claim and log whose key (or log name) starts with `prefix`, ledgers
   * excepted: what a workspace left in them, at its uninstall. Returns how many records went (a
   * log's entries each count). The prefix must end where a key's part does (`lookups:T1:`), or it
   * takes another workspace's too.
   */
  forgetPrefixed(prefix: string): Promise<number>;
  /**
   * Each entry of `log` keeps only the top-level `fields` it has (a workspace's ledger, at its
   * uninstall, keeps its billing facts and loses who and where); returns how many entries changed.
   */
  redactLog(log: string, fields: readonly string[]): Promise<number>;
  /**
   * PostgreSQL only (the others read the entries back and add them up): a team's ledger between
   * fromMs and toMs, summed by spender and operation in the database, one aggregate; whole days of
   * `timeZone` (the ledger's) from the day sums kept beside the rows.
   */
  tallyLedger?(teamId: string, fromMs: number, toMs: number, timeZone?: string): Promise<LedgerTallyRow[]>;

  /**
   * Takes the next slot of an evenly paced schedule shared by every caller of this store (every
   * replica, with Redis): one slot per `intervalMs`. Returns how long to wait for the slot.
   */
  reserveSlot(key: string, intervalMs: number): Promise<number>;
  /**
   * Counts a start in a sliding window shared by every caller of this store: when fewer than
   * `count` starts happened in the last `windowMs`, records this one and returns 0; otherwise
   * records nothing and returns how long until a start would be admitted.
   */
  admitToWindow(key: string, count: number, windowMs: number): Promise<number>;
  /** Marks `member` of `group` alive for `ttlMs`; returns how many members are alive. */
  heartbeat(group: string, member: string, ttlMs: number): Promise<number>;

  /** Throws when the backend cannot be reached. */
  ping(): Promise<void>;
  /** Calls `listener` each time the connection comes back after being lost (Redis only: the others hold none). */
  onReconnect?(listener: () => void): void;
  close(): Promise<void>;
}

export interface CounterChange {
  key: string;
  amount: number;
  /** Upper bound for the counter after the change; absent means unlimited. */
  limit?: number;
}

/** The document whose `marker` field says the store is still the one the app wrote it into (StoreGuard's). */
export interface StoreMarker {
  collection: string;
  id: string;
  marker: string;
}

export type ReserveOutcome =
  | { ok: true; totals: number[] }
  /** `index` is the first item that would have passed its limit; `total` is its current value. */
  | { ok: false; index: number; total: number }
  /** The store no longer holds the marker (it lost its data): nothing was added. */
  | { ok: false; markerGone: true };

/** A team's ledger is the log `ledger:<teamId>`; PostgreSQL keeps it as rows of its own table. */
export const LEDGER_LOG_PREFIX = 'ledger:';

/** What one spender spent on one operation (Store.tallyLedger). */
export interface LedgerTallyRow {
  /** A user id, `digest:<id>`, or `unknown`. */
  spender: string;
  operation: string;
  coins: number;
  calls: number;
  /** Of `coins`, those in calls that timed out. */
  unconfirmedCoins: number;
}

/** Connections each process keeps open to PostgreSQL at most, unless DATABASE_POOL_SIZE says. */
export const DEFAULT_DATABASE_POOL_SIZE = 10;

/** Which part of a store made of two (Redis and PostgreSQL) did not answer a ping: /readyz says which. */
export class StorePartUnreachableError extends Error {
  constructor(
    readonly part: 'database' | 'store',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StorePartUnreachableError';
  }
}
