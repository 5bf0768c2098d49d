import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allText, buttonNamed, startTestApp, type TestApp, type TestAppOptions } from '../../support/slackApp.js';

/**
 * Issue 25 through the real app: what a reader types by mistake or in their own words is read
 * through the real parser, and a typo costs nothing (no call reaches the simulator).
 */

const ZH_USER = 'U0ZHNATIVE';
const EN_USER = 'U0ENNATIVE';

/**
 * A test app for the describe it is called in, with one Chinese and one English reader (in `zone`,
 * when given), both admins of the workspace in Slack and so of the app (they add digests).
 */
function withTwoReaders(use: (app: TestApp) => void, options: TestAppOptions = {}, zone?: string): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(options);
    app.fake.setUser(ZH_USER, { locale: 'zh-CN', is_admin: true, ...(zone ? { tz: zone } : {}) });
    app.fake.setUser(EN_USER, { locale: 'en-US', is_admin: true, ...(zone ? { tz: zone } : {}) });
    use(app);
  });
  afterAll(async () => {
    await app?.close();
  });
}

describe('a typo is never paid for', () => {
  let app: TestApp;

  withTwoReaders((started) => (app = started));

  async function reply(text: string, userId: string, command = '/dq'): Promise<string> {
    const sent = await app.command(text, { command, userId });
    return allText(await app.nextResponse(sent.responseId));
  }

  it.each([
    ['/bids', '光伏组件 地域：浙江', ZH_USER, '地区'],
    ['/bids', '光伏组件 日期：2026-01-01', ZH_USER, '从'],
    ['/bids', '光伏组件 地域:浙江', ZH_USER, '地区'],
    ['/bids', 'solar panels regoin:ZJ', EN_USER, 'region'],
    ['/bids', 'solar panels date:2026-01-01', EN_USER, 'from'],
    ['/futures', 'CL 5m 周其：日线', ZH_USER, '周期'],
    ['/taxpayer', '华为 页吗：2', ZH_USER, '页'],
  ])('%s %s is refused with the nearest option and nothing is sent', async (command, text, userId, guess) => {
    const before = app.upstreamCalls().length;
    const said = await reply(text, userId, command);
    expect(said).toContain(`${guess}:`);
    expect(said).toMatch(/Nothing was sent or charged|未扣费/);
    await app.settle();
    expect(app.upstreamCalls()).toHaveLength(before);
  });
});

describe('natural Chinese is read, and asks exactly what its English twin asks', () => {
  let app: TestApp;

  withTwoReaders((started) => (app = started));

  it.each([
    ['/futures', '黄金 15分钟线 30根', 'GC 15m 30'],
    ['/futures', '黄金 10分钟 30根', null],
    ['/futures', '黄金 5分 30根', 'GC 5m 30'],
    ['/fund-asset', '000001 第2页', '000001 page:2'],
    ['/new-funds', '在售中', 'onsale'],
  ])('%s %s', async (command, chinese, english) => {
    const before = app.upstreamCalls().length;
    const zhSent = await app.command(chinese, { command, userId: ZH_USER });
    const zhText = allText(await app.nextResponse(zhSent.responseId));
    if (english === null) {
      // A period read nowhere: refused free, with the periods there are.
      expect(zhText).toContain('5分钟');
      expect(app.upstreamCalls()).toHaveLength(before);
      return;
    }
    expect(app.upstreamCalls()).toHaveLength(before + 1);
    const enSent = await app.command(english, { command, userId: EN_USER });
    const enText = allText(await app.nextResponse(enSent.responseId));
    // The English twin is answered from the cache: the same request, paid for once.
    expect(enText).toContain('from cache');
    expect(app.upstreamCalls()).toHaveLength(before + 1);
  });
});

