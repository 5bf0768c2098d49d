import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LedgerEntry } from '../../../src/core/ledger/ledger.js';
import { TAXPAYER_CATALOGUE } from '../../../src/simulator/data/taxpayerCatalogue.js';
import { SHORTCUT } from '../../../src/slack/payloads/ids.js';
import type { RecordedCall } from '../../support/slack/index.js';
import { DEFAULT_CHANNEL_ID, DEFAULT_USER_ID, DEFAULT_WORKSPACE, dmChannelFor } from '../../support/slack/index.js';
import {
  allText,
  buttonsOf,
  type MessageButton,
  postedMessage,
  STACK_TRACE,
  startTestApp,
  type TestApp,
} from '../../support/slackApp.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { OPS, simulatorCost } from './forms.js';

/**
 * Talking to the app (issue 34): @mentions in channels and threads, direct messages in its Messages
 * tab, follow-ups in a thread, the "Look up in dq" message shortcut, through the real app and the
 * fake Slack. Event shapes: https://docs.slack.dev/reference/events/app_mention,
 * https://docs.slack.dev/reference/events/message.im; the agent experience's methods:
 * https://docs.slack.dev/reference/methods/assistant.threads.setStatus,
 * https://docs.slack.dev/reference/methods/assistant.threads.setSuggestedPrompts.
 */

const TEAM = DEFAULT_WORKSPACE.teamId;
const CHINESE_USER = 'U0ZHUSER01';
/** A message of a person in the channel, under which the team discusses a fund. */
const PARENT_TS = '1795700000.000100';

type Message = { text?: string; blocks?: Array<Record<string, unknown>> };

function blockTypes(message: RecordedCall | Message): string[] {
  const { blocks } = 'args' in message ? postedMessage(message) : message;
  return (blocks ?? []).map((block) => String(block.type));
}

async function ledger(app: TestApp): Promise<LedgerEntry[]> {
  await app.client.ledger.flush();
  return app.client.ledger.entries(TEAM, 0, app.clock.now() + 60_000);
}

function answerIn(app: TestApp, thread: string) {
  return app.nextCall('chat.postMessage', (call) => call.args.thread_ts === thread);
}

function choose(message: Message): MessageButton[] {
  return buttonsOf(message).filter((button) => button.action_id.startsWith('dq_choose'));
}

describe('the Done-when conversation: a thread, a direct message, a question; the ledger holds exactly the paid calls', () => {
  let app: TestApp;

  beforeEach(async () => {
    app = await startTestApp();
    app.fake.setUser(CHINESE_USER, { locale: 'zh-CN' });
  });
  afterEach(async () => {
    await app?.close();
  });

  it.each([
    {
      language: 'Chinese',
      user: CHINESE_USER,
      fund: '000001 的规模',
      next: '下一页',
      candles: 'CL 日K 30',
      unsure: '华为',
      offered: ['Taxpayer record', '纳税人信息'],
      words: { page2: '第 2 页', question: '你想查哪一个' },
    },
    {
      language: 'English',
      user: DEFAULT_USER_ID,
      fund: '000001 fund size',
      next: 'next',
      candles: 'CL daily 30',
      // A name in Chinese alone is answered in Chinese; in a sentence of English, in English.
      unsure: 'look up 杭州华信',
      offered: ['Taxpayer record', 'Tender and bid notices'],
      words: { page2: 'Page 2 of 2', question: 'Which did you mean?' },
    },
  ])('$language', async ({ user, fund, next, candles, unsure, words }) => {
    const fundCost = simulatorCost(OPS.fundAsset);
    const futuresCost = simulatorCost(OPS.futures);

    // In a thread of the channel: the fund's table and chart, visible to the channel, in that thread.
    const asked = await app.mention(fund, { threadTs: PARENT_TS, userId: user });
    expect(asked.status).toBe(200);
    expect(asked.elapsedMs).toBeLessThan(3000);
    const first = await answerIn(app, PARENT_TS);
    expect(first.args.channel).toBe(DEFAULT_CHANNEL_ID);
    expect(blockTypes(first)).toEqual(expect.arrayContaining(['data_table', 'data_visualization', 'actions']));
    assertWithinSlackLimits(postedMessage(first), 'message');

    // The next page in the same thread.
    await app.mention(next, { threadTs: PARENT_TS, userId: user });
    const second = await answerIn(app, PARENT_TS);
    expect(allText(postedMessage(second))).toContain(words.page2);

    // A direct message: candles, in the message's own thread.
    const dm = await app.directMessage(candles, { userId: user });
    const third = await answerIn(app, dm.ts);
    expect(third.args.channel).toBe(dmChannelFor(user));
    expect(blockTypes(third)).toContain('data_visualization');
    expect(allText(postedMessage(third))).toMatch(/CL/);

    // A name alone asks before spending.
    const question = await app.mention(unsure, { userId: user });
    const asking = await answerIn(app, question.ts);
    expect(allText(postedMessage(asking))).toContain(words.question);
    expect(choose(postedMessage(asking)).length).toBeGreaterThan(0);
    for (const button of choose(postedMessage(asking))) expect(button.text.text).toMatch(/\d+ (coins|币)/);
    await app.settle();

    // Exactly the paid calls: two pages of the fund, one of candles; nothing for the question.
    const entries = await ledger(app);
    expect(entries.map((entry) => [entry.operation, entry.coins, entry.userId, entry.outcome])).toEqual([
      [OPS.fundAsset, fundCost, user, 'success'],
      [OPS.fundAsset, fundCost, user, 'success'],
      [OPS.futures, futuresCost, user, 'success'],
    ]);
    expect(app.upstreamCalls().map((call) => [call.operation, call.request])).toEqual([
      [OPS.fundAsset, { fundCode: '000001', pageNo: '1', pageSize: '50' }],
      [OPS.fundAsset, { fundCode: '000001', pageNo: '2', pageSize: '50' }],
      [OPS.futures, { symbol: 'CL', type: '0', limit: '30' }],
    ]);
    expect(app.errorLogs()).toEqual([]);
  });
});

