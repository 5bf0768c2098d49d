import { describe, expect, it } from 'vitest';
import type { Clock } from '../../../src/core/clock.js';
import { MemoryStore } from '../../../src/core/store/memoryStore.js';
import { defineStoreContract } from './contract.js';

defineStoreContract('memory', async () => ({ store: new MemoryStore() }));

describe('MemoryStore with a fake clock', () => {
  function fakeClock(): Clock & { advance(ms: number): void } {
    let now = 1_000;
    return {
      now: () => now,
      sleep: async () => undefined,
      timer: () => () => undefined,
      every: () => () => undefined,
      advance: (ms) => {
        now += ms;
      },
    };
  }

  it('expires claims and counters by the clock it was given', async () => {
    const clock = fakeClock();
    const store = new MemoryStore({ clock });
    await store.claim('job', 'alice', 1_000);
    await store.adjust('day', 5, 1_000);
    clock.advance(999);
    expect(await store.claim('job', 'bob', 1_000)).toBe(false);
    expect(await store.counter('day')).toBe(5);
    clock.advance(1);
    expect(await store.claim('job', 'bob', 1_000)).toBe(true);
    expect(await store.counter('day')).toBe(0);
  });
});
