import { Keyv, type StoredDataNoRaw, type StoredDataRaw } from 'keyv';

/**
 * A Keyv over a Map of JSON text whose single-key get and set go straight to the Map. Keyv's own
 * get and set run hooks, stats, events and an async serialise step around each Map operation,
 * which cost more than the Map itself on the client's path (a cache lookup and a cache write on
 * every paid call). What is stored is exactly what Keyv stores (JSON of `{ value, expires }` under
 * the namespaced key), so every other Keyv method (delete, clear, has, iterator, many-key reads)
 * reads and writes the same entries, and a value is still copied on the way in and out, as with
 * SQLite or Redis. This app registers no Keyv hooks and reads no Keyv stats.
 */
export class MemoryKeyv<T = unknown> extends Keyv<T> {
  readonly #entries: Map<string, string>;

  constructor(namespace: string) {
    const entries = new Map<string, string>();
    super({ namespace, store: entries, serialize: JSON.stringify, deserialize: JSON.parse });
    this.#entries = entries;
  }

  override get<Value = T>(key: string, options?: { raw: false }): Promise<StoredDataNoRaw<Value>>;
  override get<Value = T>(key: string, options?: { raw: true }): Promise<StoredDataRaw<Value>>;
  override get<Value = T>(key: string[], options?: { raw: false }): Promise<Array<StoredDataNoRaw<Value>>>;
  override get<Value = T>(key: string[], options?: { raw: true }): Promise<Array<StoredDataRaw<Value>>>;
  override async get<Value = T>(key: string | string[], options?: { raw: boolean }): Promise<unknown> {
    if (typeof key !== 'string' || options?.raw) return super.get<Value>(key as string, options as { raw: true });
    const prefixed = this._getKeyPrefix(key);
    const json = this.#entries.get(prefixed);
    if (json === undefined) return undefined;
    const data = JSON.parse(json) as { value?: Value; expires?: number | null };
    if (typeof data.expires === 'number' && Date.now() > data.expires) {
      this.#entries.delete(prefixed);
      return undefined;
    }
    return data.value;
  }

  override async set<Value = T>(key: string, value: Value, ttl?: number): Promise<boolean> {
    if (typeof value === 'symbol') return super.set(key, value, ttl);
    const ttlMs = (ttl ?? this.ttl) || undefined;
    const expires = typeof ttlMs === 'number' ? Date.now() + ttlMs : undefined;
    this.#entries.set(this._getKeyPrefix(key), JSON.stringify({ value, expires }));
    return true;
  }
}
