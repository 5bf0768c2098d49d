import type { Clock } from '../clock.js';
import { assertTtl } from './storeInputs.js';

/**
 * Slots and heartbeats for the stores that live in one process (memory, SQLite): the schedule is
 * only shared inside this process, which is all there is to share with.
 */
export class LocalSlots {
  private readonly nextFree = new Map<string, number>();
  private readonly members = new Map<string, Map<string, number>>();
  private readonly windows = new Map<string, number[]>();

  constructor(private readonly clock: Clock) {}

  reserveSlot(key: string, intervalMs: number): number {
    assertTtl(intervalMs);
    const now = this.clock.now();
    const slot = Math.max(now, this.nextFree.get(key) ?? 0);
    this.nextFree.set(key, slot + intervalMs);
    return slot - now;
  }

  admitToWindow(key: string, count: number, windowMs: number): number {
    assertTtl(windowMs);
    const now = this.clock.now();
    const starts = (this.windows.get(key) ?? []).filter((at) => at > now - windowMs);
    this.windows.set(key, starts);
    if (starts.length < count) {
      starts.push(now);
      return 0;
    }
    return Math.max(1, starts[starts.length - count]! + windowMs - now);
  }

  heartbeat(group: string, member: string, ttlMs: number): number {
    assertTtl(ttlMs);
    const now = this.clock.now();
    const alive = this.members.get(group) ?? new Map<string, number>();
    alive.set(member, now + ttlMs);
    for (const [name, until] of alive) if (until <= now) alive.delete(name);
    this.members.set(group, alive);
    return alive.size;
  }
}
