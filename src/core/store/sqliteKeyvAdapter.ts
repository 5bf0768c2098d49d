import { KeyvSqlite } from '@keyv/sqlite';

/**
 * @keyv/sqlite selects a namespace with `key LIKE 'namespace:%'`, which is case-insensitive and
 * treats '_' as a wildcard: clear() on "Cache" or "a_b" would also delete "cache:…" or "axb:…".
 * This adapter matches the exact prefix instead. It also never closes its connection on a
 * caller's keyv.disconnect(), because the Keyv is shared: the store closes it.
 */
export class SqliteKeyvAdapter extends KeyvSqlite {
  constructor(databasePath: string, table: string, busyTimeoutMs: number) {
    super({ uri: `sqlite://${databasePath}`, table, busyTimeout: busyTimeoutMs });
  }

  override async clear(): Promise<void> {
    const prefix = this.#keyPrefix();
    await this.query(`DELETE FROM ${this.opts.table} WHERE substr(key, 1, ?) = ?`, prefix.length, prefix);
  }

  override async *iterator(namespace?: string): AsyncGenerator<[string, unknown], void, unknown> {
    const prefix = this.#keyPrefix(namespace);
    const rows = (await this.query(
      `SELECT key, value FROM ${this.opts.table} WHERE substr(key, 1, ?) = ? ORDER BY key`,
      prefix.length,
      prefix,
    )) as Array<{ key: string; value: unknown }>;
    for (const row of rows) yield [row.key, row.value];
  }

  override async disconnect(): Promise<void> {}

  async closeConnection(): Promise<void> {
    await this.close();
  }

  // Keyv writes keys as `${namespace}:${key}`; the store always sets a namespace.
  #keyPrefix(namespace = this.namespace): string {
    if (!namespace) throw new Error('SqliteKeyvAdapter needs a namespace');
    return `${namespace}:`;
  }
}
