import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BudgetUnavailableError } from '../../../src/core/errors.js';
import { Budgets } from '../../../src/core/ledger/budgets.js';
import { MemoryStore } from '../../../src/core/store/memoryStore.js';
import { SqliteStore } from '../../../src/core/store/sqliteStore.js';
import { StoreGuard } from '../../../src/core/store/storeGuard.js';
import type { Store } from '../../../src/core/store/types.js';
import { letPendingWorkRun, ManualClock } from '../../support/clocks.js';
import { memoryLogger } from '../../support/slackApp.js';

/** 2026-11-22 10:00 in Shanghai; the budget day ends at 2026-11-23 00:00 there. */
const TEN_AM = Date.parse('2026-11-22T10:00:00+08:00');
const MIDNIGHT = Date.parse('2026-11-23T00:00:00+08:00');
const SECOND = 1000;

function guardOn(store: Store, clock: ManualClock) {
  const { logger, lines } = memoryLogger();
  const guard = new StoreGuard({ store, clock, budgetTimeZone: 'Asia/Shanghai', logger, checkEveryMs: 30 * SECOND });
  const losses: number[] = [];
  guard.onLoss((loss) => losses.push(loss.at));
  const errors = () => lines.filter((line) => line.level >= 50).map((line) => String(line.msg));
  const warnings = () => lines.filter((line) => line.level === 40).map((line) => String(line.msg));
  return { guard, losses, errors, warnings };
}

/** What FLUSHDB leaves of the guard's record (and of every claim). */
async function empty(store: MemoryStore): Promise<void> {
  for (const { id } of await store.listDocs('store')) await store.deleteDoc('store', id);
}

