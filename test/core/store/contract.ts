import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../src/core/store/types.js';
import type { Watch } from '../../../src/core/watch/types.js';
import { WatchRepository } from '../../../src/core/watch/watchRepository.js';

/**
 * Runs `steps` that must happen before a `ttlMs` runs out and says whether they did. On a busy
 * machine they may not (a round trip to Redis can take longer than a short ttl): the test then
 * does not read what was meant to be seen before the expiry, rather than failing for the machine.
 */
async function beforeExpiry<T>(ttlMs: number, steps: () => Promise<T>): Promise<{ inTime: boolean; value: T }> {
  const started = performance.now();
  const value = await steps();
  return { inTime: performance.now() - started < ttlMs, value };
}

export interface StoreFixture {
  /** A store over data no other test uses. */
  store: Store;
  /** Opens another instance (connection, file handle) over the same data, when the backend can share it. */
  openAnother?: () => Promise<Store>;
}

/**
 * The behaviour every backend must share, so the domain code can run on any STORE_URL.
 * Each test file calls this once with a factory for its backend.
 */
export function defineStoreContract(backend: string, openFixture: () => Promise<StoreFixture>): void {
  const opened: Store[] = [];
  afterEach(async () => {
    await Promise.allSettled(opened.splice(0).map((store) => store.close()));
  });

  async function fresh(): Promise<{ store: Store; openAnother?: () => Promise<Store> }> {
    const fixture = await openFixture();
    opened.push(fixture.store);
    const { openAnother } = fixture;
    if (!openAnother) return { store: fixture.store };
    return {
      store: fixture.store,
      openAnother: async () => {
        const another = await openAnother();
        opened.push(another);
        return another;
      },
    };
  }

  describe(`Store contract: ${backend}`, () => {
    describe('keyv', () => {
      it('stores, reads and deletes JSON values', async () => {
        const { store } = await fresh();
        const cache = store.keyv<{ price: number; tags: string[] }>('quotes');
        expect(await cache.get('AAPL')).toBeUndefined();
        await cache.set('AAPL', { price: 187.5, tags: ['us', ':colon'] });
        expect(await cache.get('AAPL')).toEqual({ price: 187.5, tags: ['us', ':colon'] });
        expect(await cache.delete('AAPL')).toBe(true);
        expect(await cache.get('AAPL')).toBeUndefined();
      });

      it('forgets a value once its ttl has passed', async () => {
        const { store } = await fresh();
        const cache = store.keyv<string>('short');
        const early = await beforeExpiry(60, async () => {
          await cache.set('k', 'v', 60);
          return cache.get('k');
        });
        if (early.inTime) expect(early.value).toBe('v');
        await sleep(150);
        expect(await cache.get('k')).toBeUndefined();
      });

      it('hands out the same data for the same namespace', async () => {
        const { store } = await fresh();
        await store.keyv<number>('shared').set('k', 1);
        expect(await store.keyv<number>('shared').get('k')).toBe(1);
      });

      it('isolates namespaces, and clear() empties only its own', async () => {
        const { store } = await fresh();
        // Pairs that a LIKE- or glob-based clear would confuse: case, '_' wildcard, shared prefixes.
        const names = ['a', 'ab', 'A', 'a_b', 'axb', 'a.b', 'a-b'];
        for (const name of names) await store.keyv<string>(name).set('k', name);
        await store.claim('claim-key', 'owner', 60_000);
        await store.adjust('counter-key', 3, 60_000);
        await store.putDoc('docs', 'id', { kept: true });
        await store.appendLog('log', 1, { kept: true });

        await store.keyv('a').clear();
        await store.keyv('a_b').clear();

        expect(await store.keyv('a').get('k')).toBeUndefined();
        expect(await store.keyv('a_b').get('k')).toBeUndefined();
        for (const name of ['ab', 'A', 'axb', 'a.b', 'a-b']) {
          expect(await store.keyv<string>(name).get('k')).toBe(name);
        }
        expect(await store.claim('claim-key', 'someone-else', 60_000)).toBe(false);
        expect(await store.counter('counter-key')).toBe(3);
        expect(await store.getDoc('docs', 'id')).toEqual({ kept: true });
        expect(await store.readLog('log', 0, 10)).toEqual([{ at: 1, entry: { kept: true } }]);
      });

      it('iterates over its own namespace only', async () => {
        const { store } = await fresh();
        await store.keyv<number>('a').set('one', 1);
        await store.keyv<number>('a').set('two', 2);
        for (const other of ['A', 'ab', 'a_b']) await store.keyv<number>(other).set('data', 0);
        const entries: Array<[string, number]> = [];
        for await (const entry of store.keyv<number>('a').iterator!(undefined)) entries.push(entry as [string, number]);
        expect(entries.sort()).toEqual([
          ['one', 1],
          ['two', 2],
        ]);
      });

      it('rejects namespaces that could overlap others', async () => {
        const { store } = await fresh();
        for (const bad of ['', 'a:b', 'a*', 'a?', '[a]', 'a b', '-a']) {
          expect(() => store.keyv(bad), bad).toThrow(/namespace/);
        }
      });
    });

    describe('claims', () => {
      it('gives a key to one owner at a time (SET NX)', async () => {
        const { store } = await fresh();
        expect(await store.claim('job', 'alice', 60_000)).toBe(true);
        expect(await store.claim('job', 'bob', 60_000)).toBe(false);
        expect(await store.claim('job', 'alice', 60_000)).toBe(false);
        expect(await store.claim('other-job', 'bob', 60_000)).toBe(true);
      });

      it('frees a key when its claim expires', async () => {
        const { store } = await fresh();
        expect(await store.claim('job', 'alice', 60)).toBe(true);
        await sleep(150);
        expect(await store.claim('job', 'bob', 60_000)).toBe(true);
      });

      it('lets only the current owner release', async () => {
        const { store } = await fresh();
        await store.claim('job', 'alice', 60_000);
        await store.releaseClaim('job', 'bob');
        expect(await store.claim('job', 'carol', 60_000)).toBe(false);
        await store.releaseClaim('job', 'alice');
        expect(await store.claim('job', 'carol', 60_000)).toBe(true);
        await store.releaseClaim('never-claimed', 'alice');
      });

      it('does not let a former owner release a claim someone took after expiry', async () => {
        const { store } = await fresh();
        await store.claim('job', 'alice', 60);
        await sleep(150);
        expect(await store.claim('job', 'bob', 60_000)).toBe(true);
        await store.releaseClaim('job', 'alice');
        expect(await store.claim('job', 'carol', 60_000)).toBe(false);
      });

      it('lets only the current owner extend a claim, from now', async () => {
        const { store } = await fresh();
        const extended = await beforeExpiry(100, async () => {
          await store.claim('lease', 'alice', 100);
          return [await store.extendClaim('lease', 'bob', 60_000), await store.extendClaim('lease', 'alice', 60_000)];
        });
        expect(extended.value[0]).toBe(false);
        if (extended.inTime) {
          expect(extended.value[1]).toBe(true);
          await sleep(200);
          expect(await store.claim('lease', 'carol', 60_000)).toBe(false);
        }
        expect(await store.extendClaim('never-claimed', 'alice', 60_000)).toBe(false);
      });

      it('grants exactly one of many simultaneous claims', async () => {
        const { store } = await fresh();
        const owners = Array.from({ length: 50 }, (_, index) => `owner-${index}`);
        const results = await Promise.all(owners.map((owner) => store.claim('race', owner, 60_000)));
        expect(results.filter(Boolean)).toHaveLength(1);
      });
    });

    describe('reserve', () => {
      it('adds every amount and returns the new totals', async () => {
        const { store } = await fresh();
        const outcome = await store.reserve(
          [
            { key: 'day', amount: 5, limit: 100 },
            { key: 'month', amount: 5 },
          ],
          60_000,
        );
        expect(outcome).toEqual({ ok: true, totals: [5, 5] });
        expect(await store.reserve([{ key: 'day', amount: 2, limit: 100 }], 60_000)).toEqual({ ok: true, totals: [7] });
        expect(await store.counter('day')).toBe(7);
        expect(await store.counter('month')).toBe(5);
        expect(await store.counter('never-used')).toBe(0);
      });

      it('allows reaching the limit exactly but not passing it', async () => {
        const { store } = await fresh();
        expect(await store.reserve([{ key: 'k', amount: 10, limit: 10 }], 60_000)).toEqual({ ok: true, totals: [10] });
        expect(await store.reserve([{ key: 'k', amount: 1, limit: 10 }], 60_000)).toEqual({
          ok: false,
          index: 0,
          total: 10,
        });
        expect(await store.counter('k')).toBe(10);
      });

      it('changes nothing when any item would pass its limit', async () => {
        const { store } = await fresh();
        await store.adjust('tight', 2, 60_000);
        const outcome = await store.reserve(
          [
            { key: 'roomy', amount: 5, limit: 100 },
            { key: 'free', amount: 5 },
            { key: 'tight', amount: 2, limit: 3 },
          ],
          60_000,
        );
        expect(outcome).toEqual({ ok: false, index: 2, total: 2 });
        expect(await store.counter('roomy')).toBe(0);
        expect(await store.counter('free')).toBe(0);
        expect(await store.counter('tight')).toBe(2);
      });

      it('counts repeated keys within one request together', async () => {
        const { store } = await fresh();
        const outcome = await store.reserve(
          [
            { key: 'k', amount: 6, limit: 10 },
            { key: 'k', amount: 6, limit: 10 },
          ],
          60_000,
        );
        expect(outcome).toEqual({ ok: false, index: 1, total: 0 });
        expect(await store.counter('k')).toBe(0);
        expect(
          await store.reserve(
            [
              { key: 'k', amount: 4, limit: 10 },
              { key: 'k', amount: 6, limit: 10 },
            ],
            60_000,
          ),
        ).toEqual({ ok: true, totals: [4, 10] });
      });

      it('with a marker, adds nothing unless the store still holds it, read in the same step', async () => {
        const { store } = await fresh();
        const marker = { collection: 'store', id: 'health', marker: 'm-1' };
        await store.putDoc('store', 'health', { marker: 'm-1', createdAt: 1 });
        expect(await store.reserve([{ key: 'k', amount: 4, limit: 10 }], 60_000, marker)).toEqual({
          ok: true,
          totals: [4],
        });
        // Emptied (FLUSHDB), then written again by another store guard: both refuse, adding nothing.
        await store.deleteDoc('store', 'health');
        expect(await store.reserve([{ key: 'k', amount: 4, limit: 10 }], 60_000, marker)).toEqual({
          ok: false,
          markerGone: true,
        });
        await store.putDoc('store', 'health', { marker: 'm-2', createdAt: 2 });
        expect(await store.reserve([{ key: 'k', amount: 4 }], 60_000, marker)).toEqual({ ok: false, markerGone: true });
        expect(await store.counter('k')).toBe(4);
        // Without a marker the request is as before.
        expect(await store.reserve([{ key: 'k', amount: 4, limit: 10 }], 60_000)).toEqual({ ok: true, totals: [8] });
      });

      it('starts an expired counter again from zero', async () => {
        const { store } = await fresh();
        await store.reserve([{ key: 'k', amount: 9, limit: 10 }], 60);
        await sleep(150);
        expect(await store.counter('k')).toBe(0);
        expect(await store.reserve([{ key: 'k', amount: 9, limit: 10 }], 60_000)).toEqual({ ok: true, totals: [9] });
      });

      it('keeps the expiry a counter got when it was created', async () => {
        const { store } = await fresh();
        const added = await beforeExpiry(100, async () => {
          await store.reserve([{ key: 'k', amount: 1 }], 100);
          await store.reserve([{ key: 'k', amount: 1 }], 60_000);
          return store.adjust('k', 1, 60_000);
        });
        if (added.inTime) expect(added.value).toBe(3);
        await sleep(200);
        // Had the first ttl run out before the later changes, they would have started a new counter.
        if (added.inTime) expect(await store.counter('k')).toBe(0);
      });

      it('accepts an empty request and rejects fractional amounts', async () => {
        const { store } = await fresh();
        expect(await store.reserve([], 60_000)).toEqual({ ok: true, totals: [] });
        await expect(store.reserve([{ key: 'k', amount: 1.5 }], 60_000)).rejects.toThrow(/integer/);
        await expect(store.reserve([{ key: 'k', amount: 1 }], 0)).rejects.toThrow(/ttl/);
      });

      it('lets exactly 142 of 200 simultaneous reserves of 7 fit under 1000', async () => {
        const { store } = await fresh();
        const outcomes = await Promise.all(
          Array.from({ length: 200 }, () => store.reserve([{ key: 'budget', amount: 7, limit: 1000 }], 60_000)),
        );
        expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(142);
        expect(await store.counter('budget')).toBe(994);
      });

      it('holds the limit across three store instances at once', async (context) => {
        const { store, openAnother } = await fresh();
        if (!openAnother) return context.skip('this backend cannot share data between instances');
        const stores = [store, await openAnother(), await openAnother()];
        const outcomes = await Promise.all(
          Array.from({ length: 200 }, (_, index) =>
            stores[index % stores.length]!.reserve([{ key: 'budget', amount: 7, limit: 1000 }], 60_000),
          ),
        );
        expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(142);
        for (const each of stores) expect(await each.counter('budget')).toBe(994);
      });
    });

    describe('paced slots and heartbeats', () => {
      it('hands out slots one interval apart, waiting as long as the queue ahead', async () => {
        const { store } = await fresh();
        const started = performance.now();
        const waits = await Promise.all(Array.from({ length: 5 }, () => store.reserveSlot('futures', 100)));
        // Each wait is counted from the moment the store took the request, somewhere in this span.
        const span = performance.now() - started;
        const sorted = [...waits].sort((a, b) => a - b);
        sorted.forEach((wait, index) => {
          expect(wait).toBeGreaterThanOrEqual(index * 100 - span - 5);
          expect(wait).toBeLessThanOrEqual(index * 100 + 5);
        });
        await sleep(600);
        expect(await store.reserveSlot('futures', 100)).toBe(0);
        expect(await store.reserveSlot('other', 100)).toBe(0);
      });

      it('shares one schedule between instances (Redis, PostgreSQL)', async (context) => {
        const { store, openAnother } = await fresh();
        if ((store.kind !== 'redis' && store.kind !== 'postgres') || !openAnother)
          return context.skip('only Redis and PostgreSQL share a schedule between processes');
        const stores = [store, await openAnother(), await openAnother()];
        const started = performance.now();
        const waits = await Promise.all(Array.from({ length: 9 }, (_, i) => stores[i % 3]!.reserveSlot('fleet', 200)));
        const span = performance.now() - started;
        const sorted = [...waits].sort((a, b) => a - b);
        for (let i = 1; i < sorted.length; i++)
          expect(sorted[i]! - sorted[i - 1]!).toBeGreaterThanOrEqual(200 - span - 5);
      });

      it('counts live members and forgets those that stop beating', async () => {
        const { store } = await fresh();
        const beats = await beforeExpiry(150, async () => [
          await store.heartbeat('replicas', 'a', 150),
          await store.heartbeat('replicas', 'b', 150),
          await store.heartbeat('replicas', 'a', 150),
        ]);
        if (beats.inTime) expect(beats.value).toEqual([1, 2, 2]);
        await sleep(200);
        expect(await store.heartbeat('replicas', 'a', 150)).toBe(1);
      });
    });

    describe('adjust', () => {
      it('adds and subtracts without a limit, sharing counters with reserve', async () => {
        const { store } = await fresh();
        expect(await store.adjust('k', 5, 60_000)).toBe(5);
        expect(await store.adjust('k', -8, 60_000)).toBe(-3);
        expect(await store.reserve([{ key: 'k', amount: 4, limit: 1 }], 60_000)).toEqual({ ok: true, totals: [1] });
        expect(await store.adjust('k', 1_000_000, 60_000)).toBe(1_000_001);
        expect(await store.counter('k')).toBe(1_000_001);
      });

      it('gives a new counter the ttl', async () => {
        const { store } = await fresh();
        await store.adjust('k', 5, 60);
        await sleep(150);
        expect(await store.counter('k')).toBe(0);
        expect(await store.adjust('k', 2, 60_000)).toBe(2);
      });
    });

    describe('documents', () => {
      it('creates, replaces, reads, lists and deletes', async () => {
        const { store } = await fresh();
        expect(await store.getDoc('subs', 'x')).toBeUndefined();
        expect(await store.listDocs('subs')).toEqual([]);

        await store.putDoc('subs', 'u2', { channel: 'C2', tickers: ['MSFT'] });
        await store.putDoc('subs', 'u1', { channel: 'C1', tickers: [] });
        await store.putDoc('subs', 'u1', { channel: 'C1', tickers: ['AAPL'], nested: { at: null } });
        await store.putDoc('settings', 'u1', 'a plain string');

        expect(await store.getDoc('subs', 'u1')).toEqual({ channel: 'C1', tickers: ['AAPL'], nested: { at: null } });
        expect(await store.listDocs('subs')).toEqual([
          { id: 'u1', doc: { channel: 'C1', tickers: ['AAPL'], nested: { at: null } } },
          { id: 'u2', doc: { channel: 'C2', tickers: ['MSFT'] } },
        ]);
        expect(await store.getDoc('settings', 'u1')).toBe('a plain string');

        expect(await store.deleteDoc('subs', 'u1')).toBe(true);
        expect(await store.deleteDoc('subs', 'u1')).toBe(false);
        expect(await store.listDocs('subs')).toEqual([{ id: 'u2', doc: { channel: 'C2', tickers: ['MSFT'] } }]);
      });

      it('returns copies, not the stored object', async () => {
        const { store } = await fresh();
        const doc = { list: [1] };
        await store.putDoc('c', 'id', doc);
        doc.list.push(2);
        const read = await store.getDoc<{ list: number[] }>('c', 'id');
        read!.list.push(3);
        expect(await store.getDoc('c', 'id')).toEqual({ list: [1] });
      });
    });

    describe('logs', () => {
      it('returns entries oldest first whatever the order they were appended in', async () => {
        const { store } = await fresh();
        await store.appendLog('ledger', 300, { n: 3 });
        await store.appendLog('ledger', 100, { n: 1 });
        await store.appendLog('ledger', 200, { n: 2 });
        expect(await store.readLog('ledger', 0, 1_000)).toEqual([
          { at: 100, entry: { n: 1 } },
          { at: 200, entry: { n: 2 } },
          { at: 300, entry: { n: 3 } },
        ]);
      });

      it('reads the half-open range [from, to)', async () => {
        const { store } = await fresh();
        for (const at of [99, 100, 150, 199, 200]) await store.appendLog('ledger', at, at);
        const read = await store.readLog<number>('ledger', 100, 200);
        expect(read.map((line) => line.at)).toEqual([100, 150, 199]);
        expect(await store.readLog('ledger', 200, 100)).toEqual([]);
        const everything = await store.readLog('ledger', Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY);
        expect(everything).toHaveLength(5);
      });

      it('keeps identical entries, and same-time entries in arrival order', async () => {
        const { store } = await fresh();
        const at = 1_700_000_000_123;
        await store.appendLog('ledger', at, { coins: 5 });
        await store.appendLog('ledger', at, { coins: 5 });
        await store.appendLog('ledger', at, { coins: 1 });
        await store.appendLog('other', at, { coins: 9 });
        expect(await store.readLog('ledger', at, at + 1)).toEqual([
          { at, entry: { coins: 5 } },
          { at, entry: { coins: 5 } },
          { at, entry: { coins: 1 } },
        ]);
      });
    });

    describe('trimming logs', () => {
      it('drops entries before the cut and keeps the rest', async () => {
        const { store } = await fresh();
        for (const at of [100, 200, 300]) await store.appendLog('recent', at, { at });
        await store.appendLog('other', 100, { at: 100 });
        await store.trimLog('recent', 200);
        expect((await store.readLog('recent', 0, 1000)).map((row) => row.at)).toEqual([200, 300]);
        expect(await store.readLog('other', 0, 1000)).toHaveLength(1);
      });
    });

    describe("forgetting a workspace's keys", () => {
      it('deletes the counters, claims and logs under a prefix, and nothing of another prefix', async () => {
        const { store } = await fresh();
        await store.adjust('budget:user:T1:U1:d', 3, 60_000);
        await store.adjust('budget:user:T12:U1:d', 4, 60_000);
        expect(await store.claim('export:T1:quote', 'me', 60_000)).toBe(true);
        expect(await store.claim('export:T12:quote', 'me', 60_000)).toBe(true);
        await store.appendLog('lookups:T1:U1', 100, { q: 'a' });
        await store.appendLog('lookups:T1:U2', 100, { q: 'b' });
        await store.appendLog('lookups:T1:U2', 101, { q: 'c' });
        await store.appendLog('lookups:T12:U1', 100, { q: 'd' });
        expect(
          (await store.forgetPrefixed('budget:user:T1:')) +
            (await store.forgetPrefixed('export:T1:')) +
            (await store.forgetPrefixed('lookups:T1:')),
        ).toBe(5);
        expect(await store.counter('budget:user:T1:U1:d')).toBe(0);
        expect(await store.counter('budget:user:T12:U1:d')).toBe(4);
        expect(await store.claim('export:T1:quote', 'another', 60_000)).toBe(true);
        expect(await store.claim('export:T12:quote', 'another', 60_000)).toBe(false);
        expect(await store.readLog('lookups:T1:U2', 0, 1000)).toEqual([]);
        expect(await store.readLog('lookups:T12:U1', 0, 1000)).toHaveLength(1);
        // Again: nothing left to forget.
        expect(await store.forgetPrefixed('lookups:T1:')).toBe(0);
        // A log forgotten starts again as a new one.
        await store.appendLog('lookups:T1:U1', 200, { q: 'e' });
        expect(await store.readLog('lookups:T1:U1', 0, 1000)).toEqual([{ at: 200, entry: { q: 'e' } }]);
      });

      it('refuses a prefix that would reach past a key part, or into a ledger', async () => {
        const { store } = await fresh();
        await expect(store.forgetPrefixed('lookups:T1')).rejects.toThrow(/end with ':'/);
        await expect(store.forgetPrefixed('ledger:T1:')).rejects.toThrow(/ledger/);
        await expect(store.forgetPrefixed('led:')).resolves.toBe(0);
      });

      it('redacts each entry of a log to the fields given, in place, and again changes nothing', async () => {
        const { store } = await fresh();
        const entry = {
          callId: 'c1',
          at: 100,
          operation: 'quote',
          coins: 3,
          teamId: 'T1',
          userId: 'U1',
          outcome: 'success',
        };
        await store.appendLog('ledger:T1', 100, entry);
        await store.appendLog('ledger:T1', 100, { ...entry, callId: 'c2', userId: 'U2', channelId: 'C1' });
        await store.appendLog('ledger:T2', 100, { ...entry, callId: 'c3', teamId: 'T2' });
        await store.appendLog('notes', 50, { who: 'U1', what: 'x' });
        const billing = ['callId', 'at', 'operation', 'coins', 'teamId', 'outcome'];
        expect(await store.redactLog('ledger:T1', billing)).toBe(2);
        expect(await store.redactLog('ledger:T1', billing)).toBe(0);
        expect((await store.readLog('ledger:T1', 0, 1000)).map((row) => row.entry)).toEqual([
          { callId: 'c1', at: 100, operation: 'quote', coins: 3, teamId: 'T1', outcome: 'success' },
          { callId: 'c2', at: 100, operation: 'quote', coins: 3, teamId: 'T1', outcome: 'success' },
        ]);
        expect((await store.readLog('ledger:T2', 0, 1000))[0]!.entry).toMatchObject({ userId: 'U1' });
        expect(await store.redactLog('notes', ['what'])).toBe(1);
        expect(await store.readLog('notes', 0, 1000)).toEqual([{ at: 50, entry: { what: 'x' } }]);
        expect(await store.redactLog('absent', ['what'])).toBe(0);
      });
    });

    describe('watches', () => {
      const watch = (id: string, createdAt: number): Watch => ({
        id,
        teamId: 'T1',
        channelId: 'C1',
        createdBy: 'U1',
        createdAt,
        target: { kind: 'contract', symbol: 'CL', type: '0', direction: 'above', level: 75.5 },
        schedule: { cadence: { kind: 'hourly' }, time: '00:05', timeZone: 'Asia/Shanghai' },
      });

      it('saves, lists oldest first, updates one field without losing others, removes', async () => {
        const { store } = await fresh();
        const watches = new WatchRepository(store);
        await watches.save(watch('b', 2));
        await watches.save(watch('a', 1));
        await watches.update('b', (stored) => (stored.state = { kind: 'contract', close: 76.25, at: 5, beyond: true }));
        await watches.update('b', (stored) => (stored.lastScheduledFor = 9));
        expect((await watches.all()).map((w) => w.id)).toEqual(['a', 'b']);
        expect(await watches.get('b')).toEqual({
          ...watch('b', 2),
          state: { kind: 'contract', close: 76.25, at: 5, beyond: true },
          lastScheduledFor: 9,
        });
        expect(await watches.update('missing', () => undefined)).toBeUndefined();
        expect(await watches.remove('a')).toBe(true);
        expect(await watches.ofTeam('T1')).toHaveLength(1);
      });

      it('survives a restart: another instance over the same data sees the watch and its baseline', async (context) => {
        const { store, openAnother } = await fresh();
        if (!openAnother) return context.skip('this backend keeps nothing beyond its instance');
        await new WatchRepository(store).save({
          ...watch('w', 1),
          state: { kind: 'company', found: true, record: { taxCreditRating: 'A' } },
        });
        await store.close();
        const reopened = await openAnother();
        expect((await new WatchRepository(reopened).get('w'))?.state).toEqual({
          kind: 'company',
          found: true,
          record: { taxCreditRating: 'A' },
        });
      });
    });

    describe('lifecycle', () => {
      it('pings while open and closes more than once without error', async () => {
        const { store } = await fresh();
        await store.ping();
        await store.close();
        await store.close();
      });

      it('shares data with another instance and keeps it after closing', async (context) => {
        const { store, openAnother } = await fresh();
        if (!openAnother) return context.skip('this backend keeps nothing beyond its instance');
        const sibling = await openAnother();
        await store.keyv<string>('cache').set('k', 'cached');
        await store.claim('job', 'alice', 60_000);
        await store.reserve([{ key: 'day', amount: 7, limit: 10 }], 60_000);
        await store.putDoc('subs', 'u1', { on: true });
        await store.appendLog('ledger', 5, { coins: 7 });

        expect(await sibling.keyv<string>('cache').get('k')).toBe('cached');
        expect(await sibling.counter('day')).toBe(7);

        await store.close();
        await sibling.close();
        const reopened = await openAnother();
        expect(await reopened.keyv<string>('cache').get('k')).toBe('cached');
        expect(await reopened.claim('job', 'bob', 60_000)).toBe(false);
        expect(await reopened.reserve([{ key: 'day', amount: 7, limit: 10 }], 60_000)).toEqual({
          ok: false,
          index: 0,
          total: 7,
        });
        expect(await reopened.getDoc('subs', 'u1')).toEqual({ on: true });
        expect(await reopened.readLog('ledger', 0, 10)).toEqual([{ at: 5, entry: { coins: 7 } }]);
      });
    });
  });
}
