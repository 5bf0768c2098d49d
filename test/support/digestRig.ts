import { DigestRepository } from '../../src/core/digest/digestRepository.js';
import { DigestRunner, type DigestRunnerOptions } from '../../src/core/digest/digestRunner.js';
import type { Digest, DigestContent, DigestPoster, SaleFilter } from '../../src/core/digest/types.js';
import { JobScheduler } from '../../src/core/jobs/jobScheduler.js';
import type { Schedule } from '../../src/core/jobs/schedule.js';
import type { Store } from '../../src/core/store/types.js';
import type { InProcessSimulator } from '../../src/simulator/inProcess.js';
import type { ManualClock } from './clocks.js';
import { RecordingPosterOf, rigDataClient, rigSimulator, startScheduledRig } from './scheduledRig.js';

/** Records what would have been posted; can be told to fail like Slack does. */
export class RecordingPoster extends RecordingPosterOf<DigestContent> implements DigestPoster {}

const UNLIMITED = { 'fund-new-list': { count: 10_000, windowMs: 1000 } } as const;

/** The simulator for digest tests, on the rig's virtual clock. */
export function digestSimulator(clock: ManualClock): InProcessSimulator {
  return rigSimulator(clock, 'digest-key', UNLIMITED);
}

/** One "app instance": its own data client, runner and scheduler over a (possibly shared) store. */
export function digestInstance(options: {
  simulator: InProcessSimulator;
  store: Store;
  clock: ManualClock;
  poster: RecordingPoster;
  owner: string;
  catchUpMs?: number;
  teamDaily?: number;
  postEmpty?: boolean;
  refusal?: DigestRunnerOptions['refusal'];
}) {
  const data = rigDataClient({ ...options, apiKey: 'digest-key', rateLimits: UNLIMITED });
  const repository = new DigestRepository(options.store);
  const runner = new DigestRunner({
    repository,
    data,
    store: options.store,
    poster: options.poster,
    clock: options.clock,
    postEmpty: options.postEmpty ?? false,
    simulated: true,
    owner: options.owner,
    ...(options.refusal ? { refusal: options.refusal } : {}),
  });
  const scheduler = new JobScheduler<Digest>({
    repository,
    runner,
    clock: options.clock,
    catchUpMs: options.catchUpMs ?? 3_600_000,
    kind: 'digest',
  });
  return { data, repository, runner, scheduler };
}

export async function startDigestRig(
  startAt: number,
  options: {
    teamDaily?: number;
    postEmpty?: boolean;
    catchUpMs?: number;
    refusal?: DigestRunnerOptions['refusal'];
  } = {},
) {
  const rig = startScheduledRig(startAt, digestSimulator, new RecordingPoster(), (parts) =>
    digestInstance({ ...parts, owner: 'replica-a', ...options }),
  );
  return {
    ...rig,
    async addDigest(schedule: Schedule, filter: SaleFilter = 'all', extra: Partial<Digest> = {}): Promise<Digest> {
      const digest: Digest = {
        id: rig.repository.newId(),
        teamId: 'T1',
        channelId: 'C1',
        createdBy: 'U1',
        createdAt: rig.clock.now(),
        schedule,
        filter,
        ...extra,
      };
      await rig.repository.save(digest);
      return digest;
    },
    newFundsCalls: () => rig.simulator.stats().calls.filter((call) => call.operation === 'fund-new-list').length,
  };
}