describe('the store guard', () => {
  it('writes a marker into a new store that outlives the process, says so at warn level, and finds no loss', async () => {
    const clock = new ManualClock(TEN_AM);
    const directory = await mkdtemp(join(tmpdir(), 'dq-guard-'));
    const store = await SqliteStore.open(join(directory, 'new.sqlite'), { clock });
    const { guard, errors, warnings } = guardOn(store, clock);
    await guard.start();
    expect(warnings()).toEqual([
      expect.stringMatching(/held no marker: a new store, or one that lost its data while no process/),
    ]);
    // A process started later on the same file finds the marker: nothing to say.
    const next = guardOn(store, clock);
    await next.guard.start();
    expect(next.warnings()).toEqual([]);
    next.guard.stop();
    await store.close();
    await rm(directory, { recursive: true, force: true });
    expect(errors()).toEqual([]);
    expect(guard.loss()).toBeUndefined();
    guard.stop();
  });

  it('finds the marker gone on its next periodic look: one error line, budgets closed until the budget day ends', async () => {
    const clock = new ManualClock(TEN_AM);
    const store = new MemoryStore({ clock });
    const { guard, losses, errors } = guardOn(store, clock);
    await guard.start();
    await empty(store);
    await clock.advance(31 * SECOND);
    await guard.check();
    expect(errors()).toEqual([expect.stringMatching(/^THE STORE LOST ITS DATA/)]);
    expect(losses).toHaveLength(1);
    expect(guard.budgetsClosed(clock.now())).toMatchObject({ budgetsClosedUntil: MIDNIGHT });
    // Further looks find the new marker: nothing more is said.
    await clock.advance(120 * SECOND);
    await guard.check();
    expect(errors()).toHaveLength(1);
    clock.set(MIDNIGHT);
    expect(guard.budgetsClosed(clock.now())).toBeUndefined();
    guard.stop();
  });

  it('looks again when the store reconnects', async () => {
    const clock = new ManualClock(TEN_AM, { auto: false });
    /** A store that, like Redis, tells when its connection comes back. */
    class ReconnectingStore extends MemoryStore {
      reconnected: (() => void) | undefined;
      onReconnect(listener: () => void): void {
        this.reconnected = listener;
      }
    }
    const store = new ReconnectingStore({ clock });
    const { guard, losses } = guardOn(store, clock);
    await guard.start();
    await empty(store);
    // No time passes (the periodic look is not due): the reconnect alone makes the guard look.
    store.reconnected!();
    await letPendingWorkRun();
    expect(losses).toHaveLength(1);
    guard.stop();
  });

  it("on several replicas: each fails closed, one records the loss, a replica started later reads it, and an admin's reopening reaches them all", async () => {
    const clock = new ManualClock(TEN_AM);
    const store = new MemoryStore({ clock });
    const [a, b] = [guardOn(store, clock), guardOn(store, clock)];
    await a.guard.start();
    await b.guard.start();
    await empty(store);
    await Promise.all([a.guard.check(), b.guard.check()]);
    await Promise.all([a.guard.check(), b.guard.check()]);
    for (const replica of [a, b]) {
      expect(replica.errors()).toHaveLength(1);
      expect(replica.guard.budgetsClosed(clock.now())).toBeDefined();
    }
    const later = guardOn(store, clock);
    await later.guard.start();
    expect(later.guard.budgetsClosed(clock.now())).toMatchObject({ budgetsClosedUntil: MIDNIGHT });
    expect(later.warnings()).toEqual([]);

    await a.guard.reopenBudgets('U0ADMIN');
    await Promise.all([b.guard.check(), later.guard.check()]);
    for (const replica of [a, b, later]) {
      expect(replica.guard.budgetsClosed(clock.now())).toBeUndefined();
      expect(replica.guard.loss(clock.now())).toMatchObject({ reopened: { by: 'U0ADMIN' } });
    }
    for (const replica of [a, b, later]) replica.guard.stop();
  });

  it('closes only budgets that are set: a call is refused, free, saying until when; without budgets it goes ahead', async () => {
    const clock = new ManualClock(TEN_AM);
    const store = new MemoryStore({ clock });
    const { guard } = guardOn(store, clock);
    await guard.start();
    await empty(store);
    await guard.check();
    const closed = (now: number) => guard.budgetsClosed(now);
    const limited = new Budgets(store, { userDaily: 30, timeZone: 'Asia/Shanghai' }, undefined, closed);
    const refusal = await limited
      .reserve({ teamId: 'T1', userId: 'U1' }, 20, clock.now())
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(BudgetUnavailableError);
    expect((refusal as BudgetUnavailableError).recordsLost).toEqual({
      at: new Date(TEN_AM),
      until: new Date(MIDNIGHT),
      timeZone: 'Asia/Shanghai',
    });
    expect(await store.counter(`budget:user:T1:U1:2026-11-22`)).toBe(0);
    await expect(
      new Budgets(store, { timeZone: 'Asia/Shanghai' }, undefined, closed).reserve(
        { teamId: 'T1', userId: 'U1' },
        20,
        clock.now(),
      ),
    ).resolves.toBeDefined();
    guard.stop();
  });

  it('a reservation reads the marker itself: the first one after a loss is refused before any look, and one after another replica recorded the loss and an admin reopened spending goes ahead', async () => {
    const clock = new ManualClock(TEN_AM);
    const store = new MemoryStore({ clock });
    const a = guardOn(store, clock);
    const b = guardOn(store, clock);
    await a.guard.start();
    await b.guard.start();
    const budgetsOf = (guard: StoreGuard) =>
      new Budgets(
        store,
        { userDaily: 30, timeZone: 'Asia/Shanghai' },
        undefined,
        (now) => guard.budgetsClosed(now),
        guard,
      );
    const spender = { teamId: 'T1', userId: 'U1' };
    await budgetsOf(a.guard).reserve(spender, 20, clock.now());

    await empty(store);
    // No look has run since: the reservation finds the marker gone, and the guard looks then.
    const refusal = await budgetsOf(a.guard)
      .reserve(spender, 20, clock.now())
      .catch((error: unknown) => error);
    expect((refusal as BudgetUnavailableError).recordsLost).toMatchObject({ until: new Date(MIDNIGHT) });
    expect(a.errors()).toHaveLength(1);
    // (This helper empties the documents only: the counter still holds the 20 reserved before; nothing was added.)
    expect(await store.counter('budget:user:T1:U1:2026-11-22')).toBe(20);

    // Replica b still holds the lost marker; an admin has reopened spending on a's record.
    await a.guard.reopenBudgets('U0ADMIN');
    await budgetsOf(b.guard).reserve(spender, 5, clock.now());
    expect(await store.counter('budget:user:T1:U1:2026-11-22')).toBe(25);
    expect(b.guard.heldMarker()).toEqual(a.guard.heldMarker());
    a.guard.stop();
    b.guard.stop();
  });
});