describe('mentions, direct messages and follow-ups', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
    app.fake.setUser(CHINESE_USER, { locale: 'zh-CN' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a mention at the top of a channel starts a thread under it: a visible reply, not an ephemeral one', async () => {
    const sent = await app.mention('CL 5m 30');
    const answer = await answerIn(app, sent.ts);
    expect(answer.args.channel).toBe(DEFAULT_CHANNEL_ID);
    expect(app.fake.calls('chat.postEphemeral').filter((call) => call.args.thread_ts === sent.ts)).toEqual([]);
    expect(allText(postedMessage(answer))).toContain('CL');
  });

  it('the command forms work inside a message: `@dq /futures CL 5m 30` and `@dq futures CL 5m 30` make one request, paid once', async () => {
    const before = app.upstreamCalls(OPS.futures).length;
    const one = await app.mention('/futures GC 5m 30');
    await answerIn(app, one.ts);
    const two = await app.mention('futures GC 5m 30');
    await answerIn(app, two.ts);
    const calls = app.upstreamCalls(OPS.futures).slice(before);
    expect(calls.map((call) => call.request)).toEqual([{ symbol: 'GC', type: '5', limit: '30' }]);
  });

  it('a direct message shows the status line while the lookup runs, with its cost, and the answer clears it', async () => {
    const dm = await app.directMessage('110022 的规模', { userId: CHINESE_USER });
    const answer = await answerIn(app, dm.ts);
    expect(allText(postedMessage(answer))).toContain('110022');
    const statuses = app.fake.statusHistory(dm.channel, dm.ts);
    expect(statuses[0]).toBe(`正在查询：基金 110022…（${simulatorCost(OPS.fundAsset)} 币）`);
    expect(app.fake.status(dm.channel, dm.ts)).toBeUndefined();
  });

  it('a lookup that ends without a post in the thread clears its status line (issue 42.10): an answer Slack refused', async () => {
    app.fake.failNext('chat.postMessage', 'restricted_action');
    const sent = await app.mention('005827 fund size');
    const told = await app.nextCall('chat.postEphemeral', (call) => call.args.thread_ts === sent.ts);
    expect(String(told.args.text)).toContain('Slack did not take your answer');
    await vi.waitFor(() => expect(app.fake.statusHistory(sent.channel, sent.ts).at(-1)).toBe(''));
    expect(app.fake.statusHistory(sent.channel, sent.ts)[0]).toBe(
      `Looking up fund 005827… (${simulatorCost(OPS.fundAsset)} coins)`,
    );
    expect(app.fake.status(sent.channel, sent.ts)).toBeUndefined();
  });

  it('the status line of a lookup the cache holds says it is free, not its price, and nothing is called', async () => {
    const first = await app.directMessage('519674 fund size');
    await answerIn(app, first.ts);
    const before = app.upstreamCalls().length;
    const again = await app.directMessage('519674 fund size');
    await answerIn(app, again.ts);
    expect(app.fake.statusHistory(again.channel, again.ts)[0]).toBe('Looking up fund 519674… (from cache, no charge)');
    expect(app.upstreamCalls()).toHaveLength(before);
  });

  it('answers in the message’s own language when it is clear, else in the person’s', async () => {
    const english = await app.directMessage('what is the asset size of 161725', { userId: CHINESE_USER });
    expect(allText(postedMessage(await answerIn(app, english.ts)))).toContain('Fund asset size history');
    const chinese = await app.directMessage('查一下 161725 的规模');
    expect(allText(postedMessage(await answerIn(app, chinese.ts)))).toContain('基金规模历史');
    const neither = await app.directMessage('161725', { userId: CHINESE_USER });
    expect(allText(postedMessage(await answerIn(app, neither.ts)))).toContain('基金规模历史');
  });

  it('follow-ups in a thread: 画图 again from cache, 导出 and 关注它 offer the result’s own Export and Watch buttons, 换成5分钟 another period', async () => {
    const sent = await app.mention('黄金 日K 20', { userId: CHINESE_USER });
    const result = await answerIn(app, sent.ts);
    const calls = app.upstreamCalls().length;
    const resultButtons = buttonsOf(postedMessage(result));

    await app.mention('画图', { threadTs: sent.ts, userId: CHINESE_USER });
    expect(blockTypes(await answerIn(app, sent.ts))).toContain('data_visualization');
    await app.mention('导出', { threadTs: sent.ts, userId: CHINESE_USER });
    const exported = buttonsOf(postedMessage(await answerIn(app, sent.ts)));
    expect(exported).toEqual(resultButtons.filter((button) => button.action_id === 'dq_export_csv'));
    await app.mention('关注它', { threadTs: sent.ts, userId: CHINESE_USER });
    const watched = buttonsOf(postedMessage(await answerIn(app, sent.ts)));
    // The same entry the result's own "Watch this" uses: the same button, the same value.
    expect(watched).toEqual(resultButtons.filter((button) => button.action_id === 'dq_watch_this'));
    expect(watched).toHaveLength(1);
    expect(app.upstreamCalls().length).toBe(calls);

    await app.mention('换成5分钟', { threadTs: sent.ts, userId: CHINESE_USER });
    await answerIn(app, sent.ts);
    expect(app.upstreamCalls(OPS.futures).at(-1)?.request).toEqual({ symbol: 'GC', type: '5', limit: '20' });
  });

  it('Next pressed under an answer in a thread moves the thread’s latest result: a later `next` goes on from that page', async () => {
    const sent = await app.mention('000001 fund size');
    const first = await answerIn(app, sent.ts);
    const next = buttonsOf(postedMessage(first)).find((button) => button.action_id === 'dq_page_next')!;
    const clicked = await app.click(next.action_id, next.value!, {
      ephemeral: false,
      messageTs: first.response.ts as string,
      threadTs: sent.ts,
    });
    expect(allText(await app.nextResponse(clicked.responseId))).toContain('Page 2 of 2');
    await app.mention('next', { threadTs: sent.ts });
    expect(allText(postedMessage(await answerIn(app, sent.ts)))).toContain('already its last page');
  });

  it('a follow-up with nothing before it says so, free', async () => {
    const calls = app.upstreamCalls().length;
    const sent = await app.mention('下一页', { userId: CHINESE_USER });
    expect(allText(postedMessage(await answerIn(app, sent.ts)))).toContain('还没有可以接着查的结果');
    expect(app.upstreamCalls().length).toBe(calls);
  });

  it('in a direct message every message counts: 下一页 outside the thread goes on from the latest answer there', async () => {
    const first = await app.directMessage('000001 的规模', { userId: CHINESE_USER });
    await answerIn(app, first.ts);
    const next = await app.directMessage('下一页', { userId: CHINESE_USER });
    expect(allText(postedMessage(await answerIn(app, next.ts)))).toContain('第 2 页');
  });

  it('a question’s button runs its lookup in the thread, for all to read, and it becomes the thread’s latest result', async () => {
    const calls = app.upstreamCalls().length;
    // Written in English (a name alone in Chinese would be asked in Chinese).
    const sent = await app.mention('look up 杭州华信');
    const question = await answerIn(app, sent.ts);
    expect(app.upstreamCalls().length).toBe(calls);
    const taxpayer = choose(postedMessage(question)).find((button) => button.text.text.startsWith('Taxpayer record'));
    expect(taxpayer?.text.text).toBe(`Taxpayer record: “杭州华信” · ${simulatorCost(OPS.taxpayer)} coins`);
    const clicked = await app.click(taxpayer!.action_id, taxpayer!.value!, {
      ephemeral: false,
      messageTs: question.response.ts as string,
      threadTs: sent.ts,
    });
    expect(clicked.status).toBe(200);
    const answer = await answerIn(app, sent.ts);
    expect(allText(postedMessage(answer))).toContain('杭州华信');
    expect(app.upstreamCalls(OPS.taxpayer).at(-1)?.request).toMatchObject({ keyword: '杭州华信' });
    await app.mention('next', { threadTs: sent.ts });
    expect(allText(postedMessage(await answerIn(app, sent.ts)))).toMatch(/last page|Page 2/);
  });

  it('a greeting gets one line of help with examples, and a message the app cannot read says what it can do; both free', async () => {
    const calls = app.upstreamCalls().length;
    const hello = await app.directMessage('你好', { userId: CHINESE_USER });
    const help = allText(postedMessage(await answerIn(app, hello.ts)));
    expect(help).toContain('000001 的规模');
    const junk = await app.directMessage('asdf qwer zxcv');
    expect(allText(postedMessage(await answerIn(app, junk.ts)))).toContain('Nothing was charged');
    expect(app.upstreamCalls().length).toBe(calls);
  });

  it('/dq’s own commands in a channel are told to the person alone: `@dq 用量` is ephemeral', async () => {
    await app.mention('用量', { userId: CHINESE_USER, threadTs: PARENT_TS });
    const usage = await app.nextCall('chat.postEphemeral', (call) => call.args.user === CHINESE_USER);
    expect(usage.args.thread_ts).toBe(PARENT_TS);
    expect(allText(postedMessage(usage))).toMatch(/币/);
    await app.settle();
    expect(
      app.fake.calls('chat.postMessage').filter((call) => call.args.thread_ts === PARENT_TS && call.at >= usage.at),
    ).toEqual([]);
  });
});

