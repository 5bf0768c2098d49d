import { randomUUID } from 'node:crypto';
import { Keyv } from 'keyv';
import type { Logger } from 'pino';
import { localDate, startOfDay, startOfNextDay } from '../../time/calendar.js';
import { type Clock, systemClock } from '../clock.js';
import { PostgresConnection, type Sql } from './postgresConnection.js';
import { PostgresKeyvAdapter } from './postgresKeyvAdapter.js';
import { migrate } from './postgresMigrations.js';
import { redactUrl } from './redactUrl.js';
import {
  assertCounterAmount,
  assertCounterChanges,
  assertForgetPrefix,
  assertKeyvNamespace,
  assertTimestamp,
  assertTtl,
  PLAIN_JSON,
  toJson,
} from './storeInputs.js';
import {
  type CounterChange,
  LEDGER_LOG_PREFIX,
  type LedgerTallyRow,
  type ReserveOutcome,
  type Store,
  type StoreMarker,
} from './types.js';

export interface PostgresStoreOptions {
  logger?: Logger | undefined;
  /** Safe-to-print location; defaults to the URL without its credentials. */
  description?: string | undefined;
  /** Drives claim and counter expiry (the database's own clock paces schedules). */
  clock?: Clock | undefined;
  poolSize?: number | undefined;
  statementTimeoutMs?: number | undefined;
  connectTimeoutMs?: number | undefined;
  /** Tables live in this schema; `public` by default. */
  schema?: string | undefined;
  /** Apply pending migrations when opening (the app does; `dq db status` does not). */
  migrate?: boolean | undefined;
  /** The ledger's days are summed in this zone (BUDGET_TZ); Asia/Shanghai, the app's default, unless given. */
  ledgerTimeZone?: string | undefined;
}

const SWEEP_INTERVAL_MS = 60_000;
/** Reservations sent in one statement at most. */
const MAX_BATCH = 500;

interface WaitingReservation {
  request: { keys: string[]; amounts: number[]; limits: Array<number | null>; ttl: number; marker: StoreMarker | null };
  resolve(outcome: ReserveOutcome): void;
  reject(error: unknown): void;
}
// The database's clock, in milliseconds, for what every replica must pace by the same time.
const DB_NOW = `(extract(epoch from clock_timestamp()) * 1000)::bigint`;

// Adds to a live counter, or starts an absent/expired one at `amount` with a fresh expiry.
const ADD_TO_COUNTER = `
  INSERT INTO counters (key, value, expires_at) VALUES ($1, $2, $3::bigint + $4::bigint)
  ON CONFLICT (key) DO UPDATE SET
    value = CASE WHEN counters.expires_at > $3 THEN counters.value + excluded.value ELSE excluded.value END,
    expires_at = CASE WHEN counters.expires_at > $3 THEN counters.expires_at ELSE excluded.expires_at END
  RETURNING value`;

/**
 * PostgreSQL as the system of record: the ledger as rows of its own table (a call recorded once by
 * its id), budget counters reserved in transactions, claims, and documents as JSONB. It also holds
 * the rest (cache, schedules) for a fleet without Redis; with Redis beside it, CompositeStore sends
 * those there.
 */
export class PostgresStore implements Store {
  readonly kind = 'postgres' as const;
  readonly #keyvs = new Map<string, Keyv>();
  readonly #clock: Clock;
  #lastSweepAt = 0;
  #closed?: Promise<void>;
  readonly #waiting: WaitingReservation[] = [];
  #sending: Promise<void> | undefined;

  private constructor(
    readonly connection: PostgresConnection,
    readonly description: string,
    clock: Clock,
    private readonly ledgerZone: string,
  ) {
    this.#clock = clock;
  }

  static async connect(url: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
    const description = options.description ?? redactUrl(url);
    const connection = await PostgresConnection.open(url, { ...options, description });
    try {
      if (options.migrate ?? true) await migrate(connection);
    } catch (error) {
      await connection.close().catch(() => undefined);
      throw error;
    }
    return new PostgresStore(
      connection,
      description,
      options.clock ?? systemClock,
      options.ledgerTimeZone ?? 'Asia/Shanghai',
    );
  }

  keyv<T = unknown>(namespace: string): Keyv<T> {
    assertKeyvNamespace(namespace);
    let keyv = this.#keyvs.get(namespace);
    if (!keyv) {
      keyv = new Keyv({ store: new PostgresKeyvAdapter(this.connection), namespace, ...PLAIN_JSON });
      this.#keyvs.set(namespace, keyv);
    }
    return keyv as Keyv<T>;
  }

