import { EventEmitter } from 'node:events';
import type { KeyvStoreAdapter, StoredData } from 'keyv';
import type { PostgresConnection } from './postgresConnection.js';

/**
 * Keyv over the store's own PostgreSQL pool and table, for a fleet with no Redis. Keys are
 * `namespace:key`; a namespace is matched by its exact prefix (left(), not LIKE, whose '_' is a
 * wildcard). The store owns the pool, so a caller's disconnect() leaves it open.
 */
export class PostgresKeyvAdapter extends EventEmitter implements KeyvStoreAdapter {
  // Keyv reads `dialect` to know the adapter can iterate over a namespace.
  readonly opts: { table: string; dialect: string; url: string };
  namespace?: string | undefined;

  constructor(private readonly connection: PostgresConnection) {
    super();
    this.opts = { table: 'keyv', dialect: 'postgres', url: 'postgres://' };
  }

  async get<Value>(key: string): Promise<StoredData<Value> | undefined> {
    const { rows } = await this.connection.query<{ value: string }>('SELECT value FROM keyv WHERE key = $1', [key]);
    return rows[0]?.value as StoredData<Value> | undefined;
  }

  async set(key: string, value: unknown): Promise<void> {
    await this.connection.query(
      'INSERT INTO keyv (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      [key, String(value)],
    );
  }

  async delete(key: string): Promise<boolean> {
    return ((await this.connection.query('DELETE FROM keyv WHERE key = $1', [key])).rowCount ?? 0) > 0;
  }

  async has(key: string): Promise<boolean> {
    return (await this.get(key)) !== undefined;
  }

  async clear(): Promise<void> {
    const prefix = this.#keyPrefix();
    await this.connection.query('DELETE FROM keyv WHERE left(key, $1) = $2', [prefix.length, prefix]);
  }

  async *iterator<Value>(namespace?: string): AsyncGenerator<Array<string | Awaited<Value> | undefined>, void> {
    const prefix = this.#keyPrefix(namespace);
    const { rows } = await this.connection.query<{ key: string; value: string }>(
      'SELECT key, value FROM keyv WHERE left(key, $1) = $2 ORDER BY key COLLATE "C"',
      [prefix.length, prefix],
    );
    for (const row of rows) yield [row.key, row.value as Awaited<Value>];
  }

  async disconnect(): Promise<void> {}

  #keyPrefix(namespace = this.namespace): string {
    if (!namespace) throw new Error('PostgresKeyvAdapter needs a namespace');
    return `${namespace}:`;
  }
}
