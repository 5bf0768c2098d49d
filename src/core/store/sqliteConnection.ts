import Database from 'libsql';

export type SqlValue = string | number | null;

export interface SqlRunner {
  run(statement: string, ...parameters: SqlValue[]): { changes: number };
  get<Row>(statement: string, ...parameters: SqlValue[]): Row | undefined;
  all<Row>(statement: string, ...parameters: SqlValue[]): Row[];
}

/**
 * One SQLite connection through libsql, a better-sqlite3-compatible build whose npm package carries
 * its binary (nothing is compiled at install). Statements are synchronous, and so is every piece of
 * work handed to `use` or `transaction`: it runs to its end before anything else in this process
 * can touch the file, so no other caller's statement can land inside a transaction, and two
 * connections in one process never wait on each other's lock. Only another process can make a
 * statement wait (busy_timeout).
 */
export class SqliteConnection {
  private constructor(private readonly database: Database.Database) {}

  static async open(path: string, busyTimeoutMs: number): Promise<SqliteConnection> {
    const database = new Database(path);
    try {
      // Waits (instead of failing with SQLITE_BUSY) while another process holds the write lock;
      // WAL lets readers in other processes carry on while one writer commits; NORMAL sync is safe under WAL.
      database.exec(
        `PRAGMA busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;`,
      );
    } catch (error) {
      database.close();
      throw error;
    }
    return new SqliteConnection(database);
  }

  /** Runs `work` now, start to end. */
  async use<T>(work: (sql: SqlRunner) => T): Promise<T> {
    return work(this.#runner);
  }

  /**
   * `work` inside BEGIN IMMEDIATE … COMMIT. IMMEDIATE takes the file's write lock up front, so a
   * transaction in another process cannot read the same rows in between and then both commit.
   */
  async transaction<T>(work: (sql: SqlRunner) => T): Promise<T> {
    this.database.exec('BEGIN IMMEDIATE');
    try {
      const result = work(this.#runner);
      this.database.exec('COMMIT');
      return result;
    } catch (error) {
      try {
        this.database.exec('ROLLBACK');
      } catch {
        // Already rolled back by SQLite itself.
      }
      throw error;
    }
  }

  async exec(script: string): Promise<void> {
    this.database.exec(script);
  }

  async close(): Promise<void> {
    this.database.close();
  }

  readonly #runner: SqlRunner = {
    run: (statement, ...parameters) => ({
      changes: Number(this.database.prepare(statement).run(...parameters).changes),
    }),
    get: <Row>(statement: string, ...parameters: SqlValue[]) =>
      this.database.prepare(statement).get(...parameters) as Row | undefined,
    all: <Row>(statement: string, ...parameters: SqlValue[]) =>
      this.database.prepare(statement).all(...parameters) as Row[],
  };
}
