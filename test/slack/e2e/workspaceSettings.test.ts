import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION, VIEW } from '../../../src/slack/payloads/ids.js';
import {
  appHomeOpenedEvent,
  DEFAULT_WORKSPACE,
  eventCallbackBody,
  type FakeInstall,
  type FakeWorkspace,
  type StateValues,
  sendEvent,
  sendInteraction,
  sendSlashCommand,
  viewBlockActionsPayload,
  viewSubmissionPayload,
  workspaceOf,
} from '../../support/slack/index.js';
import {
  allText,
  buttonNamed,
  footerText,
  type PublishedView,
  startTestApp,
  TEST_SIGNING_SECRET,
  type TestApp,
} from '../../support/slackApp.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';

/**
 * Each workspace's settings, changed by its admins on App Home (issue 46), through the real Bolt app
 * over signed HTTP against the fake Slack: the form opens from the Home with views.open, a save is
 * refused to anyone not an admin and past the operator's ceilings, and what is saved applies to the
 * next request (budgets, allowlists, language), in its own workspace only.
 */

const ADMIN = 'U0SETADMIN';
const MEMBER = 'U0SETMEMBR';
const F = {
  admins: 'dq:settings:admins',
  people: 'dq:settings:people',
  channels: 'dq:settings:channels',
  teamBudget: 'dq:settings:teamBudget',
  userBudget: 'dq:settings:userBudget',
  language: 'dq:settings:language',
  shared: 'dq:settings:shared',
};

/** The form's state as Slack sends it on submission. */
function settingsValues(over: { people?: string[]; userBudget?: string; teamBudget?: string; language?: string }) {
  return {
    [F.admins]: { value: { type: 'multi_users_select', selected_users: [] } },
    [F.people]: { value: { type: 'multi_users_select', selected_users: over.people ?? [] } },
    [F.channels]: { value: { type: 'multi_conversations_select', selected_conversations: [] } },
    [F.teamBudget]: { value: { type: 'number_input', value: over.teamBudget ?? null } },
    [F.userBudget]: { value: { type: 'number_input', value: over.userBudget ?? null } },
    [F.language]: { value: { type: 'static_select', selected_option: { value: over.language ?? 'auto' } } },
  } as unknown as StateValues;
}

async function homeOf(app: TestApp, userId: string, workspace: FakeWorkspace = DEFAULT_WORKSPACE) {
  const body = eventCallbackBody(appHomeOpenedEvent({ userId }), { workspace });
  expect((await sendEvent(app.url, TEST_SIGNING_SECRET, body)).status).toBe(200);
  const call = await app.nextCall('views.publish', (candidate) => candidate.args.user_id === userId);
  return call.args.view as PublishedView;
}

async function openSettings(app: TestApp, userId: string, workspace: FakeWorkspace = DEFAULT_WORKSPACE) {
  const payload = viewBlockActionsPayload({
    actionId: ACTION.workspaceSettings,
    value: 'open',
    userId,
    workspace,
    view: { type: 'home' },
  });
  expect((await sendInteraction(app.url, TEST_SIGNING_SECRET, payload)).status).toBe(200);
  return app.openedView(payload.trigger_id as string);
}

async function submitSettings(
  app: TestApp,
  userId: string,
  values: StateValues,
  workspace: FakeWorkspace = DEFAULT_WORKSPACE,
) {
  const payload = viewSubmissionPayload({ callbackId: VIEW.workspaceSettings, values, userId, workspace });
  const response = await sendInteraction(app.url, TEST_SIGNING_SECRET, payload);
  expect(response.status).toBe(200);
  return response.json as { response_action?: string; errors?: Record<string, string> } | undefined;
}