  async claim(key: string, owner: string, ttlMs: number): Promise<boolean> {
    assertTtl(ttlMs);
    const now = this.#clock.now();
    // One upsert: takes the key when free or expired, changes nothing otherwise.
    const { rowCount } = await this.connection.query(
      `INSERT INTO claims (key, owner, expires_at) VALUES ($1, $2, $3::bigint + $4::bigint)
       ON CONFLICT (key) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
       WHERE claims.expires_at <= $3`,
      [key, owner, now, Math.ceil(ttlMs)],
    );
    await this.#sweepExpiredNowAndThen(now);
    return (rowCount ?? 0) > 0;
  }

  async releaseClaim(key: string, owner: string): Promise<void> {
    await this.connection.query('DELETE FROM claims WHERE key = $1 AND owner = $2 AND expires_at > $3', [
      key,
      owner,
      this.#clock.now(),
    ]);
  }

  async extendClaim(key: string, owner: string, ttlMs: number): Promise<boolean> {
    assertTtl(ttlMs);
    const now = this.#clock.now();
    const { rowCount } = await this.connection.query(
      'UPDATE claims SET expires_at = $1::bigint + $2::bigint WHERE key = $3 AND owner = $4 AND expires_at > $1',
      [now, Math.ceil(ttlMs), key, owner],
    );
    return (rowCount ?? 0) > 0;
  }

