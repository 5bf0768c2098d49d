import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { english } from '../../../src/i18n/lang.js';
import { searchModal } from '../../../src/slack/modals/index.js';
import { slackOperation } from '../../../src/slack/slackOperations/index.js';
import {
  appHomeOpenedEvent,
  DEFAULT_CHANNEL_ID,
  DEFAULT_USER_ID,
  DEFAULT_WORKSPACE,
  dmChannelFor,
  eventCallbackBody,
  messageBlockActionsPayload,
  sendEvent,
  sendInteraction,
  stateValue,
} from '../../support/slack/index.js';
import {
  allText,
  footerText,
  STACK_TRACE,
  startTestApp,
  TEST_SIGNING_SECRET,
  type TestApp,
} from '../../support/slackApp.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { OPS, simulatorCost } from './forms.js';

/** Who may use the app (allowlists), what they may spend (budgets), and that only Slack may call it. */

const TEAM = DEFAULT_WORKSPACE.teamId;
const fundAssetValues = () => ({ 'dq:fund-asset:fundCode': { fundCode: stateValue.plainText('000001') } });

describe('requests not signed by Slack', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it.each([
    ['a bad signature', { signature: 'bad' as const }],
    ['no signature', { signature: 'missing' as const }],
    ['a stale timestamp (older than 5 minutes)', { stale: true }],
  ])('%s: 401, no reply, nothing spent', async (_name, send) => {
    const sent = await app.command('000001', { command: '/fund-asset', send });
    expect(sent.status).toBe(401);
    const click = await app.click(
      'dq_share',
      JSON.stringify({ o: 'fund-asset', r: { fundCode: '000001', pageNo: '1', pageSize: '10' } }),
      { send },
    );
    expect(click.status).toBe(401);
    const submitted = await app.submitView('dq_search:fund-asset', fundAssetValues(), '{}', { send });
    expect(submitted.status).toBe(401);
    await app.settle(300);
    expect(app.responses(sent.responseId)).toEqual([]);
    expect(app.responses(click.responseId)).toEqual([]);
    expect(app.upstreamCalls()).toEqual([]);
    expect(app.fake.calls().filter((call) => call.method !== 'auth.test')).toEqual([]);
    expect(app.logs.some((line) => /verify authenticity|signature/i.test(String(line.msg)))).toBe(true);
  });

  it('the same request signed properly works (the rejections above were for the signature)', async () => {
    const sent = await app.command('000001', { command: '/fund-asset' });
    expect(sent.status).toBe(200);
    await app.nextResponse(sent.responseId);
    expect(app.upstreamCalls()).toHaveLength(1);
  });
});

