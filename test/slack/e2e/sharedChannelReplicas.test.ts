import { afterEach, expect, it } from 'vitest';
import { createStore } from '../../../src/core/store/index.js';
import { PINNED_AT, pinnedClock } from '../../support/clocks.js';
import { describeWithRedis, redisUrl } from '../../support/redis.js';
import { DEFAULT_WORKSPACE, type RecordedCall } from '../../support/slack/index.js';
import { allText, startTestApp, type TestApp } from '../../support/slackApp.js';

/**
 * Slack Connect across two replicas on one Redis (issue 42.1). Slack delivers an event to one
 * replica only (https://docs.slack.dev/reference/events/channel_shared, …/channel_unshared,
 * …/shared_channel_invite_accepted): what it says is kept in the store, so the other replica
 * refuses as well; and a message names its author's own team (`user_team`), which is read before
 * anything the app believes of the channel.
 */

const OURS = DEFAULT_WORKSPACE.teamId;
const PARTNER = 'T0PARTNER1';
const CHANNEL = 'C0SOONSHRD';
const MEMBER = 'U0MEMBER07';
const GUEST = 'U0GUEST007';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

const posted = (app: TestApp, channel = CHANNEL): RecordedCall[] =>
  app.fake.calls('chat.postMessage').filter((call) => call.args.channel === channel);

const refusalTo = (app: TestApp, user: string) =>
  app.nextCall('chat.postEphemeral', (call) => call.args.user === user && call.args.channel === CHANNEL);

/** An event delivered to one replica, and done with there (Bolt acknowledges it before its listener runs). */
async function tell(app: TestApp, event: Record<string, unknown>): Promise<void> {
  await app.event(event);
  expect(await app.slack.settle(5000)).toBe(true);
}

async function coins(app: TestApp, teamId: string): Promise<number> {
  await app.client.ledger.flush();
  const entries = await app.client.ledger.entries(teamId, PINNED_AT - 86_400_000, app.clock.now() + 60_000);
  return entries.reduce((sum, entry) => sum + entry.coins, 0);
}

