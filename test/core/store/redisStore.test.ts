import { expect, it } from 'vitest';
import { createStore } from '../../../src/core/store/index.js';
import { describeWithRedis, listRedisKeys, redisUrl, withRedisClient } from '../../support/redis.js';
import { defineStoreContract } from './contract.js';

describeWithRedis('RedisStore', (suitePrefix) => {
  let storesMade = 0;

  defineStoreContract('redis', async () => {
    const prefix = `${suitePrefix}${++storesMade}:`;
    return {
      store: await createStore(redisUrl, { prefix }),
      openAnother: () => createStore(redisUrl, { prefix }),
    };
  });

  it('keeps every key under its prefix, and keyv.clear() away from other prefixes', async () => {
    const mine = await createStore(redisUrl, { prefix: `${suitePrefix}mine:` });
    const theirs = await createStore(redisUrl, { prefix: `${suitePrefix}theirs:` });
    try {
      await mine.keyv('cache').set('k', 'mine');
      await theirs.keyv('cache').set('k', 'theirs');
      await mine.claim('c', 'o', 60_000);
      await mine.adjust('n', 1, 60_000);
      await mine.putDoc('d', 'id', {});
      await mine.appendLog('l', 1, {});

      expect(await listRedisKeys(`${suitePrefix}mine:`)).toEqual([
        `${suitePrefix}mine:claim:c`,
        `${suitePrefix}mine:counter:n`,
        `${suitePrefix}mine:docs:d`,
        `${suitePrefix}mine:keyv:cache::k`,
        `${suitePrefix}mine:log:l`,
        `${suitePrefix}mine:logseq:l`,
      ]);

      await mine.keyv('cache').clear();
      expect(await mine.keyv('cache').get('k')).toBeUndefined();
      expect(await theirs.keyv('cache').get('k')).toBe('theirs');
    } finally {
      await mine.close();
      await theirs.close();
    }
  });

  it('lets Redis expire counters and claims, and keeps documents and logs', async () => {
    const keyPrefix = `${suitePrefix}ttl:`;
    const store = await createStore(redisUrl, { prefix: keyPrefix });
    try {
      await store.reserve([{ key: 'a', amount: 1 }], 60_000);
      await store.adjust('b', 1, 60_000);
      await store.claim('c', 'o', 60_000);
      await store.putDoc('d', 'id', {});
      await store.appendLog('l', 1, {});
      const ttls = await withRedisClient(async (client) =>
        Promise.all(
          ['counter:a', 'counter:b', 'claim:c', 'docs:d', 'log:l'].map((key) => client.pTTL(keyPrefix + key)),
        ),
      );
      const [counterA, counterB, claim, docs, log] = ttls;
      for (const ttl of [counterA, counterB, claim]) expect(ttl).toBeGreaterThan(59_000);
      expect([docs, log]).toEqual([-1, -1]);
    } finally {
      await store.close();
    }
  });
});
