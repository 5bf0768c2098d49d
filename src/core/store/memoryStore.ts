import type { Keyv } from 'keyv';
import { type Clock, systemClock } from '../clock.js';
import { LocalSlots } from './localSlots.js';
import { MemoryKeyv } from './memoryKeyv.js';
import {
  assertCounterAmount,
  assertCounterChanges,
  assertForgetPrefix,
  assertKeyvNamespace,
  assertTimestamp,
  assertTtl,
  holdsMarker,
  planReserve,
  redactedJson,
  toJson,
} from './storeInputs.js';
import type { CounterChange, ReserveOutcome, Store, StoreMarker } from './types.js';

interface Expiring<T> {
  value: T;
  expiresAt: number;
}

interface LogLine {
  at: number;
  json: string;
}

export interface MemoryStoreOptions {
  /** Drives claim and counter expiry, so tests can move time without waiting. Keyv TTLs use Date.now(). */
  clock?: Clock;
}

/**
 * Everything in process Maps: for tests and single-process development. Each method does its
 * work synchronously between awaits, which is what makes reserve() and claim() atomic here.
 * Documents and log entries are kept as JSON text so callers see the same copy-on-read,
 * JSON-shaped values they would get from SQLite or Redis.
 */
export class MemoryStore implements Store {
  readonly kind = 'memory' as const;
  readonly description = 'memory://';

  readonly #clock: Clock;
  // One Keyv (and so one Map) per namespace: keyv's clear() on a Map store empties the whole Map.
  readonly #keyvs = new Map<string, Keyv>();
  readonly #claims = new Map<string, Expiring<string>>();
  readonly #counters = new Map<string, Expiring<number>>();
  readonly #docs = new Map<string, Map<string, string>>();
  readonly #logs = new Map<string, LogLine[]>();
  #lastSweepAt = 0;
  readonly #slots: LocalSlots;

  constructor(options: MemoryStoreOptions = {}) {
    this.#clock = options.clock ?? systemClock;
    this.#slots = new LocalSlots(this.#clock);
  }

  keyv<T = unknown>(namespace: string): Keyv<T> {
    assertKeyvNamespace(namespace);
    let keyv = this.#keyvs.get(namespace);
    if (!keyv) {
      keyv = new MemoryKeyv(namespace);
      this.#keyvs.set(namespace, keyv);
    }
    return keyv as Keyv<T>;
  }

