import { EventEmitter } from 'node:events';
import type { KeyvStoreAdapter, StoredData } from 'keyv';
import type { SqliteConnection } from './sqliteConnection.js';

/**
 * Keyv over the store's own SQLite connection and table. Keyv writes keys as `namespace:key`; a
 * namespace is matched by its exact prefix (not LIKE, which ignores case and treats '_' as a
 * wildcard, so clear() on "a_b" would also empty "axb"). The store owns the connection, so a
 * caller's disconnect() leaves it open.
 */
export class SqliteKeyvAdapter extends EventEmitter implements KeyvStoreAdapter {
  // Keyv reads `dialect` to know the adapter can iterate over a namespace.
  readonly opts: { table: string; dialect: string; url: string };
  namespace?: string | undefined;

  constructor(
    private readonly connection: SqliteConnection,
    private readonly table: string,
  ) {
    super();
    this.opts = { table, dialect: 'sqlite', url: 'sqlite://' };
  }

  async get<Value>(key: string): Promise<StoredData<Value> | undefined> {
    const row = await this.connection.use((sql) =>
      sql.get<{ value: string }>(`SELECT value FROM ${this.table} WHERE key = ?`, key),
    );
    return row?.value as StoredData<Value> | undefined;
  }

  async set(key: string, value: unknown): Promise<void> {
    await this.connection.use((sql) =>
      sql.run(
        `INSERT INTO ${this.table} (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
        key,
        String(value),
      ),
    );
  }

  async delete(key: string): Promise<boolean> {
    const { changes } = await this.connection.use((sql) => sql.run(`DELETE FROM ${this.table} WHERE key = ?`, key));
    return changes > 0;
  }

  async has(key: string): Promise<boolean> {
    return (await this.get(key)) !== undefined;
  }

  async clear(): Promise<void> {
    const prefix = this.#keyPrefix();
    await this.connection.use((sql) =>
      sql.run(`DELETE FROM ${this.table} WHERE substr(key, 1, ?) = ?`, prefix.length, prefix),
    );
  }

  async *iterator<Value>(namespace?: string): AsyncGenerator<Array<string | Awaited<Value> | undefined>, void> {
    const prefix = this.#keyPrefix(namespace);
    const rows = await this.connection.use((sql) =>
      sql.all<{ key: string; value: string }>(
        `SELECT key, value FROM ${this.table} WHERE substr(key, 1, ?) = ? ORDER BY key`,
        prefix.length,
        prefix,
      ),
    );
    for (const row of rows) yield [row.key, row.value as Awaited<Value>];
  }

  async disconnect(): Promise<void> {}

  #keyPrefix(namespace = this.namespace): string {
    if (!namespace) throw new Error('SqliteKeyvAdapter needs a namespace');
    return `${namespace}:`;
  }
}