describeWithRedis('Slack Connect across replicas (issue 42.1)', (prefix) => {
  async function oneReplica(): Promise<TestApp> {
    const store = await createStore(redisUrl, { prefix: `${prefix}${Date.now()}-${apps.length}:` });
    apps.push(await startTestApp({ store, clock: pinnedClock(PINNED_AT) }));
    return apps.at(-1)!;
  }

  /** Two replicas on one Redis prefix: both have answered in the channel while it was internal. */
  async function bothServedInternally(): Promise<[TestApp, TestApp]> {
    const clock = pinnedClock(PINNED_AT);
    const shared = `${prefix}${Date.now()}-${apps.length}:`;
    for (let i = 0; i < 2; i++)
      apps.push(await startTestApp({ store: await createStore(redisUrl, { prefix: shared }), clock }));
    const [one, two] = [apps.at(-2)!, apps.at(-1)!];
    for (const app of [one, two]) {
      const sent = await app.mention('000001 的规模', { userId: MEMBER, channelId: CHANNEL });
      await app.nextCall('chat.postMessage', (call) => call.args.thread_ts === sent.ts);
    }
    return [one, two];
  }

  const shareEverywhere = (...all: TestApp[]) => {
    for (const app of all) app.fake.shareChannelExternally(CHANNEL, [PARTNER]);
  };

  it('replica 1 is told channel_shared; a person of another organisation mentions the app through replica 2: refused privately, nothing spent or posted', async () => {
    const [one, two] = await bothServedInternally();
    const calls = one.upstreamCalls().length + two.upstreamCalls().length;
    const postsBefore = posted(two).length;
    const spentBefore = await coins(one, OURS);
    shareEverywhere(one, two);
    await tell(one, { type: 'channel_shared', connected_team_id: PARTNER, channel: CHANNEL, event_ts: '1.000001' });

    await two.mention('110022 的规模', { userId: GUEST, userTeamId: PARTNER, channelId: CHANNEL });
    const refusal = await refusalTo(two, GUEST);
    expect(allText({ text: String(refusal.args.text) })).toContain('shared with another organisation');
    await two.settle();
    expect(posted(two)).toHaveLength(postsBefore);
    expect(one.upstreamCalls().length + two.upstreamCalls().length).toBe(calls);
    expect(await coins(two, PARTNER)).toBe(0);
    expect(await coins(two, OURS)).toBe(spentBefore);
  });

  it('what replica 1 was told holds on replica 2 for our own members too: no paid data goes into the channel', async () => {
    const [one, two] = await bothServedInternally();
    const calls = two.upstreamCalls().length;
    const postsBefore = posted(two).length;
    shareEverywhere(one, two);
    await tell(one, { type: 'channel_shared', connected_team_id: PARTNER, channel: CHANNEL, event_ts: '1.000002' });

    await two.mention('110022 的规模', { userId: MEMBER, channelId: CHANNEL });
    expect(allText({ text: String((await refusalTo(two, MEMBER)).args.text) })).toContain(
      'shared with another organisation',
    );
    await two.settle();
    expect(posted(two)).toHaveLength(postsBefore);
    expect(two.upstreamCalls()).toHaveLength(calls);

    // The connection ends, told to replica 2 only: replica 1 answers in the channel again.
    for (const app of [one, two]) app.fake.unshareChannel(CHANNEL);
    await tell(two, {
      type: 'channel_unshared',
      previously_connected_team_id: PARTNER,
      channel: CHANNEL,
      is_ext_shared: false,
      event_ts: '1.000003',
    });
    const again = await one.mention('000001 的规模', { userId: MEMBER, channelId: CHANNEL });
    await one.nextCall('chat.postMessage', (call) => call.args.thread_ts === again.ts);
  });

  it('a share on its way (an invite accepted, told to replica 1) keeps paid data out on replica 2 until it is declined', async () => {
    const [one, two] = await bothServedInternally();
    const calls = two.upstreamCalls().length;
    const postsBefore = posted(two).length;
    // Slack still says internal (conversations.info): the channel is shared only once the invite is approved.
    await tell(one, {
      type: 'shared_channel_invite_accepted',
      approval_required: true,
      invite: {
        id: 'I0INVITE01',
        date_created: Math.floor(PINNED_AT / 1000),
        date_invalid: Math.floor(PINNED_AT / 1000) + 14 * 86_400,
      },
      channel: { id: CHANNEL, is_private: false, is_im: false, name: 'soon-shared' },
      teams_in_channel: [{ id: OURS, name: 'Ours' }],
      accepting_user: { id: GUEST, team_id: PARTNER, name: 'guest' },
      event_ts: '1.000004',
    });
    await two.mention('110022 的规模', { userId: MEMBER, channelId: CHANNEL });
    expect(allText({ text: String((await refusalTo(two, MEMBER)).args.text) })).toContain('about to be shared');
    await two.settle();
    expect(posted(two)).toHaveLength(postsBefore);
    expect(two.upstreamCalls()).toHaveLength(calls);

    await tell(two, {
      type: 'shared_channel_invite_declined',
      invite: { id: 'I0INVITE01' },
      channel: { id: CHANNEL, is_private: false, is_im: false, name: 'soon-shared' },
      declining_team_id: OURS,
      event_ts: '1.000005',
    });
    const again = await one.mention('000001 的规模', { userId: MEMBER, channelId: CHANNEL });
    await one.nextCall('chat.postMessage', (call) => call.args.thread_ts === again.ts);
  });

  it('channel_shared never arrives: the mention itself says its author is of another organisation, and is refused', async () => {
    const two = await oneReplica();
    const first = await two.mention('000001 的规模', { userId: MEMBER, channelId: CHANNEL });
    await two.nextCall('chat.postMessage', (call) => call.args.thread_ts === first.ts);
    const calls = two.upstreamCalls().length;
    const postsBefore = posted(two).length;
    // Shared since, and no replica was told: what the app asked of the channel still says internal.
    two.fake.shareChannelExternally(CHANNEL, [PARTNER]);

    await two.mention('110022 的规模', { userId: GUEST, userTeamId: PARTNER, channelId: CHANNEL });
    expect(allText({ text: String((await refusalTo(two, GUEST)).args.text) })).toContain(
      'for members of this organisation',
    );
    await two.settle();
    expect(posted(two)).toHaveLength(postsBefore);
    expect(two.upstreamCalls()).toHaveLength(calls);
    expect(await coins(two, PARTNER)).toBe(0);
  });
});