  async reserve(items: readonly CounterChange[], ttlMs: number, marker?: StoreMarker): Promise<ReserveOutcome> {
    assertCounterChanges(items, ttlMs);
    if (items.length === 0 && !marker) return { ok: true, totals: [] };
    const now = this.#clock.now();
    const outcome = await new Promise<ReserveOutcome>((resolve, reject) => {
      this.#waiting.push({
        request: {
          keys: items.map((item) => item.key),
          amounts: items.map((item) => item.amount),
          limits: items.map((item) => item.limit ?? null),
          ttl: Math.ceil(ttlMs),
          marker: marker ?? null,
        },
        resolve,
        reject,
      });
      if (!this.#sending) this.#sending = this.#sendReservations();
    });
    await this.#sweepExpiredNowAndThen(now);
    return outcome;
  }

  // One batch in flight at a time: what waits meanwhile goes in the next, sharing its commit.
  async #sendReservations(): Promise<void> {
    while (this.#waiting.length > 0) {
      const batch = this.#waiting.splice(0, MAX_BATCH);
      try {
        const { rows } = await this.connection.query<{ replies: number[][] }>(
          'SELECT reserve_counters($1::jsonb, $2) AS replies',
          [JSON.stringify(batch.map((waiting) => waiting.request)), this.#clock.now()],
        );
        rows[0]!.replies.forEach((reply, index) => {
          batch[index]!.resolve(outcomeOf(reply));
        });
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    this.#sending = undefined;
  }

  async adjust(key: string, amount: number, ttlMs: number): Promise<number> {
    assertCounterAmount(amount);
    assertTtl(ttlMs);
    const now = this.#clock.now();
    const { rows } = await this.connection.query<{ value: number }>(ADD_TO_COUNTER, [
      key,
      amount,
      now,
      Math.ceil(ttlMs),
    ]);
    return rows[0]!.value;
  }

  async counter(key: string): Promise<number> {
    const { rows } = await this.connection.query<{ value: number }>(
      'SELECT value FROM counters WHERE key = $1 AND expires_at > $2',
      [key, this.#clock.now()],
    );
    return rows[0]?.value ?? 0;
  }

  async reserveSlot(key: string, intervalMs: number): Promise<number> {
    assertTtl(intervalMs);
    const interval = Math.ceil(intervalMs);
    const { rows } = await this.connection.query<{ wait: number }>(
      `WITH clock AS (SELECT ${DB_NOW} AS now)
       INSERT INTO slots AS s (key, next_free) SELECT $1, clock.now + $2 FROM clock
       ON CONFLICT (key) DO UPDATE SET next_free = GREATEST(s.next_free, (SELECT now FROM clock)) + $2
       RETURNING s.next_free - $2 - (SELECT now FROM clock) AS wait`,
      [key, interval],
    );
    return Math.max(0, rows[0]!.wait);
  }

  async admitToWindow(key: string, count: number, windowMs: number): Promise<number> {
    assertTtl(windowMs);
    const window = Math.ceil(windowMs);
    return this.connection.transaction(async (sql) => {
      // One admission at a time per window: the count and the insert must see each other.
      await sql.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`window:${key}`]);
      const now = (await sql.query<{ now: number }>(`SELECT ${DB_NOW} AS now`)).rows[0]!.now;
      await sql.query('DELETE FROM window_starts WHERE key = $1 AND at <= $2', [key, now - window]);
      const { rows } = await sql.query<{ at: number }>(
        'SELECT at FROM window_starts WHERE key = $1 ORDER BY at DESC LIMIT $2',
        [key, count],
      );
      if (rows.length < count) {
        await sql.query('INSERT INTO window_starts (key, member, at) VALUES ($1, $2, $3)', [key, randomUUID(), now]);
        return 0;
      }
      return Math.max(1, rows[rows.length - 1]!.at + window - now);
    });
  }

  async heartbeat(group: string, member: string, ttlMs: number): Promise<number> {
    assertTtl(ttlMs);
    const { rows } = await this.connection.query<{ alive: number }>(
      `WITH clock AS (SELECT ${DB_NOW} AS now),
       beat AS (
         INSERT INTO members (grp, member, expires_at) SELECT $1, $2, clock.now + $3 FROM clock
         ON CONFLICT (grp, member) DO UPDATE SET expires_at = excluded.expires_at
       ),
       gone AS (DELETE FROM members WHERE grp = $1 AND expires_at <= (SELECT now FROM clock))
       SELECT 1 + count(*)::int AS alive FROM members, clock
         WHERE grp = $1 AND member <> $2 AND expires_at > clock.now`,
      [group, member, Math.ceil(ttlMs)],
    );
    return rows[0]!.alive;
  }

  async putDoc(collection: string, id: string, doc: unknown): Promise<void> {
    await this.connection.query(
      `INSERT INTO documents (collection, id, doc) VALUES ($1, $2, $3::jsonb)
       ON CONFLICT (collection, id) DO UPDATE SET doc = excluded.doc, updated_at = now()`,
      [collection, id, toJson(doc)],
    );
  }

  async getDoc<T>(collection: string, id: string): Promise<T | undefined> {
    const { rows } = await this.connection.query<{ doc: T }>(
      'SELECT doc FROM documents WHERE collection = $1 AND id = $2',
      [collection, id],
    );
    return rows[0]?.doc;
  }

  async deleteDoc(collection: string, id: string): Promise<boolean> {
    const { rowCount } = await this.connection.query('DELETE FROM documents WHERE collection = $1 AND id = $2', [
      collection,
      id,
    ]);
    return (rowCount ?? 0) > 0;
  }

  async listDocs<T>(collection: string): Promise<Array<{ id: string; doc: T }>> {
    const { rows } = await this.connection.query<{ id: string; doc: T }>(
      'SELECT id, doc FROM documents WHERE collection = $1 ORDER BY id COLLATE "C"',
      [collection],
    );
    return rows;
  }

  async appendLog(log: string, at: number, entry: unknown): Promise<void> {
    assertTimestamp(at);
    const json = toJson(entry);
    const teamId = ledgerTeam(log);
    if (teamId === undefined) {
      await this.connection.query('INSERT INTO logs (log, at, entry) VALUES ($1, $2, $3::jsonb)', [log, at, json]);
      return;
    }
    await this.recordLedgerEntry(teamId, at, entry);
  }

  /** A ledger row; false when its call was already recorded (the call id is unique). */
  async recordLedgerEntry(teamId: string, at: number, entry: unknown): Promise<boolean> {
    const json = toJson(entry);
    const e = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    // The day's sum grows only by a row actually added: a call written again adds nothing to either.
    const { rowCount } = await this.connection.query(
      `WITH added AS (
         INSERT INTO ledger (call_id, team_id, at, user_id, source, operation, coins, outcome, unconfirmed, entry)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb) ON CONFLICT (call_id) DO NOTHING
         RETURNING team_id, at, spender, operation, coins, unconfirmed
       )
       INSERT INTO ledger_days AS d (team_id, zone, day, spender, operation, coins, calls, unconfirmed_coins)
         SELECT team_id, $11, ${LOCAL_DAY('at', '$11')}, spender, operation, coins, 1,
                CASE WHEN unconfirmed THEN coins ELSE 0 END
         FROM added
       ON CONFLICT (team_id, zone, day, spender, operation) DO UPDATE SET
         coins = d.coins + excluded.coins, calls = d.calls + 1,
         unconfirmed_coins = d.unconfirmed_coins + excluded.unconfirmed_coins`,
      [
        typeof e.callId === 'string' && e.callId ? e.callId : randomUUID(),
        teamId,
        at,
        typeof e.userId === 'string' ? e.userId : null,
        typeof e.source === 'string' ? e.source : null,
        typeof e.operation === 'string' ? e.operation : '',
        typeof e.coins === 'number' ? Math.round(e.coins) : 0,
        typeof e.outcome === 'string' ? e.outcome : '',
        e.unconfirmed === true,
        json,
        this.ledgerZone,
      ],
    );
    return (rowCount ?? 0) > 0;
  }

  async readLog<T>(log: string, fromMs: number, toMs: number): Promise<Array<{ at: number; entry: T }>> {
    if (!(fromMs < toMs)) return [];
    const teamId = ledgerTeam(log);
    const { rows } =
      teamId === undefined
        ? await this.connection.query<{ at: number; entry: T }>(
            'SELECT at, entry FROM logs WHERE log = $1 AND at >= $2 AND at < $3 ORDER BY at, seq',
            [log, bound(fromMs), bound(toMs)],
          )
        : await this.connection.query<{ at: number; entry: T }>(
            'SELECT at, entry FROM ledger WHERE team_id = $1 AND at >= $2 AND at < $3 ORDER BY at, id',
            [teamId, bound(fromMs), bound(toMs)],
          );
    return rows;
  }

  async trimLog(log: string, beforeMs: number): Promise<void> {
    const teamId = ledgerTeam(log);
    if (teamId === undefined)
      await this.connection.query('DELETE FROM logs WHERE log = $1 AND at < $2', [log, bound(beforeMs)]);
    else
      await this.connection.transaction(async (sql) => {
        await sql.query('DELETE FROM ledger WHERE team_id = $1 AND at < $2', [teamId, bound(beforeMs)]);
        // The day sums are made again from what is left (a ledger is seldom trimmed).
        await this.#sumLedgerDaysAgain(sql, teamId);
      });
  }

  async forgetPrefixed(prefix: string): Promise<number> {
    assertForgetPrefix(prefix);
    // left(), not LIKE, whose '_' and '%' are wildcards; the ledger is a table of its own, untouched.
    return this.connection.transaction(async (sql) => {
      let forgotten = 0;
      for (const [table, column] of [
        ['claims', 'key'],
        ['counters', 'key'],
        ['logs', 'log'],
      ] as const)
        forgotten +=
          (await sql.query(`DELETE FROM ${table} WHERE left(${column}, $1) = $2`, [prefix.length, prefix])).rowCount ??
          0;
      return forgotten;
    });
  }

  async redactLog(log: string, fields: readonly string[]): Promise<number> {
    const teamId = ledgerTeam(log);
    if (teamId === undefined) {
      const { rowCount } = await this.connection.query(
        `UPDATE logs SET entry = ${KEEP_ONLY('entry', '$2')} WHERE log = $1 AND jsonb_typeof(entry) = 'object' AND entry <> ${KEEP_ONLY('entry', '$2')}`,
        [log, fields],
      );
      return rowCount ?? 0;
    }
    // A ledger's row loses its person and source columns as its entry does, so its spender becomes
    // `unknown`: the day sums are made again from the rows (once, at an uninstall).
    return this.connection.transaction(async (sql) => {
      const { rowCount } = await sql.query(
        `UPDATE ledger SET entry = ${KEEP_ONLY('entry', '$2')},
           user_id = CASE WHEN 'userId' = ANY($2::text[]) THEN user_id END,
           source = CASE WHEN 'source' = ANY($2::text[]) THEN source END
         WHERE team_id = $1 AND jsonb_typeof(entry) = 'object' AND entry <> ${KEEP_ONLY('entry', '$2')}`,
        [teamId, fields],
      );
      if ((rowCount ?? 0) > 0) await this.#sumLedgerDaysAgain(sql, teamId);
      return rowCount ?? 0;
    });
  }

  async #sumLedgerDaysAgain(sql: Sql, teamId: string): Promise<void> {
    await sql.query('DELETE FROM ledger_days WHERE team_id = $1', [teamId]);
    await sql.query(
      `INSERT INTO ledger_days (team_id, zone, day, spender, operation, coins, calls, unconfirmed_coins)
       SELECT team_id, $2, ${LOCAL_DAY('at', '$2')} AS day, spender, operation, sum(coins), count(*),
              COALESCE(sum(coins) FILTER (WHERE unconfirmed), 0)
       FROM ledger WHERE team_id = $1 GROUP BY team_id, day, spender, operation`,
      [teamId, this.ledgerZone],
    );
  }

  async tallyLedger(teamId: string, fromMs: number, toMs: number, timeZone?: string): Promise<LedgerTallyRow[]> {
    const from = bound(fromMs);
    const to = bound(toMs);
    if (timeZone !== this.ledgerZone || !(from < to) || !Number.isSafeInteger(from) || !Number.isSafeInteger(to)) {
      const { rows } = await this.connection.query<LedgerTallyRow>(`${RAW_TALLY} GROUP BY spender, operation`, [
        teamId,
        from,
        to,
      ]);
      return rows.map(withUnconfirmed);
    }
    // Whole days inside [from, to) from their sums; the parts of a day at either edge from the rows.
    const dayStart = startOfDay(from, timeZone);
    const firstMs = dayStart === from ? from : startOfNextDay(from, timeZone);
    const stopMs = startOfDay(to, timeZone);
    const whole = firstMs < stopMs;
    const { rows } = await this.connection.query<LedgerTallyRow>(
      `SELECT spender, operation, sum(coins)::bigint AS coins, sum(calls)::bigint AS calls,
              sum(unconfirmed)::bigint AS "unconfirmedCoins"
       FROM (
         SELECT spender, operation, coins, calls, unconfirmed_coins AS unconfirmed
           FROM ledger_days WHERE team_id = $1 AND zone = $2 AND day >= $3::date AND day < $4::date
         UNION ALL
         SELECT spender, operation, coins, 1, CASE WHEN unconfirmed THEN coins ELSE 0 END
           FROM ledger WHERE team_id = $1 AND ((at >= $5 AND at < $6) OR (at >= $7 AND at < $8))
       ) AS parts
       GROUP BY spender, operation`,
      [
        teamId,
        timeZone,
        whole ? localDate(firstMs, timeZone) : '1970-01-01',
        whole ? localDate(stopMs, timeZone) : '1970-01-01',
        from,
        whole ? firstMs : to,
        whole ? stopMs : to,
        to,
      ],
    );
    return rows.map(withUnconfirmed);
  }

  async ping(): Promise<void> {
    await this.connection.query('SELECT 1');
  }

  onReconnect(listener: () => void): void {
    this.connection.onReconnect(listener);
  }

  close(): Promise<void> {
    this.#closed ??= this.connection.close();
    return this.#closed;
  }

  // Expired claims and counters are already ignored on read; deleting them now and then keeps the
  // tables from growing with per-run claims and per-day counters nobody reads again.
  async #sweepExpiredNowAndThen(now: number): Promise<void> {
    if (now - this.#lastSweepAt < SWEEP_INTERVAL_MS) return;
    this.#lastSweepAt = now;
    await Promise.all([
      this.connection.query('DELETE FROM claims WHERE expires_at <= $1', [now]),
      this.connection.query('DELETE FROM counters WHERE expires_at <= $1', [now]),
    ]).catch(() => undefined); // best effort: the next sweep will try again
  }
}

