import { describe, expect, it } from 'vitest';
import { SeenNames } from '../../../src/core/names/seenNames.js';
import { MemoryStore } from '../../../src/core/store/memoryStore.js';
import { steerableClock } from '../../support/clocks.js';

describe('SeenNames: each workspace’s names, in the store', () => {
  it('keeps a workspace’s names apart from another’s, and for every replica on the store', async () => {
    const clock = steerableClock();
    const store = new MemoryStore({ clock });
    const one = new SeenNames(store, clock);
    const other = new SeenNames(store, clock);
    expect((await other.of('T1')).fundName('000001')).toBeUndefined();
    await one.learn('T1', [{ subject: 'fund:000001', name: '华夏成长混合' }]);
    expect((await one.of('T1')).fundName('000001')).toBe('华夏成长混合');
    expect((await one.of('T2')).fundName('000001')).toBeUndefined();
    // Another replica reads the store again once its copy is half a minute old.
    clock.jumpTo(clock.now() + 31_000);
    expect((await other.of('T1')).fundName('000001')).toBe('华夏成长混合');
    // A restart reads what the store kept.
    expect((await new SeenNames(store, clock).of('T1')).fundName('000001')).toBe('华夏成长混合');
    await store.close();
  });

  it('adds to what another replica learnt rather than writing over it', async () => {
    const clock = steerableClock();
    const store = new MemoryStore({ clock });
    const one = new SeenNames(store, clock);
    const other = new SeenNames(store, clock);
    await one.of('T1');
    await other.learn('T1', [{ subject: 'company', name: '杭州华信科技有限公司' }]);
    await one.learn('T1', [{ subject: 'fund:000001', name: '华夏成长混合' }]);
    const names = await new SeenNames(store, clock).of('T1');
    expect(names.fundName('000001')).toBe('华夏成长混合');
    expect(names.closeCompany('杭洲华信')).toBe('杭州华信');
    await store.close();
  });

  it('gives an empty directory when the store cannot be read, never a failure', async () => {
    const clock = steerableClock();
    const store = new MemoryStore({ clock });
    const names = new SeenNames(store, clock);
    await store.close();
    await expect(names.of('T1')).resolves.toBeDefined();
    await expect(names.learn('T1', [{ subject: 'fund:000001', name: '华夏成长混合' }])).resolves.toBeUndefined();
  });
});