describe('what is never answered, and what is answered once', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a retried event (X-Slack-Retry-Num, the same event_id) is answered once and paid once', async () => {
    const calls = app.upstreamCalls().length;
    const sent = await app.mention('005827 的规模');
    await answerIn(app, sent.ts);
    const again = await app.mention('005827 的规模', {
      ts: sent.ts,
      eventId: sent.eventId,
      send: { retry: { num: 1, reason: 'http_timeout' } },
    });
    expect(again.status).toBe(200);
    await app.settle(300);
    expect(app.fake.calls('chat.postMessage').filter((call) => call.args.thread_ts === sent.ts)).toHaveLength(1);
    expect(app.upstreamCalls().length).toBe(calls + 1);
  });

  it.each([
    ['a bot’s mention', { botId: 'B0OTHERBOT' }],
    ['a mention re-sent because its message was edited', { edited: true }],
    ['a mention with a subtype', { subtype: 'thread_broadcast' }],
  ])('%s is not answered', async (_name, options) => {
    const sent = await app.mention('000198 的规模', options);
    expect(sent.status).toBe(200);
    // The same words from a person, sent after it, are answered: once that answer is out, the other would be too.
    const control = await app.mention('000198 的规模');
    await answerIn(app, control.ts);
    await app.settle(100);
    expect(app.fake.calls('chat.postMessage').filter((call) => call.args.thread_ts === sent.ts)).toEqual([]);
    expect(
      app.upstreamCalls().filter((call) => (call.request as { fundCode?: string }).fundCode === '000198'),
    ).toHaveLength(1);
  });

  it.each([
    ['the app’s own message', { userId: DEFAULT_WORKSPACE.botUserId }],
    ['another bot’s message', { botId: 'B0OTHERBOT' }],
    ['an edit', { subtype: 'message_changed' }],
    ['a deletion', { subtype: 'message_deleted' }],
  ])('in a direct message, %s is not answered', async (_name, options) => {
    const sent = await app.directMessage('000198 的规模', options);
    expect(sent.status).toBe(200);
    const control = await app.directMessage('000198 的规模');
    await answerIn(app, control.ts);
    await app.settle(100);
    expect(app.fake.calls('chat.postMessage').filter((call) => call.args.thread_ts === sent.ts)).toEqual([]);
    expect(app.fake.calls('chat.postEphemeral').filter((call) => call.args.thread_ts === sent.ts)).toEqual([]);
  });

  it('nothing a person wrote becomes live markup: a broadcast is not read, a colleague’s mention is dropped', async () => {
    const broadcast = await app.mention('<!channel> 000001 的规模');
    const refused = postedMessage(await answerIn(app, broadcast.ts));
    expect(JSON.stringify(refused)).not.toMatch(/<!channel>|<!here>|<!everyone>/);
    const colleague = await app.mention('<@U07ALICE> 你看 000001 的规模');
    const answer = postedMessage(await answerIn(app, colleague.ts));
    expect(JSON.stringify(answer)).not.toContain('<@U07ALICE>');
    expect(allText(answer)).toContain('000001');
    expect(allText(answer)).not.toMatch(STACK_TRACE);
  });
});

