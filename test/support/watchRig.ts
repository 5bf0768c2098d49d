import { type Caps, DEFAULT_WATCH_CAPS, EntryCaps } from '../../src/core/jobs/caps.js';
import { JobScheduler } from '../../src/core/jobs/jobScheduler.js';
import { pricesFrom } from '../../src/core/operations/prices.js';
import type { Store } from '../../src/core/store/types.js';
import type { Watch, WatchNotice, WatchPoster } from '../../src/core/watch/types.js';
import { WatchRepository } from '../../src/core/watch/watchRepository.js';
import { WatchRunner, type WatchRunnerOptions } from '../../src/core/watch/watchRunner.js';
import { type NewWatch, WatchService } from '../../src/core/watch/watchService.js';
import type { InProcessSimulator } from '../../src/simulator/inProcess.js';
import type { ManualClock } from './clocks.js';
import { RecordingPosterOf, rigDataClient, rigSimulator, startScheduledRig } from './scheduledRig.js';

/** Records what would have been posted; can be told to fail like Slack does. */
export class RecordingWatchPoster extends RecordingPosterOf<WatchNotice> implements WatchPoster {}

const UNLIMITED = { count: 10_000, windowMs: 1000 };
const LIMITS = {
  'enterprise-general-taxpayer-query': UNLIMITED,
  'fund-asset': UNLIMITED,
  'finance-external-futures-kline': UNLIMITED,
  'thirdpartymarket-cmapi00069224-enterprise-search-bid-list': UNLIMITED,
} as const;

export function watchSimulator(clock: ManualClock): InProcessSimulator {
  return rigSimulator(clock, 'watch-key', LIMITS);
}

/** One "app instance": its own data client, runner and scheduler (the digest one) over a (possibly shared) store. */
export function watchInstance(options: {
  simulator: InProcessSimulator;
  store: Store;
  clock: ManualClock;
  poster: RecordingWatchPoster;
  owner: string;
  catchUpMs?: number;
  teamDaily?: number;
  userDaily?: number;
  refusal?: WatchRunnerOptions['refusal'];
  caps?: Caps;
}) {
  const data = rigDataClient({ ...options, apiKey: 'watch-key', rateLimits: LIMITS, shareAcrossReplicas: false });
  const repository = new WatchRepository(options.store);
  const runner = new WatchRunner({
    repository,
    data,
    store: options.store,
    poster: options.poster,
    clock: options.clock,
    simulated: true,
    owner: options.owner,
    ...(options.refusal ? { refusal: options.refusal } : {}),
  });
  const scheduler = new JobScheduler<Watch>({
    repository,
    runner,
    clock: options.clock,
    catchUpMs: options.catchUpMs ?? 3_600_000,
    kind: 'watch',
  });
  const service = new WatchService(
    repository,
    runner,
    options.clock,
    pricesFrom(),
    'Asia/Shanghai',
    new EntryCaps('watch', options.caps ?? DEFAULT_WATCH_CAPS, options.store, options.clock),
  );
  return { data, repository, runner, scheduler, service };
}

export async function startWatchRig(
  startAt: number,
  options: {
    teamDaily?: number;
    userDaily?: number;
    catchUpMs?: number;
    refusal?: WatchRunnerOptions['refusal'];
    caps?: Caps;
  } = {},
) {
  const rig = startScheduledRig(startAt, watchSimulator, new RecordingWatchPoster(), (parts) =>
    watchInstance({ ...parts, owner: 'replica-a', ...options }),
  );
  return {
    ...rig,
    async addWatch(request: Omit<NewWatch, 'teamId' | 'channelId' | 'createdBy'>): Promise<Watch> {
      const { watch } = await rig.service.prepare({ teamId: 'T1', channelId: 'C1', createdBy: 'U1', ...request });
      return rig.service.save(watch);
    },
    upstreamCalls: () => rig.simulator.stats().calls.filter((call) => call.outcome === 'success').length,
    /** Moves the clock to each instant and lets the scheduler look, as its ticks would. */
    async tickAt(...instants: number[]): Promise<void> {
      for (const at of instants) {
        rig.clock.set(at);
        await rig.scheduler.tick();
      }
    },
  };
}
