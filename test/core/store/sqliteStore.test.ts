import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createStore } from '../../../src/core/store/index.js';
import { SqliteStore } from '../../../src/core/store/sqliteStore.js';
import { defineStoreContract } from './contract.js';

const directory = await mkdtemp(join(tmpdir(), 'dq-sqlite-store-'));
let filesMade = 0;

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

defineStoreContract('sqlite', async () => {
  const path = join(directory, `store-${++filesMade}.sqlite`);
  return {
    store: await createStore(`sqlite://${path}`),
    openAnother: () => createStore(`sqlite://${path}`),
  };
});

describe('SqliteStore', () => {
  it('creates missing parent directories and describes itself by path', async () => {
    const path = join(directory, 'nested', 'deeper', 'dq.sqlite');
    const store = await SqliteStore.open(path);
    try {
      expect(store.description).toBe(`sqlite://${path}`);
      expect((await stat(path)).isFile()).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('uses write-ahead logging', async () => {
    const path = join(directory, 'wal.sqlite');
    const store = await SqliteStore.open(path);
    try {
      await store.putDoc('c', 'id', 1);
      expect((await stat(`${path}-wal`)).isFile()).toBe(true);
    } finally {
      await store.close();
    }
  });
});