  async claim(key: string, owner: string, ttlMs: number): Promise<boolean> {
    assertTtl(ttlMs);
    this.#sweepExpiredNowAndThen();
    if (this.#live(this.#claims, key) !== undefined) return false;
    this.#claims.set(key, { value: owner, expiresAt: this.#clock.now() + ttlMs });
    return true;
  }

  async releaseClaim(key: string, owner: string): Promise<void> {
    if (this.#live(this.#claims, key) === owner) this.#claims.delete(key);
  }

  async extendClaim(key: string, owner: string, ttlMs: number): Promise<boolean> {
    assertTtl(ttlMs);
    if (this.#live(this.#claims, key) !== owner) return false;
    this.#claims.set(key, { value: owner, expiresAt: this.#clock.now() + ttlMs });
    return true;
  }

  async reserve(items: readonly CounterChange[], ttlMs: number, marker?: StoreMarker): Promise<ReserveOutcome> {
    assertCounterChanges(items, ttlMs);
    if (marker && !holdsMarker(this.#docs.get(marker.collection)?.get(marker.id), marker))
      return { ok: false, markerGone: true };
    const plan = planReserve(items, (key) => this.#live(this.#counters, key) ?? 0);
    if (!plan.ok) return plan;
    for (const item of items) this.#add(item.key, item.amount, ttlMs);
    return plan;
  }

  async adjust(key: string, amount: number, ttlMs: number): Promise<number> {
    assertCounterAmount(amount);
    assertTtl(ttlMs);
    return this.#add(key, amount, ttlMs);
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
    return this.#live(this.#counters, key) ?? 0;
  }

  async putDoc(collection: string, id: string, doc: unknown): Promise<void> {
    const json = toJson(doc);
    let documents = this.#docs.get(collection);
    if (!documents) {
      documents = new Map();
      this.#docs.set(collection, documents);
    }
    documents.set(id, json);
  }

  async getDoc<T>(collection: string, id: string): Promise<T | undefined> {
    const json = this.#docs.get(collection)?.get(id);
    return json === undefined ? undefined : (JSON.parse(json) as T);
  }

  async deleteDoc(collection: string, id: string): Promise<boolean> {
    return this.#docs.get(collection)?.delete(id) ?? false;
  }

  async listDocs<T>(collection: string): Promise<Array<{ id: string; doc: T }>> {
    const documents = [...(this.#docs.get(collection) ?? new Map<string, string>())];
    documents.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return documents.map(([id, json]) => ({ id, doc: JSON.parse(json) as T }));
  }

  async appendLog(log: string, at: number, entry: unknown): Promise<void> {
    assertTimestamp(at);
    const line = { at, json: toJson(entry) };
    let lines = this.#logs.get(log);
    if (!lines) {
      lines = [];
      this.#logs.set(log, lines);
    }
    // Insert after every line with at <= this one: keeps the log sorted, ties in arrival order. Most
    // lines are the newest, appended without splice's copy.
    const index = firstIndexAfter(lines, at);
    if (index === lines.length) lines.push(line);
    else lines.splice(index, 0, line);
  }

  async readLog<T>(log: string, fromMs: number, toMs: number): Promise<Array<{ at: number; entry: T }>> {
    const lines = this.#logs.get(log) ?? [];
    return lines
      .filter((line) => line.at >= fromMs && line.at < toMs)
      .map((line) => ({ at: line.at, entry: JSON.parse(line.json) as T }));
  }

  async trimLog(log: string, beforeMs: number): Promise<void> {
    const lines = this.#logs.get(log);
    if (lines)
      this.#logs.set(
        log,
        lines.filter((line) => line.at >= beforeMs),
      );
  }

  async forgetPrefixed(prefix: string): Promise<number> {
    assertForgetPrefix(prefix);
    let forgotten = 0;
    for (const map of [this.#claims, this.#counters] as Array<Map<string, unknown>>)
      for (const key of [...map.keys()])
        if (key.startsWith(prefix)) {
          map.delete(key);
          forgotten++;
        }
    for (const [log, lines] of [...this.#logs])
      if (log.startsWith(prefix)) {
        this.#logs.delete(log);
        forgotten += lines.length;
      }
    return forgotten;
  }

  async redactLog(log: string, fields: readonly string[]): Promise<number> {
    let changed = 0;
    for (const line of this.#logs.get(log) ?? []) {
      const redacted = redactedJson(line.json, fields);
      if (redacted === undefined) continue;
      line.json = redacted;
      changed++;
    }
    return changed;
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {}

  #live<T>(map: Map<string, Expiring<T>>, key: string): T | undefined {
    const held = map.get(key);
    if (!held) return undefined;
    if (held.expiresAt <= this.#clock.now()) {
      map.delete(key);
      return undefined;
    }
    return held.value;
  }

  // Claims and counters are often keyed by event or day and never read again once expired.
  #sweepExpiredNowAndThen(): void {
    const now = this.#clock.now();
    if (now - this.#lastSweepAt < SWEEP_INTERVAL_MS) return;
    this.#lastSweepAt = now;
    for (const map of [this.#claims, this.#counters] as Array<Map<string, Expiring<unknown>>>) {
      for (const [key, held] of map) if (held.expiresAt <= now) map.delete(key);
    }
  }

  #add(key: string, amount: number, ttlMs: number): number {
    this.#sweepExpiredNowAndThen();
    const current = this.#live(this.#counters, key);
    if (current === undefined) {
      this.#counters.set(key, { value: amount, expiresAt: this.#clock.now() + ttlMs });
      return amount;
    }
    const counter = this.#counters.get(key)!;
    counter.value = current + amount;
    return counter.value;
  }
}

const SWEEP_INTERVAL_MS = 60_000;

function firstIndexAfter(lines: readonly LogLine[], at: number): number {
  let low = 0;
  let high = lines.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (lines[middle]!.at <= at) low = middle + 1;
    else high = middle;
  }
  return low;
}
