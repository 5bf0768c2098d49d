import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createStore } from '../../../src/core/store/index.js';
import type { Store } from '../../../src/core/store/types.js';
import { describeWithRedis, redisUrl } from '../../support/redis.js';
import { TcpProxy } from '../../support/tcpProxy.js';

const NOTHING_LISTENS = 'redis://127.0.0.1:6390';

describe('Redis that cannot be reached', () => {
  it('makes createStore fail within a couple of seconds', async () => {
    const startedAt = Date.now();
    await expect(createStore(NOTHING_LISTENS)).rejects.toThrow(/Redis unreachable at redis:\/\/127\.0\.0\.1:6390/);
    expect(Date.now() - startedAt).toBeLessThan(3_500);
  });

  it('never puts the password in the error', async () => {
    const failure = await createStore('redis://:s3cret-pw@127.0.0.1:6390').catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toContain('redis://***@127.0.0.1:6390');
    expect((failure as Error).message).not.toContain('s3cret-pw');
  });
});

describeWithRedis('Redis that goes away and comes back', (prefix) => {
  const target = new URL(redisUrl);

  function capturingLogger() {
    const messages: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void messages.push(JSON.parse(line).msg) });
    return { logger, messages };
  }

  async function within<T>(ms: number, attempt: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      try {
        return await attempt();
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await sleep(50);
      }
    }
  }

  async function failsFast(operation: Promise<unknown>): Promise<number> {
    const startedAt = Date.now();
    await expect(operation).rejects.toThrow();
    return Date.now() - startedAt;
  }

  it('fails fast while down, logs once per change, reconnects by itself', async () => {
    const proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 6379) });
    const { logger, messages } = capturingLogger();
    let store: Store | undefined;
    try {
      store = await createStore(proxy.url, { prefix: `${prefix}outage:`, logger });
      const cache = store.keyv<string>('cache');
      await cache.set('k', 'v');
      await store.adjust('coins', 7, 60_000);

      await proxy.cut();
      await within(2_000, async () => expect(messages).toContain('redis unreachable'));

      expect(await failsFast(store.ping())).toBeLessThan(500);
      expect(await failsFast(store.reserve([{ key: 'coins', amount: 1, limit: 100 }], 60_000))).toBeLessThan(500);
      expect(await failsFast(store.getDoc('c', 'id'))).toBeLessThan(500);
      // The cache degrades to misses instead of errors, so callers can carry on without it.
      expect(await cache.get('k')).toBeUndefined();

      await sleep(1_000); // several failed reconnect attempts, still one log line
      expect(messages.filter((message) => message === 'redis unreachable')).toHaveLength(1);

      await proxy.resume();
      await within(8_000, () => store!.ping());
      expect(await store.counter('coins')).toBe(7);
      expect(await cache.get('k')).toBe('v');
      expect(messages).toEqual(['redis unreachable', 'redis back']);
    } finally {
      await store?.close();
      await proxy.cut();
    }
  });

  it('closes promptly while Redis is away', async () => {
    const proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 6379) });
    const store = await createStore(proxy.url, { prefix: `${prefix}close-while-down:` });
    await proxy.cut();
    await within(2_000, async () => expect(store.ping()).rejects.toThrow());
    const startedAt = Date.now();
    await store.close();
    expect(Date.now() - startedAt).toBeLessThan(200);
  });

  it('refuses commands once closed', async () => {
    const store = await createStore(redisUrl, { prefix: `${prefix}closed:` });
    await store.close();
    await expect(store.ping()).rejects.toThrow();
  });
});