describe('allowlists', () => {
  let app: TestApp | undefined;

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('ALLOWED_TEAM_IDS: another workspace is refused with a clear message and nothing reaches the service', async () => {
    app = await startTestApp({ env: { ALLOWED_TEAM_IDS: 'T0OTHERTEAM,T0THIRDTEAM' } });
    const sent = await app.command('000001', { command: '/fund-asset' });
    expect(sent.status).toBe(200);
    const reply = await app.nextResponse(sent.responseId);
    expect(reply.response_type).toBe('ephemeral');
    assertWithinSlackLimits(reply, 'message');
    expect(reply.text).toBe(
      'This workspace is not enabled for the data service. Ask your Slack admin to add it to ALLOWED_TEAM_IDS.',
    );

    const allowed = await app.command('000001', { command: '/fund-asset', teamId: 'T0OTHERTEAM' });
    expect(footerText(await app.nextResponse(allowed.responseId))).toContain('10 coins per lookup');
    expect(app.upstreamCalls()).toHaveLength(1);
    expect((await app.client.ledger.usage(TEAM, app.clock.now())).today.calls).toBe(0);
  });

  it('ALLOWED_USER_IDS: other people are refused (commands, buttons, forms, shortcut); listed people are served', async () => {
    app = await startTestApp({ env: { ALLOWED_USER_IDS: 'U0ALLOWED1' } });
    const refused = await app.command('futures CL 5m');
    expect((await app.nextResponse(refused.responseId)).text).toMatch(
      /^You are not on the list of people who may use the data service here\./,
    );

    const allowed = await app.command('futures CL 5m', { userId: 'U0ALLOWED1' });
    const result = await app.nextResponse(allowed.responseId);
    expect(footerText(result)).toContain(`${simulatorCost(OPS.futures)} coins per lookup`);
    expect(app.upstreamCalls()).toHaveLength(1);

    // Buttons of a result that reached someone allowed do not work for someone else.
    const share = JSON.stringify({ o: 'futures', r: { symbol: 'CL', type: '5', limit: '10' } });
    const click = await app.click('dq_share', share, { userId: DEFAULT_USER_ID, ephemeral: false });
    expect((await app.nextResponse(click.responseId)).text).toMatch(/^You are not on the list/);
    const next = await app.click(
      'dq_page_next',
      JSON.stringify({ o: 'fund-asset', r: { fundCode: '000001', pageNo: '2', pageSize: '10' } }),
    );
    expect((await app.nextResponse(next.responseId)).text).toMatch(/^You are not on the list/);

    const submitted = await app.submitView('dq_search:fund-asset', fundAssetValues(), '{}', {
      blocks: searchModal(slackOperation('fund-asset'), '{}', app.slack.deps.prices, english).blocks,
    });
    expect(submitted.response.json).toEqual({
      response_action: 'errors',
      errors: { 'dq:fund-asset:fundCode': expect.stringMatching(/^You are not on the list/) },
    });

    const shortcut = await app.shortcut('dq_search_financial_data');
    const dm = await app.nextCall('chat.postMessage', (call) => call.args.channel === DEFAULT_USER_ID);
    expect(dm.args.text).toMatch(/^You are not on the list/);
    expect(dm.response.channel).toBe(dmChannelFor(DEFAULT_USER_ID));
    await app.settle();
    expect(app.fake.calls('views.open').filter((call) => call.args.trigger_id === shortcut.triggerId)).toEqual([]);
    expect(app.upstreamCalls()).toHaveLength(1);
  });

  it('ALLOWED_CHANNEL_IDS: other channels are refused, the listed channel works', async () => {
    app = await startTestApp({ env: { ALLOWED_CHANNEL_IDS: 'C0DATAROOM' } });
    const refused = await app.command('杭州华信', { command: '/taxpayer', channelId: DEFAULT_CHANNEL_ID });
    const reply = await app.nextResponse(refused.responseId);
    expect(reply.text).toBe(
      "The data service is not enabled in this channel. Try it in a channel where it is enabled, or ask an admin (the app's Workspace settings, or ALLOWED_CHANNEL_IDS).",
    );
    expect(app.upstreamCalls()).toEqual([]);

    const opened = await app.command('', { command: '/taxpayer', channelId: DEFAULT_CHANNEL_ID });
    expect((await app.nextResponse(opened.responseId)).text).toMatch(/not enabled in this channel/);
    expect(app.fake.calls('views.open')).toEqual([]);

    const allowed = await app.command('杭州华信', { command: '/taxpayer', channelId: 'C0DATAROOM' });
    expect(allText(await app.nextResponse(allowed.responseId))).toContain('杭州华信光伏科技有限公司');
    expect(app.upstreamCalls()).toHaveLength(1);
  });
});

