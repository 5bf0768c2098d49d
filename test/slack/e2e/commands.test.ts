import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationId } from '../../../src/core/operations/index.js';
import { OPERATION_PROFILES } from '../../../src/simulator/index.js';
import { DEFAULT_CHANNEL_ID, DEFAULT_USER_ID } from '../../support/slack/index.js';
import { allText, footerText, startTestApp, type TestApp } from '../../support/slackApp.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { OPS, simulatorCost } from './forms.js';

/** Slash commands end to end: signed request in, ack, reply on the response_url, exact body upstream. */

const COMMANDS: Array<{ command: string; operation: OperationId; typedName: string; subcommand: string }> = [
  { command: '/taxpayer', operation: OPS.taxpayer, typedName: 'taxpayer', subcommand: 'tax' },
  { command: '/bids', operation: OPS.bids, typedName: 'bids', subcommand: 'bids' },
  { command: '/fund-asset', operation: OPS.fundAsset, typedName: 'fund-asset', subcommand: 'fund' },
  { command: '/futures', operation: OPS.futures, typedName: 'futures', subcommand: 'futures' },
  { command: '/new-funds', operation: OPS.newFunds, typedName: 'new-funds', subcommand: 'newfunds' },
];

interface QueryCase {
  name: string;
  command: string;
  text: string;
  operation: OperationId;
  /** The JSON body the simulator must have received, with the spec's wire types. */
  wire: Record<string, unknown>;
  /** Something the reply must say about what was asked. */
  mentions: string;
}

const QUERIES: QueryCase[] = [
  {
    name: '/taxpayer',
    command: '/taxpayer',
    text: '杭州华信',
    operation: OPS.taxpayer,
    wire: { keyword: '杭州华信', pageNo: 1, pageSize: 20 },
    mentions: '杭州华信光伏科技有限公司',
  },
  {
    name: '/dq tax',
    command: '/dq',
    text: 'tax 杭州 size:5 page:2',
    operation: OPS.taxpayer,
    wire: { keyword: '杭州', pageNo: 2, pageSize: 5 },
    mentions: 'Page 2 of 5',
  },
  {
    name: '/bids',
    command: '/bids',
    text: '光伏组件 region:ZJ type:award from:2026-01-01 to:2026-06-30',
    operation: OPS.bids,
    wire: {
      keyword: '光伏组件',
      pageSize: '10',
      pageIndex: '1',
      publishStartTime: '2026-01-01',
      publishEndTime: '2026-06-30',
      province: 'ZJ',
      type: '2',
    },
    mentions: '光伏组件',
  },
  {
    name: '/dq bids',
    command: '/dq',
    text: 'bids 光伏组件 region:浙江 type:tender from:2026/3/1 in:title,purchaser',
    operation: OPS.bids,
    // Only from: given: both ends are sent, and the period ends today (the pinned 2026-11-22), not a year on in the future; the reply says which.
    wire: {
      keyword: '光伏组件',
      pageSize: '10',
      pageIndex: '1',
      publishStartTime: '2026-03-01',
      publishEndTime: '2026-11-22',
      province: 'ZJ',
      type: '1',
      searchType: '1,2',
    },
    mentions: 'published 2026-03-01 to 2026-11-22',
  },
  {
    name: '/fund-asset',
    command: '/fund-asset',
    text: '000001',
    operation: OPS.fundAsset,
    wire: { fundCode: '000001', pageNo: '1', pageSize: '50' },
    mentions: '000001',
  },
  {
    name: '/dq fund',
    command: '/dq',
    text: 'fund 110022 2 size:20',
    operation: OPS.fundAsset,
    wire: { fundCode: '110022', pageNo: '2', pageSize: '20' },
    mentions: '110022',
  },
  {
    name: '/futures',
    command: '/futures',
    text: 'CL 5m 30',
    operation: OPS.futures,
    wire: { symbol: 'CL', type: '5', limit: '30' },
    mentions: 'CL',
  },
  {
    name: '/dq futures',
    command: '/dq',
    text: 'futures gc daily',
    operation: OPS.futures,
    wire: { symbol: 'GC', type: '0', limit: '10' },
    mentions: 'GC',
  },
  // Contracts by their usual English names as well as their Chinese ones, a name of two words included.
  {
    name: '/futures gold',
    command: '/futures',
    text: 'gold 4h',
    operation: OPS.futures,
    wire: { symbol: 'GC', type: '240', limit: '10' },
    mentions: 'GC',
  },
  {
    name: '/futures crude oil',
    command: '/futures',
    text: 'Crude Oil 30m 20',
    operation: OPS.futures,
    wire: { symbol: 'CL', type: '30', limit: '20' },
    mentions: 'CL',
  },
  {
    name: '/futures natural gas',
    command: '/futures',
    text: 'natural gas 1h',
    operation: OPS.futures,
    wire: { symbol: 'NG', type: '60', limit: '10' },
    mentions: 'NG',
  },
  {
    name: '/new-funds',
    command: '/new-funds',
    text: 'onsale',
    operation: OPS.newFunds,
    wire: { saleStatus: 'true', pageNo: '1', pageSize: '50' },
    mentions: 'Newly issued funds',
  },
  {
    name: '/dq newfunds',
    command: '/dq',
    text: 'newfunds offsale size:20',
    operation: OPS.newFunds,
    wire: { saleStatus: 'false', pageNo: '1', pageSize: '20' },
    mentions: 'Newly issued funds',
  },
];