describe('a mention in a channel the allowlists refuse', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ env: { ALLOWED_CHANNEL_IDS: 'C0DATAROOM' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('posts nothing in the channel; the refusal goes to the person privately; nothing is called', async () => {
    const sent = await app.mention('000001 的规模', { channelId: 'C0NOTALLOW' });
    expect(sent.status).toBe(200);
    const refusal = await app.nextCall('chat.postEphemeral', (call) => call.args.channel === 'C0NOTALLOW');
    expect(refusal.args.user).toBe(DEFAULT_USER_ID);
    expect(allText(postedMessage(refusal))).toContain('ALLOWED_CHANNEL_IDS');
    await app.settle(300);
    expect(app.fake.calls('chat.postMessage').filter((call) => call.args.channel === 'C0NOTALLOW')).toEqual([]);
    expect(app.fake.calls('assistant.threads.setStatus')).toEqual([]);
    expect(app.upstreamCalls()).toEqual([]);
    // The listed channel is answered.
    const allowed = await app.mention('000001 的规模', { channelId: 'C0DATAROOM' });
    expect((await answerIn(app, allowed.ts)).args.channel).toBe('C0DATAROOM');
  });
});

describe('the Messages tab and the "Look up in dq" shortcut', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
    app.fake.setUser(CHINESE_USER, { locale: 'zh-CN' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it.each([
    [DEFAULT_USER_ID, 'Try a lookup'],
    [CHINESE_USER, '试着查一下'],
  ])(
    'opening the Messages tab (%s) sets four prompts in the person’s language, without thread_ts; each runs a lookup the demo answers',
    async (user, title) => {
      const opened = await app.event({
        type: 'app_home_opened',
        user,
        channel: dmChannelFor(user),
        tab: 'messages',
        event_ts: '1795700000.000200',
      });
      expect(opened.status).toBe(200);
      const call = await app.nextCall(
        'assistant.threads.setSuggestedPrompts',
        (candidate) => candidate.args.channel_id === dmChannelFor(user),
      );
      expect(call.args.thread_ts).toBeUndefined();
      const set = app.fake.suggestedPrompts(dmChannelFor(user));
      expect(set?.title).toBe(title);
      expect(set?.prompts).toHaveLength(4);
      for (const prompt of set!.prompts) {
        expect(prompt.title).toMatch(/· \d+ (coins|币)$/);
        const dm = await app.directMessage(prompt.message, { userId: user });
        const answer = postedMessage(await answerIn(app, dm.ts));
        // A result (its header and its buttons), not a question, and not an empty one.
        expect(blockTypes(answer), prompt.message).toEqual(expect.arrayContaining(['header', 'actions']));
        expect(choose(answer), prompt.message).toEqual([]);
        expect(allText(answer), prompt.message).not.toMatch(/no history|nothing|没有找到|未找到|not found|没有/i);
      }
      expect(app.fake.calls('views.publish').filter((publish) => publish.args.user_id === user)).toEqual([]);
    },
  );

  it('offers what a message names, privately, each button with its cost; nothing is called until one is pressed', async () => {
    const calls = app.upstreamCalls().length;
    const text =
      '周会纪要：和杭州华信光伏科技有限公司（91330106774738789M）谈了合作，顺便看了 000001 的规模，还有 CL 的走势。下周再议。';
    const sent = await app.messageShortcut(SHORTCUT.lookUp, { text, user: 'U0SOMEONE1' });
    expect(sent.status).toBe(200);
    const offers = (await app.nextResponse(sent.responseId)) as Message & { response_type?: string };
    expect(offers.response_type).toBe('ephemeral');
    const labels = choose(offers).map((button) => button.text.text);
    expect(labels).toEqual([
      `Taxpayer record: “杭州华信光伏科技有限公司” · ${simulatorCost(OPS.taxpayer)} coins`,
      `Tender and bid notices: “杭州华信光伏科技有限公司” · ${simulatorCost(OPS.bids)} coins`,
      `Taxpayer record: “91330106774738789M” · ${simulatorCost(OPS.taxpayer)} coins`,
      `Fund asset size history: fund 000001 · ${simulatorCost(OPS.fundAsset)} coins`,
      expect.stringMatching(new RegExp(`^Futures candlesticks: CL, daily, .* · ${simulatorCost(OPS.futures)} coins$`)),
    ]);
    await app.settle();
    expect(app.upstreamCalls().length).toBe(calls);
    const code = choose(offers)[2]!;
    const clicked = await app.click(code.action_id, code.value!, { ephemeral: true });
    const answer = await app.nextResponse(clicked.responseId);
    expect(allText(answer)).toContain('91330106774738789M');
    expect(app.upstreamCalls().length).toBe(calls + 1);
  });

  it('an offer pressed is answered privately even when the click’s payload carries the message too (issue 42.14)', async () => {
    const calls = app.upstreamCalls().length;
    const sent = await app.messageShortcut(SHORTCUT.lookUp, { text: '看看 519671 的规模', user: 'U0SOMEONE1' });
    const offers = (await app.nextResponse(sent.responseId)) as Message;
    const fund = choose(offers).find((button) => button.text.text.includes('519671'))!;
    const posts = app.fake.calls('chat.postMessage').length;
    // The offer is ephemeral (`container.is_ephemeral`), yet this payload names a message and its ts.
    const clicked = await app.click(fund.action_id, fund.value!, {
      ephemeral: true,
      withMessage: true,
      messageTs: '1795700000.000900',
    });
    const answer = (await app.nextResponse(clicked.responseId)) as Message & { response_type?: string };
    expect(answer.response_type).toBe('ephemeral');
    expect(allText(answer)).toContain('519671');
    await app.settle();
    expect(app.fake.calls('chat.postMessage')).toHaveLength(posts);
    expect(app.upstreamCalls().length).toBe(calls + 1);
  });

  it('a message naming nothing gets a line saying what the shortcut looks for, free', async () => {
    const sent = await app.messageShortcut(SHORTCUT.lookUp, { text: 'lunch at noon?', user: 'U0SOMEONE1' });
    const reply = await app.nextResponse(sent.responseId);
    expect(allText(reply)).toContain('found nothing to look up');
    expect(buttonsOf(reply)).toEqual([]);
  });
});

describe('what is the person’s own in a thread others read', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ budgets: { userDaily: 15 } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('`next` that meets the person’s daily budget is refused to them alone, not in the thread', async () => {
    const sent = await app.mention('000001 fund size');
    await answerIn(app, sent.ts);
    const posts = app.fake.calls('chat.postMessage').length;
    await app.mention('next', { threadTs: sent.ts });
    const refusal = await app.nextCall('chat.postEphemeral', (call) => call.args.thread_ts === sent.ts);
    expect(refusal.args.user).toBe(DEFAULT_USER_ID);
    expect(allText(postedMessage(refusal))).toContain('budget');
    expect(app.fake.calls('chat.postMessage')).toHaveLength(posts);
    expect(app.upstreamCalls()).toHaveLength(1);
  });

  it('a lookup the budget refuses sets no status line quoting its price, and leaves none up (issue 42.10)', async () => {
    const user = 'U0BUDGET02';
    const sent = await app.mention('110022 fund size', { userId: user });
    await answerIn(app, sent.ts);
    const before = app.fake.statusHistory(sent.channel, sent.ts);
    expect(before[0]).toBe(`Looking up fund 110022… (${simulatorCost(OPS.fundAsset)} coins)`);
    await app.mention('next', { threadTs: sent.ts, userId: user });
    await app.nextCall(
      'chat.postEphemeral',
      (call) =>
        call.args.thread_ts === sent.ts &&
        call.args.user === user &&
        String(call.args.text).includes('Nothing was spent'),
    );
    await app.settle();
    expect(app.fake.statusHistory(sent.channel, sent.ts).slice(before.length)).toEqual([]);
    expect(app.fake.status(sent.channel, sent.ts)).toBeUndefined();
  });
});

