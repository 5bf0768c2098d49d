import { afterEach, describe, expect, it } from 'vitest';
import { encodeModalOrigin } from '../../../src/slack/payloads/modalOrigin.js';
import { DEFAULT_CHANNEL_ID, DEFAULT_USER_ID, type RecordedCall } from '../../support/slack/index.js';
import { allText, buttonNamed, type PublishedView, startTestApp, type TestApp } from '../../support/slackApp.js';
import { fillForm } from './forms.js';

/**
 * A form opens within Slack's 3 s whatever Slack takes to say who asks and from where (issue 42.13):
 * a trigger_id is good for 3 s (https://docs.slack.dev/reference/methods/views.open), and in a
 * channel and for a person the app has not seen, conversations.info and users.info come first. Slack
 * being slow is the fake holding those calls unanswered (a held call is recorded when it is
 * answered): each test shows views.open made while they are still held, which is an order, not a
 * duration. What they find (a refusal, the person's language) is put in place after.
 */

const UNSEEN = 'C0NOTSEEN1';
const NEWCOMER = 'U0NEWCOMER';
const PARTNER = 'T0PARTNER1';

describe('a form opens before the slow checks of who asks and from where (issue 42.13)', () => {
  let app: TestApp;
  afterEach(async () => {
    await app?.close();
  });

  /** users.info and conversations.info held; the release of both. */
  function slackSlow(): () => void {
    const releases = [app.fake.holdCalls('users.info'), app.fake.holdCalls('conversations.info')];
    return () => {
      for (const release of releases) release();
    };
  }

  /** views.open was made while neither slow lookup about this person and channel had been answered. */
  function openedFirst(opened: RecordedCall, userId: string, channelId?: string): void {
    expect(opened.args.trigger_id).toEqual(expect.any(String));
    expect(app.fake.calls('users.info').filter((call) => call.args.user === userId)).toEqual([]);
    if (channelId)
      expect(app.fake.calls('conversations.info').filter((call) => call.args.channel === channelId)).toEqual([]);
  }

  it('/fund-asset without arguments: views.open before users.info and conversations.info answer; then the form, in the person’s language', async () => {
    app = await startTestApp();
    app.fake.setUser(NEWCOMER, { locale: 'zh-CN' });
    const release = slackSlow();
    const sent = await app.command('', { command: '/fund-asset', userId: NEWCOMER, channelId: UNSEEN });
    expect(sent.status).toBe(200);
    const opened = await app.nextCall('views.open', (call) => call.args.trigger_id === sent.triggerId);
    openedFirst(opened, NEWCOMER, UNSEEN);
    release();
    const form = await app.formIn(opened);
    expect(form.view.callback_id).toBe('dq_search:fund-asset');
    expect(form.view.title?.text).toMatch(/\p{Script=Han}/u);
    // Both lookups were asked, and answered only after the form had its trigger.
    const [users] = app.fake.calls('users.info');
    const [channels] = app.fake.calls('conversations.info');
    expect(users!.at).toBeGreaterThanOrEqual(opened.at);
    expect(channels!.at).toBeGreaterThanOrEqual(opened.at);
    expect(app.upstreamCalls()).toEqual([]);
  });

  it('the global shortcut and "Watch this": views.open first there too', async () => {
    app = await startTestApp();
    const answer = await app.command('000001', { command: '/fund-asset', channelId: DEFAULT_CHANNEL_ID });
    const watchThis = buttonNamed(await app.nextResponse(answer.responseId), 'dq_watch_this')!;
    const release = slackSlow();
    const shortcut = await app.shortcut('dq_search_financial_data', { userId: NEWCOMER });
    openedFirst(await app.nextCall('views.open', (call) => call.args.trigger_id === shortcut.triggerId), NEWCOMER);
    // In a channel not seen yet, from someone whose profile (and so whether they may add a watch) is not read yet.
    await app.click('dq_watch_this', watchThis.value!, { userId: NEWCOMER, channelId: UNSEEN });
    const opened = await app.nextCall('views.open', (call) => call.args.trigger_id !== shortcut.triggerId);
    openedFirst(opened, NEWCOMER, UNSEEN);
    release();
    // A member may not add a watch (issue 42.11): said in the form's place.
    expect(allText((await app.formIn(opened)).view)).toContain("Only the app's admins");
  });

  it('the refusal still holds: in a channel shared with another organisation the form shows it, and its submission is refused, nothing spent', async () => {
    app = await startTestApp();
    app.fake.shareChannelExternally(UNSEEN, [PARTNER]);
    const release = slackSlow();
    const sent = await app.command('', { command: '/fund-asset', userId: DEFAULT_USER_ID, channelId: UNSEEN });
    const opened = await app.nextCall('views.open', (call) => call.args.trigger_id === sent.triggerId);
    openedFirst(opened, DEFAULT_USER_ID, UNSEEN);
    release();
    const shown = await app.formIn(opened);
    expect(allText(shown.view)).toContain('shared with another organisation');
    expect(shown.view.callback_id).not.toBe('dq_search:fund-asset');

    // The form as it opens elsewhere, submitted as if from the shared channel: refused on the form.
    const elsewhere = await app.command('', { command: '/fund-asset', channelId: DEFAULT_CHANNEL_ID });
    const form = (await app.openedView(elsewhere.triggerId)).view as PublishedView;
    const submitted = await app.submitView(
      form.callback_id!,
      fillForm(form, { 'dq:fund-asset:fundCode': '000001' }),
      encodeModalOrigin({ channelId: UNSEEN, responseUrl: app.fake.responseUrl(sent.responseId) }),
      { blocks: form.blocks },
    );
    expect(submitted.response.json).toEqual({
      response_action: 'errors',
      errors: { 'dq:fund-asset:fundCode': expect.stringContaining('shared with another organisation') },
    });
    await app.settle();
    expect(app.upstreamCalls()).toEqual([]);
    expect(app.responses(sent.responseId)).toEqual([]);
  });
});