describe('slash commands end to end', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it.each(['help', ''])('/dq %s lists every command with its cost, privately, and spends nothing', async (text) => {
    const sent = await app.command(text);
    expect(sent.status).toBe(200);
    expect(sent.elapsedMs).toBeLessThan(3000);
    const reply = await app.nextResponse(sent.responseId);
    expect(reply.response_type).toBe('ephemeral');
    assertWithinSlackLimits(reply, 'message');
    const sections = (reply.blocks ?? []).map((block) => allText({ blocks: [block] }));
    for (const { command, operation } of COMMANDS) {
      // The cost is stated next to the command it belongs to, not just somewhere in the message.
      const section = sections.find((candidate) => candidate.includes(`\`${command} `));
      expect(section, `help names ${command}`).toBeDefined();
      expect(section).toContain(`${simulatorCost(operation)} coins per lookup`);
    }
    const everything = allText(reply);
    expect(everything).toContain('/dq usage');
    expect(everything).toContain('/dq digest add');
    expect(app.upstreamCalls()).toEqual([]);
  });

  it.each(COMMANDS)(
    '$command help and /dq help $subcommand explain that command with its cost',
    async ({ command, subcommand, operation }) => {
      for (const [slash, text] of [
        [command, 'help'],
        ['/dq', `help ${subcommand}`],
      ] as const) {
        const sent = await app.command(text, { command: slash });
        const reply = await app.nextResponse(sent.responseId);
        expect(reply.response_type).toBe('ephemeral');
        assertWithinSlackLimits(reply, 'message');
        expect(allText(reply)).toContain(`${simulatorCost(operation)} coins per lookup`);
        expect(allText(reply)).toContain(command);
      }
      expect(app.upstreamCalls()).toEqual([]);
    },
  );

  it.each(QUERIES)(
    '$name runs the lookup: ephemeral reply within limits, cost and taskNo in the footer, exact wire body',
    async (query) => {
      const before = app.upstreamCalls().length;
      const sent = await app.command(query.text, { command: query.command });
      expect(sent.status).toBe(200);
      expect(sent.elapsedMs).toBeLessThan(3000);

      const reply = await app.nextResponse(sent.responseId);
      expect(reply.response_type).toBe('ephemeral');
      expect(reply.replace_original).toBe(false);
      assertWithinSlackLimits(reply, 'message');
      expect(allText(reply)).toContain(query.mentions);

      const calls = app.upstreamCalls().slice(before);
      expect(calls).toHaveLength(1);
      expect(calls[0]!.operation).toBe(query.operation);
      expect(calls[0]!.outcome).toBe('success');
      expect(calls[0]!.request).toEqual(query.wire);

      const footer = footerText(reply);
      expect(footer).toContain(`${simulatorCost(query.operation)} coins per lookup`);
      const taskNo = (calls[0]!.body as { taskNo?: unknown }).taskNo;
      if (query.operation === OPS.taxpayer) {
        // Envelope A carries no taskNo; the footer says the answer is fresh instead.
        expect(taskNo).toBeUndefined();
        expect(footer).toContain('fresh from the data service');
      } else {
        expect(taskNo).toMatch(/^[0-9a-f]{20}$/);
        expect(footer).toContain(`taskNo \`${taskNo as string}\``);
      }

      await app.settle();
      expect(app.responses(sent.responseId)).toHaveLength(1);
    },
  );

  it('the same lookup again is answered from cache: no charge and no upstream call', async () => {
    const first = await app.command('CL 1h 48', { command: '/futures' });
    await app.nextResponse(first.responseId);
    const before = app.upstreamCalls().length;
    const again = await app.command('futures cl 60m 48');
    const reply = await app.nextResponse(again.responseId);
    expect(footerText(reply)).toMatch(/from cache, under a minute ago — no charge/);
    expect(app.upstreamCalls()).toHaveLength(before);
  });

  it.each([
    ...COMMANDS.map(({ command, typedName }) => ({ command, text: '', typedName })),
    ...COMMANDS.map(({ subcommand, typedName }) => ({ command: '/dq', text: subcommand, typedName })),
  ])(
    '$command $text without arguments opens the $typedName form with the trigger_id',
    async ({ command, text, typedName }) => {
      const before = app.upstreamCalls().length;
      const sent = await app.command(text, { command });
      expect(sent.status).toBe(200);
      const opened = await app.openedView(sent.triggerId);
      expect(opened.response.ok).toBe(true);
      expect(opened.view.type).toBe('modal');
      expect(opened.view.callback_id).toBe(`dq_search:${typedName}`);
      assertWithinSlackLimits(opened.view, 'modal');
      expect(
        opened.view.blocks
          .filter((block) => block.type === 'input')
          .every((block) => block.block_id?.startsWith(`dq:${typedName}:`)),
      ).toBe(true);
      // The form remembers where it came from, so the result can go back there privately.
      expect(JSON.parse(opened.view.private_metadata ?? '{}')).toEqual({
        c: DEFAULT_CHANNEL_ID,
        r: app.fake.responseUrl(sent.responseId),
      });
      await app.settle();
      expect(app.responses(sent.responseId)).toEqual([]);
      expect(app.upstreamCalls()).toHaveLength(before);
    },
  );

  it('says so on the response_url when Slack refuses to open the form', async () => {
    app.fake.failNext('views.open', 'expired_trigger_id');
    const sent = await app.command('', { command: '/bids' });
    const reply = await app.nextResponse(sent.responseId);
    expect(reply.response_type).toBe('ephemeral');
    expect(reply.text).toMatch(/search form could not be opened/);
  });

  it('a mistyped subcommand gets a suggestion and spends nothing', async () => {
    const before = app.upstreamCalls().length;
    const sent = await app.command('taxx 杭州');
    const reply = await app.nextResponse(sent.responseId);
    expect(reply.response_type).toBe('ephemeral');
    expect(reply.text).toContain('Unknown command "taxx"');
    expect(reply.text).toContain('Did you mean /dq tax?');
    expect(app.upstreamCalls()).toHaveLength(before);
  });

  // Choice fields look synonyms up in a plain object (src/core/operations/fields.ts, choiceField), so a
  // word that is an Object.prototype key turns into a function or an object before it is checked.
  it('/new-funds constructor is refused naming the word typed, not a JavaScript function', async () => {
    const sent = await app.command('constructor', { command: '/new-funds' });
    const reply = await app.nextResponse(sent.responseId);
    expect(allText(reply)).toContain('not "constructor"');
    expect(allText(reply)).not.toContain('native code');
  });

  it('/futures CL __proto__ is refused naming the word typed, not "[object Object]"', async () => {
    const sent = await app.command('CL __proto__', { command: '/futures' });
    const reply = await app.nextResponse(sent.responseId);
    expect(allText(reply)).toContain('not "__proto__"');
    expect(allText(reply)).not.toContain('[object Object]');
  });

  it('a keyword of invisible characters is never paid for: two right-to-left overrides in quotes ask nothing, beside one character they are too short', async () => {
    const before = app.upstreamCalls().length;
    const empty = await app.command('"\u202E\u202E"', { command: '/taxpayer' });
    // Nothing visible was typed, as with `/taxpayer ""`: the search form opens, and nothing is sent.
    await app.openedView(empty.triggerId);
    const short = await app.command('"华\u202E\u202E"', { command: '/taxpayer' });
    const reply = await app.nextResponse(short.responseId);
    expect(allText(reply)).toContain('nothing was sent or spent');
    expect(allText(reply)).toContain('at least 2 characters');
    expect(app.upstreamCalls()).toHaveLength(before);
  });

  it.each([
    {
      typed: '/fund-asset 000001 page:99999999999999999999',
      says: ['*page:* must be at most 1000 (the app pages no further; narrow the search to reach later results)'],
    },
    { typed: '/new-funds page:1001', says: ['*page:* must be at most 1000'] },
    { typed: '/taxpayer 华信科技 page:1000000', says: ['*page:* must be at most 1000'] },
    {
      typed: '/bids 光伏组件 from:9999-12-31',
      says: ['*from:* must not be after today (2026-11-22): the service finds notices once they are published'],
    },
    {
      typed: '/bids 光伏组件 to:9999-12-31',
      says: ['*to:* puts the start of the one-year period at 9998-12-31, after today (2026-11-22)'],
    },
    { typed: '/bids 光伏组件 from:2026-11-23 to:2026-12-01', says: ['*from:* must not be after today (2026-11-22)'] },
    { typed: '/bids 光伏组件 from:0001-01-01', says: ['*from:* must be a date from 1900-01-01 on, not "0001-01-01"'] },
    { typed: '/bids 光伏组件 to:1899-12-31', says: ['*to:* must be a date from 1900-01-01 on'] },
  ])(
    "$typed is refused in the help's words before it is sent: no call, no rate-limit slot, nothing charged",
    async ({ typed, says }) => {
      const before = app.upstreamCalls().length;
      const [command, ...words] = typed.split(' ');
      const sent = await app.command(words.join(' '), { command: command! });
      const reply = await app.nextResponse(sent.responseId);
      assertWithinSlackLimits(reply, 'message');
      const text = allText(reply);
      expect(text).toContain('nothing was sent or spent');
      for (const line of says) expect(text).toContain(line);
      expect(app.upstreamCalls()).toHaveLength(before);
    },
  );

  it('a period or a page beyond what the service takes is refused in Chinese to a Chinese reader', async () => {
    app.fake.setUser('U0ZHBOUNDS', { locale: 'zh-CN' });
    const before = app.upstreamCalls().length;
    const replies = [];
    for (const [command, text] of [
      ['/bids', '光伏组件 从:9999-12-31'],
      ['/fund-asset', '000001 页:99999999999999999999'],
    ] as const) {
      const sent = await app.command(text, { command, userId: 'U0ZHBOUNDS' });
      replies.push(allText(await app.nextResponse(sent.responseId)));
    }
    expect(replies[0]).toContain('不能晚于今天（2026-11-22）：尚未发布的公告查不到');
    expect(replies[1]).toContain('不能大于 1000（本应用最多翻到这一页；请缩小搜索范围以查看更靠后的结果）');
    for (const reply of replies) expect(reply).toContain('未扣费');
    expect(app.upstreamCalls()).toHaveLength(before);
  });

  it('an invalid value is explained with an example, and nothing is sent or spent', async () => {
    const before = app.upstreamCalls().length;
    const sent = await app.command('12345', { command: '/fund-asset' });
    const reply = await app.nextResponse(sent.responseId);
    assertWithinSlackLimits(reply, 'message');
    const text = allText(reply);
    expect(text).toContain('nothing was sent or spent');
    expect(text).toContain('must be 6 digits');
    expect(text).toContain('Try: `/fund-asset 000001 page:2`');
    expect(app.upstreamCalls()).toHaveLength(before);
    expect((await app.client.ledger.usage('T0FAKETEAM', app.clock.now())).today.calls).toBe(app.upstreamCalls().length);
  });
});

