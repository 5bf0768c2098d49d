import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appHomeOpenedEvent,
  dmChannelFor,
  eventCallbackBody,
  type FakeInstall,
  sendEvent,
  sendSlashCommand,
  workspaceOf,
} from '../../support/slack/index.js';
import { startTestApp, TEST_SIGNING_SECRET, type TestApp } from '../../support/slackApp.js';

/**
 * Issue 46: "a refresh that fails pauses that workspace's jobs and tells its admins, never
 * another's". Two workspaces installed through Add to Slack with token rotation on, their tokens
 * due for a refresh at each use; Slack then refuses one's refresh token (oauth.v2.access answers
 * invalid_refresh_token, https://docs.slack.dev/reference/methods/oauth.v2.access). Only that
 * workspace's digests hold; its installer and the admin who added its digest are told once, in a
 * direct message sent with the token that still works; its Home says why; the other workspace
 * goes on with its own token and hears nothing.
 */

describe('Add to Slack: a token refresh Slack refuses', () => {
  let app: TestApp;
  let failing: FakeInstall;
  let fine: FakeInstall;
  const digestOf = new Map<string, string>();
  const adminOf = (install: FakeInstall) => `U0ADM${install.teamId!.slice(-2)}`;
  const channelOf = (install: FakeInstall) => `C0DIG${install.teamId!.slice(-2)}`;

  async function say(install: FakeInstall, text: string): Promise<string> {
    const responseId = `cmd-${Math.random().toString(36).slice(2)}`;
    await sendSlashCommand(app.url, TEST_SIGNING_SECRET, {
      command: '/dq',
      text,
      teamId: install.teamId!,
      userId: adminOf(install),
      channelId: channelOf(install),
      workspace: workspaceOf(install),
      responseUrl: app.fake.responseUrl(responseId),
    });
    return String((await app.nextResponse(responseId, undefined, 15_000)).text);
  }

  beforeAll(async () => {
    app = await startTestApp({ addToSlack: true });
    // Expiring within Bolt's two-hour window: every use refreshes first.
    failing = (await app.install({ teamId: 'T0REFUSED1', teamName: 'Refused & Co', expiresInSeconds: 3600 })).issued!;
    fine = (await app.install({ teamId: 'T0FINE0002', teamName: 'Fine Co', expiresInSeconds: 3600 })).issued!;
    for (const install of [failing, fine]) {
      app.fake.setUser(adminOf(install), { team_id: install.teamId!, is_admin: true });
      const added = await say(install, 'digest add daily 08:00');
      const id = /`([0-9a-f]{8})`/.exec(added)?.[1];
      expect(id, added).toBeDefined();
      digestOf.set(install.teamId!, id!);
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  it('pauses only the failing workspace, and tells its installer and admin once, with its own token', async () => {
    app.fake.oauth.refuseRefresh(failing);
    const tokenInHand = failing.botToken;
    // Two runs of the failing workspace's digest: the first pauses it and tells; the second holds, telling no one again.
    for (let run = 0; run < 2; run++) await say(failing, `digest run ${digestOf.get(failing.teamId!)}`);
    await say(fine, `digest run ${digestOf.get(fine.teamId!)}`);
    await app.slack.settle(5000);

    const posts = app.fake.calls('chat.postMessage');
    expect(posts.filter((call) => call.args.channel === channelOf(failing))).toEqual([]);
    const finePost = posts.find((call) => call.args.channel === channelOf(fine));
    expect(finePost?.token).toBe(fine.botToken);

    const refused = app.fake
      .calls('oauth.v2.access')
      .filter((call) => call.args.grant_type === 'refresh_token' && call.response.error === 'invalid_refresh_token');
    expect(refused.length).toBeGreaterThan(0);

    // The installer and the admin who added the digest, each once, in a DM, with the token still in hand.
    const told = posts.filter((call) => String(call.args.channel).startsWith('D'));
    expect(told.map((call) => call.args.channel).sort()).toEqual(
      [dmChannelFor(failing.installerUserId), dmChannelFor(adminOf(failing))].sort(),
    );
    for (const call of told) {
      expect(call.token).toBe(tokenInHand);
      expect(String(call.args.text)).toContain("Data Query's digests and watches in Refused &amp; Co are paused");
      expect(String(call.args.text)).toContain('invalid_refresh_token');
      expect(String(call.args.text)).toContain('install the app again');
    }
    // Nobody of the other workspace is told anything, and nothing is sent with its token but its own work.
    expect(app.fake.calls('conversations.open').filter((call) => call.token === fine.botToken)).toEqual([]);

    const workspaces = app.slack.deps.workspaces!;
    expect(await workspaces.stopped(failing.teamId!)).toMatchObject({
      reason: { key: 'digests.run.workspaceRefreshRefused', values: { code: 'invalid_refresh_token' } },
    });
    expect(await workspaces.stopped(fine.teamId!)).toBeUndefined();
  });

  it('says on the failing workspace’s Home that its jobs are paused and why; the other Home does not', async () => {
    for (const install of [failing, fine]) {
      const workspace = workspaceOf(install);
      const event = appHomeOpenedEvent({ userId: adminOf(install) });
      const response = await sendEvent(app.url, TEST_SIGNING_SECRET, eventCallbackBody(event, { workspace }));
      expect(response.status).toBe(200);
      const publish = await app.nextCall('views.publish', (call) => call.args.user_id === adminOf(install), 15_000);
      const shown = JSON.stringify(publish.args.view);
      if (install === failing) {
        expect(shown).toContain('Digests and watches in this workspace are paused');
        expect(shown).toContain('Slack refused to renew the app');
      } else {
        expect(shown).not.toContain('are paused');
      }
    }
  });

  it('an install again lifts the pause', async () => {
    const again = await app.install({ teamId: 'T0REFUSED1', teamName: 'Refused & Co', expiresInSeconds: 3600 });
    expect(again.status).toBe(200);
    expect(await app.slack.deps.workspaces!.stopped('T0REFUSED1')).toBeUndefined();
  });
});
