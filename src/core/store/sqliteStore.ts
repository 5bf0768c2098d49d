import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Keyv } from 'keyv';
import { type Clock, systemClock } from '../clock.js';
import { LocalSlots } from './localSlots.js';
import { SqliteConnection, type SqlRunner } from './sqliteConnection.js';
import { SqliteKeyvAdapter } from './sqliteKeyvAdapter.js';
import {
  assertCounterAmount,
  assertCounterChanges,
  assertForgetPrefix,
  assertKeyvNamespace,
  assertTimestamp,
  assertTtl,
  holdsMarker,
  PLAIN_JSON,
  planReserve,
  redactedJson,
  toJson,
} from './storeInputs.js';
import type { CounterChange, ReserveOutcome, Store, StoreMarker } from './types.js';

export interface SqliteStoreOptions {
  /** Drives claim and counter expiry. Keyv TTLs use Date.now(). */
  clock?: Clock;
  /** How long to wait for another process's write lock before failing. */
  busyTimeoutMs?: number;
}

const KEYV_TABLE = 'dq_keyv';
const DEFAULT_BUSY_TIMEOUT_MS = 5_000;
const SWEEP_INTERVAL_MS = 60_000;

// Keyv's entries live in a table of the store's own (key, JSON text), on the store's connection.
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS dq_claims (key TEXT PRIMARY KEY, owner TEXT NOT NULL, expires_at INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS dq_counters (key TEXT PRIMARY KEY, value INTEGER NOT NULL, expires_at INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS dq_docs (collection TEXT NOT NULL, id TEXT NOT NULL, doc TEXT NOT NULL, PRIMARY KEY (collection, id));
  CREATE TABLE IF NOT EXISTS dq_logs (seq INTEGER PRIMARY KEY AUTOINCREMENT, log TEXT NOT NULL, at INTEGER NOT NULL, entry TEXT NOT NULL);
  CREATE INDEX IF NOT EXISTS dq_logs_by_log_and_time ON dq_logs (log, at);
  CREATE TABLE IF NOT EXISTS ${KEYV_TABLE} (key VARCHAR(255) PRIMARY KEY, value TEXT);
`;

// Adds to a live counter, or starts an absent/expired one at `amount` with a fresh expiry.
// SET expressions read the row as it was before the update, so both CASEs see the old expiry.
const ADD_TO_COUNTER = `
  INSERT INTO dq_counters (key, value, expires_at) VALUES (?1, ?2, ?3 + ?4)
  ON CONFLICT (key) DO UPDATE SET
    value = CASE WHEN expires_at > ?3 THEN value + excluded.value ELSE excluded.value END,
    expires_at = CASE WHEN expires_at > ?3 THEN expires_at ELSE excluded.expires_at END
  RETURNING value`;

/**
 * One SQLite file shared by every process that opens it. Single statements are atomic on their
 * own; multi-step operations run in BEGIN IMMEDIATE transactions (against other processes) on a
 * connection whose statements are serialised (against other callers in this process).
 */
export class SqliteStore implements Store {
  readonly kind = 'sqlite' as const;
  readonly description: string;

  readonly #clock: Clock;
  readonly #keyvs = new Map<string, Keyv>();
  #lastSweepAt = 0;
  #closed?: Promise<void>;
  // One SQLite file serves one process here; several replicas share their schedule through Redis.
  readonly #slots: LocalSlots;

  private constructor(
    readonly path: string,
    private readonly connection: SqliteConnection,
    options: SqliteStoreOptions,
  ) {
    this.description = `sqlite://${path}`;
    this.#clock = options.clock ?? systemClock;
    this.#slots = new LocalSlots(this.#clock);
  }

  static async open(path: string, options: SqliteStoreOptions = {}): Promise<SqliteStore> {
    await mkdir(dirname(path), { recursive: true });
    const connection = await SqliteConnection.open(path, options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS);
    try {
      await connection.exec(SCHEMA);
    } catch (error) {
      await connection.close().catch(() => undefined);
      throw error;
    }
    return new SqliteStore(path, connection, options);
  }

  keyv<T = unknown>(namespace: string): Keyv<T> {
    assertKeyvNamespace(namespace);
    let keyv = this.#keyvs.get(namespace);
    if (!keyv) {
      // An adapter serves one namespace (Keyv writes its namespace onto the adapter); all share the connection.
      keyv = new Keyv({ store: new SqliteKeyvAdapter(this.connection, KEYV_TABLE), namespace, ...PLAIN_JSON });
      this.#keyvs.set(namespace, keyv);
    }
    return keyv as Keyv<T>;
  }

  async claim(key: string, owner: string, ttlMs: number): Promise<boolean> {
    assertTtl(ttlMs);
    const now = this.#clock.now();
    // One upsert is atomic by itself: it takes the key when free or expired, and changes nothing otherwise.
    const { changes } = await this.connection.use((sql) =>
      sql.run(
        `INSERT INTO dq_claims (key, owner, expires_at) VALUES (?1, ?2, ?3 + ?4)
         ON CONFLICT (key) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
         WHERE dq_claims.expires_at <= ?3`,
        key,
        owner,
        now,
        ttlMs,
      ),
    );
    await this.#sweepExpiredNowAndThen(now);
    return changes > 0;
  }

  async releaseClaim(key: string, owner: string): Promise<void> {
    const now = this.#clock.now();
    await this.connection.use((sql) =>
      sql.run('DELETE FROM dq_claims WHERE key = ? AND owner = ? AND expires_at > ?', key, owner, now),
    );
  }

  async extendClaim(key: string, owner: string, ttlMs: number): Promise<boolean> {
    assertTtl(ttlMs);
    const now = this.#clock.now();
    const { changes } = await this.connection.use((sql) =>
      sql.run(
        'UPDATE dq_claims SET expires_at = ?1 + ?2 WHERE key = ?3 AND owner = ?4 AND expires_at > ?1',
        now,
        ttlMs,
        key,
        owner,
      ),
    );
    return changes > 0;
  }

  async reserve(items: readonly CounterChange[], ttlMs: number, marker?: StoreMarker): Promise<ReserveOutcome> {
    assertCounterChanges(items, ttlMs);
    if (items.length === 0 && !marker) return { ok: true, totals: [] };
    const now = this.#clock.now();
    const outcome = await this.connection.transaction((sql): ReserveOutcome => {
      if (marker) {
        const held = sql.get<{ doc: string }>(
          'SELECT doc FROM dq_docs WHERE collection = ? AND id = ?',
          marker.collection,
          marker.id,
        );
        if (!holdsMarker(held?.doc, marker)) return { ok: false, markerGone: true };
      }
      const current = liveCounterValues(sql, [...new Set(items.map((item) => item.key))], now);
      const plan = planReserve(items, (key) => current.get(key) ?? 0);
      if (!plan.ok) return plan;
      for (const item of items) sql.get(ADD_TO_COUNTER, item.key, item.amount, now, ttlMs);
      return plan;
    });
    await this.#sweepExpiredNowAndThen(now);
    return outcome;
  }

  async adjust(key: string, amount: number, ttlMs: number): Promise<number> {
    assertCounterAmount(amount);
    assertTtl(ttlMs);
    const now = this.#clock.now();
    const row = await this.connection.use((sql) => sql.get<{ value: number }>(ADD_TO_COUNTER, key, amount, now, ttlMs));
    await this.#sweepExpiredNowAndThen(now);
    return row!.value;
  }

  async reserveSlot(key: string, intervalMs: number): Promise<number> {
    return this.#slots.reserveSlot(key, intervalMs);
  }

  async admitToWindow(key: string, count: number, windowMs: number): Promise<number> {
    return this.#slots.admitToWindow(key, count, windowMs);
  }

  async heartbeat(group: string, member: string, ttlMs: number): Promise<number> {
    return this.#slots.heartbeat(group, member, ttlMs);
  }

  async counter(key: string): Promise<number> {
    const now = this.#clock.now();
    const values = await this.connection.use((sql) => liveCounterValues(sql, [key], now));
    return values.get(key) ?? 0;
  }

  async putDoc(collection: string, id: string, doc: unknown): Promise<void> {
    const json = toJson(doc);
    await this.connection.use((sql) =>
      sql.run(
        `INSERT INTO dq_docs (collection, id, doc) VALUES (?, ?, ?)
         ON CONFLICT (collection, id) DO UPDATE SET doc = excluded.doc`,
        collection,
        id,
        json,
      ),
    );
  }

  async getDoc<T>(collection: string, id: string): Promise<T | undefined> {
    const row = await this.connection.use((sql) =>
      sql.get<{ doc: string }>('SELECT doc FROM dq_docs WHERE collection = ? AND id = ?', collection, id),
    );
    return row ? (JSON.parse(row.doc) as T) : undefined;
  }

  async deleteDoc(collection: string, id: string): Promise<boolean> {
    const { changes } = await this.connection.use((sql) =>
      sql.run('DELETE FROM dq_docs WHERE collection = ? AND id = ?', collection, id),
    );
    return changes > 0;
  }

  async listDocs<T>(collection: string): Promise<Array<{ id: string; doc: T }>> {
    const rows = await this.connection.use((sql) =>
      sql.all<{ id: string; doc: string }>('SELECT id, doc FROM dq_docs WHERE collection = ? ORDER BY id', collection),
    );
    return rows.map((row) => ({ id: row.id, doc: JSON.parse(row.doc) as T }));
  }

  async appendLog(log: string, at: number, entry: unknown): Promise<void> {
    assertTimestamp(at);
    const json = toJson(entry);
    await this.connection.use((sql) => sql.run('INSERT INTO dq_logs (log, at, entry) VALUES (?, ?, ?)', log, at, json));
  }

  async readLog<T>(log: string, fromMs: number, toMs: number): Promise<Array<{ at: number; entry: T }>> {
    const rows = await this.connection.use((sql) =>
      sql.all<{ at: number; entry: string }>(
        'SELECT at, entry FROM dq_logs WHERE log = ? AND at >= ? AND at < ? ORDER BY at, seq',
        log,
        fromMs,
        toMs,
      ),
    );
    return rows.map((row) => ({ at: row.at, entry: JSON.parse(row.entry) as T }));
  }

  async trimLog(log: string, beforeMs: number): Promise<void> {
    await this.connection.use((sql) => sql.run('DELETE FROM dq_logs WHERE log = ? AND at < ?', log, beforeMs));
  }

  async forgetPrefixed(prefix: string): Promise<number> {
    assertForgetPrefix(prefix);
    // substr, not LIKE, whose '_' and '%' are wildcards.
    return this.connection.transaction(
      (sql) =>
        sql.run('DELETE FROM dq_claims WHERE substr(key, 1, ?1) = ?2', prefix.length, prefix).changes +
        sql.run('DELETE FROM dq_counters WHERE substr(key, 1, ?1) = ?2', prefix.length, prefix).changes +
        sql.run('DELETE FROM dq_logs WHERE substr(log, 1, ?1) = ?2', prefix.length, prefix).changes,
    );
  }

  async redactLog(log: string, fields: readonly string[]): Promise<number> {
    return this.connection.transaction((sql) => {
      let changed = 0;
      for (const row of sql.all<{ seq: number; entry: string }>('SELECT seq, entry FROM dq_logs WHERE log = ?', log)) {
        const redacted = redactedJson(row.entry, fields);
        if (redacted === undefined) continue;
        sql.run('UPDATE dq_logs SET entry = ? WHERE seq = ?', redacted, row.seq);
        changed++;
      }
      return changed;
    });
  }

  async ping(): Promise<void> {
    await this.connection.use((sql) => sql.get('SELECT 1'));
  }

  close(): Promise<void> {
    this.#closed ??= this.connection.close();
    return this.#closed;
  }

  // Expired rows are already ignored on read; deleting them now and then keeps the file from
  // growing with per-event claims and per-day counters that nobody reads again.
  async #sweepExpiredNowAndThen(now: number): Promise<void> {
    if (now - this.#lastSweepAt < SWEEP_INTERVAL_MS) return;
    this.#lastSweepAt = now;
    await this.connection
      .transaction((sql) => {
        sql.run('DELETE FROM dq_claims WHERE expires_at <= ?', now);
        sql.run('DELETE FROM dq_counters WHERE expires_at <= ?', now);
        // Keyv stores {"value":…,"expires":ms} and only drops an expired entry when it is read.
        sql.run(
          `DELETE FROM ${KEYV_TABLE} WHERE json_valid(value) AND json_extract(value, '$.expires') <= ?`,
          Date.now(),
        );
      })
      .catch(() => undefined); // best effort: the next sweep will try again
  }
}

function liveCounterValues(sql: SqlRunner, keys: string[], now: number): Map<string, number> {
  const rows = sql.all<{ key: string; value: number }>(
    `SELECT key, value FROM dq_counters WHERE key IN (SELECT value FROM json_each(?)) AND expires_at > ?`,
    JSON.stringify(keys),
    now,
  );
  return new Map(rows.map((row) => [row.key, row.value]));
}