describe('/dq usage', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ budgets: { teamDaily: 100, userDaily: 50 } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('before any lookup says nothing was charged', async () => {
    const sent = await app.command('usage');
    const reply = await app.nextResponse(sent.responseId);
    expect(reply.response_type).toBe('ephemeral');
    assertWithinSlackLimits(reply, 'message');
    expect(allText(reply)).toContain('No lookups have been charged this month yet.');
    expect(allText(reply)).toContain('100 of 100 coins left today');
  });

  it('after two lookups shows coins and calls, by operation and user, and the budgets left', async () => {
    for (const [command, text] of [
      ['/taxpayer', '杭州华信'],
      ['/futures', 'CL 5m'],
    ] as const) {
      const sent = await app.command(text, { command });
      await app.nextResponse(sent.responseId);
    }
    const spent = simulatorCost(OPS.taxpayer) + simulatorCost(OPS.futures);
    expect(spent).toBe(OPERATION_PROFILES[OPS.taxpayer].costInCoins + OPERATION_PROFILES[OPS.futures].costInCoins);

    const sent = await app.command('usage');
    const reply = await app.nextResponse(sent.responseId);
    assertWithinSlackLimits(reply, 'message');
    const text = allText(reply);
    expect(reply.text).toBe(`Data service usage: ${spent} coins today, ${spent} coins this month`);
    expect(text).toContain(`${spent} coins · 2 calls`);
    expect(text).toContain('Taxpayer record: 20 today, 20 coins this month (1 call)');
    expect(text).toContain('Futures candlesticks: 5 today, 5 coins this month (1 call)');
    expect(text).toContain(`<@${DEFAULT_USER_ID}>: ${spent} today`);
    expect(text).toContain(`${100 - spent} of 100 coins left today`);
    expect(text).toContain(`${50 - spent} of 50 coins left today`);
    expect(text).toMatch(/Budgets reset at .*, in \d+ (h|min|s)\./);
  });
});
