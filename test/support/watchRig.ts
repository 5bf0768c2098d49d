import { DataClient } from '../../src/core/client/dataClient.js';
import { DigestScheduler } from '../../src/core/digest/scheduler.js';
import { DigestPostError, type DigestPause } from '../../src/core/digest/types.js';
import { pricesFrom } from '../../src/core/operations/prices.js';
import { MemoryStore } from '../../src/core/store/memoryStore.js';
import type { Store } from '../../src/core/store/types.js';
import { WatchRepository } from '../../src/core/watch/repository.js';
import { WatchRunner, type WatchRunnerOptions } from '../../src/core/watch/runner.js';
import { WatchService, type NewWatch } from '../../src/core/watch/service.js';
import type { Watch, WatchNotice, WatchPoster } from '../../src/core/watch/types.js';
import { startInProcessSimulator, type InProcessSimulator } from '../../src/simulator/inProcess.js';
import { ManualClock } from './clocks.js';

/** Records what would have been posted; can be told to fail like Slack does. */
export class RecordingWatchPoster implements WatchPoster {
  readonly posts: WatchNotice[] = [];
  private failure: { code: string; pause?: DigestPause } | undefined;

  failWith(code: string, pause?: DigestPause): void {
    this.failure = pause ? { code, pause } : { code };
  }

  succeed(): void {
    this.failure = undefined;
  }

  async post(notice: WatchNotice): Promise<void> {
    if (this.failure) throw new DigestPostError(this.failure.code, this.failure.pause);
    this.posts.push(notice);
  }
}

const UNLIMITED = { count: 10_000, windowMs: 1000 };
const LIMITS = { 'enterprise-general-taxpayer-query': UNLIMITED, 'fund-asset': UNLIMITED, 'finance-external-futures-kline': UNLIMITED } as const;

export function watchSimulator(clock: ManualClock): InProcessSimulator {
  return startInProcessSimulator({ apiKeys: ['watch-key'], clock, rateLimits: LIMITS });
}

/** One "app instance": its own data client, runner and scheduler (the digest one) over a (possibly shared) store. */
export function watchInstance(options: { simulator: InProcessSimulator; store: Store; clock: ManualClock; poster: RecordingWatchPoster; owner: string; catchUpMs?: number; teamDaily?: number; userDaily?: number; refusal?: WatchRunnerOptions['refusal'] }) {
  const data = new DataClient({
    baseUrl: 'http://simulator.invalid',
    apiKey: 'watch-key',
    transport: options.simulator.transport,
    store: options.store,
    clock: options.clock,
    rateLimits: LIMITS,
    shareAcrossReplicas: false,
    budgets: { timeZone: 'Asia/Shanghai', ...(options.teamDaily !== undefined ? { teamDaily: options.teamDaily } : {}), ...(options.userDaily !== undefined ? { userDaily: options.userDaily } : {}) },
  });
  const repository = new WatchRepository(options.store);
  const runner = new WatchRunner({ repository, data, store: options.store, poster: options.poster, clock: options.clock, simulated: true, owner: options.owner, ...(options.refusal ? { refusal: options.refusal } : {}) });
  const scheduler = new DigestScheduler<Watch>({ repository, runner, clock: options.clock, catchUpMs: options.catchUpMs ?? 3_600_000, kind: 'watch' });
  const service = new WatchService(repository, runner, options.clock, pricesFrom(), 'Asia/Shanghai');
  return { data, repository, runner, scheduler, service };
}

export async function startWatchRig(startAt: number, options: { teamDaily?: number; userDaily?: number; catchUpMs?: number; refusal?: WatchRunnerOptions['refusal'] } = {}) {
  const clock = new ManualClock(startAt);
  const simulator = watchSimulator(clock);
  const store = new MemoryStore({ clock });
  const poster = new RecordingWatchPoster();
  const instance = watchInstance({ simulator, store, clock, poster, owner: 'replica-a', ...options });
  return {
    clock,
    simulator,
    store,
    poster,
    ...instance,
    async addWatch(request: Omit<NewWatch, 'teamId' | 'channelId' | 'createdBy'>): Promise<Watch> {
      const { watch } = await instance.service.prepare({ teamId: 'T1', channelId: 'C1', createdBy: 'U1', ...request });
      return instance.service.save(watch);
    },
    upstreamCalls: () => simulator.stats().calls.filter((call) => call.outcome === 'success').length,
    async close() {
      await instance.data.close();
      await store.close();
    },
  };
}
