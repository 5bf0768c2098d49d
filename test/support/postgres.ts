import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, it } from 'vitest';
import { redactUrl } from '../../src/core/store/index.js';

/** The shared PostgreSQL the tests use; every suite makes its own schemas inside it and drops them after. */
export const postgresUrl = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const postgresRequired = process.env.REQUIRE_POSTGRES === '1';

/** Probed once per test file, at import, so suites can be skipped while vitest collects them. */
export const postgresReachable: boolean = await canReach(postgresUrl);

/**
 * Defines a suite that needs the PostgreSQL at `postgresUrl`. When it is unreachable the suite is
 * skipped — or, with REQUIRE_POSTGRES=1 (CI), replaced by a failing test that says why. The body
 * gets a function handing out fresh schema names (`dqtest_<random>_<n>`); each is dropped after the suite.
 */
export function describeWithPostgres(name: string, body: (newSchema: () => string) => void): void {
  if (!postgresReachable && postgresRequired) {
    describe(name, () => {
      it('needs a reachable PostgreSQL', () => {
        throw new Error(
          `REQUIRE_POSTGRES=1 but PostgreSQL at ${redactUrl(postgresUrl)} is unreachable: start it or set POSTGRES_URL`,
        );
      });
    });
    return;
  }
  describe.skipIf(!postgresReachable)(name, () => {
    const suite = `dqtest_${randomBytes(5).toString('hex')}`;
    const made: string[] = [];
    afterAll(async () => {
      await dropSchemas(made);
    });
    body(() => {
      const schema = `${suite}_${made.length + 1}`;
      made.push(schema);
      return schema;
    });
  });
}

export async function dropSchemas(schemas: readonly string[], url = postgresUrl): Promise<void> {
  if (schemas.length === 0) return;
  await withPostgresClient(async (client) => {
    for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  }, url);
}

/** Runs `work` with a throwaway connection, for looking at tables behind a store's back. */
export async function withPostgresClient<T>(work: (client: pg.Client) => Promise<T>, url = postgresUrl): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function canReach(url: string): Promise<boolean> {
  try {
    await withPostgresClient((client) => client.query('SELECT 1'), url);
    return true;
  } catch {
    return false;
  }
}
