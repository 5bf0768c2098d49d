import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appMentionEvent,
  DEFAULT_WORKSPACE,
  eventCallbackBody,
  type FakeInstall,
  type FakeWorkspace,
  sendEvent,
  sendSlashCommand,
} from '../../support/slack/index.js';
import { startTestApp, TEST_SIGNING_SECRET, type TestApp } from '../../support/slackApp.js';

/**
 * Add to Slack (issue 46) over HTTP against the fake Slack: workspaces installed through
 * /slack/install → Slack's authorize page → /slack/oauth_redirect (oauth.v2.access, auth.test:
 * https://docs.slack.dev/reference/methods/oauth.v2.access), each answered with its own token, an
 * uninstall of one leaving the others working, a token about to expire refreshed before use
 * (https://docs.slack.dev/authentication/using-token-rotation), and no token in the store or logs.
 */

function workspaceOf(install: FakeInstall): FakeWorkspace {
  return {
    ...DEFAULT_WORKSPACE,
    teamId: install.teamId ?? 'T0ORGWORKSPACE',
    teamName: install.teamName ?? 'A workspace of the org',
    appId: install.appId,
    botId: install.botId,
    botUserId: install.botUserId,
  };
}

/** A mention in the workspace; on Enterprise Grid under its organisation's org-wide install. */
async function mention(app: TestApp, workspace: FakeWorkspace, text: string, enterpriseId?: string) {
  const event = appMentionEvent({ text, workspace });
  const body = eventCallbackBody(event, { workspace });
  if (enterpriseId) {
    body.enterprise_id = enterpriseId;
    body.authorizations = [
      {
        enterprise_id: enterpriseId,
        team_id: null,
        user_id: workspace.botUserId,
        is_bot: true,
        is_enterprise_install: true,
      },
    ];
  }
  const response = await sendEvent(app.url, TEST_SIGNING_SECRET, body);
  return { status: response.status, ts: event.ts as string };
}

async function lifecycleEvent(app: TestApp, workspace: FakeWorkspace, event: Record<string, unknown>) {
  return sendEvent(app.url, TEST_SIGNING_SECRET, eventCallbackBody(event, { workspace }));
}

