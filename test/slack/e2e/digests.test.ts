import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { english, type Phrase } from '../../../src/i18n/lang.js';
import { DEFAULT_USER_ID, DEFAULT_WORKSPACE } from '../../support/slack/index.js';
import { allText, startTestApp, type TestApp } from '../../support/slackApp.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { untranslatedWords } from '../modals/untranslated.js';
import { OPS, simulatorCost } from './forms.js';

/** New-fund digests managed with `/dq digest …` and posted to the channel through chat.postMessage. */

const TEAM = DEFAULT_WORKSPACE.teamId;
const ADMIN = 'U0ADMIN001';
const MEMBER = 'U0MEMBER01';
const CHANNEL = 'C0FUNDS001';
const DIGEST_ID = /`([0-9a-f]{8})`/;

/** The next Monday-to-Friday 08:30 in Asia/Shanghai (UTC+8, no DST) after `now`, as "yyyy-mm-dd 08:30". */
function nextWeekday0830Shanghai(now: number): string {
  const shanghai = new Date(now + 8 * 3_600_000);
  for (let days = 0; days <= 7; days++) {
    const day = new Date(
      Date.UTC(shanghai.getUTCFullYear(), shanghai.getUTCMonth(), shanghai.getUTCDate() + days, 8, 30),
    );
    const atUtc = day.getTime() - 8 * 3_600_000;
    const weekday = day.getUTCDay();
    if (atUtc > now && weekday >= 1 && weekday <= 5) return `${day.toISOString().slice(0, 10)} 08:30`;
  }
  throw new Error('no weekday within a week');
}

function postedFundCodes(texts: string[]): string[] {
  return texts.flatMap((text) => [...text.matchAll(/`(\d{6})`/g)].map((match) => match[1]!));
}