describe('the same follow-up sent again and again at once (issue 42.9c)', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('twenty `next` at once in a thread: one call, one page posted', async () => {
    const sent = await app.mention('000001 fund size');
    expect(allText(postedMessage(await answerIn(app, sent.ts)))).toContain('Page 1 of 2');
    const posts = app.fake.calls('chat.postMessage').length;
    // Slack is slow to take the first answer: all twenty are read while page 1 is the latest result.
    const release = app.fake.holdCalls('chat.postMessage');
    const words = ['next', '下一页', 'next page', 'next', '下一页'];
    await Promise.all(
      Array.from({ length: 20 }, (_, index) => app.mention(words[index % words.length]!, { threadTs: sent.ts })),
    );
    // Every one of the twenty is either waiting to post or was let go as the same follow-up.
    const dropped = () =>
      app.logs.filter((line) => line.msg === 'an identical follow-up is answered already; not again');
    await vi.waitFor(() => expect(dropped().length + app.fake.waiting('chat.postMessage')).toBe(20), {
      timeout: 15_000,
    });
    release();
    const page2 = await answerIn(app, sent.ts);
    // In the language of whichever was first: `next` or 下一页.
    expect(allText(postedMessage(page2))).toMatch(/Page 2 of 2|第 2 页，共 2 页/);
    await app.settle(300);
    expect(app.fake.calls('chat.postMessage')).toHaveLength(posts + 1);
    expect(app.upstreamCalls(OPS.fundAsset)).toHaveLength(2);
    // The page it brought is the thread's latest result: another `next` is answered, on page 2.
    await app.mention('next', { threadTs: sent.ts });
    expect(allText(postedMessage(await answerIn(app, sent.ts)))).toContain('already its last page');
  });

  it('the same follow-up asked again once it is answered is answered again: only repeats meanwhile are one', async () => {
    const sent = await app.mention('161725 fund size');
    await answerIn(app, sent.ts);
    for (const words of ['export', 'export', 'previous', 'previous']) {
      await app.mention(words, { threadTs: sent.ts });
      expect(allText(postedMessage(await answerIn(app, sent.ts)))).toMatch(/export all of it|already its first page/);
    }
  });
});

