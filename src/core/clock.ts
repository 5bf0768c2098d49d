import { setTimeout as delay } from 'node:timers/promises';

/** Time as the core sees it; tests pass a fake one so nothing waits for real. */
export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => delay(Math.max(0, ms), undefined, signal ? { signal } : undefined),
};