/** A JSONB object column with only the keys of a text[] parameter left. */
function KEEP_ONLY(column: string, fields: string): string {
  return `COALESCE((SELECT jsonb_object_agg(key, value) FROM jsonb_each(${column}) WHERE key = ANY(${fields}::text[])), '{}'::jsonb)`;
}

/** The local calendar day of a millisecond column, in a zone given as a parameter. */
function LOCAL_DAY(column: string, zone: string): string {
  return `(to_timestamp(${column} / 1000.0) AT TIME ZONE ${zone})::date`;
}

const RAW_TALLY = `SELECT spender, operation, sum(coins)::bigint AS coins, count(*)::bigint AS calls,
         (sum(coins) FILTER (WHERE unconfirmed))::bigint AS "unconfirmedCoins"
  FROM ledger WHERE team_id = $1 AND at >= $2 AND at < $3`;

function withUnconfirmed(row: LedgerTallyRow): LedgerTallyRow {
  return { ...row, unconfirmedCoins: row.unconfirmedCoins ?? 0 };
}

/** reserve_counters' reply for one request, as Redis's script replies. */
function outcomeOf(reply: number[]): ReserveOutcome {
  const [succeeded, ...rest] = reply;
  if (succeeded === 1) return { ok: true, totals: rest };
  if (succeeded === -1) return { ok: false, markerGone: true };
  return { ok: false, index: rest[0]!, total: rest[1]! };
}

/** The team whose ledger `log` is, or undefined for any other log. */
function ledgerTeam(log: string): string | undefined {
  return log.startsWith(LEDGER_LOG_PREFIX) ? log.slice(LEDGER_LOG_PREFIX.length) : undefined;
}

/** bigint columns take no infinity: the widest safe bounds instead. */
function bound(ms: number): number {
  if (ms === Number.POSITIVE_INFINITY) return Number.MAX_SAFE_INTEGER;
  if (ms === Number.NEGATIVE_INFINITY) return Number.MIN_SAFE_INTEGER;
  return Math.floor(ms);
}
