import { describe, expect, it } from 'vitest';
import { dataKeyIdOf } from '../../../src/core/client/dataKey.js';
import { BudgetUnavailableError } from '../../../src/core/errors.js';
import { SecretBox, SecretBoxError } from '../../../src/core/secretBox.js';
import { Redactor } from '../../../src/core/secrets.js';
import { MemoryStore } from '../../../src/core/store/memoryStore.js';
import { PostgresStore } from '../../../src/core/store/postgresStore.js';
import type { Store } from '../../../src/core/store/types.js';
import { readDataKey, WorkspaceKeys } from '../../../src/core/workspaces/workspaceKeys.js';
import { ManualClock, PINNED_AT } from '../../support/clocks.js';
import { startVirtualDataService, TEST_KEY } from '../../support/dataService.js';
import { describeWithPostgres, postgresUrl, withPostgresClient } from '../../support/postgres.js';
import { switchableStore } from '../../support/switchableStore.js';

const KEY = 'sk-live-Workspace-Key-7f3a';
const box = (byte: number) => new SecretBox({ id: `k${byte}`, key: Buffer.alloc(32, byte) });

function keys(store: Store = new MemoryStore(), sealer = box(1)) {
  const redactor = new Redactor([]);
  const clock = new ManualClock(PINNED_AT);
  return { store, redactor, keys: new WorkspaceKeys(store, sealer, clock, (secret) => redactor.add(secret)) };
}

describe('a workspace’s own data-service key at rest', () => {
  it('is sealed, shown only by its last four characters, read back for calls and learnt by the redactor', async () => {
    const { store, redactor, keys: workspaceKeys } = keys();
    const summary = await workspaceKeys.set('T1', KEY, 'U0ADMIN');
    expect(summary).toEqual({ keyId: dataKeyIdOf(KEY), lastFour: '7f3a', setBy: 'U0ADMIN', setAt: PINNED_AT });
    const stored = JSON.stringify(await store.listDocs('workspace-keys'));
    expect(stored).not.toContain(KEY);
    expect(stored).not.toContain('Workspace-Key');
    expect(await workspaceKeys.summary('T1')).toEqual(summary);
    expect(await workspaceKeys.keyFor('T1')).toEqual({ apiKey: KEY, keyId: dataKeyIdOf(KEY) });
    expect(await workspaceKeys.keyFor('T2')).toBeUndefined();
    expect(redactor.redact(`invalid key ${KEY}`)).toBe('invalid key [redacted]');
  });

  it('is learnt by the redactor of another process when it reads it, and refused if copied to another workspace', async () => {
    const store = new MemoryStore();
    await keys(store).keys.set('T1', KEY, 'U0ADMIN');
    const reader = keys(store);
    await reader.keys.keyFor('T1');
    expect(reader.redactor.redact(KEY)).toBe('[redacted]');
    const doc = await store.getDoc('workspace-keys', 'team:T1');
    await store.putDoc('workspace-keys', 'team:T2', doc);
    await expect(reader.keys.keyFor('T2')).rejects.toBeInstanceOf(SecretBoxError);
  });

  it('is replaced and removed on every replica at once, and forgotten by an uninstall', async () => {
    const store = new MemoryStore();
    const one = keys(store).keys;
    const two = keys(store).keys;
    await one.set('T1', KEY, 'U0ADMIN');
    expect((await two.keyFor('T1'))?.apiKey).toBe(KEY);
    await one.set('T1', 'another-key-9999', 'U0ADMIN');
    expect((await two.keyFor('T1'))?.apiKey).toBe('another-key-9999');
    expect(await one.remove('T1')).toBe(true);
    expect(await two.keyFor('T1')).toBeUndefined();
    await one.set('T1', KEY, 'U0ADMIN');
    expect(await two.forgetWorkspace('T1')).toBe(1);
    expect(await two.forgetWorkspace('T1')).toBe(0);
    expect(await store.listDocs('workspace-keys')).toEqual([]);
  });

  it('answers with the last key read while the store is away, and refuses when it never read one', async () => {
    const switchable = switchableStore(new MemoryStore());
    const { keys: workspaceKeys } = keys(switchable.store);
    await workspaceKeys.set('T1', KEY, 'U0ADMIN');
    await workspaceKeys.keyFor('T1');
    switchable.goDown();
    expect((await workspaceKeys.keyFor('T1'))?.apiKey).toBe(KEY);
    await expect(workspaceKeys.keyFor('T2')).rejects.toBeInstanceOf(BudgetUnavailableError);
  });

  it('is sealed again under a new SECRETS_KEY by a rotation', async () => {
    const store = new MemoryStore();
    await keys(store, box(1)).keys.set('T1', KEY, 'U0ADMIN');
    const rotating = new WorkspaceKeys(
      store,
      new SecretBox({ id: 'k2', key: Buffer.alloc(32, 2) }, [{ id: 'k1', key: Buffer.alloc(32, 1) }]),
      new ManualClock(PINNED_AT),
    );
    expect(await rotating.rotate()).toEqual({ rotated: 1, total: 1 });
    expect((await keys(store, box(2)).keys.keyFor('T1'))?.apiKey).toBe(KEY);
  });
});

describe('reading a key an admin typed (shape only: the service has no free way to test one)', () => {
  it.each([
    ['  sk-abc12345  ', { apiKey: 'sk-abc12345' }],
    ['', { problem: 'empty' }],
    ['abc def 12345', { problem: 'spaces' }],
    ['密钥密钥密钥密钥', { problem: 'characters' }],
    ['xoxb-1234-5678-abcdef', { problem: 'slackToken' }],
    ['short', { problem: 'tooShort' }],
    ['x'.repeat(201), { problem: 'tooLong' }],
  ])('%j', (typed, read) => {
    expect(readDataKey(typed)).toEqual(read);
  });
});

describeWithPostgres('a workspace’s own key in PostgreSQL (the system of record)', (newSchema) => {
  it('is in no table in plain text, though its calls were paid with it and the ledger says which key paid', async () => {
    const schema = newSchema();
    const store = await PostgresStore.connect(postgresUrl, { schema });
    const service = startVirtualDataService(
      { apiKeys: [TEST_KEY, KEY] },
      { store, keyFor: (teamId) => workspaceKeys.keyFor(teamId) },
    );
    const workspaceKeys = new WorkspaceKeys(store, box(1), service.clock);
    try {
      await workspaceKeys.set('T1', KEY, 'U0ADMIN');
      await service.client.call('fund-asset', { fundCode: '000001' }, { teamId: 'T1', userId: 'U1' });
      expect(service.simulator.stats().coinsByKey).toEqual({ [KEY]: 10 });
      await service.client.ledger.flush();
      const dump = await withPostgresClient(async (client) => {
        const tables = await client.query<{ table_name: string }>(
          'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name',
          [schema],
        );
        const rows: unknown[] = [];
        for (const { table_name } of tables.rows)
          rows.push(table_name, (await client.query(`SELECT * FROM "${schema}"."${table_name}"`)).rows);
        return JSON.stringify(rows);
      });
      // The dump holds the sealed record and the ledger's key id, never the key.
      expect(dump).toContain('dq1:');
      expect(dump).toContain(dataKeyIdOf(KEY));
      expect(dump).not.toContain(KEY.slice(0, -4));
    } finally {
      await service.close();
    }
  });
});
