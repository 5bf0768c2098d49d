import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { Store } from '../store/types.js';

export interface SharedOutcome<T> {
  value: T;
  /** True when another replica made the call and this one took its result. */
  shared: boolean;
}

export interface SharedInFlightOptions {
  store: Store;
  clock: Clock;
  replicaId: string;
  /** Longest a call may take, waiting for its rate-limit slot and retries included. */
  holdMs: number;
  pollMs?: number;
}

/**
 * Identical calls on different replicas at the same moment make one upstream call: the first
 * replica marks the call in flight in the store (SET NX), the others wait for its result to
 * appear in the shared cache. If the store is down, each replica simply makes its own call.
 */
export class SharedInFlight {
  constructor(private readonly options: SharedInFlightOptions) {}

  async run<T>(key: string, call: () => Promise<T>, readFresh: () => Promise<T | undefined>): Promise<SharedOutcome<T>> {
    const { store, clock, holdMs } = this.options;
    const marker = `inflight:${key}`;
    const owner = `${this.options.replicaId}:${randomBytes(4).toString('hex')}`;
    const giveUpAt = clock.now() + holdMs;
    for (;;) {
      let mine: boolean;
      try {
        mine = await store.claim(marker, owner, holdMs);
      } catch {
        return { value: await call(), shared: false };
      }
      if (mine) {
        try {
          // The other replica may have finished between our look at the cache and the claim.
          const landed = await readFresh();
          if (landed !== undefined) return { value: landed, shared: true };
          return { value: await call(), shared: false };
        } finally {
          await store.releaseClaim(marker, owner).catch(() => undefined);
        }
      }
      const result = await this.waitForResult(readFresh, giveUpAt);
      if (result !== undefined) return { value: result, shared: true };
      if (clock.now() >= giveUpAt) return { value: await call(), shared: false };
      // The marker is gone without a result (that call failed): try to make the call ourselves.
    }
  }

  private async waitForResult<T>(readFresh: () => Promise<T | undefined>, giveUpAt: number): Promise<T | undefined> {
    const pollMs = this.options.pollMs ?? 100;
    for (let polls = 0; this.options.clock.now() < giveUpAt; polls++) {
      await this.options.clock.sleep(pollMs);
      const result = await readFresh();
      if (result !== undefined) return result;
      // Now and then, see whether the marker is still held; if not, stop waiting.
      if (polls % 5 === 4) return undefined;
    }
    return undefined;
  }
}
