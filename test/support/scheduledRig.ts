import { DataClient, type DataClientOptions } from '../../src/core/client/dataClient.js';
import { type JobPause, JobPostError } from '../../src/core/jobs/types.js';
import { MemoryStore } from '../../src/core/store/memoryStore.js';
import type { Store } from '../../src/core/store/types.js';
import { type InProcessSimulator, startInProcessSimulator } from '../../src/simulator/inProcess.js';
import { ManualClock } from './clocks.js';

/**
 * What digest and watch tests share: a poster that records what would have been posted, a simulator
 * and a data client on the rig's virtual clock, and one "app instance" over a memory store.
 */

/** Records what would have been posted; can be told to fail like Slack does, or to take its time. */
export class RecordingPosterOf<Content> {
  readonly posts: Content[] = [];
  private failure: { code: string; pause?: JobPause } | undefined;
  delayMs = 0;
  private held: { gate: Promise<void>; arrived: () => void } | undefined;

  /**
   * Posts wait until `release` is called; `reached` resolves once one is waiting. A test then knows
   * a run is mid-post (holding its lock) without guessing how long a busy machine takes to get there.
   */
  holdPosts(): { reached: Promise<void>; release: () => void } {
    let release!: () => void;
    let arrived!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    this.held = { gate, arrived };
    return {
      reached,
      release: () => {
        this.held = undefined;
        release();
      },
    };
  }

  failWith(code: string, pause?: JobPause): void {
    this.failure = pause ? { code, pause } : { code };
  }

  succeed(): void {
    this.failure = undefined;
  }

  async post(content: Content): Promise<void> {
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.held) {
      this.held.arrived();
      await this.held.gate;
    }
    if (this.failure) throw new JobPostError(this.failure.code, this.failure.pause);
    this.posts.push(content);
  }
}

/**
 * The simulator for scheduled runs: its decisions on the rig's virtual clock, without a socket (a
 * virtual clock that jumps ahead while a real request is in flight would time that request out).
 */
export function rigSimulator(
  clock: ManualClock,
  apiKey: string,
  rateLimits: DataClientOptions['rateLimits'],
): InProcessSimulator {
  return startInProcessSimulator({ apiKeys: [apiKey], clock, ...(rateLimits ? { rateLimits } : {}) });
}

/** A data client of one instance, talking to the in-process simulator; budgets are counted in Shanghai days. */
export function rigDataClient(options: {
  simulator: InProcessSimulator;
  store: Store;
  clock: ManualClock;
  apiKey: string;
  rateLimits: DataClientOptions['rateLimits'];
  teamDaily?: number | undefined;
  userDaily?: number | undefined;
  shareAcrossReplicas?: boolean;
}): DataClient {
  return new DataClient({
    baseUrl: 'http://simulator.invalid',
    apiKey: options.apiKey,
    transport: options.simulator.transport,
    store: options.store,
    clock: options.clock,
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
    ...(options.shareAcrossReplicas !== undefined ? { shareAcrossReplicas: options.shareAcrossReplicas } : {}),
    budgets: {
      timeZone: 'Asia/Shanghai',
      ...(options.teamDaily !== undefined ? { teamDaily: options.teamDaily } : {}),
      ...(options.userDaily !== undefined ? { userDaily: options.userDaily } : {}),
    },
  });
}

/** A clock at `startAt`, a simulator, a memory store, the poster and one instance over them; close() ends the instance's client and the store. */
export function startScheduledRig<Poster, Instance extends { data: DataClient }>(
  startAt: number,
  simulatorOn: (clock: ManualClock) => InProcessSimulator,
  poster: Poster,
  instanceOver: (parts: {
    simulator: InProcessSimulator;
    store: Store;
    clock: ManualClock;
    poster: Poster;
  }) => Instance,
) {
  const clock = new ManualClock(startAt);
  const simulator = simulatorOn(clock);
  const store = new MemoryStore({ clock });
  const instance = instanceOver({ simulator, store, clock, poster });
  return {
    clock,
    simulator,
    store,
    poster,
    ...instance,
    async close() {
      await instance.data.close();
      await store.close();
    },
  };
}
