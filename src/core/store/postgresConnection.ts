import pg from 'pg';
import type { Logger } from 'pino';
import { DEFAULT_DATABASE_POOL_SIZE } from './types.js';

export interface PostgresConnectionOptions {
  /** Safe-to-print location, used in logs and errors instead of the URL (which may hold a password). */
  description: string;
  logger?: Logger | undefined;
  /** Connections kept open at most (DATABASE_POOL_SIZE). */
  poolSize?: number | undefined;
  /** The server cancels a statement running longer (DATABASE_STATEMENT_TIMEOUT). */
  statementTimeoutMs?: number | undefined;
  /** How long to wait for a new connection before the query fails. */
  connectTimeoutMs?: number | undefined;
  /** Tables live in this schema (tests give each file its own); `public` by default. */
  schema?: string | undefined;
}

export const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;
const DEFAULT_CONNECT_TIMEOUT_MS = 2_000;
const MAX_PROBE_DELAY_MS = 5_000;
const SCHEMA_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;

// bigint columns hold milliseconds and coins, well within a double: read them as numbers.
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

export type Sql = Pick<pg.PoolClient, 'query'>;

/**
 * A pool of connections to PostgreSQL that rides out outages: a connection that breaks is dropped
 * and the next query opens a new one, so nothing is queued while the server is away (queries fail at
 * once). The first failure logs one line and starts a probe; the probe's first success logs another
 * and tells the reconnect listeners (the store guard, the ledger's backlog).
 */
export class PostgresConnection {
  readonly #listeners: Array<() => void> = [];
  #reachable = true;
  #probe: NodeJS.Timeout | undefined;
  #closed = false;

  private constructor(
    readonly pool: pg.Pool,
    readonly schema: string,
    private readonly options: PostgresConnectionOptions,
  ) {
    // An idle connection the server closed (a restart) is reported here; without a listener it would crash the process.
    pool.on('error', (error) => this.#failed(error));
  }

  static async open(url: string, options: PostgresConnectionOptions): Promise<PostgresConnection> {
    const schema = options.schema ?? 'public';
    if (!SCHEMA_PATTERN.test(schema)) throw new Error(`Invalid PostgreSQL schema name ${JSON.stringify(schema)}`);
    let pool: pg.Pool;
    try {
      pool = new pg.Pool({
        connectionString: url,
        max: options.poolSize ?? DEFAULT_DATABASE_POOL_SIZE,
        connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
        idleTimeoutMillis: 30_000,
        statement_timeout: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
        options: `-c search_path=${schema}`,
        application_name: 'dataquery-slack',
        types,
      });
    } catch (error) {
      // Not chained as `cause`: URL parse errors carry the full input, password included.
      throw new Error(`Invalid PostgreSQL URL ${options.description}: ${describeError(error)}`);
    }
    const connection = new PostgresConnection(pool, schema, options);
    try {
      await pool.query('SELECT 1');
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw new Error(`PostgreSQL unreachable at ${options.description}: ${describeError(error)}`, { cause: error });
    }
    return connection;
  }

  get reachable(): boolean {
    return this.#reachable;
  }

  async query<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<Row>> {
    try {
      const result = await this.pool.query<Row>(text, values);
      this.#succeeded();
      return result;
    } catch (error) {
      this.#failed(error);
      throw error;
    }
  }

  /** `work` inside BEGIN … COMMIT on one connection; any throw rolls back. */
  async transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      this.#failed(error);
      throw error;
    }
    let broken: unknown;
    try {
      await client.query('BEGIN');
      const value = await work(client);
      await client.query('COMMIT');
      this.#succeeded();
      return value;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: unknown) => {
        broken = rollbackError;
      });
      this.#failed(error);
      throw error;
    } finally {
      // A connection that could not even roll back is not given to the next caller.
      client.release(broken instanceof Error ? broken : undefined);
    }
  }

  onReconnect(listener: () => void): void {
    this.#listeners.push(listener);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#probe);
    await this.pool.end();
  }

  #succeeded(): void {
    if (this.#reachable) return;
    this.#reachable = true;
    clearTimeout(this.#probe);
    this.#probe = undefined;
    this.options.logger?.info({ postgres: this.options.description }, 'postgres back');
    for (const listener of this.#listeners) listener();
  }

  #failed(error: unknown): void {
    if (!isConnectionError(error) || !this.#reachable || this.#closed) return;
    this.#reachable = false;
    this.options.logger?.warn({ err: error, postgres: this.options.description }, 'postgres unreachable');
    this.#scheduleProbe(0);
  }

  // While unreachable, something must notice the server is back even when nothing else asks.
  #scheduleProbe(tries: number): void {
    const delay = Math.min(200 * 2 ** Math.min(tries, 10), MAX_PROBE_DELAY_MS);
    this.#probe = setTimeout(() => {
      if (this.#closed || this.#reachable) return;
      this.pool.query('SELECT 1').then(
        () => this.#succeeded(),
        () => this.#scheduleProbe(tries + 1),
      );
    }, delay);
    this.#probe.unref();
  }
}

/** Errors that mean the server is away (not a query's own fault): refused, reset, shut down, timed out connecting. */
function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (/^(08|57P)/.test(code)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND'].includes(code)) return true;
  }
  if (error instanceof AggregateError) return error.errors.some(isConnectionError);
  return /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED/i.test(error.message);
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  return error.message || code || error.name;
}