describe('a refusal by the service is said in the reader’s words', () => {
  let app: TestApp;

  withTwoReaders((started) => (app = started));

  it.each([
    [EN_USER, 'may not know the contract XYZ', 'Nothing was charged'],
    [ZH_USER, '数据服务可能没有品种 XYZ', '未扣费'],
  ])('/futures XYZ 5m for %s: what to check, no wire codes or service wording', async (userId, hint, free) => {
    const sent = await app.command('XYZ 5m', { command: '/futures', userId });
    const text = allText(await app.nextResponse(sent.responseId));
    expect(text).toContain(hint);
    expect(text).toContain(free);
    expect(text).not.toMatch(/HTTP|错误码|code 4\d\d|unknown symbol/);
    // The codes are kept for the log.
    expect(JSON.stringify(app.logs)).toMatch(/"httpStatus":4\d\d/);
  });
});

describe('amounts in the reader’s units', () => {
  let app: TestApp;

  withTwoReaders((started) => (app = started));

  it('an English reader sees CNY in thousands, millions and billions, a Chinese one 万元 and 亿元, chart included', async () => {
    const en = await app.command('000001', { command: '/fund-asset', userId: EN_USER });
    const enReply = await app.nextResponse(en.responseId);
    const enText = allText(enReply);
    expect(enText).toMatch(/CNY \d+\.\d\d (thousand|million|billion)/);
    expect(enText).not.toMatch(/[亿万元]/);
    // The chart's address carries its texts, percent-encoded: 亿 is %E4%BA%BF, 万 %E4%B8%87.
    const whole = JSON.stringify(enReply);
    expect(whole).toContain('CNY');
    expect(whole).not.toMatch(/[亿万]|%E4%BA%BF|%E4%B8%87/i);
    const zh = await app.command('000001', { command: '/fund-asset', userId: ZH_USER });
    const zhText = allText(await app.nextResponse(zh.responseId));
    expect(zhText).toMatch(/\d\.\d\d(亿|万)元/);
    expect(zhText).not.toContain('CNY');
  });
});

