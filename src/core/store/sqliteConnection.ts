import sqlite3 from 'sqlite3';

export type SqlValue = string | number | null;

/**
 * One sqlite3 connection with promises, and with every statement funnelled through a promise
 * chain. A connection has a single transaction state, so without the funnel another async
 * caller's statement could land inside (and be rolled back with) someone else's transaction.
 */
export class SqliteConnection {
  #queueTail: Promise<unknown> = Promise.resolve();

  private constructor(private readonly database: sqlite3.Database) {}

  static async open(path: string, busyTimeoutMs: number): Promise<SqliteConnection> {
    const database = await new Promise<sqlite3.Database>((resolve, reject) => {
      const opened: sqlite3.Database = new sqlite3.Database(path, (error) =>
        error ? reject(error) : resolve(opened),
      );
    });
    // Waits (instead of failing with SQLITE_BUSY) while another connection or process holds the write lock.
    database.configure('busyTimeout', busyTimeoutMs);
    const connection = new SqliteConnection(database);
    // WAL lets readers in other processes carry on while one writer commits; NORMAL sync is safe under WAL.
    await connection.#exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');
    return connection;
  }

  /** Runs `work` once every earlier queued piece of work has finished. */
  exclusive<T>(work: (sql: SqlRunner) => Promise<T>): Promise<T> {
    const result = this.#queueTail.then(() => work(this.#runner));
    this.#queueTail = result.catch(() => undefined);
    return result;
  }

  /**
   * `work` inside BEGIN IMMEDIATE … COMMIT. IMMEDIATE takes the file's write lock up front, so a
   * transaction in another process cannot read the same rows in between and then both commit.
   */
  transaction<T>(work: (sql: SqlRunner) => Promise<T>): Promise<T> {
    return this.exclusive(async (sql) => {
      await sql.run('BEGIN IMMEDIATE');
      try {
        const result = await work(sql);
        await sql.run('COMMIT');
        return result;
      } catch (error) {
        await sql.run('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  }

  exec(script: string): Promise<void> {
    return this.exclusive(() => this.#exec(script));
  }

  close(): Promise<void> {
    return this.exclusive(
      () => new Promise<void>((resolve, reject) => this.database.close((error) => (error ? reject(error) : resolve()))),
    );
  }

  #exec(script: string): Promise<void> {
    return new Promise((resolve, reject) => this.database.exec(script, (error) => (error ? reject(error) : resolve())));
  }

  readonly #runner: SqlRunner = {
    run: (statement, ...parameters) =>
      new Promise((resolve, reject) => {
        this.database.run(statement, parameters, function onRun(error) {
          if (error) reject(error);
          else resolve({ changes: this.changes });
        });
      }),
    get: <Row>(statement: string, ...parameters: SqlValue[]) =>
      new Promise<Row | undefined>((resolve, reject) => {
        this.database.get<Row>(statement, parameters, (error, row) => (error ? reject(error) : resolve(row)));
      }),
    all: <Row>(statement: string, ...parameters: SqlValue[]) =>
      new Promise<Row[]>((resolve, reject) => {
        this.database.all<Row>(statement, parameters, (error, rows) => (error ? reject(error) : resolve(rows)));
      }),
  };
}

export interface SqlRunner {
  run(statement: string, ...parameters: SqlValue[]): Promise<{ changes: number }>;
  get<Row>(statement: string, ...parameters: SqlValue[]): Promise<Row | undefined>;
  all<Row>(statement: string, ...parameters: SqlValue[]): Promise<Row[]>;
}
