import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pricesFrom } from '../../../src/core/operations/prices.js';
import { english } from '../../../src/i18n/lang.js';
import { AppInstall } from '../../../src/slack/calls/appInstall.js';
import { renderDigest } from '../../../src/slack/render/digest.js';
import { RecordingPoster } from '../../support/digestRig.js';
import { type FakeSlack, startFakeSlack } from '../../support/slack/index.js';
import { startSlackDigestRig } from '../../support/slackDigestRig.js';

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
    const poster = new RecordingPoster();
    let install!: AppInstall;
    const rig = await startSlackDigestRig(
      fake.apiUrl,
      ({ client, store, clock }) => {
        install = new AppInstall(store, client, clock);
        return poster;
      },
      { runner: { app: { stopped: () => install.stopped(), stop: (code) => install.stop(code) } } },
    );
    const { clock, repository, runner, digest, newFundCalls } = rig;

    fake.revokeTokens('token_revoked');
    const stoppedAt = clock.now();
    await install.stop('app_uninstalled');
    expect(await runner.run(digest.id, clock.now(), 'manual')).toMatchObject({
      outcome: 'refused',
      coinsSpent: 0,
      detail: { key: 'digests.run.appStopped' },
    });
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
    expect(JSON.stringify(main!.blocks)).toContain(
      'Held from 2026-11-22 10:00 while the app could not post (it was uninstalled, or Slack revoked its token)',
    );
    // Said once: the next post does not repeat it.
    expect((await repository.get(digest.id))?.heldSince).toBeUndefined();
    await rig.close();
  });
});
