import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemClock } from '../../../src/core/clock.js';
import { BudgetUnavailableError } from '../../../src/core/errors.js';
import { Budgets } from '../../../src/core/ledger/budgets.js';
import { Ledger, type LedgerEntry } from '../../../src/core/ledger/ledger.js';
import { PostgresStore } from '../../../src/core/store/postgresStore.js';
import { describeWithPostgres } from '../../support/postgres.js';
import { PrivatePostgres } from '../../support/postgresServer.js';
import { memoryLogger } from '../../support/slackApp.js';

/**
 * PostgreSQL stopped and started again under a running process, for real: a server of the test's
 * own (initdb, pg_ctl) on another port. While it is away paid calls are refused (their budgets
 * cannot be checked) and ledger entries wait in memory; once it is back they are written, each once.
 */

let server: PrivatePostgres | undefined;
beforeAll(async () => {
  server = await PrivatePostgres.start();
}, 60_000);
afterAll(async () => {
  await server?.remove();
});

async function until(what: string, condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never: ${what}`);
}

function entry(callId: string, at: number): LedgerEntry {
  return {
    callId,
    at,
    operation: 'quote',
    coins: 10,
    teamId: 'T1',
    userId: 'U1',
    outcome: 'success',
    attempt: 1,
    durationMs: 5,
  };
}

describeWithPostgres('PostgreSQL restarted under a running process', () => {
  it('refuses to reserve while away, keeps the ledger entries and writes each once when back, and keeps its claims', async () => {
    const { logger, lines } = memoryLogger();
    const store = await PostgresStore.connect(server!.url, { logger, description: 'private postgres' });
    try {
      const ledger = new Ledger(store, 'UTC', logger);
      const budgets = new Budgets(store, { userDaily: 30, timeZone: 'UTC' }, logger);
      const now = systemClock.now();
      await budgets.reserve({ teamId: 'T1', userId: 'U1' }, 10, now);
      await ledger.record(entry('before', now));
      expect(await store.claim('digest-run:d1:1000', 'replica-a', 60_000)).toBe(true);

      await server!.stop('fast');
      await expect(budgets.reserve({ teamId: 'T1', userId: 'U1' }, 10, now)).rejects.toBeInstanceOf(
        BudgetUnavailableError,
      );
      // A call answered while the database is away: its entry waits in memory.
      await ledger.record(entry('while-away', now + 1));
      expect(ledger.unwritten).toBe(1);

      await server!.restart();
      // Written when the database is back, without waiting for the next call.
      await until('the backlog is written', () => ledger.unwritten === 0);
      // The same call written again (its first write's answer lost) is recorded once.
      await store.appendLog('ledger:T1', now + 1, entry('while-away', now + 1));
      expect((await ledger.entries('T1', 0, now + 10)).map((e) => e.callId)).toEqual(['before', 'while-away']);
      expect((await budgets.state({ teamId: 'T1', userId: 'U1' }, now)).user).toEqual({ spent: 10, limit: 30 });
      expect(await store.claim('digest-run:d1:1000', 'replica-b', 60_000)).toBe(false);

      const said = lines.map((line) => String(line.msg));
      expect(said.filter((msg) => msg === 'postgres unreachable')).toHaveLength(1);
      expect(said.filter((msg) => msg === 'postgres back')).toHaveLength(1);
    } finally {
      await store.close();
    }
  }, 60_000);
});