describe('a follow-up acts on the answer it follows (issue 44)', () => {
  let app: TestApp;
  afterEach(async () => {
    await app?.close();
  });

  it('in a direct message, `换成5分钟` after a slash command changes that command’s answer, not an older one', async () => {
    app = await startTestApp();
    const dm = dmChannelFor(DEFAULT_USER_ID);
    // An older answer in the direct message: NQ daily.
    const older = await app.directMessage('NQ 日K 20');
    await answerIn(app, older.ts);
    // Then a slash command typed in the same direct message: CL daily.
    const sent = await app.command('CL 1d 20', { command: '/futures', channelId: dm });
    await app.nextResponse(sent.responseId);
    // `换成5分钟` written next in the direct message goes on from CL.
    const change = await app.directMessage('换成5分钟');
    await answerIn(app, change.ts);
    await app.settle();
    expect(app.upstreamCalls().map((call) => call.request)).toEqual([
      { symbol: 'NQ', type: '0', limit: '20' },
      { symbol: 'CL', type: '0', limit: '20' },
      { symbol: 'CL', type: '5', limit: '20' },
    ]);
  });

  it('in a thread, `chart` after `next page` draws the page shown, from the cache', async () => {
    app = await startTestApp();
    const asked = await app.mention('000001 的规模', { threadTs: PARENT_TS });
    await answerIn(app, PARENT_TS);
    await app.mention('下一页', { threadTs: PARENT_TS });
    const second = await answerIn(app, PARENT_TS);
    expect(allText(postedMessage(second))).toMatch(/第 ?2 ?页|Page 2/);
    await app.mention('画图', { threadTs: PARENT_TS });
    const chart = await answerIn(app, PARENT_TS);
    await app.settle();
    expect(asked.ts).toBeDefined();
    expect(allText(postedMessage(chart))).toMatch(/第 ?2 ?页|Page 2/);
    // Two pages bought, the chart from the cache.
    expect(app.upstreamCalls().map((call) => call.request)).toEqual([
      { fundCode: '000001', pageNo: '1', pageSize: '50' },
      { fundCode: '000001', pageNo: '2', pageSize: '50' },
    ]);
  });
});

