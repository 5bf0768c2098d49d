import { describe, expect, it } from 'vitest';
import { RUN_LOCK_LEASE_MS, RunLocks } from '../../../src/core/jobs/runLocks.js';
import { MemoryStore } from '../../../src/core/store/memoryStore.js';
import { ManualClock } from '../../support/clocks.js';

const START = Date.parse('2026-11-20T00:00:00Z');
const LOCK = 'digest:run:D1';

describe('a run lock is a lease', () => {
  it('a run that lasts many leases keeps its lock: another replica finds it busy all along', async () => {
    const clock = new ManualClock(START);
    const store = new MemoryStore({ clock });
    const replicaA = new RunLocks(store, 'replica-a', clock);
    const replicaB = new RunLocks(store, 'replica-b', clock);
    let release!: () => void;
    const longRun = replicaA.hold(LOCK, () => new Promise<string>((resolve) => (release = () => resolve('done'))), {});
    await clock.advance(1);

    for (let lease = 1; lease <= 10; lease++) {
      await clock.advance(RUN_LOCK_LEASE_MS);
      expect(await replicaB.hold(LOCK, async () => 'ran twice', {})).toBe('busy');
    }
    release();
    expect(await longRun).toBe('done');
    expect(await replicaB.hold(LOCK, async () => 'next run', {})).toBe('next run');
  });

  it('a lock left by a process that died mid-run frees itself one lease later, not after a quarter of an hour', async () => {
    const clock = new ManualClock(START);
    const store = new MemoryStore({ clock });
    // What a dead holder leaves: the claim, and nobody renewing it.
    expect(await store.claim(LOCK, 'dead-replica:1', RUN_LOCK_LEASE_MS)).toBe(true);
    const survivor = new RunLocks(store, 'replica-b', clock);

    expect(await survivor.hold(LOCK, async () => 'ran', {})).toBe('busy');
    await clock.advance(RUN_LOCK_LEASE_MS);
    expect(await survivor.hold(LOCK, async () => 'ran', {})).toBe('ran');
    expect(RUN_LOCK_LEASE_MS).toBeLessThanOrEqual(2 * 60_000);
  });

  it('renewals stop with the run: once released, nothing keeps extending the lock', async () => {
    const clock = new ManualClock(START);
    const store = new MemoryStore({ clock });
    const locks = new RunLocks(store, 'replica-a', clock);
    let extensions = 0;
    const extend = store.extendClaim.bind(store);
    store.extendClaim = async (...args) => {
      extensions++;
      return extend(...args);
    };
    await locks.hold(LOCK, () => clock.sleep(RUN_LOCK_LEASE_MS), {});
    const whileRunning = extensions;
    expect(whileRunning).toBeGreaterThanOrEqual(2);
    await clock.advance(10 * RUN_LOCK_LEASE_MS);
    expect(extensions).toBe(whileRunning);
  });
});