describe('allowlists on every surface (issue 21.5, 21.6)', () => {
  let app: TestApp | undefined;

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /** Everything the Home tab shows, as text. */
  function homeText(view: unknown): string {
    return JSON.stringify(view);
  }

  it("App Home: a person outside ALLOWED_USER_IDS sees the refusal and nothing of anyone's usage or digests", async () => {
    app = await startTestApp({ env: { ALLOWED_USER_IDS: 'U0ALLOWED1' } });
    const allowed = await app.command('000001', { command: '/fund-asset', userId: 'U0ALLOWED1' });
    await app.nextResponse(allowed.responseId);
    await app.slack.deps.digests.add({
      teamId: TEAM,
      channelId: DEFAULT_CHANNEL_ID,
      createdBy: 'U0ALLOWED1',
      cadence: 'daily',
      time: '08:30',
    });
    const own = await app.openHome('U0ALLOWED1');
    expect(homeText(own.view)).toContain('U0ALLOWED1');
    expect(homeText(own.view)).toContain('08:30');

    const stranger = await app.openHome('U0STRANGER');
    const text = homeText(stranger.view);
    expect(text).toContain('You are not on the list of people who may use the data service here');
    expect(text).not.toContain('U0ALLOWED1');
    expect(text).not.toContain('08:30');
    expect(text).not.toMatch(/coins/);
  });

  it('App Home: a user of a workspace outside ALLOWED_TEAM_IDS sees the refusal and nothing else', async () => {
    app = await startTestApp({ env: { ALLOWED_TEAM_IDS: TEAM } });
    const allowed = await app.command('000001', { command: '/fund-asset' });
    await app.nextResponse(allowed.responseId);
    const workspace = { ...DEFAULT_WORKSPACE, teamId: 'T0STRANGER' };
    const response = await sendEvent(
      app.url,
      TEST_SIGNING_SECRET,
      eventCallbackBody(appHomeOpenedEvent({ userId: 'U0OUTSIDER' }), { workspace }),
    );
    expect(response.status).toBe(200);
    const published = await app.nextCall('views.publish', (call) => call.args.user_id === 'U0OUTSIDER');
    const text = homeText(published.args.view);
    expect(text).toContain('This workspace is not enabled for the data service');
    expect(text).not.toContain(DEFAULT_USER_ID);
    expect(text).not.toMatch(/coins/);
  });

  it('ALLOWED_CHANNEL_IDS: a global shortcut, a form opened from it and a click with no channel are refused; nothing is spent', async () => {
    app = await startTestApp({ env: { ALLOWED_CHANNEL_IDS: 'C0DATAROOM' } });
    const shortcut = await app.shortcut('dq_search_financial_data');
    const dm = await app.nextCall('chat.postMessage', (call) => call.args.channel === DEFAULT_USER_ID);
    expect(dm.args.text).toMatch(/only in the channels where it is enabled/);
    await app.settle();
    expect(app.fake.calls('views.open').filter((call) => call.args.trigger_id === shortcut.triggerId)).toEqual([]);

    // The form a global shortcut opens was opened in no channel: its answer would go to a DM.
    const submitted = await app.submitView('dq_search:fund-asset', fundAssetValues(), '{}', {
      blocks: searchModal(slackOperation('fund-asset'), '{}', app.slack.deps.prices, english).blocks,
    });
    expect(submitted.response.json).toEqual({
      response_action: 'errors',
      errors: { 'dq:fund-asset:fundCode': expect.stringMatching(/only in the channels where it is enabled/) },
    });

    // A paging click that names no channel.
    const payload = messageBlockActionsPayload({
      actionId: 'dq_page_next',
      value: JSON.stringify({ o: 'fund-asset', r: { fundCode: '000001', pageNo: '2', pageSize: '10' } }),
      responseUrl: app.fake.responseUrl('no-channel'),
    }) as Record<string, unknown>;
    delete payload.channel;
    (payload.container as Record<string, unknown>).channel_id = undefined;
    const click = await sendInteraction(app.url, TEST_SIGNING_SECRET, payload);
    expect(click.status).toBe(200);
    expect((await app.nextResponse('no-channel')).text).toMatch(/only in the channels where it is enabled/);
    await app.settle();
    expect(app.upstreamCalls()).toEqual([]);
  });
});

