import { createHash } from 'node:crypto';
import { DURABLE_CLAIMS } from './compositeStore.js';
import type { StoreLocation } from './index.js';
import type { PostgresStore } from './postgresStore.js';
import { DEFAULT_REDIS_PREFIX } from './redisStore.js';
import { LEDGER_LOG_PREFIX } from './types.js';

/** What one kind of record came to: newly copied, or already in PostgreSQL (an earlier import, or the app since). */
export interface ImportCount {
  copied: number;
  present: number;
}

export interface ImportCounts {
  documents: ImportCount;
  ledgerEntries: ImportCount;
  counters: ImportCount;
  claims: ImportCount;
}

/** One record read from the old store, in the shape PostgreSQL takes it. */
type Record =
  | { kind: 'document'; collection: string; id: string; json: string }
  | { kind: 'ledger'; log: string; at: number; json: string }
  | { kind: 'counter'; key: string; value: number; expiresAt: number }
  | { kind: 'claim'; key: string; owner: string; expiresAt: number };

/** The store guard's marker belongs to the store it was written in: PostgreSQL gets its own. */
const NOT_COPIED_COLLECTIONS = new Set(['store']);

/**
 * The one-time move of an existing deployment (`dq db import`): what must not be lost — documents
 * (watches, digests, seen notices, settings), the ledger, today's budget counters and the runs'
 * claims — copied from its Redis or SQLite store into PostgreSQL. Idempotent: nothing already there
 * is overwritten (a ledger entry without a call id gets one made from its content), so running it
 * again copies nothing and a document the app changed since keeps its change.
 */
export async function importIntoPostgres(
  source: StoreLocation,
  target: PostgresStore,
  options: { prefix?: string; now: number },
): Promise<ImportCounts> {
  const counts: ImportCounts = {
    documents: { copied: 0, present: 0 },
    ledgerEntries: { copied: 0, present: 0 },
    counters: { copied: 0, present: 0 },
    claims: { copied: 0, present: 0 },
  };
  const seen = new Map<string, number>();
  for await (const record of readRecords(source, options)) {
    const inserted = await write(target, record, seen);
    const count =
      record.kind === 'document'
        ? counts.documents
        : record.kind === 'ledger'
          ? counts.ledgerEntries
          : record.kind === 'counter'
            ? counts.counters
            : counts.claims;
    if (inserted) count.copied += 1;
    else count.present += 1;
  }
  return counts;
}

async function write(target: PostgresStore, record: Record, seen: Map<string, number>): Promise<boolean> {
  const sql = target.connection;
  switch (record.kind) {
    case 'document':
      return rows(
        await sql.query(
          'INSERT INTO documents (collection, id, doc) VALUES ($1, $2, $3::jsonb) ON CONFLICT DO NOTHING',
          [record.collection, record.id, record.json],
        ),
      );
    case 'ledger': {
      const entry = JSON.parse(record.json) as { callId?: unknown };
      if (typeof entry.callId !== 'string' || !entry.callId) {
        // Two identical entries at the same time are two calls: the occurrence tells them apart.
        const content = `${record.log}\n${record.at}\n${record.json}`;
        const occurrence = (seen.get(content) ?? 0) + 1;
        seen.set(content, occurrence);
        entry.callId = `import:${createHash('sha256').update(`${content}\n${occurrence}`).digest('hex').slice(0, 32)}`;
      }
      return target.recordLedgerEntry(record.log.slice(LEDGER_LOG_PREFIX.length), record.at, entry);
    }
    case 'counter':
      return rows(
        await sql.query('INSERT INTO counters (key, value, expires_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
          record.key,
          record.value,
          record.expiresAt,
        ]),
      );
    case 'claim':
      return rows(
        await sql.query('INSERT INTO claims (key, owner, expires_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
          record.key,
          record.owner,
          record.expiresAt,
        ]),
      );
  }
}

function rows(result: { rowCount: number | null }): boolean {
  return (result.rowCount ?? 0) > 0;
}

async function* readRecords(source: StoreLocation, options: { prefix?: string; now: number }): AsyncGenerator<Record> {
  if (source.kind === 'sqlite') yield* readSqlite(source.path, options.now);
  else if (source.kind === 'redis') yield* readRedis(source.url, options.prefix ?? DEFAULT_REDIS_PREFIX, options.now);
  else throw new Error(`dq db import copies from a Redis or SQLite store, not ${source.kind}://`);
}

