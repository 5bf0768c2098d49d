import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, expect, it } from 'vitest';
import { runDbCommand } from '../../src/cli/dbCommand.js';
import { readConfig } from '../../src/config.js';
import { createStore } from '../../src/core/store/index.js';
import { describeWithPostgres, postgresUrl } from '../support/postgres.js';
import { describeWithRedis, redisUrl } from '../support/redis.js';

const directory = await mkdtemp(join(tmpdir(), 'dq-db-command-'));
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

function sink(): { stream: Writable; text: () => string } {
  let text = '';
  return {
    stream: new Writable({
      write(chunk: Buffer, _encoding, callback) {
        text += chunk.toString('utf8');
        callback();
      },
    }),
    text: () => text,
  };
}

async function dqDb(words: string[], env: Record<string, string>, schema?: string) {
  const config = readConfig({ DEMO: '1', ...env }, { inSlack: false, demo: true }).config!;
  if (schema && config.store.database) config.store.database.schema = schema;
  const output = sink();
  const errors = sink();
  const code = await runDbCommand({
    words,
    config,
    logger: pino({ level: 'silent' }),
    output: output.stream,
    errorOutput: errors.stream,
  });
  return { code, out: output.text(), err: errors.text() };
}

/** A deployment's store with a watch, a setting, two ledger entries (equal ones: two calls), today's spend and a run's claim. */
async function fill(url: string, options: { prefix?: string } = {}): Promise<void> {
  const store = await createStore(url, options);
  try {
    await store.putDoc('watches', 'w1', { id: 'w1', teamId: 'T1', createdAt: 1 });
    await store.putDoc('user-settings', 'T1:U1', { locale: 'zh-CN' });
    await store.putDoc('store', 'health', { marker: 'old' });
    const entry = { at: 5, operation: 'quote', coins: 4, teamId: 'T1', userId: 'U1', outcome: 'success' };
    await store.appendLog('ledger:T1', 5, entry);
    await store.appendLog('ledger:T1', 5, entry);
    await store.reserve([{ key: 'budget:team:T1:2026-12-02', amount: 8 }], 86_400_000);
    await store.claim('digest-run:d1:1000', 'replica-a', 86_400_000);
    await store.claim('delivered:event', 'handled', 86_400_000);
  } finally {
    await store.close();
  }
}

describeWithPostgres('dq db', (newSchema) => {
  it('says DATABASE_URL is missing, with an example', async () => {
    const { code, err } = await dqDb(['status'], {});
    expect(code).toBe(2);
    expect(err).toContain('DATABASE_URL is not set; e.g. DATABASE_URL=postgres://');
  });

  it('status says what is pending, migrate applies it, then status counts rows', async () => {
    const schema = newSchema();
    const env = { DATABASE_URL: postgresUrl };
    const before = await dqDb(['status'], env, schema);
    expect(before.code).toBe(1);
    expect(before.out).toContain('0 applied');
    expect(before.out).toMatch(/1 pending \(1764633600000_system-of-record\): dq db migrate applies them/);
    const migrated = await dqDb(['migrate'], env, schema);
    expect(migrated).toMatchObject({ code: 0 });
    expect(migrated.out).toContain('applied:    1764633600000_system-of-record');
    expect((await dqDb(['migrate'], env, schema)).out).toContain('migrations: none pending');
    const after = await dqDb(['status'], env, schema);
    expect(after.code).toBe(0);
    expect(after.out).toContain('ledger:     0 rows');
  });

  it('imports an SQLite deployment once: counts printed, a second run copies nothing', async () => {
    const schema = newSchema();
    const sqlite = `sqlite://${join(directory, 'old.sqlite')}`;
    await fill(sqlite);
    const env = { DATABASE_URL: postgresUrl, STORE_URL: sqlite };
    const first = await dqDb(['import'], env, schema);
    expect(first.code).toBe(0);
    expect(first.out).toContain('documents:  2 copied, 0 already there');
    expect(first.out).toContain('ledger:     2 copied, 0 already there');
    expect(first.out).toContain('counters:   1 copied, 0 already there');
    expect(first.out).toContain('claims:     1 copied, 0 already there');
    const second = await dqDb(['import', '--from', sqlite], env, schema);
    expect(second.out).toContain('documents:  0 copied, 2 already there');
    expect(second.out).toContain('ledger:     0 copied, 2 already there');

    const store = await createStore('memory://', { database: { url: postgresUrl, schema } });
    try {
      expect(await store.getDoc('watches', 'w1')).toEqual({ id: 'w1', teamId: 'T1', createdAt: 1 });
      expect(await store.readLog('ledger:T1', 0, 10)).toHaveLength(2);
      expect(await store.counter('budget:team:T1:2026-12-02')).toBe(8);
      expect(await store.claim('digest-run:d1:1000', 'replica-b', 60_000)).toBe(false);
    } finally {
      await store.close();
    }
  });

  describeWithRedis('from Redis', (prefix) => {
    it('imports a Redis deployment once', async () => {
      const schema = newSchema();
      await fill(redisUrl, { prefix });
      const { PostgresStore } = await import('../../src/core/store/postgresStore.js');
      const { importIntoPostgres } = await import('../../src/core/store/storeImport.js');
      const { parseStoreUrl } = await import('../../src/core/store/index.js');
      const target = await PostgresStore.connect(postgresUrl, { schema });
      try {
        const counts = await importIntoPostgres(parseStoreUrl(redisUrl), target, { prefix, now: Date.now() });
        expect(counts).toEqual({
          documents: { copied: 2, present: 0 },
          ledgerEntries: { copied: 2, present: 0 },
          counters: { copied: 1, present: 0 },
          claims: { copied: 1, present: 0 },
        });
        const again = await importIntoPostgres(parseStoreUrl(redisUrl), target, { prefix, now: Date.now() });
        expect(again.ledgerEntries).toEqual({ copied: 0, present: 2 });
        expect(await target.counter('budget:team:T1:2026-12-02')).toBe(8);
      } finally {
        await target.close();
      }
    });
  });
});
