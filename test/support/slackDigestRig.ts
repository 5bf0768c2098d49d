import { LogLevel, WebClient } from '@slack/web-api';
import { DigestRepository } from '../../src/core/digest/repository.js';
import { DigestRunner, type DigestRunnerOptions } from '../../src/core/digest/runner.js';
import type { Digest, DigestPoster } from '../../src/core/digest/types.js';
import { MemoryStore } from '../../src/core/store/memoryStore.js';
import { SlackCalls } from '../../src/slack/slackCalls.js';
import { ManualClock, PINNED_AT } from './clocks.js';
import { digestSimulator } from './digestRig.js';
import { rigDataClient } from './scheduledRig.js';

/**
 * One digest, its runner, and a WebClient built as the app builds them (the one Slack call policy,
 * none of the SDK's retries) talking to a fake Slack at `apiUrl`, all on one virtual clock: for the
 * tests of what the app does when Slack fails, in virtual time.
 */
export async function startSlackDigestRig(apiUrl: string, poster: (parts: { client: WebClient; store: MemoryStore; clock: ManualClock }) => DigestPoster, runner: Partial<DigestRunnerOptions> = {}) {
  const clock = new ManualClock(PINNED_AT);
  const store = new MemoryStore({ clock });
  const simulator = digestSimulator(clock);
  const data = rigDataClient({ simulator, store, clock, apiKey: 'digest-key', rateLimits: { 'fund-new-list': { count: 10_000, windowMs: 1000 } } });
  const calls = new SlackCalls({ clock });
  const client = new WebClient('xoxb-rig', { slackApiUrl: apiUrl, logLevel: LogLevel.ERROR, ...calls.clientOptions(globalThis.fetch as never) });
  const repository = new DigestRepository(store);
  const digestRunner = new DigestRunner({ repository, data, store, poster: poster({ client, store, clock }), clock, postEmpty: false, simulated: true, owner: 'replica', ...runner });
  const digest: Digest = { id: repository.newId(), teamId: 'T1', channelId: 'C1', createdBy: 'U1', createdAt: clock.now(), schedule: { cadence: { kind: 'daily' }, time: '08:30', timeZone: 'Asia/Shanghai' }, filter: 'all' };
  await repository.save(digest);
  return {
    clock,
    store,
    client,
    repository,
    runner: digestRunner,
    digest,
    newFundCalls: () => simulator.stats().calls.filter((call) => call.operation === 'fund-new-list').length,
    async close() {
      await data.close();
      await store.close();
    },
  };
}
