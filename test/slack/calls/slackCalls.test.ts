import { createServer } from 'node:net';
import { LogLevel, WebClient } from '@slack/web-api';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pricesFrom } from '../../../src/core/operations/prices.js';
import { CALL_BUDGETS } from '../../../src/slack/calls/slackCallPolicy.js';
import { SlackCalls } from '../../../src/slack/calls/slackCalls.js';
import { ChannelPacing, POST_SPACING_MS } from '../../../src/slack/posting/channelPacing.js';
import { SlackDigestPoster } from '../../../src/slack/posting/slackDigestPoster.js';
import { ManualClock, PINNED_AT } from '../../support/clocks.js';
import { type FakeSlack, startFakeSlack } from '../../support/slack/index.js';
import { postTimes, sharedParts, startSlackDigestRig } from '../../support/slackDigestRig.js';

/**
 * The one Slack call policy (src/slack/slackCallPolicy.ts) as slackCalls.ts applies it to a real
 * WebClient talking to the fake Slack, on a virtual clock: what is tried again, how long a call may
 * be held, and that a 429 holds only its own method. The figures are virtual time, so they are the
 * policy's, whatever the machine.
 */

const TOKEN = 'xoxb-policy-test';
const silent = pino({ level: 'silent' });

/** A WebClient as the app builds them (the policy's fetch, none of the SDK's retries), quiet. */
function clientUnder(calls: SlackCalls, apiUrl: string): WebClient {
  return new WebClient(TOKEN, {
    slackApiUrl: apiUrl,
    logLevel: LogLevel.ERROR,
    ...calls.clientOptions(globalThis.fetch as never),
  });
}

describe('the Slack call policy on a virtual clock', () => {
  let fake: FakeSlack;
  let clock: ManualClock;
  let calls: SlackCalls;
  let client: WebClient;

  beforeAll(async () => {
    fake = await startFakeSlack();
  });
  afterAll(async () => {
    await fake.close();
  });
  function build(apiUrl = fake.apiUrl): void {
    clock = new ManualClock(PINNED_AT);
    calls = new SlackCalls({ clock, logger: silent });
    client = clientUnder(calls, apiUrl);
  }
  afterEach(() => fake.reset());

  it('a post answered 500 is made once and given up at once: it may be in the channel', async () => {
    build();
    fake.setChannelStatus('C1', 500);
    const started = clock.now();
    await expect(client.chat.postMessage({ channel: 'C1', text: 'hi' })).rejects.toMatchObject({ statusCode: 500 });
    expect(fake.calls('chat.postMessage')).toHaveLength(1);
    expect(clock.now() - started).toBe(0);
  });

  it('a post rate-limited for good is tried again after each Retry-After, within the attempts and the wait allowed, then given up', async () => {
    build();
    fake.setChannelStatus('C1', 429, { retryAfterSeconds: 1 });
    const started = clock.now();
    await expect(client.chat.postMessage({ channel: 'C1', text: 'hi' })).rejects.toMatchObject({ retryAfter: 1 });
    expect(fake.calls('chat.postMessage')).toHaveLength(CALL_BUDGETS.post.attempts);
    expect(clock.now() - started).toBe((CALL_BUDGETS.post.attempts - 1) * 1000);
  });

  it('a Retry-After longer than the call may wait is not waited: the call fails at once, nothing posted', async () => {
    build();
    fake.setChannelStatus('C1', 429, { retryAfterSeconds: 31 });
    const started = clock.now();
    await expect(client.chat.postMessage({ channel: 'C1', text: 'hi' })).rejects.toMatchObject({ retryAfter: 31 });
    expect(fake.calls('chat.postMessage')).toHaveLength(1);
    expect(clock.now()).toBe(started);
    // The channel stays held: the next post there fails without being sent, another channel's goes out.
    await expect(client.chat.postMessage({ channel: 'C1', text: 'again' })).rejects.toMatchObject({ retryAfter: 31 });
    expect(fake.calls('chat.postMessage')).toHaveLength(1);
    fake.setChannelStatus('C1', undefined);
    await expect(client.chat.postMessage({ channel: 'C2', text: 'elsewhere' })).resolves.toMatchObject({ ok: true });
  });

  it("a form waits only within its trigger's seconds: a 1 s Retry-After is waited, a 2 s one is not", async () => {
    build();
    fake.rateLimitNext('views.open', 1);
    await expect(
      client.views.open({
        trigger_id: '1.2.3',
        view: { type: 'modal', title: { type: 'plain_text', text: 'x' }, blocks: [] },
      }),
    ).resolves.toMatchObject({ ok: true });
    expect(fake.calls('views.open').map((call) => call.status)).toEqual([429, 200]);
    fake.reset();
    build();
    fake.rateLimitNext('views.open', 2);
    const started = clock.now();
    await expect(
      client.views.open({
        trigger_id: '1.2.4',
        view: { type: 'modal', title: { type: 'plain_text', text: 'x' }, blocks: [] },
      }),
    ).rejects.toMatchObject({ retryAfter: 2 });
    expect(clock.now()).toBe(started);
  });

  it('a 429 on views.publish holds views.publish, not views.open', async () => {
    build();
    fake.rateLimitNext('views.publish', 20);
    const publishing = client.views.publish({ user_id: 'U1', view: { type: 'home', blocks: [] } });
    await fake.waitForCall('views.publish');
    await expect(
      client.views.open({
        trigger_id: '1.2.5',
        view: { type: 'modal', title: { type: 'plain_text', text: 'x' }, blocks: [] },
      }),
    ).resolves.toMatchObject({ ok: true });
    expect(fake.calls('views.publish')).toHaveLength(1);
    await expect(publishing).resolves.toMatchObject({ ok: true });
    expect(fake.calls('views.publish').map((call) => call.status)).toEqual([429, 200]);
  });

  it('a 429 in one workspace holds nothing in another: Slack limits each method per workspace', async () => {
    build();
    const other = new WebClient('xoxb-policy-other', {
      slackApiUrl: fake.apiUrl,
      logLevel: LogLevel.ERROR,
      ...calls.clientOptions(globalThis.fetch as never),
    });
    fake.rateLimitNext('views.publish', 20);
    const publishing = client.views.publish({ user_id: 'U1', view: { type: 'home', blocks: [] } });
    await fake.waitForCall('views.publish');
    // The other workspace's publish goes at once, while this one's waits out its Retry-After.
    await expect(other.views.publish({ user_id: 'U2', view: { type: 'home', blocks: [] } })).resolves.toMatchObject({
      ok: true,
    });
    expect(fake.calls('views.publish').map((call) => [call.token, call.status])).toEqual([
      [TOKEN, 429],
      ['xoxb-policy-other', 200],
    ]);
    // Within the same workspace the method stays held: a second publish waits behind the first.
    const second = client.views.publish({ user_id: 'U3', view: { type: 'home', blocks: [] } });
    await expect(publishing).resolves.toMatchObject({ ok: true });
    await expect(second).resolves.toMatchObject({ ok: true });
    expect(fake.calls('views.publish').filter((call) => call.token === TOKEN && call.status === 200)).toHaveLength(2);
  });

  it('a call that could not connect is tried again (nothing was sent); a post taken and cut off is not', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    build(`http://127.0.0.1:${port}/api/`);
    const started = clock.now();
    await expect(client.chat.postMessage({ channel: 'C1', text: 'hi' })).rejects.toThrow();
    // Two backoffs (500 ms, then 1 s) between three attempts.
    expect(clock.now() - started).toBe(1500);

    build();
    fake.resetAfterDoing('chat.postMessage');
    await expect(client.chat.postMessage({ channel: 'C1', text: 'hi' })).rejects.toThrow();
    expect(fake.calls('chat.postMessage').filter((call) => call.landed)).toHaveLength(1);
    expect(fake.calls('chat.postMessage')).toHaveLength(1);
  });
});

