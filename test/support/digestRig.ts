import type { Store } from '../../src/core/store/types.js';
import { DataClient } from '../../src/core/client/dataClient.js';
import { DigestRepository } from '../../src/core/digest/repository.js';
import { DigestRunner, type DigestRunnerOptions } from '../../src/core/digest/runner.js';
import { DigestScheduler } from '../../src/core/digest/scheduler.js';
import type { Schedule } from '../../src/core/digest/schedule.js';
import { DigestPostError, type Digest, type DigestContent, type DigestPause, type DigestPoster, type SaleFilter } from '../../src/core/digest/types.js';
import { MemoryStore } from '../../src/core/store/memoryStore.js';
import { startInProcessSimulator, type InProcessSimulator } from '../../src/simulator/inProcess.js';
import { ManualClock } from './clocks.js';

/** Records what would have been posted; can be told to fail like Slack does. */
export class RecordingPoster implements DigestPoster {
  readonly posts: DigestContent[] = [];
  private failure: { code: string; pause?: DigestPause } | undefined;
  delayMs = 0;

  failWith(code: string, pause?: DigestPause): void {
    this.failure = pause ? { code, pause } : { code };
  }

  succeed(): void {
    this.failure = undefined;
  }

  async post(content: DigestContent): Promise<void> {
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.failure) throw new DigestPostError(this.failure.code, this.failure.pause);
    this.posts.push(content);
  }
}

const UNLIMITED = { 'fund-new-list': { count: 10_000, windowMs: 1000 } } as const;

/**
 * The simulator for digest tests: its decisions on the rig's virtual clock, without a socket (a
 * virtual clock that jumps ahead while a real request is in flight would time that request out).
 */
export function digestSimulator(clock: ManualClock): InProcessSimulator {
  return startInProcessSimulator({ apiKeys: ['digest-key'], clock, rateLimits: UNLIMITED });
}

/** One "app instance": its own data client, runner and scheduler over a (possibly shared) store. */
export function digestInstance(options: { simulator: InProcessSimulator; store: Store; clock: ManualClock; poster: RecordingPoster; owner: string; catchUpMs?: number; teamDaily?: number; postEmpty?: boolean; refusal?: DigestRunnerOptions['refusal'] }) {
  const data = new DataClient({
    baseUrl: 'http://simulator.invalid',
    apiKey: 'digest-key',
    transport: options.simulator.transport,
    store: options.store,
    clock: options.clock,
    rateLimits: UNLIMITED,
    budgets: { timeZone: 'Asia/Shanghai', ...(options.teamDaily !== undefined ? { teamDaily: options.teamDaily } : {}) },
  });
  const repository = new DigestRepository(options.store);
  const runner = new DigestRunner({ repository, data, store: options.store, poster: options.poster, clock: options.clock, postEmpty: options.postEmpty ?? false, simulated: true, owner: options.owner, ...(options.refusal ? { refusal: options.refusal } : {}) });
  const scheduler = new DigestScheduler({ repository, runner, clock: options.clock, catchUpMs: options.catchUpMs ?? 3_600_000 });
  return { data, repository, runner, scheduler };
}

export async function startDigestRig(startAt: number, options: { teamDaily?: number; postEmpty?: boolean; catchUpMs?: number; refusal?: DigestRunnerOptions['refusal'] } = {}) {
  const clock = new ManualClock(startAt);
  const simulator = digestSimulator(clock);
  const store = new MemoryStore({ clock });
  const poster = new RecordingPoster();
  const instance = digestInstance({ simulator, store, clock, poster, owner: 'replica-a', ...options });
  return {
    clock,
    simulator,
    store,
    poster,
    ...instance,
    async addDigest(schedule: Schedule, filter: SaleFilter = 'all', extra: Partial<Digest> = {}): Promise<Digest> {
      const digest: Digest = { id: instance.repository.newId(), teamId: 'T1', channelId: 'C1', createdBy: 'U1', createdAt: clock.now(), schedule, filter, ...extra };
      await instance.repository.save(digest);
      return digest;
    },
    newFundsCalls: () => simulator.stats().calls.filter((call) => call.operation === 'fund-new-list').length,
    async close() {
      await instance.data.close();
      await store.close();
    },
  };
}
