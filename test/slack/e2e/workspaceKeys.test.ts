import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataKeyIdOf } from '../../../src/core/client/dataKey.js';
import { RedisStore } from '../../../src/core/store/redisStore.js';
import { DATA_KEY_ACTION, DATA_KEY_BLOCK } from '../../../src/slack/modals/dataKeyForm.js';
import { ACTION, VIEW } from '../../../src/slack/payloads/ids.js';
import { describeWithRedis, listRedisKeys, redisUrl, withRedisClient } from '../../support/redis.js';
import {
  appHomeOpenedEvent,
  eventCallbackBody,
  type FakeInstall,
  type FakeWorkspace,
  newTriggerId,
  type RecordedCall,
  sendEvent,
  sendInteraction,
  sendSlashCommand,
  viewBlockActionsPayload,
  viewSubmissionPayload,
  workspaceOf,
} from '../../support/slack/index.js';
import {
  allText,
  buttonsOf,
  footerText,
  type PublishedView,
  startTestApp,
  TEST_API_KEY,
  TEST_SIGNING_SECRET,
  type TestApp,
} from '../../support/slackApp.js';

/**
 * Bring your own key (issue 46) through the real Bolt app over HTTP, against the fake Slack, on
 * Redis: a workspace's admin enters the workspace's own data-service key on App Home; from then on
 * that workspace's lookups are sent and charged with it (the simulator counts coins per key), while
 * another workspace's go with the operator's key; the key is shown again only by its last four
 * characters, replaced, removed, refused to a non-admin, and never found in a log, the store or
 * anything sent to Slack.
 */

const OWN_KEY = 'byok-first-workspace-key-A1b2';
const NEW_KEY = 'byok-replacement-key-Z9y8';
/** A key of a key's shape that the simulator does not know: the service refuses it. */
const REFUSED_KEY = 'byok-unknown-to-the-service-Q7w6';
const ADMIN = 'U0KEYADMIN';
const MEMBER = 'U0KEYMEMBER';
const OTHER = 'U0OTHERWS';