describe('a yes/no question about a company is answered first (issue 44)', () => {
  let app: TestApp;
  afterEach(async () => {
    await app?.close();
  });

  const HUAXIN = TAXPAYER_CATALOGUE.find((record) => record.enterpriseName === '杭州华信光伏科技有限公司')!;

  async function firstLine(text: string): Promise<string> {
    const sent = await app.directMessage(text, { userId: CHINESE_USER });
    const answer = await answerIn(app, sent.ts);
    const [, second] = postedMessage(answer).blocks ?? [];
    // The answer stands in bold: its words, without the marks.
    return allText({ blocks: second ? [second] : [] })
      .trim()
      .replace(/^\*|\*$/g, '');
  }

  it('says the answer from the record before the record itself, in the question’s language', async () => {
    app = await startTestApp();
    app.fake.setUser(CHINESE_USER, { locale: 'zh-CN' });
    const general = HUAXIN.taxpayerType.includes('一般纳税人');
    expect(await firstLine('杭州华信是一般纳税人吗')).toBe(
      general
        ? `是的，${HUAXIN.enterpriseName}是一般纳税人（${HUAXIN.taxpayerType}）。`
        : `不是，${HUAXIN.enterpriseName}不是一般纳税人（${HUAXIN.taxpayerType}）。`,
    );
    expect(await firstLine('杭州华信是A级纳税人吗')).toBe(
      `${HUAXIN.enterpriseName}的纳税信用等级：${HUAXIN.taxCreditRating}。`,
    );
    expect(await firstLine('杭州华信还在经营吗')).toBe(
      `${HUAXIN.enterpriseName}的经营状态：${HUAXIN.operatingStatus}。`,
    );
    expect(await firstLine('杭州华信的税号')).toBe(
      `${HUAXIN.enterpriseName}的统一社会信用代码（即纳税人识别号）：${HUAXIN.creditNo}。`,
    );
    await app.settle();
    // One paid lookup; the three other questions were answered from the cache.
    expect(app.upstreamCalls()).toHaveLength(1);
  });
});

describe('a question whose words cannot all be applied says so (issue 44)', () => {
  let app: TestApp;
  afterEach(async () => {
    await app?.close();
  });

  it('在卖的债券基金 offers the list filtered by kind; a loose period (近几年) says it cannot be applied', async () => {
    app = await startTestApp();
    app.fake.setUser(CHINESE_USER, { locale: 'zh-CN' });
    const sent = await app.directMessage('在卖的债券基金', { userId: CHINESE_USER });
    const question = postedMessage(await answerIn(app, sent.ts));
    expect(allText(question)).not.toContain('无法用于这次查询');
    expect(choose(question).map((button) => button.text.text)).toEqual(['新发基金：在售 · 债券型 · 10 币']);
    const loose = await app.directMessage('光伏组件 近几年 招标', { userId: CHINESE_USER });
    expect(allText(postedMessage(await answerIn(app, loose.ts)))).toContain('“近几年”这类笼统的时间说法');
    await app.settle();
    expect(app.upstreamCalls()).toEqual([]);
  });
});
