import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundKindOfLabel } from '../../../src/core/digest/newFundFilter.js';
import { DEFAULT_WORKSPACE } from '../../support/slack/index.js';
import { allText, buttonNamed, postedMessage, startTestApp, type TestApp } from '../../support/slackApp.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { OPS } from './forms.js';

/**
 * Issue 44, new funds in words through the real app: a digest or a watch asked for in plain words
 * is offered as the exact one `/dq digest add` or `/dq watch add` saves, with its cost and Save;
 * nothing is saved or charged before Save, and Save saves what was shown. A kind of fund in words
 * filters the new-fund list as digests filter it.
 */

const TEAM = DEFAULT_WORKSPACE.teamId;
const ADMIN = 'U0SUBSADM1';
const CHINESE_ADMIN = 'U0SUBSADM2';
const CHANNEL = 'C0SUBSWORD';
const OTHER_CHANNEL = 'C0SUBSWRD2';

describe('digests and watches asked for in words (issue 44)', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ env: { ADMIN_USER_IDS: `${ADMIN},${CHINESE_ADMIN}` } });
    app.fake.setUser(CHINESE_ADMIN, { locale: 'zh-CN' });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The offer a mention in the channel gets, told to its writer alone. */
  const offerFor = async (text: string, userId: string, channelId = CHANNEL) => {
    const sent = await app.mention(text, { userId, channelId });
    const offer = postedMessage(
      await app.nextCall('chat.postEphemeral', (call) => call.args.user === userId && call.args.thread_ts === sent.ts),
    );
    assertWithinSlackLimits(offer, 'message');
    return offer;
  };

  it('“push the bond funds on sale here every morning at 9” offers that digest with its cost; Save saves exactly it', async () => {
    const before = app.upstreamCalls().length;
    const offer = await offerFor('push the bond funds on sale here every morning at 9', ADMIN);
    const text = allText(offer);
    expect(text).toContain(`Post on-sale funds · type bond to <#${CHANNEL}>`);
    expect(text).toContain('09:00');
    expect(text).toContain('10 coins a page');
    expect(text).toContain('`/dq digest add daily 09:00 onsale type:bond`');
    expect(text).toContain('Nothing is saved or charged until you press Save.');
    expect(await app.slack.deps.digests.list(TEAM, CHANNEL)).toEqual([]);

    const save = buttonNamed(offer, 'dq_digest_save');
    expect(save, text).toBeDefined();
    const click = await app.click('dq_digest_save', save!.value!, { userId: ADMIN, channelId: CHANNEL });
    const saved = await app.nextResponse(click.responseId, undefined, 15_000);
    expect(allText(saved)).toContain('Digest added.');
    const digests = await app.slack.deps.digests.list(TEAM, CHANNEL);
    expect(digests).toHaveLength(1);
    expect(digests[0]).toMatchObject({
      channelId: CHANNEL,
      createdBy: ADMIN,
      filter: 'onsale',
      fundFilter: { kinds: ['bond'] },
      schedule: { cadence: { kind: 'daily' }, time: '09:00' },
    });
    // Neither the offer nor Save called the service: the digest spends when it runs.
    await app.settle();
    expect(app.upstreamCalls().length).toBe(before);
  });

  it('“每天早上9点把在售的债券基金发到这个频道” is offered in Chinese; Cancel saves nothing', async () => {
    const offer = await offerFor('每天早上9点把在售的债券基金发到这个频道', CHINESE_ADMIN, OTHER_CHANNEL);
    const text = allText(offer);
    expect(text).toContain('`/dq digest add daily 09:00 onsale type:bond`');
    expect(text).toContain('点“保存推送”之前不会保存，也不会扣币。');
    const cancel = buttonNamed(offer, 'dq_digest_cancel');
    const click = await app.click('dq_digest_cancel', cancel!.value!, {
      userId: CHINESE_ADMIN,
      channelId: OTHER_CHANNEL,
    });
    expect(allText(await app.nextResponse(click.responseId, undefined, 15_000))).toContain('未保存任何内容。');
    expect(await app.slack.deps.digests.list(TEAM, OTHER_CHANNEL)).toEqual([]);
  });

  it('“盯着000001的规模，有变化告诉我” is the watch `/dq watch add fund 000001 daily 09:00` previews; Save saves that watch', async () => {
    const before = app.upstreamCalls().length;
    const preview = await offerFor('盯着000001的规模，有变化告诉我', CHINESE_ADMIN);
    expect(allText(preview)).toMatch(/币/);
    expect(await app.slack.deps.watches.list(TEAM, CHANNEL)).toEqual([]);
    const save = buttonNamed(preview, 'dq_watch_save');
    expect(save, allText(preview)).toBeDefined();
    const click = await app.click('dq_watch_save', save!.value!, { userId: CHINESE_ADMIN, channelId: CHANNEL });
    await app.nextResponse(click.responseId, undefined, 15_000);
    const watches = await app.slack.deps.watches.list(TEAM, CHANNEL);
    expect(watches).toHaveLength(1);
    expect(watches[0]).toMatchObject({ target: { kind: 'fund', fundCode: '000001' } });
    await app.settle();
    expect(app.upstreamCalls().length).toBe(before);
  });

  it('“新基金有新的就告诉我” explains that new funds come as digests and offers one', async () => {
    const offer = await offerFor('新基金有新的就告诉我', CHINESE_ADMIN);
    const text = allText(offer);
    expect(text).toContain('新发基金不用逐只关注');
    expect(text).toContain('`/dq digest add daily 09:00 all`');
    expect(buttonNamed(offer, 'dq_digest_save')).toBeDefined();
  });

  it('the list’s own key for a kind (基金类型:, fundtype:) adds a digest of that kind, as `type:` does', async () => {
    for (const [text, channel] of [
      ['add weekdays 08:00 基金类型:债券型', 'C0SUBSKND1'],
      ['add weekdays 08:00 fundtype:index', 'C0SUBSKND2'],
    ] as const) {
      const sent = await app.command(`digest ${text}`, { userId: ADMIN, channelId: channel });
      expect(allText(await app.nextResponse(sent.responseId, undefined, 15_000))).toContain('Digest added.');
    }
    expect((await app.slack.deps.digests.list(TEAM, 'C0SUBSKND1'))[0]?.fundFilter).toEqual({ kinds: ['bond'] });
    expect((await app.slack.deps.digests.list(TEAM, 'C0SUBSKND2'))[0]?.fundFilter).toEqual({ kinds: ['index'] });
  });

  it('债券型新基金 runs the new-fund list once and shows only its bond funds, saying the kind was applied', async () => {
    const before = app.upstreamCalls(OPS.newFunds).length;
    const sent = await app.directMessage('债券型新基金', { userId: CHINESE_ADMIN });
    const answer = postedMessage(
      await app.nextCall('chat.postMessage', (call) => call.args.thread_ts === sent.ts, 15_000),
    );
    const calls = app.upstreamCalls(OPS.newFunds).slice(before);
    expect(calls).toHaveLength(1);
    // The kind is the app's: the service is asked for its list as it always is.
    expect(calls[0]!.request).not.toHaveProperty('fundKind');
    const text = allText(answer);
    const kept = /服务返回的本页 (\d+) 只新发基金中有 (\d+) 只/.exec(text);
    expect(kept, text).not.toBeNull();
    expect(Number(kept![2])).toBeGreaterThan(0);
    expect(Number(kept![2])).toBeLessThan(Number(kept![1]));
    expect(text).toContain(`新发基金（债券型）：共 ${kept![2]} 只`);
    // Every fund shown is a bond fund, by the digests' own reading of its type.
    const types = text.split('\n').filter((line) => /型/.test(line) && !/新发基金|类型/.test(line));
    expect(types.length).toBe(Number(kept![2]));
    expect(types.every((type) => fundKindOfLabel(type) === 'bond')).toBe(true);
  });
});