describe('one period name and one time zone per reply, the reader’s', () => {
  let app: TestApp;

  withTwoReaders((started) => (app = started), {}, 'Asia/Shanghai');

  it('a Chinese 4-hour reply says 4小时 and 北京时间 throughout, chart caption included', async () => {
    const sent = await app.command('CL 4h 5', { command: '/futures', userId: ZH_USER });
    const text = allText(await app.nextResponse(sent.responseId));
    expect(text).toContain('4小时');
    expect(text).not.toMatch(/240分钟|4h|GMT|Asia\/Shanghai|UTC/);
    expect(text.match(/北京时间/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it('an English daily reply dates its candles by trading day, the chart as well, with no second zone', async () => {
    const sent = await app.command('CL daily 5', { command: '/futures', userId: EN_USER });
    const text = allText(await app.nextResponse(sent.responseId));
    expect(text).toMatch(/trading day \d{4}-\d\d-\d\d/);
    expect(text).not.toMatch(/UTC|GMT|opened/);
  });

  it('an English 1-hour reply says 1-hour, never 60 minutes, and names one zone', async () => {
    const sent = await app.command('CL 1h 5', { command: '/futures', userId: EN_USER });
    const text = allText(await app.nextResponse(sent.responseId));
    expect(text).toContain('1-hour');
    expect(text).not.toMatch(/60 minutes|UTC/);
    expect(text).toContain('GMT+8 (Asia/Shanghai)');
  });
});

describe('the demo says what it knows, and an empty result has no furniture', () => {
  let app: TestApp;

  withTwoReaders((started) => (app = started), { env: { DEMO: '1' } });

  it('a real company finds nothing in the demo: the reply names companies it knows, and offers no share, export or page count', async () => {
    const sent = await app.command('华为技术有限公司', { command: '/taxpayer', userId: EN_USER });
    const reply = await app.nextResponse(sent.responseId);
    const text = allText(reply);
    expect(text).toContain('杭州华信光伏科技有限公司');
    expect(text).not.toMatch(/Page 1 of 1|0 results|Share in channel|Export CSV/);
    const buttons = JSON.stringify(reply.blocks);
    expect(buttons).not.toMatch(/"type":"button"/);
    // The name the demo gives is one it finds.
    const known = await app.command('杭州华信光伏科技有限公司', { command: '/taxpayer', userId: EN_USER });
    expect(allText(await app.nextResponse(known.responseId))).toContain('91330106774738789M');
  });

  it('help in the demo says which names and codes it knows, in the reader’s language', async () => {
    const sent = await app.command('帮助 纳税人', { userId: ZH_USER });
    expect(allText(await app.nextResponse(sent.responseId))).toContain('演示模式使用模拟数据，只收录虚构的企业');
    const fund = await app.command('help fund', { userId: EN_USER });
    expect(allText(await app.nextResponse(fund.responseId))).toContain('knows only some fund codes, such as 000001');
  });
});

describe('what a digest spent is said as the digest’s', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('/dq usage names the digest that spent, not "someone unknown"', async () => {
    const added = await app.command('digest add daily 08:00 onsale', { channelId: 'C0NATIVE01' });
    const id = /`([0-9a-f]{8})`/.exec(allText(await app.nextResponse(added.responseId)))?.[1] ?? '';
    expect(id).toMatch(/^[0-9a-f]{8}$/);
    const run = await app.command(`digest run ${id}`, { channelId: 'C0NATIVE01' });
    await app.nextResponse(run.responseId);
    expect(app.upstreamCalls('fund-new-list').length).toBeGreaterThan(0);
    const usage = await app.command('usage');
    const text = allText(await app.nextResponse(usage.responseId));
    expect(text).toContain(`the digest \`${id}\`: `);
    expect(text).not.toContain('someone unknown');
  });
});

describe('the Chinese commands the Chinese help shows work as shown', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
    // An admin of the workspace in Slack, and so of the app: the help's digest examples are theirs to run.
    app.fake.setUser(ZH_USER, { locale: 'zh-CN', is_admin: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  it.each([
    ['推送 添加 工作日 08:30 在售 时区:Asia/Shanghai', /推送已添加/],
    ['推送 添加 每周一 09:00 全部', /推送已添加/],
    ['推送 列表', /本频道的新发基金推送/],
    ['语言 中文', /已设置：今后给你的回复使用/],
    ['用量', /数据服务用量/],
  ])('/dq %s', async (text, answer) => {
    const sent = await app.command(text, { userId: ZH_USER, channelId: 'C0ZHHELP01' });
    expect(allText(await app.nextResponse(sent.responseId))).toMatch(answer);
  });
});

describe('a command written clearly in one language is answered in it, whatever the saved one (issue 37, item 1)', () => {
  let app: TestApp;

  withTwoReaders((started) => (app = started));

  async function reply(text: string, userId: string, command = '/dq') {
    const sent = await app.command(text, { command, userId });
    return app.nextResponse(sent.responseId);
  }

  // Changed by issue 44: `help` is the app's grammar, typed by readers of both languages, so it says
  // nothing of the reader's language and a Chinese reader's `/dq help` is Chinese help.
  it('/dq 帮助 from an English reader is Chinese help; /dq help from a Chinese reader is Chinese help too', async () => {
    expect(allText(await reply('帮助', EN_USER))).toContain('数据查询命令');
    expect(allText(await reply('help', ZH_USER))).toContain('数据查询命令');
    expect(allText(await reply('help', EN_USER))).toContain('Data query commands');
  });

  it('the saved language is not changed by it, and a command without words of its own is answered in the saved one', async () => {
    await reply('帮助', EN_USER);
    // Asked in Chinese, answered in Chinese: the replies are still in English (the Slack language).
    expect(allText(await reply('语言', EN_USER))).toContain('给你的回复使用英文');
    expect(allText(await reply('杭州华信', EN_USER, '/taxpayer'))).toContain('Taxpayer record');
    expect(allText(await reply('杭州华信', ZH_USER, '/taxpayer'))).toContain('纳税人信息');
  });

  it('a page asked for in Chinese, and the page its button brings, are both Chinese for an English reader', async () => {
    const second = await reply('000001 第2页', EN_USER, '/fund-asset');
    expect(allText(second)).toContain('第 2 页，共 2 页');
    const previous = buttonNamed(second, 'dq_page_previous');
    const click = await app.click('dq_page_previous', previous!.value!, { userId: EN_USER, ephemeral: true });
    expect(allText(await app.nextResponse(click.responseId))).toContain('第 1 页，共 2 页');
  });
});