describe('a digest run against a channel that fails for good ends, recorded (issue 32.3)', () => {
  let fake: FakeSlack;
  beforeAll(async () => {
    fake = await startFakeSlack();
  });
  afterAll(async () => {
    await fake.close();
  });
  afterEach(() => fake.reset());

  async function runAgainst(fail: () => void) {
    const rig = await startSlackDigestRig(
      fake.apiUrl,
      ({ client, store, clock }) =>
        new SlackDigestPoster(
          { forTeam: async () => client },
          silent,
          pricesFrom(),
          new ChannelPacing(store, clock),
          clock,
        ),
    );
    fail();
    const started = rig.clock.now();
    const outcome = await rig.runner.run(rig.digest.id, started, 'manual');
    const heldMs = rig.clock.now() - started;
    await rig.close();
    return { outcome, heldMs };
  }

  it('500 on every post: one attempt, recorded as unconfirmed, at once', async () => {
    const { outcome, heldMs } = await runAgainst(() => fake.setChannelStatus('C1', 500));
    expect(outcome).toMatchObject({ outcome: 'post_unknown' });
    expect(fake.calls('chat.postMessage')).toHaveLength(1);
    // Held for nothing but its first turn in the channel (SDK default: ten retries over about 30 minutes).
    expect(heldMs).toBeLessThanOrEqual(POST_SPACING_MS);
  });

  it('429 on every post (Retry-After 1 s): three attempts, recorded as not posted, after two seconds of virtual time', async () => {
    const { outcome, heldMs } = await runAgainst(() => fake.setChannelStatus('C1', 429, { retryAfterSeconds: 1 }));
    expect(outcome).toMatchObject({ outcome: 'post_failed' });
    expect(fake.calls('chat.postMessage')).toHaveLength(3);
    expect(heldMs).toBe(2000);
  });

  it('two replicas sharing a store post in one channel a slot apart, however their runs fall due (issue 32.10)', async () => {
    const shared = sharedParts();
    const sent: Array<{ at: number; channel: string | null }> = [];
    const replicas = await Promise.all(
      [0, 1].map(() =>
        startSlackDigestRig(
          fake.apiUrl,
          ({ client, store, clock }) =>
            new SlackDigestPoster(
              { forTeam: async () => client },
              silent,
              pricesFrom(),
              new ChannelPacing(store, clock),
              clock,
            ),
          { shared, fetch: postTimes(shared.clock, sent) },
        ),
      ),
    );
    // Both runs start at the same moment, one on each replica, each with a main message and thread replies.
    const outcomes = await Promise.all(
      replicas.map((replica) => replica.runner.run(replica.digest.id, shared.clock.now(), 'manual')),
    );
    for (const outcome of outcomes) expect(outcome).toMatchObject({ outcome: 'posted' });
    const times = sent.filter((post) => post.channel === 'C1').map((post) => post.at);
    expect(times.length).toBeGreaterThanOrEqual(4);
    expect(times.slice(1).map((at, index) => at - times[index]!)).toEqual(times.slice(1).map(() => POST_SPACING_MS));
    for (const replica of replicas) await replica.close();
    await shared.store.close();
  });
});
