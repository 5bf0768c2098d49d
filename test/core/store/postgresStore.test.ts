import { expect, it } from 'vitest';
import { BudgetExceededError } from '../../../src/core/errors.js';
import { Budgets } from '../../../src/core/ledger/budgets.js';
import { createStore } from '../../../src/core/store/index.js';
import { migrationStatus } from '../../../src/core/store/postgresMigrations.js';
import { PostgresStore } from '../../../src/core/store/postgresStore.js';
import { describeWithPostgres, postgresUrl, withPostgresClient } from '../../support/postgres.js';
import { defineStoreContract } from './contract.js';

describeWithPostgres('PostgresStore', (newSchema) => {
  defineStoreContract('postgres', async () => {
    const schema = newSchema();
    const open = () => createStore(postgresUrl, { database: { url: postgresUrl, schema } });
    return { store: await open(), openAnother: open };
  });

  it('keeps the ledger as rows, a call recorded once however often it is written', async () => {
    const schema = newSchema();
    const store = await PostgresStore.connect(postgresUrl, { schema });
    try {
      const entry = {
        callId: 'call-1',
        at: 10,
        operation: 'quote',
        coins: 3,
        teamId: 'T1',
        userId: 'U1',
        outcome: 'success',
      };
      await store.appendLog('ledger:T1', 10, entry);
      await store.appendLog('ledger:T1', 10, entry);
      await store.appendLog('ledger:T1', 11, {
        ...entry,
        callId: 'call-2',
        userId: undefined,
        source: 'digest:d1',
        unconfirmed: true,
      });
      expect(await store.readLog('ledger:T1', 0, 100)).toHaveLength(2);
      const rows = await withPostgresClient(
        async (client) =>
          (
            await client.query(
              `SELECT call_id, team_id, spender, operation, coins, unconfirmed FROM ${schema}.ledger ORDER BY id`,
            )
          ).rows,
      );
      expect(rows).toEqual([
        { call_id: 'call-1', team_id: 'T1', spender: 'U1', operation: 'quote', coins: 3, unconfirmed: false },
        { call_id: 'call-2', team_id: 'T1', spender: 'digest:d1', operation: 'quote', coins: 3, unconfirmed: true },
      ]);
      expect((await store.tallyLedger('T1', 0, 100)).sort((a, b) => a.spender.localeCompare(b.spender))).toEqual([
        { spender: 'digest:d1', operation: 'quote', coins: 3, calls: 1, unconfirmedCoins: 3 },
        { spender: 'U1', operation: 'quote', coins: 3, calls: 1, unconfirmedCoins: 0 },
      ]);
    } finally {
      await store.close();
    }
  });

  it('redacts a ledger to billing facts in its columns and day sums too, leaving its coins and other teams alone', async () => {
    const schema = newSchema();
    const store = await PostgresStore.connect(postgresUrl, { schema });
    try {
      const day = Date.parse('2026-11-29T00:00:00Z');
      const entry = { operation: 'quote', coins: 3, teamId: 'T1', outcome: 'success' };
      await store.appendLog('ledger:T1', day, { ...entry, callId: 'a', at: day, userId: 'U1', channelId: 'C1' });
      await store.appendLog('ledger:T1', day + 1, { ...entry, callId: 'b', at: day + 1, source: 'digest:d1' });
      await store.appendLog('ledger:T2', day, { ...entry, callId: 'c', at: day, teamId: 'T2', userId: 'U9' });
      expect(await store.redactLog('ledger:T1', ['callId', 'at', 'operation', 'coins', 'teamId', 'outcome'])).toBe(2);
      const rows = await withPostgresClient(
        async (client) =>
          (
            await client.query(
              `SELECT team_id, user_id, source, spender, coins, entry::text AS entry FROM ${schema}.ledger ORDER BY id`,
            )
          ).rows,
      );
      expect(rows.map((row) => [row.team_id, row.user_id, row.source, row.spender, row.coins])).toEqual([
        ['T1', null, null, 'unknown', 3],
        ['T1', null, null, 'unknown', 3],
        ['T2', 'U9', null, 'U9', 3],
      ]);
      expect(rows.slice(0, 2).some((row) => /U1|C1|digest/.test(row.entry))).toBe(false);
      const days = await withPostgresClient(
        async (client) =>
          (await client.query(`SELECT team_id, spender, coins, calls FROM ${schema}.ledger_days ORDER BY team_id`))
            .rows,
      );
      expect(days).toEqual([
        { team_id: 'T1', spender: 'unknown', coins: '6', calls: '2' },
        { team_id: 'T2', spender: 'U9', coins: '3', calls: '1' },
      ]);
      expect(await store.tallyLedger('T1', day - 86_400_000, day + 2 * 86_400_000, 'Asia/Shanghai')).toEqual([
        { spender: 'unknown', operation: 'quote', coins: 6, calls: 2, unconfirmedCoins: 0 },
      ]);
    } finally {
      await store.close();
    }
  });

  it("sums whole days of the ledger's zone from the day sums and partial days from the rows, alike", async () => {
    const schema = newSchema();
    const store = await PostgresStore.connect(postgresUrl, { schema, ledgerTimeZone: 'Asia/Kolkata' });
    try {
      const start = Date.parse('2026-11-29T00:00:00Z');
      for (let i = 0; i < 60; i++)
        await store.appendLog('ledger:T1', start + i * 5_400_000, {
          callId: `c${i}`,
          operation: `op${i % 3}`,
          coins: 1 + (i % 4),
          userId: `U${i % 2}`,
          outcome: 'success',
          unconfirmed: i % 5 === 0,
        });
      const sorted = (rows: Array<{ spender: string; operation: string }>) =>
        [...rows].sort((a, b) => `${a.spender}${a.operation}`.localeCompare(`${b.spender}${b.operation}`));
      const kolkataMidnight = Date.parse('2026-11-29T18:30:00Z');
      for (const [from, to] of [
        [start, start + 60 * 5_400_000],
        [kolkataMidnight, kolkataMidnight + 86_400_000],
        [kolkataMidnight - 1, kolkataMidnight + 2 * 86_400_000 + 1],
        [start + 1_000, start + 2_000],
      ] as const) {
        const byRows = await store.tallyLedger('T1', from, to);
        expect(sorted(await store.tallyLedger('T1', from, to, 'Asia/Kolkata'))).toEqual(sorted(byRows));
      }
      expect(
        (await store.tallyLedger('T1', start, start + 86_400_000 * 4, 'Asia/Kolkata')).reduce((n, r) => n + r.calls, 0),
      ).toBe(60);
    } finally {
      await store.close();
    }
  });

  it('never overspends: 300 concurrent budgeted reservations on 3 store instances, each refused one told so', async () => {
    const schema = newSchema();
    const stores = await Promise.all(Array.from({ length: 3 }, () => PostgresStore.connect(postgresUrl, { schema })));
    try {
      const now = Date.UTC(2026, 11, 2, 3);
      const budgets = stores.map((store) => new Budgets(store, { teamDaily: 1000, timeZone: 'UTC' }));
      const outcomes = await Promise.allSettled(
        Array.from({ length: 300 }, (_, index) =>
          budgets[index % 3]!.reserve({ teamId: 'T1', userId: `U${index % 7}` }, 7, now),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(142);
      const refusals = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(refusals.every((outcome) => outcome.reason instanceof BudgetExceededError)).toBe(true);
      for (const each of budgets)
        expect((await each.state({ teamId: 'T1' }, now)).team).toEqual({ spent: 994, limit: 1000 });
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });

  it('migrates once when replicas start together, and says the schema is up to date', async () => {
    const schema = newSchema();
    const stores = await Promise.all(Array.from({ length: 3 }, () => PostgresStore.connect(postgresUrl, { schema })));
    try {
      const status = await migrationStatus(stores[0]!.connection);
      expect(status.pending).toEqual([]);
      expect(status.applied).toHaveLength(1);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });
});