describe('workspace settings on App Home (one workspace)', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ budgets: { teamDaily: 500, userDaily: 100 } });
    app.fake.setUser(ADMIN, { is_admin: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("shows the section to an admin only, with the operator's budgets as they apply", async () => {
    const admin = await homeOf(app, ADMIN);
    assertWithinSlackLimits(admin, 'home');
    const text = allText(admin);
    expect(text).toContain('Workspace settings');
    expect(text).toContain("*Admins:* the workspace's Slack admins and owners");
    expect(text).toContain('*Workspace budget:* 500 coins a day');
    expect(text).toContain('*Budget per person:* 100 coins a day');
    expect(buttonNamed(admin, ACTION.workspaceSettings)).toBeDefined();
    const member = await homeOf(app, MEMBER);
    expect(allText(member)).not.toContain('Workspace settings');
    expect(buttonNamed(member, ACTION.workspaceSettings)).toBeUndefined();
  });

  it('opens the form for an admin with views.open, within Slack limits, and tells anyone else who may', async () => {
    const opened = await openSettings(app, ADMIN);
    expect(opened.method).toBe('views.open');
    expect(opened.view.callback_id).toBe(VIEW.workspaceSettings);
    assertWithinSlackLimits(opened.view, 'modal');
    const blocks = JSON.stringify(opened.view.blocks);
    expect(blocks).toContain('"max_selected_items":100');
    // The operator's ceilings are the inputs' bounds; Slack Connect is not offered where the operator forbids it.
    expect(blocks).toContain('"max_value":"500"');
    expect(blocks).not.toContain(F.shared);
    const refused = await openSettings(app, MEMBER);
    expect(refused.view.callback_id).not.toBe(VIEW.workspaceSettings);
    expect(allText(refused.view)).toContain("Only the app's admins can change these settings");
  });

  it("refuses a non-admin's submission and a budget above the operator's, saving nothing", async () => {
    const forged = await submitSettings(app, MEMBER, settingsValues({ userBudget: '5' }));
    expect(forged).toEqual({
      response_action: 'errors',
      errors: { [F.admins]: "Only the app's admins can change these settings. Nothing was saved." },
    });
    const tooMuch = await submitSettings(app, ADMIN, settingsValues({ teamBudget: '600', people: [MEMBER] }));
    expect(tooMuch).toEqual({
      response_action: 'errors',
      errors: {
        [F.teamBudget]: "At most 500 coins a day: that is the operator's limit.",
        [F.people]: 'Include yourself in the list, or you could no longer use the app or change these settings.',
      },
    });
    expect(await app.store.listDocs('workspace-settings')).toEqual([]);
    expect(app.logs.some((line) => line.msg === 'refused a change of workspace settings by someone not an admin')).toBe(
      true,
    );
  });

  it('an admin saves: the form closes, the Home shows the new settings, and the change is logged', async () => {
    const saved = await submitSettings(app, ADMIN, settingsValues({ userBudget: '15' }));
    expect(saved).toBeUndefined();
    const home = await app.nextCall('views.publish', (call) => call.args.user_id === ADMIN);
    const text = allText(home.args.view as PublishedView);
    expect(text).toContain('*Budget per person:* 15 coins a day');
    expect(text).toContain(`Last changed by <@${ADMIN}>`);
    const logged = app.logs.find((line) => line.msg === 'workspace settings changed') as Record<string, unknown>;
    expect(logged).toMatchObject({
      userId: ADMIN,
      teamId: DEFAULT_WORKSPACE.teamId,
      changed: ['userDailyCoins', 'language'],
    });
  });

  it('a lowered budget refuses a lookup past it, and nothing is charged', async () => {
    const first = await app.command('000001', { command: '/fund-asset', userId: MEMBER });
    expect(footerText(await app.nextResponse(first.responseId))).toContain('upstream taskNo');
    const second = await app.command('110022', { command: '/fund-asset', userId: MEMBER });
    const reply = await app.nextResponse(second.responseId);
    expect(reply.text).toBe(
      'Your daily budget of 15 coins would be exceeded (10 spent today, this lookup costs 10). Nothing was spent.',
    );
    expect(app.upstreamCalls()).toHaveLength(1);
    expect((await app.client.ledger.usage(DEFAULT_WORKSPACE.teamId, app.clock.now())).today.coins).toBe(10);
  });

  it('a list of people refuses someone not on it, and the default language applies to everyone else', async () => {
    expect(await submitSettings(app, ADMIN, settingsValues({ people: [ADMIN], language: 'zh-CN' }))).toBeUndefined();
    const home = await app.nextCall('views.publish', (call) => call.args.user_id === ADMIN);
    expect(allText(home.args.view as PublishedView)).toContain('工作区设置');
    const refused = await app.command('000001', { command: '/fund-asset', userId: MEMBER });
    const reply = await app.nextResponse(refused.responseId);
    expect(allText(reply)).toContain('你不在');
    const allowed = await app.command('help', { userId: ADMIN });
    expect(allText(await app.nextResponse(allowed.responseId))).toMatch(/[\u4e00-\u9fff]/);
    expect(app.upstreamCalls()).toHaveLength(1);
  });
});