describe('daily budgets', () => {
  let app: TestApp | undefined;

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('a team budget exceeded says which budget, what was spent, and when it resets; nothing is sent', async () => {
    app = await startTestApp({ budgets: { teamDaily: 30 } });
    const first = await app.command('杭州华信', { command: '/taxpayer' });
    expect(footerText(await app.nextResponse(first.responseId))).toContain('20 coins per lookup');

    const second = await app.command('杭州信达', { command: '/taxpayer', userId: 'U0SOMEONE2' });
    const reply = await app.nextResponse(second.responseId);
    expect(reply.response_type).toBe('ephemeral');
    assertWithinSlackLimits(reply, 'message');
    const text = allText(reply);
    expect(reply.text).toBe(
      "The workspace's daily budget of 30 coins would be exceeded (20 spent today, this lookup costs 20). Nothing was spent.",
    );
    expect(text).toMatch(/The budget resets at \d{4}-\d{2}-\d{2} 00:00 GMT\+8 \(Asia\/Shanghai\), in \d+ (h|min|s)/);
    expect(text).not.toMatch(STACK_TRACE);
    expect(app.upstreamCalls()).toHaveLength(1);
    expect((await app.client.ledger.usage(TEAM, app.clock.now())).today.coins).toBe(20);

    // A cheaper lookup still fits in what is left.
    const cheap = await app.command('CL 5m', { command: '/futures' });
    expect(footerText(await app.nextResponse(cheap.responseId))).toContain('5 coins per lookup');
    expect(app.upstreamCalls()).toHaveLength(2);
  });

  it('a user budget exceeded names the user budget, and other users can still look things up', async () => {
    app = await startTestApp({ budgets: { userDaily: 10 } });
    const first = await app.command('000001', { command: '/fund-asset' });
    await app.nextResponse(first.responseId);
    const second = await app.command('110022', { command: '/fund-asset' });
    const reply = await app.nextResponse(second.responseId);
    expect(reply.text).toBe(
      'Your daily budget of 10 coins would be exceeded (10 spent today, this lookup costs 10). Nothing was spent.',
    );
    expect(allText(reply)).toMatch(/The budget resets at/);

    const other = await app.command('110022', { command: '/fund-asset', userId: 'U0SOMEONE3' });
    expect(footerText(await app.nextResponse(other.responseId))).toContain('upstream taskNo');
    expect(app.upstreamCalls()).toHaveLength(2);
  });

  it('a result already paid for is still free from cache when the budget is used up', async () => {
    app = await startTestApp({ budgets: { teamDaily: 10 } });
    const first = await app.command('000001', { command: '/fund-asset' });
    await app.nextResponse(first.responseId);
    const again = await app.command('000001', { command: '/fund-asset' });
    expect(footerText(await app.nextResponse(again.responseId))).toContain('no charge');
    expect(app.upstreamCalls()).toHaveLength(1);
  });
});

