import { expect, it } from 'vitest';
import { createStore } from '../../../src/core/store/index.js';
import { describeWithPostgres, postgresUrl, withPostgresClient } from '../../support/postgres.js';
import { describeWithRedis, redisUrl, withRedisClient } from '../../support/redis.js';
import { defineStoreContract } from './contract.js';

describeWithRedis('CompositeStore (Redis + PostgreSQL)', (suitePrefix) => {
  describeWithPostgres('over both servers', (newSchema) => {
    let storesMade = 0;
    defineStoreContract('redis + postgres', async () => {
      const prefix = `${suitePrefix}${++storesMade}:`;
      const schema = newSchema();
      const open = () => createStore(redisUrl, { prefix, database: { url: postgresUrl, schema } });
      return { store: await open(), openAnother: open };
    });

    it('keeps what must not be lost in PostgreSQL when Redis is emptied', async () => {
      const prefix = `${suitePrefix}flush:`;
      const schema = newSchema();
      const store = await createStore(redisUrl, { prefix, database: { url: postgresUrl, schema } });
      try {
        await store.putDoc('watches', 'w1', { id: 'w1', teamId: 'T1' });
        await store.reserve([{ key: 'budget:team:T1:2026-12-02', amount: 5, limit: 10 }], 60_000);
        await store.appendLog('ledger:T1', 1, { callId: 'c1', operation: 'quote', coins: 5, outcome: 'success' });
        await store.claim('digest-run:d1:1000', 'me', 60_000);
        await store.claim('delivered:event-1', 'handled', 60_000);
        await store.keyv('cache').set('k', 'cached');
        // Everything under this store's Redis prefix goes, as FLUSHDB would take it.
        await withRedisClient(async (client) => {
          for await (const keys of client.scanIterator({ MATCH: `${prefix}*` }))
            if (keys.length) await client.del(keys);
        });
        expect(await store.getDoc('watches', 'w1')).toEqual({ id: 'w1', teamId: 'T1' });
        expect(await store.counter('budget:team:T1:2026-12-02')).toBe(5);
        expect(await store.readLog('ledger:T1', 0, 10)).toHaveLength(1);
        expect(await store.claim('digest-run:d1:1000', 'other', 60_000)).toBe(false);
        // What may be lost was: the event can be handled again, the cache is empty.
        expect(await store.claim('delivered:event-1', 'handled', 60_000)).toBe(true);
        expect(await store.keyv('cache').get('k')).toBeUndefined();
        const tables = await withPostgresClient(
          async (client) =>
            (
              await client.query(
                `SELECT (SELECT count(*) FROM ${schema}.documents)::int AS documents, (SELECT count(*) FROM ${schema}.claims)::int AS claims`,
              )
            ).rows[0],
        );
        expect(tables).toEqual({ documents: 1, claims: 1 });
      } finally {
        await store.close();
      }
    });
  });
});