describe('workspace settings with Add to Slack: two workspaces keep their own', () => {
  let app: TestApp;
  let one: FakeWorkspace;
  let two: FakeWorkspace;
  let oneInstall: FakeInstall;

  beforeAll(async () => {
    app = await startTestApp({ addToSlack: true });
    oneInstall = (await app.install({ teamId: 'T0SETTING1', teamName: 'One' })).issued!;
    one = workspaceOf(oneInstall);
    two = workspaceOf((await app.install({ teamId: 'T0SETTING2', teamName: 'Two' })).issued!);
    app.fake.setUser('U0ADMINONE', { team_id: one.teamId, is_admin: true });
    app.fake.setUser('U0ADMINTWO', { team_id: two.teamId, is_admin: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("one workspace's save changes its rules only; the other's admin sees the operator's", async () => {
    const opened = await openSettings(app, 'U0ADMINONE', one);
    expect(opened.view.callback_id).toBe(VIEW.workspaceSettings);
    expect(opened.token).toBe(
      (await app.installations!.find({ teamId: one.teamId, isEnterpriseInstall: false }))?.botToken,
    );
    expect(
      await submitSettings(app, 'U0ADMINONE', settingsValues({ userBudget: '7', language: 'zh-CN' }), one),
    ).toBeUndefined();
    // An admin of the other workspace cannot change the first one's: their submission is judged in their own.
    expect(await submitSettings(app, 'U0ADMINTWO', settingsValues({ userBudget: '1' }), two)).toBeUndefined();
    const rulesOne = await app.slack.deps.rulesFor(one.teamId);
    const rulesTwo = await app.slack.deps.rulesFor(two.teamId);
    expect([rulesOne.budgets, rulesOne.locale]).toEqual([{ userDaily: 7 }, 'zh-CN']);
    expect([rulesTwo.budgets, rulesTwo.locale]).toEqual([{ userDaily: 1 }, undefined]);
    const homeTwo = allText(await homeOf(app, 'U0ADMINTWO', two));
    expect(homeTwo).toContain('*Budget per person:* 1 coin a day');
    expect(homeTwo).toContain('*Default language:* Automatic');
    // A lookup in the second workspace is held to its own budget, not the first's.
    const sent = await sendSlashCommand(app.url, TEST_SIGNING_SECRET, {
      command: '/fund-asset',
      text: '000001',
      teamId: two.teamId,
      userId: 'U0MEMBTWO1',
      workspace: two,
      responseUrl: app.fake.responseUrl('two-lookup'),
    });
    expect(sent.status).toBe(200);
    expect((await app.nextResponse('two-lookup')).text).toContain('Your daily budget of 1 coin');
    expect(app.upstreamCalls()).toHaveLength(0);
  });

  it("an uninstall deletes that workspace's settings and leaves the other's", async () => {
    app.fake.oauth.uninstall(oneInstall);
    const body = eventCallbackBody({ type: 'app_uninstalled', event_ts: '1.2' }, { workspace: one });
    expect((await sendEvent(app.url, TEST_SIGNING_SECRET, body)).status).toBe(200);
    await app.slack.settle(10_000);
    const left = (await app.store.listDocs('workspace-settings')).map((doc) => doc.id);
    expect(left).toEqual([two.teamId]);
  });
});
