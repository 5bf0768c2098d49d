import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CHANNEL_ID, DEFAULT_USER_ID, DEFAULT_WORKSPACE, newTriggerId } from '../../support/slack/index.js';
import {
  allText,
  buttonNamed,
  footerText,
  type PublishedView,
  type SlackResponseBody,
  startTestApp,
  type TestApp,
  type TestAppOptions,
} from '../../support/slackApp.js';
import { watchFormValues } from './forms.js';

/**
 * Slack Connect and Enterprise Grid (issue 32.6; the rules are in docs/security.md). A channel shared
 * with another organisation is `is_ext_shared` in conversations.info
 * (https://docs.slack.dev/reference/objects/conversation-object); a person's own team is an
 * interaction's `user.team_id`, or users.info's `team_id` for a command. Paid data goes neither into
 * such a channel nor to a person of another organisation unless ALLOW_SHARED_CHANNELS is set, and
 * then ALLOWED_TEAM_IDS and the team budget judge the person's own team, not the channel's.
 */

const OURS = DEFAULT_WORKSPACE.teamId;
const PARTNER = 'T0PARTNER1';
const SHARED = 'C0SHARED01';
const GUEST = 'U0GUEST001';
const MEMBER = 'U0MEMBER03';

describe('Slack Connect and Enterprise Grid', () => {
  let app: TestApp;
  afterEach(async () => {
    await app?.close();
  });

  async function start(options: TestAppOptions = {}): Promise<TestApp> {
    app = await startTestApp(options);
    app.fake.shareChannelExternally(SHARED, [PARTNER]);
    // The guest's own profile names their organisation's workspace.
    app.fake.setUser(GUEST, { team_id: PARTNER });
    return app;
  }

  async function ask(
    text: string,
    options: { userId?: string; channelId?: string; command?: string } = {},
  ): Promise<SlackResponseBody> {
    const sent = await app.command(text, {
      command: options.command ?? '/fund-asset',
      userId: options.userId ?? MEMBER,
      channelId: options.channelId ?? SHARED,
    });
    return app.nextResponse(sent.responseId);
  }

  /** An answer in our own channel, whose buttons a guest then clicks in the shared one. */
  async function answerWithButtons(): Promise<SlackResponseBody> {
    return ask('000001', { channelId: DEFAULT_CHANNEL_ID });
  }

  async function coinsOf(teamId: string): Promise<number> {
    return (await app.client.ledger.usage(teamId, app.clock.now())).today.coins;
  }

  describe('paid data stays out of shared channels unless an admin allows it (the default)', () => {
    it('a command in a shared channel, even from our own member, is refused and spends nothing', async () => {
      await start();
      const reply = await ask('000001');
      expect(reply.text).toContain('shared with another organisation');
      expect(reply.text).toContain('ALLOW_SHARED_CHANNELS');
      expect(app.upstreamCalls()).toEqual([]);
    });

    it('a click from a person of another organisation in the shared channel is refused and spends nothing', async () => {
      await start();
      const answer = await answerWithButtons();
      const calls = app.upstreamCalls().length;
      const clicked = await app.click('dq_page_next', buttonNamed(answer, 'dq_page_next')!.value!, {
        userId: GUEST,
        userTeamId: PARTNER,
        channelId: SHARED,
      });
      const reply = await app.nextResponse(clicked.responseId);
      expect(reply.text).toContain('shared with another organisation');
      expect(app.upstreamCalls()).toHaveLength(calls);
      expect(await coinsOf(PARTNER)).toBe(0);
    });

    it('where the app cannot see the conversation, a person of another organisation is refused; our member is answered privately, but nothing is shared there', async () => {
      await start();
      const hidden = 'G0HIDDEN01';
      app.fake.setChannelError(hidden, 'channel_not_found');
      const answer = await answerWithButtons();
      const calls = app.upstreamCalls().length;
      const guest = await app.click('dq_page_next', buttonNamed(answer, 'dq_page_next')!.value!, {
        userId: GUEST,
        userTeamId: PARTNER,
        channelId: hidden,
      });
      expect((await app.nextResponse(guest.responseId)).text).toContain('for members of this organisation');
      expect(app.upstreamCalls()).toHaveLength(calls);

      const member = await app.click('dq_page_next', buttonNamed(answer, 'dq_page_next')!.value!, {
        userId: MEMBER,
        channelId: hidden,
      });
      expect(footerText(await app.nextResponse(member.responseId))).toContain('coins');
      const share = await app.click('dq_share', buttonNamed(answer, 'dq_share')!.value!, {
        userId: MEMBER,
        channelId: hidden,
      });
      expect((await app.nextResponse(share.responseId)).text).toContain('cannot see whether this channel is shared');
      expect(app.responses(share.responseId).filter((body) => body.response_type === 'in_channel')).toEqual([]);
    });

    it('a digest whose channel was shared since it was added holds before it spends; the pickers leave shared channels out', async () => {
      await start();
      const channel = 'C0LATERSH1';
      // Added by the workspace's owner in Slack, an admin of the app.
      const added = await ask('digest add daily 08:30', {
        command: '/dq',
        channelId: channel,
        userId: DEFAULT_USER_ID,
      });
      const id = /`([0-9a-f]{8})`/.exec(allText(added))![1]!;
      app.fake.shareChannelExternally(channel, [PARTNER]);
      // Slack says so at once (https://docs.slack.dev/reference/events/channel_shared).
      await app.event({ type: 'channel_shared', connected_team_id: PARTNER, channel, event_ts: '1.000002' });
      // Bolt acknowledges an event before its listener runs: what it said is in the store once that is done.
      expect(await app.slack.settle(5000)).toBe(true);
      const run = await ask(`digest run ${id}`, {
        command: '/dq',
        channelId: DEFAULT_CHANNEL_ID,
        userId: DEFAULT_USER_ID,
      });
      expect(run.text).toContain('nothing fetched or spent');
      expect(run.text).toContain('shared with another organisation');
      expect(app.upstreamCalls()).toEqual([]);
      expect(app.fake.calls('chat.postMessage').filter((call) => call.args.channel === channel)).toEqual([]);

      const triggerId = newTriggerId();
      await app.clickInView('dq_digest_add', 'add', { view: { type: 'home' }, triggerId });
      const form = await app.openedView(triggerId);
      const picker = form.view.blocks.find((block) => block.block_id === 'dq:digest:channel') as unknown as {
        element: { filter: Record<string, unknown> };
      };
      expect(picker.element.filter).toMatchObject({ exclude_external_shared_channels: true });
    });

    it('a watch form that names a shared channel is refused on the form, nothing saved', async () => {
      await start();
      const answer = await ask('000001', { channelId: DEFAULT_CHANNEL_ID });
      await app.click('dq_watch_this', buttonNamed(answer, 'dq_watch_this')!.value!, { channelId: DEFAULT_CHANNEL_ID });
      const view = (await app.formIn(await app.nextCall('views.open'))).view as PublishedView;
      const values = watchFormValues(SHARED);
      const submitted = await app.submitView('dq_watch_add_form', values, view.private_metadata, {
        blocks: view.blocks,
      });
      expect(submitted.response.json).toEqual({
        response_action: 'errors',
        errors: { 'dq:watch:channel': expect.stringContaining('shared with another organisation') },
      });
      expect(await app.slack.deps.watches.list(OURS)).toEqual([]);
    });
  });

  describe('when an admin allows shared channels, the person is judged by their own team', () => {
    it('ALLOWED_TEAM_IDS lists ours: our member is served in the shared channel, the guest is refused by their own team', async () => {
      await start({ env: { ALLOW_SHARED_CHANNELS: '1', ALLOWED_TEAM_IDS: OURS } });
      expect(footerText(await ask('000001'))).toContain('coins');
      const answer = await answerWithButtons();
      const calls = app.upstreamCalls().length;
      const guest = await ask('110022', { userId: GUEST });
      expect(guest.text).toContain('ALLOWED_TEAM_IDS');
      const clicked = await app.click('dq_page_next', buttonNamed(answer, 'dq_page_next')!.value!, {
        userId: GUEST,
        userTeamId: PARTNER,
        channelId: SHARED,
      });
      expect((await app.nextResponse(clicked.responseId)).text).toContain('ALLOWED_TEAM_IDS');
      expect(app.upstreamCalls()).toHaveLength(calls);
    });

    it('in a thread our member started, a guest’s `next` goes on from its latest result (issue 42.9a)', async () => {
      await start({ env: { ALLOW_SHARED_CHANNELS: '1' } });
      const sent = await app.mention('000001 fund size', { channelId: SHARED, userId: MEMBER });
      const first = await app.nextCall('chat.postMessage', (call) => call.args.thread_ts === sent.ts);
      expect(allText({ blocks: first.args.blocks as unknown[] })).toContain('Page 1 of 2');
      // The thread is one conversation, whoever speaks in it: the latest result is the thread's.
      await app.mention('next', { channelId: SHARED, userId: GUEST, userTeamId: PARTNER, threadTs: sent.ts });
      const next = await app.nextCall('chat.postMessage', (call) => call.args.thread_ts === sent.ts);
      expect(allText({ blocks: next.args.blocks as unknown[] })).toContain('Page 2 of 2');
      // And the guest's page is charged to the guest's own team.
      expect(await coinsOf(PARTNER)).toBeGreaterThan(0);
    });

    it("without a team list the guest is served, and what they spend counts on their own team, not the channel's", async () => {
      await start({ env: { ALLOW_SHARED_CHANNELS: '1' } });
      expect(footerText(await ask('000001', { userId: GUEST }))).toContain('coins');
      expect(await coinsOf(PARTNER)).toBeGreaterThan(0);
      expect(await coinsOf(OURS)).toBe(0);
    });
  });

  it('Enterprise Grid: ALLOWED_TEAM_IDS may name the organisation (E…) for all its workspaces', async () => {
    await start({ env: { ALLOWED_TEAM_IDS: 'E0ORGANISE' } });
    const sibling = await app.command('000001', {
      command: '/fund-asset',
      teamId: 'T0SIBLING1',
      enterpriseId: 'E0ORGANISE',
      channelId: DEFAULT_CHANNEL_ID,
    });
    expect(footerText(await app.nextResponse(sibling.responseId))).toContain('coins');
    const stranger = await app.command('000001', {
      command: '/fund-asset',
      teamId: 'T0STRANGER',
      channelId: DEFAULT_CHANNEL_ID,
    });
    expect((await app.nextResponse(stranger.responseId)).text).toContain('ALLOWED_TEAM_IDS');
  });
});
