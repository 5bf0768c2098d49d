import type { Clock } from '../../src/core/clock.js';

/** A clock that only moves when told; sleeping moves it instead of waiting. */
export class FakeClock implements Clock {
  constructor(private current: number) {}

  now(): number {
    return this.current;
  }

  set(ms: number): void {
    this.current = ms;
  }

  advance(ms: number): void {
    this.current += ms;
  }

  async sleep(ms: number): Promise<void> {
    this.current += Math.max(0, ms);
    await Promise.resolve();
  }
}