describe('Add to Slack: two workspaces side by side', () => {
  let app: TestApp;
  let one: FakeInstall;
  let two: FakeInstall;

  beforeAll(async () => {
    app = await startTestApp({ addToSlack: true });
    const first = await app.install({ teamId: 'T0WORKSPACE1', teamName: 'First & <Co>' });
    const second = await app.install({ teamId: 'T0WORKSPACE2', teamName: 'Second Co' });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.html).toContain('Data Query is installed');
    // The workspace's name is text on the page, never markup.
    expect(first.html).toContain('First &#38; &#60;Co&#62;');
    one = first.issued!;
    two = second.issued!;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('stores each install with its tokens sealed: the store holds neither token in plain text', async () => {
    expect(one.botToken).not.toBe(two.botToken);
    const stored = JSON.stringify(await app.store.listDocs('installations'));
    expect(stored).toContain('T0WORKSPACE1');
    expect(stored).toContain('T0WORKSPACE2');
    for (const token of [one.botToken, two.botToken]) expect(stored).not.toContain(token.slice(5));
    expect((await app.installations!.find({ teamId: 'T0WORKSPACE2', isEnterpriseInstall: false }))?.botToken).toBe(
      two.botToken,
    );
  });

  it("answers each workspace's mention with that workspace's own token, never the other's", async () => {
    for (const install of [one, two]) {
      const workspace = workspaceOf(install);
      const sent = await mention(app, workspace, 'help');
      expect(sent.status).toBe(200);
      const reply = await app.nextCall('chat.postEphemeral', (call) => call.args.thread_ts === sent.ts);
      expect(reply.token).toBe(install.botToken);
    }
  });

  it("runs each workspace's slash command with its own token", async () => {
    const issued = new Set<string | undefined>([one.botToken, two.botToken]);
    for (const install of [one, two]) {
      const userId = `U0CMD${install.teamId!.slice(-1)}`;
      const responseId = `cmd-${install.teamId}`;
      const response = await sendSlashCommand(app.url, TEST_SIGNING_SECRET, {
        command: '/dq',
        text: 'usage',
        teamId: install.teamId!,
        // A person not seen before, so who they are is asked of Slack.
        userId,
        workspace: workspaceOf(install),
        responseUrl: app.fake.responseUrl(responseId),
      });
      expect(response.status).toBe(200);
      await app.nextResponse(responseId);
      // Who asks (users.info) is asked with the workspace's own token.
      const whoAsks = app.fake.calls().filter((call) => call.method === 'users.info' && call.args.user === userId);
      expect(whoAsks.length).toBeGreaterThan(0);
      expect(new Set(whoAsks.map((call) => call.token))).toEqual(new Set([install.botToken]));
    }
    // Every call the app made to Slack's Web API used one of the installed tokens (none kept from elsewhere).
    const tokens = app.fake
      .calls()
      .filter((call) => call.method !== 'oauth.v2.access')
      .map((call) => call.token);
    expect(tokens.filter((token) => !issued.has(token))).toEqual([]);
  });

  it('an uninstall (tokens_revoked, then app_uninstalled) deletes that install only; the other goes on', async () => {
    const gone = workspaceOf(one);
    app.fake.oauth.uninstall(one);
    expect(
      (await lifecycleEvent(app, gone, { type: 'tokens_revoked', tokens: { bot: [one.botUserId] }, event_ts: '1.1' }))
        .status,
    ).toBe(200);
    expect((await lifecycleEvent(app, gone, { type: 'app_uninstalled', event_ts: '1.2' })).status).toBe(200);
    await app.slack.settle(5000);
    expect(await app.installations!.find({ teamId: one.teamId, isEnterpriseInstall: false })).toBeUndefined();
    expect(await app.slack.deps.workspaces!.stopped(one.teamId!)).toMatchObject({
      reason: { key: 'digests.run.workspaceStopped' },
    });
    // The other workspace is untouched and still answered with its own token.
    expect(await app.slack.deps.workspaces!.stopped(two.teamId!)).toBeUndefined();
    const stillThere = await mention(app, workspaceOf(two), 'help');
    const reply = await app.nextCall('chat.postEphemeral', (call) => call.args.thread_ts === stillThere.ts);
    expect(reply.token).toBe(two.botToken);
    // The uninstalled workspace is answered by nothing.
    const before = app.fake.calls('chat.postEphemeral').length;
    const ignored = await mention(app, gone, 'help');
    // Acknowledged (Slack would retry otherwise), and nothing more.
    expect(ignored.status).toBe(200);
    await app.slack.settle(5000);
    expect(app.fake.calls('chat.postEphemeral').filter((call) => call.args.thread_ts === ignored.ts)).toEqual([]);
    expect(app.fake.calls('chat.postEphemeral').length).toBe(before);
  });

  it('writes no installed token into its logs', () => {
    const logged = JSON.stringify(app.logs);
    for (const token of [one.botToken, two.botToken]) expect(logged).not.toContain(token.slice(5));
  });
});

describe('Add to Slack: token rotation, org-wide installs, failed installs', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ addToSlack: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refreshes a token that expires within the refresh window before a request uses it, and stores the new one', async () => {
    const { issued } = await app.install({ teamId: 'T0ROTATING', teamName: 'Rotating', expiresInSeconds: 3600 });
    const first = issued!.botToken;
    const firstRefresh = issued!.refreshToken!;
    const sent = await mention(app, workspaceOf(issued!), 'help');
    const reply = await app.nextCall('chat.postEphemeral', (call) => call.args.thread_ts === sent.ts);
    const refresh = app.fake.calls('oauth.v2.access').find((call) => call.args.grant_type === 'refresh_token');
    expect(refresh?.args.refresh_token).toBe(firstRefresh);
    expect(reply.token).toBe(issued!.botToken);
    expect(reply.token).not.toBe(first);
    const stored = await app.installations!.find({ teamId: 'T0ROTATING', isEnterpriseInstall: false });
    expect(stored?.botToken).toBe(issued!.botToken);
    expect(stored?.botRefreshToken).toBe(issued!.refreshToken);
    expect(JSON.stringify(await app.store.listDocs('installations'))).not.toContain(issued!.refreshToken!);
  });

  it('a scheduled post authorizes through the same store: a token about to expire is refreshed first', async () => {
    const { issued } = await app.install({ teamId: 'T0SCHEDULED', teamName: 'Scheduled', expiresInSeconds: 3600 });
    const installedWith = issued!.botToken;
    const client = await app.slack.deps.workspaces!.forTeam('T0SCHEDULED');
    const posted = await client.chat.postMessage({ channel: 'C0DIGESTS1', text: 'a digest' });
    expect(posted.ok).toBe(true);
    const call = app.fake.calls('chat.postMessage').find((recorded) => recorded.args.channel === 'C0DIGESTS1');
    expect(call?.token).toBe(issued!.botToken);
    expect(call?.token).not.toBe(installedWith);
  });

  it("runs a workspace's digest through the job runner with that workspace's current token, never the one it was installed with", async () => {
    const { issued } = await app.install({ teamId: 'T0DIGESTS1', teamName: 'Digests', expiresInSeconds: 3600 });
    const installedWith = issued!.botToken;
    // An admin of that workspace (users.info is_admin, of its team): admins alone add digests.
    app.fake.setUser('U0DIGADMIN', { team_id: 'T0DIGESTS1', is_admin: true });
    const say = async (text: string) => {
      const responseId = `digest-${Math.random().toString(36).slice(2)}`;
      await sendSlashCommand(app.url, TEST_SIGNING_SECRET, {
        command: '/dq',
        text,
        teamId: 'T0DIGESTS1',
        userId: 'U0DIGADMIN',
        channelId: 'C0DIGESTS2',
        workspace: workspaceOf(issued!),
        responseUrl: app.fake.responseUrl(responseId),
      });
      return String((await app.nextResponse(responseId, undefined, 15_000)).text);
    };
    const added = await say('digest add daily 08:00');
    const id = /`([0-9a-f]{8})`/.exec(added)?.[1];
    expect(id, added).toBeDefined();
    await say(`digest run ${id}`);
    const post = await app.nextCall('chat.postMessage', (call) => call.args.channel === 'C0DIGESTS2', 15_000);
    expect(post.token).toBe(issued!.botToken);
    expect(post.token).not.toBe(installedWith);
  });

  it('finds an org-wide Enterprise Grid install from a workspace of its organisation, and then its jobs do too', async () => {
    const { status, issued } = await app.install({
      isEnterpriseInstall: true,
      enterpriseId: 'E0ORGWIDE1',
      enterpriseName: 'Org Wide',
    });
    expect(status).toBe(200);
    expect((await app.store.getDoc('installations', 'enterprise:E0ORGWIDE1')) !== undefined).toBe(true);
    const workspace = { ...workspaceOf(issued!), teamId: 'T0INTHEORG' };
    const sent = await mention(app, workspace, 'help', 'E0ORGWIDE1');
    const reply = await app.nextCall('chat.postEphemeral', (call) => call.args.thread_ts === sent.ts);
    expect(reply.token).toBe(issued!.botToken);
    expect((await app.installations!.findForTeam('T0INTHEORG'))?.botToken).toBe(issued!.botToken);
  });

  it('an install cancelled in Slack ends on the failed page, saying what to do, and installs nothing', async () => {
    const { status, html, issued } = await app.install('deny');
    expect(status).toBe(400);
    expect(html).toContain('The install was cancelled in Slack');
    expect(html).toContain('href="/slack/install?lang=en"');
    expect(issued).toBeUndefined();
  });

  it('refuses a redirect back whose state is not this browser’s (a forged or replayed link), in Chinese when asked', async () => {
    const { status, html, issued } = await app.install(
      { teamId: 'T0FORGED01' },
      { acceptLanguage: 'zh-CN,zh;q=0.9,en;q=0.5', cookie: () => 'slack-app-oauth-state=someone-elses-state' },
    );
    expect(status).toBe(400);
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('安装链接已过期');
    expect(issued).toBeUndefined();
    expect(await app.installations!.find({ teamId: 'T0FORGED01', isEnterpriseInstall: false })).toBeUndefined();
  });
});

describe('one workspace (SLACK_BOT_TOKEN), as before', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('offers no install, and serves the privacy and support pages on its port', async () => {
    expect((await fetch(`${app.url}/slack/install`)).ok).toBe(false);
    expect(app.slack.deps.workspaces).toBeUndefined();
    for (const path of ['/privacy', '/support']) {
      const page = await fetch(`${app.url}${path}?lang=zh-CN`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      const html = await page.text();
      expect(html).toContain('<html lang="zh-CN">');
      // One operator's workspace: an uninstall holds its jobs and keeps its data for a reinstall.
      if (path === '/privacy') expect(html).toContain('已保存的数据会保留');
    }
  });
});