describe('digests through Slack (ADMIN_USER_IDS set)', () => {
  let app: TestApp;
  let digestId = '';

  beforeAll(async () => {
    app = await startTestApp({ env: { ADMIN_USER_IDS: `${ADMIN} U0ADMIN002` } });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function digestCommand(text: string, userId = ADMIN, channelId = CHANNEL) {
    const sent = await app.command(`digest ${text}`, { userId, channelId });
    expect(sent.status).toBe(200);
    const reply = await app.nextResponse(sent.responseId, undefined, 15_000);
    expect(reply.response_type).toBe('ephemeral');
    assertWithinSlackLimits(reply, 'message');
    // A notice's text is its one line; a list puts its lines in the blocks.
    return reply.blocks?.length === 1 ? reply.text : allText(reply);
  }

  it('add: the reply names the id, the schedule and the next run', async () => {
    const before = app.clock.now();
    const text = await digestCommand('add weekdays 08:30 onsale tz:Asia/Shanghai');
    digestId = DIGEST_ID.exec(text)?.[1] ?? '';
    expect(digestId).toMatch(/^[0-9a-f]{8}$/);
    expect(text).toContain('Digest added.');
    expect(text).toContain(`<#${CHANNEL}>`);
    expect(text).toContain('Monday to Friday at 08:30 (Asia/Shanghai)');
    expect(text).toContain('on-sale funds');
    expect(text).toContain(`Next run: ${nextWeekday0830Shanghai(before)}`);
    const stored = await app.slack.deps.digests.find(TEAM, digestId);
    expect(stored).toMatchObject({
      channelId: CHANNEL,
      createdBy: ADMIN,
      filter: 'onsale',
      schedule: { cadence: { kind: 'weekdays' }, time: '08:30', timeZone: 'Asia/Shanghai' },
    });
    expect(app.upstreamCalls()).toEqual([]);
  });

  it('list: this channel shows it, another channel does not', async () => {
    const here = await digestCommand('list');
    expect(here).toContain(digestId);
    expect(here).toContain('Monday to Friday at 08:30');
    const elsewhere = await digestCommand('list', ADMIN, 'C0ELSEWHERE');
    expect(elsewhere).toContain('This channel has no new-fund digest.');
    expect(elsewhere).not.toContain(digestId);
  });

  it("a non-admin cannot add one, nor remove or run the admin's", async () => {
    const count = (await app.slack.deps.digests.list(TEAM)).length;
    expect(await digestCommand('add daily 09:00', MEMBER)).toContain(
      "Only the app's admins (the workspace's Slack admins and owners, or ADMIN_USER_IDS where it is set) may add digests.",
    );
    expect(await app.slack.deps.digests.list(TEAM)).toHaveLength(count);

    const refusal = `Only <@${ADMIN}> (who added it) or a digest admin may change digest ${digestId}.`;
    expect(await digestCommand(`remove ${digestId}`, MEMBER)).toContain(refusal);
    expect(await digestCommand(`run ${digestId}`, MEMBER)).toContain(refusal);
    expect(await app.slack.deps.digests.find(TEAM, digestId)).toBeDefined();
    expect(app.fake.calls('chat.postMessage')).toEqual([]);
    expect(app.upstreamCalls()).toEqual([]);
  });

  it('run: posts to the channel with chat.postMessage, the funds that do not fit as thread replies', async () => {
    const text = await digestCommand(`run ${digestId}`);
    const calls = app.upstreamCalls(OPS.newFunds);
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(calls[0]!.request).toEqual({ saleStatus: 'true', pageNo: '1', pageSize: '50' });
    const listed = (
      calls[0]!.body as { data: { count: number; data: Array<{ fundCode: string; saleStatus: boolean }> } }
    ).data;
    expect(listed.count).toBeGreaterThan(20);
    expect(listed.data.every((fund) => fund.saleStatus)).toBe(true);
    expect(text).toBe(
      `Digest ${digestId} for <#${CHANNEL}>: posted ${listed.count} funds (${simulatorCost(OPS.newFunds) * calls.length} coins).`,
    );

    const posts = app.fake.calls('chat.postMessage').filter((call) => call.args.channel === CHANNEL);
    const [main, ...replies] = posts;
    expect(main?.response.ok).toBe(true);
    expect(main?.args.thread_ts).toBeUndefined();
    expect(allText({ blocks: main?.args.blocks as unknown[] })).toContain(
      'Newly issued funds (on sale): the current list',
    );
    expect(replies.length).toBeGreaterThanOrEqual(1);
    for (const reply of replies) expect(reply.args.thread_ts).toBe(main?.response.ts);
    for (const post of posts)
      assertWithinSlackLimits({ text: post.args.text as string, blocks: post.args.blocks as unknown[] }, 'message');
    // Every fund the service listed is posted exactly once, across the message and its thread.
    const codes = postedFundCodes(posts.map((post) => allText({ blocks: post.args.blocks as unknown[] })));
    expect([...codes].sort()).toEqual(listed.data.map((fund) => fund.fundCode).sort());
    expect(allText({ blocks: main?.args.blocks as unknown[] })).toContain(`Digest \`${digestId}\``);
  });

  it('run again: nothing new, nothing posted', async () => {
    const before = app.fake.calls('chat.postMessage').length;
    const text = await digestCommand(`run ${digestId}`);
    expect(text).toMatch(new RegExp(`^Digest ${digestId} for <#${CHANNEL}>: nothing new \\(\\d+ coins?\\)\\.$`));
    await app.settle();
    expect(app.fake.calls('chat.postMessage')).toHaveLength(before);
  });

  it('not_in_channel on run: recorded, shown by list with "invite" advice, and the digest is kept (paused)', async () => {
    const shut = 'C0NOTJOIN1';
    const added = await digestCommand('add daily 07:00 onsale', ADMIN, shut);
    const id = DIGEST_ID.exec(added)?.[1] ?? '';
    app.fake.setChannelError(shut, 'not_in_channel');

    const run = await digestCommand(`run ${id}`, ADMIN, shut);
    expect(run).toContain(`Digest ${id} for <#${shut}>: could not post: the app is not a member of <#${shut}>`);
    expect(run).toContain(`invite the app to the channel (\`/invite @dq\` there), then \`/dq digest run ${id}\``);
    const refused = app.fake.calls('chat.postMessage').filter((call) => call.args.channel === shut);
    expect(refused.map((call) => call.response.error)).toEqual(['not_in_channel']);

    const stored = await app.slack.deps.digests.find(TEAM, id);
    expect(english.t(stored!.paused!.reason as Phrase)).toBe(`the app is not a member of <#${shut}>`);
    expect(stored?.lastRun?.outcome).toBe('post_failed');

    const list = await digestCommand('list', ADMIN, shut);
    expect(list).toContain(id);
    expect(list).toContain('Paused');
    expect(list).toMatch(/invite the app to the channel/);

    // Once the app is invited, running it again posts and clears the pause.
    app.fake.setChannelError(shut, undefined);
    expect(await digestCommand(`run ${id}`, ADMIN, shut)).toMatch(/: posted \d+ funds/);
    expect((await app.slack.deps.digests.find(TEAM, id))?.paused).toBeUndefined();
    expect(await digestCommand('list', ADMIN, shut)).not.toContain('Paused');
  }, 30_000);

  it('add in a channel the app is not in is refused with the invite hint, nothing added (issue 32.11)', async () => {
    const outside = 'C0NOTJOIN2';
    app.fake.setChannelError(outside, 'not_in_channel');
    const count = (await app.slack.deps.digests.list(TEAM)).length;
    const reply = await digestCommand('add daily 07:00 onsale', ADMIN, outside);
    expect(reply).toContain(`The app is not in <#${outside}>`);
    expect(reply).toContain('/invite @dq');
    expect(await app.slack.deps.digests.list(TEAM)).toHaveLength(count);
    expect(app.fake.calls('conversations.info').filter((call) => call.args.channel === outside).length).toBeGreaterThan(
      0,
    );
    // A bad schedule is said as such, whatever the channel.
    expect(await digestCommand('add fortnightly 07:00', ADMIN, outside)).toContain('"fortnightly" is not a schedule');
    app.fake.setChannelError(outside, undefined);
  });

  it('remove: the admin removes it, list no longer shows it, and run says it is gone', async () => {
    expect(await digestCommand(`remove ${digestId}`)).toBe(`Digest ${digestId} for <#${CHANNEL}> is removed.`);
    expect(await app.slack.deps.digests.find(TEAM, digestId)).toBeUndefined();
    expect(await digestCommand('list')).toContain('This channel has no new-fund digest.');
    expect(await digestCommand(`run ${digestId}`)).toContain(`There is no digest "${digestId}" in this workspace.`);
  });

  it('bad input is explained with an example and adds nothing', async () => {
    const count = (await app.slack.deps.digests.list(TEAM)).length;
    expect(await digestCommand('add fortnightly 08:30')).toContain('"fortnightly" is not a schedule');
    expect(await digestCommand('add daily 25:00')).toContain('"25:00" is not a time of day');
    expect(await digestCommand('add daily 08:30 onsale tz:Mars/Base')).toContain('"Mars/Base" is not a time zone');
    expect(await digestCommand('add daily 08:30 cheap')).toContain('"cheap" is not a filter');
    expect(await digestCommand('frobnicate')).toContain('Unknown digest command "frobnicate"');
    expect(await app.slack.deps.digests.list(TEAM)).toHaveLength(count);
  });

  it('a filter word that is an Object.prototype key ("constructor") is refused like any unknown filter', async () => {
    const count = (await app.slack.deps.digests.list(TEAM)).length;
    const reply = await digestCommand('add daily 08:30 constructor');
    expect(reply).not.toContain('undefined');
    expect(reply).toContain('"constructor" is not a filter');
    expect(await app.slack.deps.digests.list(TEAM)).toHaveLength(count);
  });
});

describe("without ADMIN_USER_IDS the admins are the workspace's own in Slack (issue 42.11)", () => {
  let app: TestApp | undefined;

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  const say = async (text: string, userId: string) => {
    const sent = await app!.command(text, { userId, channelId: CHANNEL });
    return (await app!.nextResponse(sent.responseId)).text;
  };

  it('a member may not add a digest, which spends on a schedule; a Slack admin may; the admins and whoever added it remove it', async () => {
    app = await startTestApp();
    // users.info is_admin (https://docs.slack.dev/reference/objects/user-object); DEFAULT_USER_ID is the primary owner.
    app.fake.setUser('U0SLKADMIN', { is_admin: true });
    expect(await say('digest add daily 08:00', 'U0MEMBER09')).toContain("Only the app's admins");
    expect(await app.slack.deps.digests.list(TEAM)).toEqual([]);

    const id = DIGEST_ID.exec(await say('digest add daily 08:00', 'U0SLKADMIN'))?.[1] ?? '';
    expect(id).toMatch(/^[0-9a-f]{8}$/);
    expect(await say(`digest remove ${id}`, 'U0MEMBER09')).toBe(
      `Only <@U0SLKADMIN> (who added it) or a digest admin may change digest ${id}.`,
    );
    expect(await app.slack.deps.digests.find(TEAM, id)).toBeDefined();
    // The workspace's primary owner is an admin of the app too, and manages everyone's.
    expect(await say(`digest remove ${id}`, DEFAULT_USER_ID)).toBe(`Digest ${id} for <#${CHANNEL}> is removed.`);
    expect(await app.slack.deps.digests.find(TEAM, id)).toBeUndefined();
    expect(app.upstreamCalls()).toEqual([]);
  });

  it("ADMIN_USER_IDS still decides: then the workspace's owner in Slack is no admin unless listed", async () => {
    app = await startTestApp({ env: { ADMIN_USER_IDS: 'U0LISTED01' } });
    expect(await say('digest add daily 08:00', DEFAULT_USER_ID)).toContain("Only the app's admins");
    expect(await say('digest add daily 08:00', 'U0LISTED01')).toContain('Digest added.');
  });
});

describe('the language of digests and of their replies', () => {
  const ZH_ADMIN = 'U0ZHADMIN1';
  let app: TestApp | undefined;

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function say(
    target: TestApp,
    text: string,
    userId: string,
    channelId: string,
    subcommand = 'digest',
  ): Promise<string> {
    const sent = await target.command(`${subcommand} ${text}`, { userId, channelId });
    const reply = await target.nextResponse(sent.responseId, undefined, 15_000);
    assertWithinSlackLimits(reply, 'message');
    return reply.blocks?.length === 1 ? reply.text : allText(reply);
  }

  /** The first message of a digest in a channel: what the app writes (heading, notices, footer), apart from the funds. */
  async function postIn(target: TestApp, channel: string) {
    const post = await target.nextCall(
      'chat.postMessage',
      (call) => call.args.channel === channel && call.args.thread_ts === undefined,
      15_000,
    );
    expect(post.response.ok).toBe(true);
    const blocks = post.args.blocks as Array<{ type: string }>;
    assertWithinSlackLimits({ text: post.args.text as string, blocks }, 'message');
    const own = blocks.filter((block) => block.type === 'header' || block.type === 'context');
    return { text: post.args.text as string, own: allText({ blocks: own }) };
  }

  it("lang:zh posts in Chinese with the date in words; without lang: in the workspace's language (English)", async () => {
    app = await startTestApp({ env: { ADMIN_USER_IDS: ADMIN } });
    const added = await say(app, 'add 工作日 08:30 在售 tz:Asia/Shanghai lang:zh', ADMIN, 'C0ZHFUNDS1');
    const id = DIGEST_ID.exec(added)?.[1] ?? '';
    expect(added).toContain('Monday to Friday at 08:30 (Asia/Shanghai) · on-sale funds · in Chinese');
    expect((await app.slack.deps.digests.find(TEAM, id))?.lang).toBe('zh-CN');
    expect(await say(app, `run ${id}`, ADMIN, 'C0ZHFUNDS1')).toMatch(
      new RegExp(`^Digest ${id} for <#C0ZHFUNDS1>: posted \\d+ funds`),
    );
    const chinese = await postIn(app, 'C0ZHFUNDS1');
    expect(chinese.own).toMatch(/\d{4}年\d{1,2}月\d{1,2}日新发基金（在售）：当前列表/);
    expect(chinese.own).toContain(
      `推送 \`${id}\` · 周一至周五 08:30（北京时间） · 每页 50 只，${simulatorCost(OPS.newFunds)} 币`,
    );
    expect(chinese.own).toMatch(/另有 \d+ 只基金在消息列中/);
    expect(chinese.text).toMatch(/新发基金（在售）：当前列表（\d+ 只基金）$/);
    expect(untranslatedWords(chinese.own)).toEqual([]);

    const english = DIGEST_ID.exec(await say(app, 'add daily 09:00 onsale', ADMIN, 'C0ENFUNDS1'))?.[1] ?? '';
    expect((await app.slack.deps.digests.find(TEAM, english))?.lang).toBeUndefined();
    await say(app, `run ${english}`, ADMIN, 'C0ENFUNDS1');
    const plain = await postIn(app, 'C0ENFUNDS1');
    expect(plain.own).toMatch(/Newly issued funds \(on sale\): the current list on [A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(plain.own).not.toMatch(/\p{Script=Han}/u);
  }, 30_000);

  it('语言:中文 is lang:zh; a language the app does not speak is refused', async () => {
    app = await startTestApp({ env: { ADMIN_USER_IDS: ADMIN } });
    const id = DIGEST_ID.exec(await say(app, 'add daily 08:30 语言:中文', ADMIN, 'C0ZHFUNDS2'))?.[1] ?? '';
    expect((await app.slack.deps.digests.find(TEAM, id))?.lang).toBe('zh-CN');
    expect(await say(app, 'add daily 10:00 lang:fr', ADMIN, 'C0ZHFUNDS2')).toContain(
      '"fr" is not a language this app speaks; use lang:en or lang:zh.',
    );
    expect(await app.slack.deps.digests.list(TEAM)).toHaveLength(1);
  });

  it('DEFAULT_LOCALE=zh-CN: a digest posts in Chinese unless it says lang:en', async () => {
    app = await startTestApp({ env: { ADMIN_USER_IDS: ADMIN, DEFAULT_LOCALE: 'zh-CN' } });
    const chinese = DIGEST_ID.exec(await say(app, 'add daily 08:30 onsale', ADMIN, 'C0WSFUNDS1'))?.[1] ?? '';
    const english = DIGEST_ID.exec(await say(app, 'add daily 08:30 onsale lang:en', ADMIN, 'C0WSFUNDS2'))?.[1] ?? '';
    await say(app, `run ${chinese}`, ADMIN, 'C0WSFUNDS1');
    expect((await postIn(app, 'C0WSFUNDS1')).own).toContain('新发基金（在售）：当前列表');
    await say(app, `run ${english}`, ADMIN, 'C0WSFUNDS2');
    expect((await postIn(app, 'C0WSFUNDS2')).own).toContain('Newly issued funds (on sale): the current list');
  }, 30_000);

  it('a Chinese-speaking admin gets every /dq digest reply in Chinese, whatever the digest posts in', async () => {
    app = await startTestApp({ env: { ADMIN_USER_IDS: `${ADMIN} ${ZH_ADMIN}` } });
    app.fake.setUser(ZH_ADMIN, { locale: 'zh-CN' });
    const channel = 'C0ZHREPLY1';
    // Typed in the Chinese words the Chinese help teaches (English words would be answered in English).
    const added = await say(app, '添加 工作日 08:30 在售 时区:Asia/Shanghai', ZH_ADMIN, channel, '推送');
    const id = DIGEST_ID.exec(added)?.[1] ?? '';
    expect(added).toContain('推送已添加。');
    expect(added).toContain('周一至周五 08:30（北京时间） · 在售基金 · 由 <@U0ZHADMIN1> 添加');
    expect(added).toMatch(/下次推送：\d{4}年\d{1,2}月\d{1,2}日 08:30/);
    expect(added).toContain(`需先将应用加入 <#${channel}> 才能推送`);
    expect(untranslatedWords(added)).toEqual([]);

    const list = await say(app, '列表', ZH_ADMIN, channel, '推送');
    expect(list).toContain('本频道的新发基金推送');
    expect(untranslatedWords(list)).toEqual([]);

    const run = await say(app, `运行 ${id}`, ZH_ADMIN, channel, '推送');
    expect(run).toMatch(new RegExp(`^推送 ${id}（<#${channel}>）：已推送 \\d+ 只基金（\\d+ 币）。$`));
    // The digest itself speaks the workspace's language (English here), not the admin's.
    expect((await postIn(app, channel)).own).toContain('Newly issued funds (on sale)');

    const problems = [
      [await say(app, '添加 隔周 08:30', ZH_ADMIN, channel, '推送'), '“隔周”不是有效的推送周期'],
      [await say(app, '乱码', ZH_ADMIN, channel, '推送'), '未知的推送命令“乱码”'],
      [await say(app, `删除 ${id}x`, ZH_ADMIN, channel, '推送'), `本工作区没有编号为“${id}x”的推送`],
    ] as const;
    for (const [reply, expected] of problems) {
      expect(reply).toContain(expected);
      // What the admin typed is quoted back as typed, and so are the command words to use instead.
      const firstLine = reply
        .replace(/\n[\s\S]*$/, '')
        .replace(/“[^”]*”/g, '')
        .replace(/\b(?:daily|weekdays|weekly:mon)\b/g, '');
      expect(untranslatedWords(firstLine)).toEqual([]);
    }
    expect(await say(app, `删除 ${id}`, ZH_ADMIN, channel, '推送')).toBe(`<#${channel}> 的推送 ${id} 已删除。`);
    // Without the admin's own language changing: English words are answered in English.
    expect(await say(app, 'list', ZH_ADMIN, channel)).toContain('This channel has no new-fund digest');
  }, 30_000);
});
