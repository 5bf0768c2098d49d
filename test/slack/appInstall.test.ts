import { LogLevel, WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DigestRepository } from '../../src/core/digest/repository.js';
import { DigestRunner } from '../../src/core/digest/runner.js';
import type { Digest } from '../../src/core/digest/types.js';
import { pricesFrom } from '../../src/core/operations/prices.js';
import { MemoryStore } from '../../src/core/store/memoryStore.js';
import { english } from '../../src/i18n/lang.js';
import { AppInstall } from '../../src/slack/appInstall.js';
import { renderDigest } from '../../src/slack/render/digest.js';
import { SlackCalls } from '../../src/slack/slackCalls.js';
import { ManualClock, PINNED_AT } from '../support/clocks.js';
import { digestSimulator, RecordingPoster } from '../support/digestRig.js';
import { rigDataClient } from '../support/scheduledRig.js';
import { startFakeSlack, type FakeSlack } from '../support/slack/index.js';

/**
 * An uninstall holds every scheduled job before it spends, until Slack takes the token again; then
 * the job runs and its post says since when its runs were held (issue 32.5). The token is checked
 * with auth.test against the fake Slack, on the rig's virtual clock.
 */

const MINUTE = 60_000;

describe('digests while the app is uninstalled, and after', () => {
  let fake: FakeSlack;
  beforeAll(async () => {
    fake = await startFakeSlack();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('hold without spending while Slack refuses the token, run again once it takes it, and the post says since when', async () => {
    const clock = new ManualClock(PINNED_AT);
    const store = new MemoryStore({ clock });
    const simulator = digestSimulator(clock);
    const data = rigDataClient({ simulator, store, clock, apiKey: 'digest-key', rateLimits: { 'fund-new-list': { count: 10_000, windowMs: 1000 } } });
    const calls = new SlackCalls({ clock });
    const client = new WebClient('xoxb-install', { slackApiUrl: fake.apiUrl, logLevel: LogLevel.ERROR, ...calls.clientOptions(globalThis.fetch as never) });
    const install = new AppInstall(store, client, clock);
    const poster = new RecordingPoster();
    const repository = new DigestRepository(store);
    const runner = new DigestRunner({ repository, data, store, poster, clock, postEmpty: false, simulated: true, owner: 'replica', app: install });
    const digest: Digest = { id: repository.newId(), teamId: 'T1', channelId: 'C1', createdBy: 'U1', createdAt: clock.now(), schedule: { cadence: { kind: 'daily' }, time: '08:30', timeZone: 'Asia/Shanghai' }, filter: 'all' };
    await repository.save(digest);
    const newFundCalls = () => simulator.stats().calls.filter((call) => call.operation === 'fund-new-list').length;

    fake.revokeTokens('token_revoked');
    const stoppedAt = clock.now();
    await install.stop('app_uninstalled');
    expect(await runner.run(digest.id, clock.now(), 'manual')).toMatchObject({ outcome: 'refused', coinsSpent: 0, detail: { key: 'digests.run.appStopped' } });
    // Five minutes on, Slack is asked again, still refuses: still held.
    await clock.advance(5 * MINUTE);
    expect(await runner.run(digest.id, clock.now(), 'manual')).toMatchObject({ outcome: 'refused' });
    expect(fake.calls('auth.test').map((call) => call.response.error)).toEqual(['token_revoked']);
    expect(newFundCalls()).toBe(0);
    expect(poster.posts).toEqual([]);

    // Reinstalled: at the next check Slack takes the token, and the digest runs.
    fake.reinstall();
    await clock.advance(5 * MINUTE);
    const resumed = await runner.run(digest.id, clock.now(), 'manual');
    expect(resumed).toMatchObject({ outcome: 'posted' });
    expect(newFundCalls()).toBeGreaterThan(0);
    const [content] = poster.posts;
    expect(content?.heldSince).toBe(stoppedAt);
    const [main] = renderDigest(content!, { now: clock.now(), prices: pricesFrom(), lang: english });
    expect(JSON.stringify(main!.blocks)).toContain('Held from 2026-11-22 10:00 while the app could not post (it was uninstalled, or Slack revoked its token)');
    // Said once: the next post does not repeat it.
    expect((await repository.get(digest.id))?.heldSince).toBeUndefined();
    await data.close();
    await store.close();
  });
});