async function* readSqlite(path: string, now: number): AsyncGenerator<Record> {
  const { SqliteConnection } = await import('./sqliteConnection.js');
  const connection = await SqliteConnection.open(path, 5_000);
  try {
    const read = <Row>(statement: string, ...parameters: Array<string | number>) =>
      connection.use((sql) => sql.all<Row>(statement, ...parameters));
    for (const row of await read<{ collection: string; id: string; doc: string }>(
      'SELECT collection, id, doc FROM dq_docs ORDER BY collection, id',
    ))
      if (!NOT_COPIED_COLLECTIONS.has(row.collection))
        yield { kind: 'document', collection: row.collection, id: row.id, json: row.doc };
    for (const row of await read<{ log: string; at: number; entry: string }>(
      'SELECT log, at, entry FROM dq_logs WHERE substr(log, 1, ?) = ? ORDER BY seq',
      LEDGER_LOG_PREFIX.length,
      LEDGER_LOG_PREFIX,
    ))
      yield { kind: 'ledger', log: row.log, at: row.at, json: row.entry };
    for (const row of await read<{ key: string; value: number; expires_at: number }>(
      'SELECT key, value, expires_at FROM dq_counters WHERE expires_at > ?',
      now,
    ))
      yield { kind: 'counter', key: row.key, value: row.value, expiresAt: row.expires_at };
    for (const row of await read<{ key: string; owner: string; expires_at: number }>(
      'SELECT key, owner, expires_at FROM dq_claims WHERE expires_at > ?',
      now,
    ))
      if (DURABLE_CLAIMS.test(row.key))
        yield { kind: 'claim', key: row.key, owner: row.owner, expiresAt: row.expires_at };
  } finally {
    await connection.close();
  }
}

async function* readRedis(url: string, prefix: string, now: number): AsyncGenerator<Record> {
  const { connectRedis } = await import('./redisConnection.js');
  const { LOG_MEMBER_SEQUENCE_LENGTH } = await import('./redisScripts.js');
  const client = await connectRedis(url, { description: 'the Redis store' });
  const keys = async (kind: string): Promise<string[]> => {
    const found: string[] = [];
    const pattern = `${prefix}${kind}:*`.replace(/[?[\]\\]/g, '\\$&');
    for await (const batch of client.scanIterator({ MATCH: pattern, COUNT: 500 })) found.push(...batch);
    return found.sort();
  };
  const name = (key: string, kind: string) => key.slice(`${prefix}${kind}:`.length);
  try {
    for (const key of await keys('docs')) {
      const collection = name(key, 'docs');
      if (NOT_COPIED_COLLECTIONS.has(collection)) continue;
      const documents = Object.entries(await client.hGetAll(key)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      for (const [id, json] of documents) yield { kind: 'document', collection, id, json };
    }
    for (const key of await keys(`log:${LEDGER_LOG_PREFIX.slice(0, -1)}`)) {
      const log = name(key, 'log');
      for (const { value, score } of await client.zRangeWithScores(key, 0, -1))
        yield { kind: 'ledger', log, at: score, json: value.slice(LOG_MEMBER_SEQUENCE_LENGTH) };
    }
    for (const key of await keys('counter')) {
      const [value, ttl] = await Promise.all([client.get(key), client.pTTL(key)]);
      if (value === null || ttl === -2) continue;
      yield {
        kind: 'counter',
        key: name(key, 'counter'),
        value: Number(value),
        expiresAt: ttl < 0 ? now + 2 * 86_400_000 : now + ttl,
      };
    }
    for (const key of await keys('claim')) {
      const claim = name(key, 'claim');
      if (!DURABLE_CLAIMS.test(claim)) continue;
      const [owner, ttl] = await Promise.all([client.get(key), client.pTTL(key)]);
      if (owner === null || ttl === -2) continue;
      yield { kind: 'claim', key: claim, owner, expiresAt: ttl < 0 ? now + 7 * 86_400_000 : now + ttl };
    }
  } finally {
    client.destroy();
  }
}
