import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStore, parseStoreUrl, redactUrl } from '../../../src/core/store/index.js';
import { describeWithRedis, redisUrl } from '../../support/redis.js';

describe('parseStoreUrl', () => {
  it('recognises the four schemes', () => {
    expect(parseStoreUrl('memory://')).toEqual({ kind: 'memory' });
    expect(parseStoreUrl('sqlite:///var/lib/dq/dq.sqlite')).toEqual({ kind: 'sqlite', path: '/var/lib/dq/dq.sqlite' });
    expect(parseStoreUrl('redis://127.0.0.1:6379/2')).toEqual({
      kind: 'redis',
      url: 'redis://127.0.0.1:6379/2',
      description: 'redis://127.0.0.1:6379/2',
    });
    expect(parseStoreUrl('rediss://cache.example:6380').kind).toBe('redis');
    expect(parseStoreUrl('postgres://db/dq')).toEqual({
      kind: 'postgres',
      url: 'postgres://db/dq',
      description: 'postgres://db/dq',
    });
  });

  it('resolves relative sqlite paths against the working directory', () => {
    expect(parseStoreUrl('sqlite://./data/dq.sqlite')).toEqual({ kind: 'sqlite', path: resolve('data/dq.sqlite') });
    expect(parseStoreUrl('sqlite://data/dq.sqlite')).toEqual({ kind: 'sqlite', path: resolve('data/dq.sqlite') });
  });

  it('names every accepted form when the scheme is unknown or the path missing', () => {
    for (const url of ['mysql://db/dq', 'dq.sqlite', '', 'sqlite://']) {
      expect(() => parseStoreUrl(url), url).toThrow(
        /memory:\/\/.*sqlite:\/\/\.\/data\/dq\.sqlite.*redis:\/\/127\.0\.0\.1:6379/,
      );
    }
  });

  it('keeps passwords out of descriptions and errors', () => {
    expect(parseStoreUrl('redis://:secret@cache:6379')).toMatchObject({ description: 'redis://***@cache:6379' });
    expect(parseStoreUrl('postgres://user:secret@db/dq')).toMatchObject({ description: 'postgres://***@db/dq' });
    expect(() => parseStoreUrl('mysql://user:secret@db/dq')).toThrow(/mysql:\/\/\*\*\*@db\/dq/);
    expect(() => parseStoreUrl('mysql://user:secret@db/dq')).not.toThrow(/secret/);
  });
});

describe('redactUrl', () => {
  it('hides the whole user-info part', () => {
    expect(redactUrl('redis://:secret@host')).toBe('redis://***@host');
    expect(redactUrl('rediss://user:secret@host:6380/1')).toBe('rediss://***@host:6380/1');
    expect(redactUrl('redis://:p@ss/w@rd@host')).toBe('redis://***@host');
    expect(redactUrl('redis://host:6379')).toBe('redis://host:6379');
  });
});

describe('createStore', () => {
  it('opens a memory store', async () => {
    const store = await createStore('memory://');
    expect(store.kind).toBe('memory');
    expect(store.description).toBe('memory://');
    await store.close();
  });

  it('opens a sqlite store at an absolute path', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'dq-create-store-'));
    try {
      const store = await createStore(`sqlite://${join(directory, 'data', 'dq.sqlite')}`);
      expect(store.kind).toBe('sqlite');
      expect(store.description).toBe(`sqlite://${join(directory, 'data', 'dq.sqlite')}`);
      await store.putDoc('c', 'id', { ok: true });
      await store.close();
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('rejects an unknown scheme before touching anything', async () => {
    await expect(createStore('mongodb://localhost/dq')).rejects.toThrow(/Accepted forms/);
  });

  it('rejects a Redis key prefix that SCAN would read as a pattern', async () => {
    await expect(createStore(redisUrl, { prefix: 'dq*' })).rejects.toThrow(/prefix/);
  });
});

describeWithRedis('createStore with Redis', (prefix) => {
  it('opens a redis store described without credentials', async () => {
    const store = await createStore(redisUrl, { prefix });
    expect(store.kind).toBe('redis');
    expect(store.description).toBe(redactUrl(redisUrl));
    await store.ping();
    await store.close();
  });
});
