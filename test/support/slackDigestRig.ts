import { type FetchFunction, LogLevel, WebClient } from '@slack/web-api';
import { DigestRepository } from '../../src/core/digest/digestRepository.js';
import { DigestRunner, type DigestRunnerOptions } from '../../src/core/digest/digestRunner.js';
import type { Digest, DigestPoster } from '../../src/core/digest/types.js';
import { MemoryStore } from '../../src/core/store/memoryStore.js';
import type { InProcessSimulator } from '../../src/simulator/inProcess.js';
import { SlackCalls } from '../../src/slack/calls/slackCalls.js';
import { ManualClock, PINNED_AT } from './clocks.js';
import { digestSimulator } from './digestRig.js';
import { rigDataClient } from './scheduledRig.js';

/** What replicas of the app share: one virtual clock, one store, one data service. */
export interface SharedParts {
  clock: ManualClock;
  store: MemoryStore;
  simulator: InProcessSimulator;
}

export function sharedParts(): SharedParts {
  const clock = new ManualClock(PINNED_AT);
  return { clock, store: new MemoryStore({ clock }), simulator: digestSimulator(clock) };
}

/** Every chat.postMessage a client sends, with the virtual time it left at (the policy's waits are on that clock). */
export function postTimes(clock: ManualClock, into: Array<{ at: number; channel: string | null }>): FetchFunction {
  return (url, init) => {
    if (String(url).endsWith('/chat.postMessage'))
      into.push({ at: clock.now(), channel: new URLSearchParams(String(init?.body ?? '')).get('channel') });
    return (globalThis.fetch as unknown as FetchFunction)(url, init);
  };
}

/**
 * One replica of the app running one digest in `channelId`: its runner and a WebClient built as the
 * app builds them (the one Slack call policy, none of the SDK's retries) talking to a fake Slack at
 * `apiUrl`, on the shared virtual clock. For the tests of what the app does when Slack fails.
 */
export async function startSlackDigestRig(
  apiUrl: string,
  poster: (parts: { client: WebClient } & SharedParts) => DigestPoster,
  options: {
    runner?: Partial<DigestRunnerOptions>;
    shared?: SharedParts;
    channelId?: string;
    fetch?: FetchFunction;
  } = {},
) {
  const shared = options.shared ?? sharedParts();
  const { clock, store, simulator } = shared;
  const data = rigDataClient({
    simulator,
    store,
    clock,
    apiKey: 'digest-key',
    rateLimits: { 'fund-new-list': { count: 10_000, windowMs: 1000 } },
  });
  const calls = new SlackCalls({ clock });
  const client = new WebClient('xoxb-rig', {
    slackApiUrl: apiUrl,
    logLevel: LogLevel.ERROR,
    ...calls.clientOptions(options.fetch ?? (globalThis.fetch as unknown as FetchFunction)),
  });
  const repository = new DigestRepository(store);
  const runner = new DigestRunner({
    repository,
    data,
    store,
    poster: poster({ client, ...shared }),
    clock,
    postEmpty: false,
    simulated: true,
    owner: `replica-${repository.newId()}`,
    ...options.runner,
  });
  const digest: Digest = {
    id: repository.newId(),
    teamId: 'T1',
    channelId: options.channelId ?? 'C1',
    createdBy: 'U1',
    createdAt: clock.now(),
    schedule: { cadence: { kind: 'daily' }, time: '08:30', timeZone: 'Asia/Shanghai' },
    filter: 'all',
  };
  await repository.save(digest);
  return {
    clock,
    store,
    client,
    repository,
    runner,
    digest,
    newFundCalls: () => simulator.stats().calls.filter((call) => call.operation === 'fund-new-list').length,
    async close() {
      await data.close();
      if (!options.shared) await store.close();
    },
  };
}
