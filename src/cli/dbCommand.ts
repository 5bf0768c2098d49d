import type { Writable } from 'node:stream';
import type { Logger } from 'pino';
import type { AppConfig } from '../config.js';
import { parseStoreUrl } from '../core/store/index.js';

export const DB_USAGE = `  dq db status                      PostgreSQL (DATABASE_URL): reachable, migrations applied and pending, rows kept
  dq db migrate                     apply pending migrations (the app also does at start, under a lock)
  dq db import [--from <STORE_URL>] copy a Redis or SQLite deployment's ledger, budgets, watches, digests
                                    and settings into PostgreSQL once; idempotent (the default source: STORE_URL)`;

const TABLES = ['ledger', 'documents', 'counters', 'claims'] as const;

/** `dq db …`: the operator's view of PostgreSQL as the system of record. */
export async function runDbCommand(options: {
  words: readonly string[];
  config: AppConfig;
  logger: Logger;
  output: Writable;
  errorOutput: Writable;
}): Promise<number> {
  const { words, config, logger, output, errorOutput } = options;
  const say = (line: string) => output.write(`${line}\n`);
  const [action, ...rest] = words;
  const database = config.store.database;
  if (!action || !['status', 'migrate', 'import'].includes(action)) {
    errorOutput.write(`dq db: ${action ? `unknown action "${action}"` : 'which action?'}\n${DB_USAGE}\n`);
    return 2;
  }
  const from = readFrom(rest);
  if (from === undefined || (action !== 'import' && rest.length > 0)) {
    errorOutput.write(`dq db ${action}: unexpected "${rest.join(' ')}"\n${DB_USAGE}\n`);
    return 2;
  }
  if (!database) {
    errorOutput.write(
      `dq db ${action}: DATABASE_URL is not set; e.g. DATABASE_URL=postgres://dq@127.0.0.1:5432/dq npm run dq -- db ${action}\n`,
    );
    return 2;
  }
  const { PostgresStore } = await import('../core/store/postgresStore.js');
  const { migrate, migrationStatus } = await import('../core/store/postgresMigrations.js');
  const store = await PostgresStore.connect(database.url, {
    logger,
    poolSize: 2,
    statementTimeoutMs: database.statementTimeoutMs,
    schema: database.schema,
    migrate: false,
  });
  try {
    say(`database:   ${store.description}`);
    if (action === 'status') {
      const status = await migrationStatus(store.connection);
      say('database:   reachable');
      say(
        `migrations: ${status.applied.length} applied${status.applied.length ? ` (${status.applied.join(', ')})` : ''}`,
      );
      say(
        `            ${status.pending.length} pending${status.pending.length ? ` (${status.pending.join(', ')}): dq db migrate applies them` : ''}`,
      );
      if (status.pending.length === 0)
        for (const table of TABLES) {
          const { rows } = await store.connection.query<{ n: number }>(`SELECT count(*)::bigint AS n FROM ${table}`);
          say(`${`${table}:`.padEnd(12)}${rows[0]!.n} rows`);
        }
      return status.pending.length === 0 ? 0 : 1;
    }
    const applied = await migrate(store.connection);
    if (action === 'migrate') {
      say(applied.length ? `applied:    ${applied.join(', ')}` : 'migrations: none pending');
      return 0;
    }
    const source = parseStoreUrl(from || config.store.url);
    if (source.kind !== 'redis' && source.kind !== 'sqlite') {
      errorOutput.write(
        `dq db import: the source must be a Redis or SQLite store (STORE_URL or --from), e.g. --from sqlite://./data/dq.sqlite\n`,
      );
      return 2;
    }
    const { importIntoPostgres } = await import('../core/store/storeImport.js');
    say(`from:       ${source.kind === 'sqlite' ? `sqlite://${source.path}` : source.description}`);
    const counts = await importIntoPostgres(source, store, { now: Date.now() });
    for (const [what, count] of [
      ['documents', counts.documents],
      ['ledger', counts.ledgerEntries],
      ['counters', counts.counters],
      ['claims', counts.claims],
    ] as const)
      say(`${`${what}:`.padEnd(12)}${count.copied} copied, ${count.present} already there`);
    return 0;
  } finally {
    await store.close();
  }
}

/** `--from <url>` or `--from=<url>`; '' when absent, undefined when anything else is there. */
function readFrom(words: readonly string[]): string | undefined {
  if (words.length === 0) return '';
  if (words.length === 1 && words[0]!.startsWith('--from=')) return words[0]!.slice('--from='.length) || undefined;
  if (words.length === 2 && words[0] === '--from') return words[1];
  return undefined;
}
