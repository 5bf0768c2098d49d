import { afterEach, describe, expect, it } from 'vitest';
import { workspaceChoicesSchema } from '../../../src/core/workspaces/workspaceSettings.js';
import { type ListenerDeps, listenerDeps } from '../listenerArgs.js';

/**
 * Scheduled work reads its workspace's rules before it runs (buildDeps: rulesFor), as a request
 * does: a digest posts in its workspace's chosen language, and a channel its workspace's list
 * leaves out stops it before anything is spent; another workspace keeps the operator's rules.
 */
describe("digests run under their workspace's rules", () => {
  let rig: ListenerDeps | undefined;
  afterEach(async () => {
    await rig?.close();
    rig = undefined;
  });

  it("post in the workspace's language, refuse a channel its list leaves out, and leave other workspaces alone", async () => {
    rig = listenerDeps({ DEFAULT_LOCALE: 'en' });
    const { deps } = rig;
    await deps.workspaceSettings.save(
      'T1',
      workspaceChoicesSchema.parse({ language: 'zh-CN', allowedChannelIds: ['C0LISTED'] }),
      'U0ADMIN',
    );
    const add = (teamId: string, channelId: string) =>
      deps.digests.add({ teamId, channelId, createdBy: 'U0ADMIN', cadence: 'daily', time: '08:30' });
    const listed = await add('T1', 'C0LISTED');
    const unlisted = await add('T1', 'C0OTHER');
    const elsewhere = await add('T2', 'C0OTHER');

    const refused = await deps.digests.runNow(unlisted.id);
    expect(refused).toMatchObject({ outcome: 'refused', coinsSpent: 0, detail: { key: 'access.channel' } });
    expect(rig.poster.posts).toEqual([]);
    expect(rig.upstreamCalls()).toBe(0);

    expect(await deps.digests.runNow(listed.id)).toMatchObject({ outcome: 'posted' });
    expect(await deps.digests.runNow(elsewhere.id)).toMatchObject({ outcome: 'posted' });
    expect(rig.poster.posts.map((post) => [post.digest.teamId, post.locale])).toEqual([
      ['T1', 'zh-CN'],
      ['T2', 'en'],
    ]);
  });
});