describe('watches under ALLOWED_CHANNEL_IDS', () => {
  const ALLOWED = 'C0DATAROOM';
  const ADMIN = 'U0ADMIN777';
  const CREDIT_NO = '91330106774738789M';
  let app: TestApp | undefined;

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  function buttonValue(body: unknown, actionId: string): string | undefined {
    const found = JSON.stringify(body).match(
      new RegExp(`"action_id":"${actionId}"[^}]*?"value":"((?:[^"\\\\]|\\\\.)*)"`),
    );
    return found ? (JSON.parse(`"${found[1]}"`) as string) : undefined;
  }

  it('the command and Save work only in a listed channel; nothing is saved or spent elsewhere', async () => {
    app = await startTestApp({ env: { ALLOWED_CHANNEL_IDS: ALLOWED } });
    const refused = await app.command(`watch add taxpayer ${CREDIT_NO} daily 09:00`, { channelId: DEFAULT_CHANNEL_ID });
    expect((await app.nextResponse(refused.responseId)).text).toMatch(/not enabled in this channel/);

    const preview = await app.command(`watch add taxpayer ${CREDIT_NO} daily 09:00`, { channelId: ALLOWED });
    const previewBody = await app.nextResponse(preview.responseId);
    const save = buttonValue(previewBody, 'dq_watch_save');
    expect(save, allText(previewBody)).toBeDefined();
    // The same Save button sent from a channel that is not listed is refused.
    const elsewhere = await app.click('dq_watch_save', save!, { channelId: DEFAULT_CHANNEL_ID });
    expect((await app.nextResponse(elsewhere.responseId)).text).toMatch(/not enabled in this channel/);
    expect(await app.slack.deps.watches.list(TEAM)).toEqual([]);

    const saved = await app.click('dq_watch_save', save!, { channelId: ALLOWED });
    expect(allText(await app.nextResponse(saved.responseId))).toContain('Watch saved.');
    expect(await app.slack.deps.watches.list(TEAM)).toMatchObject([{ channelId: ALLOWED }]);
    expect(app.upstreamCalls()).toEqual([]);
  });

  it('App Home: Add a watch opens the form, which saves only for a listed channel; Stop removes a watch', async () => {
    app = await startTestApp({ env: { ALLOWED_CHANNEL_IDS: ALLOWED, ADMIN_USER_IDS: ADMIN } });
    const home = await app.openHome(ADMIN);
    expect(buttonValue(home.view, 'dq_watch_add')).toBe('add');
    const clicked = await app.clickInView('dq_watch_add', 'add', { userId: ADMIN, view: { type: 'home' } });
    const { view } = await app.openedView(clicked.triggerId);
    expect(app.fake.calls('chat.postMessage')).toEqual([]);

    const values = (channel: string) => ({
      'dq:watch:kind': { value: { type: 'radio_buttons', selected_option: { value: 'company' } } },
      'dq:watch:subject': { value: { type: 'plain_text_input', value: CREDIT_NO } },
      'dq:watch:channel': { value: { type: 'conversations_select', selected_conversation: channel } },
      'dq:watch:cadence': { value: { type: 'static_select', selected_option: { value: 'daily' } } },
      'dq:watch:time': { value: { type: 'timepicker', selected_time: '09:00' } },
      'dq:watch:timeZone': { value: { type: 'plain_text_input', value: 'Asia/Shanghai' } },
    });
    // The channel chosen on the form must pass the list, as the digest form's.
    const refused = await app.submitView('dq_watch_add_form', values(DEFAULT_CHANNEL_ID), view.private_metadata, {
      userId: ADMIN,
      blocks: view.blocks,
    });
    expect(refused.response.json).toEqual({
      response_action: 'errors',
      errors: { 'dq:watch:channel': expect.stringMatching(/not enabled in this channel/) },
    });
    expect(await app.slack.deps.watches.list(TEAM)).toEqual([]);

    const accepted = await app.submitView('dq_watch_add_form', values(ALLOWED), view.private_metadata, {
      userId: ADMIN,
      blocks: view.blocks,
    });
    expect(accepted.response.body).toBe('');
    const confirmation = await app.nextCall('chat.postEphemeral', (call) => call.args.user === ADMIN);
    expect(confirmation.args.channel).toBe(ALLOWED);
    const [watch] = await app.slack.deps.watches.list(TEAM);
    expect(watch).toMatchObject({
      channelId: ALLOWED,
      createdBy: ADMIN,
      target: { kind: 'company', keyword: CREDIT_NO },
    });

    const refreshed = await app.nextCall(
      'views.publish',
      (call) => call.args.user_id === ADMIN && JSON.stringify(call.args.view).includes(watch!.id),
    );
    expect(buttonValue(refreshed.args.view, 'dq_watch_stop')).toBe(watch!.id);
    const publishedBefore = app.fake.calls('views.publish').length;
    await app.clickInView('dq_watch_stop', watch!.id, { userId: ADMIN, view: { type: 'home' } });
    await app.nextCall(
      'views.publish',
      (call) => call.args.user_id === ADMIN && !JSON.stringify(call.args.view).includes(watch!.id),
    );
    expect(app.fake.calls('views.publish').length).toBeGreaterThan(publishedBefore);
    expect(await app.slack.deps.watches.list(TEAM)).toEqual([]);
    // No refusal, and no message outside the listed channel.
    expect(app.fake.calls('chat.postMessage')).toEqual([]);
    expect(app.fake.calls('chat.postEphemeral').every((call) => call.args.channel === ALLOWED)).toBe(true);
    expect(app.upstreamCalls()).toEqual([]);
  });
});
