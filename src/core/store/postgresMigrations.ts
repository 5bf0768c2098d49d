import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';
import type { PostgresConnection } from './postgresConnection.js';

/** The versioned schema changes, plain SQL files beside src/ and dist/ (the same depth from both). */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations', import.meta.url));
const MIGRATIONS_TABLE = 'schema_migrations';

export interface MigrationStatus {
  applied: string[];
  pending: string[];
}

/**
 * Applies every pending migration under node-pg-migrate's advisory lock, waiting for it: replicas
 * starting together take turns, and the second finds nothing left to do. Returns what it applied.
 */
export async function migrate(connection: PostgresConnection): Promise<string[]> {
  const client = await connection.pool.connect();
  try {
    const ran = await runner({
      dbClient: client,
      dir: MIGRATIONS_DIR,
      direction: 'up',
      migrationsTable: MIGRATIONS_TABLE,
      schema: connection.schema,
      createSchema: true,
      checkOrder: true,
      singleTransaction: true,
      advisoryLockMode: 'wait',
      log: () => undefined,
      logger: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    return ran.map((migration) => migration.name);
  } finally {
    client.release();
  }
}

/** Which migrations the database has, and which it still lacks. */
export async function migrationStatus(connection: PostgresConnection): Promise<MigrationStatus> {
  const known = (await readdir(MIGRATIONS_DIR))
    .filter((file) => file.endsWith('.sql'))
    .map((file) => file.slice(0, -'.sql'.length))
    .sort();
  const table = await connection.query<{ exists: boolean }>('SELECT to_regclass($1) IS NOT NULL AS exists', [
    `${connection.schema}.${MIGRATIONS_TABLE}`,
  ]);
  const applied = table.rows[0]?.exists
    ? (await connection.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY run_on, id`)).rows.map(
        (row) => row.name,
      )
    : [];
  return { applied, pending: known.filter((name) => !applied.includes(name)) };
}