describeWithRedis('a workspace with its own data-service key beside one without', (prefix) => {
  let app: TestApp;
  let own: FakeWorkspace;
  let operator: FakeWorkspace;
  let ownInstall: FakeInstall;

  beforeAll(async () => {
    const store = await RedisStore.connect(redisUrl, { prefix: `${prefix}app:`, description: 'redis' });
    app = await startTestApp({ addToSlack: true, store, simulator: { apiKeys: [TEST_API_KEY, OWN_KEY, NEW_KEY] } });
    ownInstall = (await app.install({ teamId: 'T0OWNKEY01', teamName: 'Own key' })).issued!;
    own = workspaceOf(ownInstall);
    operator = workspaceOf((await app.install({ teamId: 'T0OPERATOR', teamName: 'Operator key' })).issued!);
    app.fake.setUser(ADMIN, { team_id: own.teamId, is_admin: true });
    app.fake.setUser(MEMBER, { team_id: own.teamId, is_admin: false });
    app.fake.setUser(OTHER, { team_id: operator.teamId, is_admin: false });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function home(workspace: FakeWorkspace, userId: string): Promise<RecordedCall & { view: PublishedView }> {
    const sent = await sendEvent(
      app.url,
      TEST_SIGNING_SECRET,
      eventCallbackBody(appHomeOpenedEvent({ userId }), { workspace }),
    );
    expect(sent.status).toBe(200);
    const call = await app.nextCall('views.publish', (candidate) => candidate.args.user_id === userId);
    return { ...call, view: call.args.view as PublishedView };
  }

  /** The Home published next for `userId` (after a save or a removal). */
  async function republished(userId: string): Promise<PublishedView> {
    return (await app.nextCall('views.publish', (candidate) => candidate.args.user_id === userId)).args
      .view as PublishedView;
  }

  async function clickOnHome(userId: string, actionId: string): Promise<string> {
    const triggerId = newTriggerId();
    const payload = viewBlockActionsPayload({
      actionId,
      value: 'data-key',
      triggerId,
      userId,
      workspace: own,
      view: { type: 'home' },
    });
    expect((await sendInteraction(app.url, TEST_SIGNING_SECRET, payload)).status).toBe(200);
    return triggerId;
  }

  async function submitKey(userId: string, typed: string) {
    const payload = viewSubmissionPayload({
      callbackId: VIEW.dataKey,
      values: { [DATA_KEY_BLOCK]: { [DATA_KEY_ACTION]: { type: 'plain_text_input', value: typed } } },
      userId,
      workspace: own,
    });
    return sendInteraction(app.url, TEST_SIGNING_SECRET, payload);
  }

  async function lookUp(workspace: FakeWorkspace, userId: string, fundCode: string): Promise<string> {
    const responseId = `lookup-${workspace.teamId}-${Math.random().toString(36).slice(2)}`;
    const sent = await sendSlashCommand(app.url, TEST_SIGNING_SECRET, {
      command: '/fund-asset',
      text: fundCode,
      teamId: workspace.teamId,
      userId,
      workspace,
      responseUrl: app.fake.responseUrl(responseId),
    });
    expect(sent.status).toBe(200);
    return footerText(await app.nextResponse(responseId, (body) => (body.blocks?.length ?? 0) > 2, 15_000));
  }

  /** Every value under the app's Redis prefix, as text: what someone reading the store would see. */
  async function storeDump(): Promise<string> {
    return withRedisClient(async (client) => {
      const values: unknown[] = [];
      for (const key of await listRedisKeys(prefix)) {
        const type = await client.type(key);
        if (type === 'string') values.push(await client.get(key));
        else if (type === 'hash') values.push(await client.hGetAll(key));
        else if (type === 'zset') values.push(await client.zRange(key, 0, -1));
        else if (type === 'list') values.push(await client.lRange(key, 0, -1));
        else if (type === 'set') values.push(await client.sMembers(key));
        else values.push(`${key}: ${type}`);
      }
      return JSON.stringify(values);
    });
  }

  const keyCalls = (key: string) => app.upstreamCalls('fund-asset').filter((call) => call.key === key);

  it("shows an admin that the workspace's calls go with the app's key, and lets them enter its own", async () => {
    const { view, token } = await home(own, ADMIN);
    expect(token).toBe(ownInstall.botToken);
    expect(allText(view)).toContain("charged to the app's data service key");
    expect(buttonsOf(view).map((button) => button.action_id)).toContain(ACTION.dataKeyEdit);
    // Nobody else sees the section.
    const member = await home(own, MEMBER);
    expect(allText(member.view)).not.toContain('Data service key');
    expect(buttonsOf(member.view).map((button) => button.action_id)).not.toContain(ACTION.dataKeyEdit);
  });

  it('refuses a key of the wrong shape on the form, without echoing it, and saves nothing', async () => {
    const triggerId = await clickOnHome(ADMIN, ACTION.dataKeyEdit);
    const opened = await app.openedView(triggerId);
    expect(opened.view.callback_id).toBe(VIEW.dataKey);
    const refused = await submitKey(ADMIN, 'not a key');
    expect(refused.json).toMatchObject({
      response_action: 'errors',
      errors: { [DATA_KEY_BLOCK]: expect.stringContaining('no spaces') },
    });
    expect(refused.body).not.toContain('not a key');
    expect(await app.workspaceKeys!.summary(own.teamId)).toBeUndefined();
  });

  it('saves a key an admin enters and shows it again only by its last four characters', async () => {
    const saved = await submitKey(ADMIN, `  ${OWN_KEY} `);
    expect(saved.status).toBe(200);
    expect(saved.json).toBeUndefined();
    const view = await republished(ADMIN);
    expect(allText(view)).toContain('ending in *A1b2*');
    expect(buttonsOf(view).map((button) => button.action_id)).toEqual(
      expect.arrayContaining([ACTION.dataKeyEdit, ACTION.dataKeyRemove]),
    );
    // Replacing it, the form names the key it replaces by its last four only.
    const opened = await app.openedView(await clickOnHome(ADMIN, ACTION.dataKeyEdit));
    expect(allText(opened.view)).toContain('ending in *A1b2*');
  });

  it('charges the same lookup from each workspace to its own key: two upstream calls, one per key', async () => {
    const ownFooter = await lookUp(own, MEMBER, '000001');
    const operatorFooter = await lookUp(operator, OTHER, '000001');
    for (const footer of [ownFooter, operatorFooter]) expect(footer).not.toContain('from cache');
    expect(keyCalls(OWN_KEY)).toHaveLength(1);
    expect(keyCalls(TEST_API_KEY)).toHaveLength(1);
    expect(app.simulator.stats().coinsByKey).toEqual({ [OWN_KEY]: 10, [TEST_API_KEY]: 10 });
    // Asked again, each workspace is answered from what its own key paid for.
    expect(await lookUp(own, MEMBER, '000001')).toContain('from cache');
    expect(app.upstreamCalls('fund-asset')).toHaveLength(2);
    // The ledger says which key paid, by its id.
    const now = app.clock.now();
    const paid = await app.client.ledger.entries(own.teamId, now - 86_400_000, now + 1);
    expect(paid.map((entry) => entry.keyId)).toEqual([dataKeyIdOf(OWN_KEY)]);
  });

  it('refuses a non-admin: no form, a forged submission refused, Remove does nothing', async () => {
    const opened = await app.openedView(await clickOnHome(MEMBER, ACTION.dataKeyEdit));
    expect(opened.view.callback_id).not.toBe(VIEW.dataKey);
    expect(allText(opened.view)).toContain("Only the workspace's admins");
    const forged = await submitKey(MEMBER, NEW_KEY);
    expect(forged.json).toMatchObject({
      response_action: 'errors',
      errors: { [DATA_KEY_BLOCK]: expect.stringContaining("Only the workspace's admins") },
    });
    await clickOnHome(MEMBER, ACTION.dataKeyRemove);
    await republished(MEMBER);
    expect((await app.workspaceKeys!.keyFor(own.teamId))?.apiKey).toBe(OWN_KEY);
  });

  it('replaces the key: the workspace is charged to the new one, and what the old one paid for answers nothing', async () => {
    expect((await submitKey(ADMIN, NEW_KEY)).json).toBeUndefined();
    expect(allText(await republished(ADMIN))).toContain('ending in *Z9y8*');
    expect(await lookUp(own, MEMBER, '000001')).not.toContain('from cache');
    expect(keyCalls(NEW_KEY)).toHaveLength(1);
    expect(app.simulator.stats().coinsByKey[NEW_KEY]).toBe(10);
    // At rest the key is sealed: its record (with the last four it shows) is there, the key is not.
    const stored = await storeDump();
    expect(stored).toContain('Z9y8');
    expect(stored).not.toContain(NEW_KEY.slice(0, -4));
    expect(stored).not.toContain(OWN_KEY.slice(0, -4));
  });

  it("runs the workspace's digest with its own key too", async () => {
    const say = async (text: string) => {
      const responseId = `digest-${Math.random().toString(36).slice(2)}`;
      await sendSlashCommand(app.url, TEST_SIGNING_SECRET, {
        command: '/dq',
        text,
        teamId: own.teamId,
        userId: ADMIN,
        channelId: 'C0KEYDIGEST',
        workspace: own,
        responseUrl: app.fake.responseUrl(responseId),
      });
      return String((await app.nextResponse(responseId, undefined, 15_000)).text);
    };
    const added = await say('digest add daily 08:00');
    const id = /`([0-9a-f]{8})`/.exec(added)?.[1];
    expect(id, added).toBeDefined();
    await say(`digest run ${id}`);
    const post = await app.nextCall('chat.postMessage', (call) => call.args.channel === 'C0KEYDIGEST', 15_000);
    expect(post.token).toBe(ownInstall.botToken);
    const digestCalls = app.upstreamCalls('fund-new-list');
    expect(digestCalls.length).toBeGreaterThan(0);
    expect(new Set(digestCalls.map((call) => call.key))).toEqual(new Set([NEW_KEY]));
  });

  it("says a key the service refuses is the workspace's own, for its admins to replace; nothing is charged", async () => {
    expect((await submitKey(ADMIN, REFUSED_KEY)).json).toBeUndefined();
    await republished(ADMIN);
    const responseId = `refused-${Math.random().toString(36).slice(2)}`;
    await sendSlashCommand(app.url, TEST_SIGNING_SECRET, {
      command: '/fund-asset',
      text: '510300',
      teamId: own.teamId,
      userId: MEMBER,
      workspace: own,
      responseUrl: app.fake.responseUrl(responseId),
    });
    const reply = allText(await app.nextResponse(responseId, (body) => /refused/.test(allText(body)), 15_000));
    expect(reply).toContain("refused this workspace's own data service key, so nothing was charged");
    expect(reply).not.toContain('DATA_API_KEY');
    expect(app.simulator.stats().coinsByKey[REFUSED_KEY]).toBeUndefined();
  });

  it("removes the key: the workspace goes back to the app's key", async () => {
    await clickOnHome(ADMIN, ACTION.dataKeyRemove);
    expect(allText(await republished(ADMIN))).toContain("charged to the app's data service key");
    expect(await app.workspaceKeys!.summary(own.teamId)).toBeUndefined();
    await lookUp(own, MEMBER, '110022');
    expect(app.upstreamCalls('fund-asset').at(-1)?.key).toBe(TEST_API_KEY);
  });

  it('never writes a key into a log, the store or anything sent to Slack', async () => {
    await app.slack.settle(5000);
    const keys = [OWN_KEY, NEW_KEY, REFUSED_KEY];
    const logged = JSON.stringify(app.logs);
    const sentToSlack = JSON.stringify([app.fake.calls(), app.fake.responses()]);
    const stored = await storeDump();
    // The store holds the workspaces' data (the dump is not empty), and no key in plain text.
    expect(stored).toContain(own.teamId);
    for (const key of keys) {
      // The core of each key (its last four are shown on purpose, so they are not searched alone).
      const core = key.slice(0, -4);
      expect(logged).not.toContain(core);
      expect(sentToSlack).not.toContain(core);
      expect(stored).not.toContain(core);
    }
  });
});

describe('one workspace without SECRETS_KEY', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { ADMIN_USER_IDS: ADMIN } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('tells an admin that no key of its own can be entered, and why; a forged form is refused', async () => {
    const { view } = await app.openHome(ADMIN);
    expect(allText(view)).toContain('the app has no SECRETS_KEY to encrypt it with');
    expect(buttonsOf(view).map((button) => button.action_id)).not.toContain(ACTION.dataKeyEdit);
    const forged = await app.submitView(
      VIEW.dataKey,
      { [DATA_KEY_BLOCK]: { [DATA_KEY_ACTION]: { type: 'plain_text_input', value: OWN_KEY } } },
      '',
      { userId: ADMIN },
    );
    expect(forged.response.json).toMatchObject({
      response_action: 'errors',
      errors: { [DATA_KEY_BLOCK]: expect.stringContaining('no SECRETS_KEY') },
    });
    expect(app.slack.deps.workspaceKeys).toBeUndefined();
  });
});
