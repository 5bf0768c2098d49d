import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { FUTURES_CONTRACTS } from '../../src/simulator/data/futuresContracts.js';
import { runEntryPoint } from '../support/entryPoints.js';
import { CONSOLE_ENV, type DemoConsole, startDemoConsole } from './consoleDriver.js';

/** The footer of every lookup reply: once it is printed, the whole reply is. */
const FOOTER = /coins? per lookup.*\n/;

describe('dq console on the simulator', () => {
  let session: DemoConsole | undefined;
  afterEach(async () => {
    await session?.end();
    session = undefined;
  });

  it('prints its Chinese banner without Slack’s code marks: a terminal shows them as they are', async () => {
    session = await startDemoConsole({ env: { DEFAULT_LOCALE: 'zh-CN' } });
    expect(session.output()).toContain('dq 控制台：输入 Slack 命令（/bids …、/futures …、/dq 用量、/dq 帮助）');
    expect(session.output()).not.toContain('`');
  });

  it('says at once that it runs on the simulator', async () => {
    session = await startDemoConsole();
    expect(session.output()).toMatch(/SIMULATOR/);
  });

  it('prints a futures answer as text: summary, fields, the chart drawn into a file with its caption, numbered buttons', async () => {
    session = await startDemoConsole();
    const reply = await session.ask('/futures CL 5m 30', FOOTER);
    expect(reply).toContain('dq> /futures CL 5m 30');
    expect(reply).toMatch(/Futures candlesticks: CL, 5-minute\n═+\n/);
    expect(reply).toMatch(/^ {2}Close: \d/m);
    // By default no chart goes to QuickChart: the console draws it and prints the file's address.
    expect(reply).toMatch(/^\[chart\] CL 5-minute candles.* — file:\/\/\S+\.png$/m);
    expect(reply).not.toMatch(/quickchart/i);
    expect(reply).toMatch(/^ {2}Candlestick chart of CL futures, 30 five-minute candles/m);
    expect(reply).toMatch(/^\[1\] Share in channel {2}\[2\] Export CSV {2}\[3\] Watch this$/m);
    expect(reply).toMatch(/^› 5 coins per lookup · upstream taskNo \w+ · Simulated data$/m);
    // Markup Slack would draw is gone from the text.
    expect(reply).not.toMatch(/\*Close\*|`/);
  });

  it('with CHART_RENDERER=quickchart prints the QuickChart address, as the operator chose', async () => {
    session = await startDemoConsole({ env: { CHART_RENDERER: 'quickchart' } });
    const reply = await session.ask('/futures CL 5m 30', FOOTER);
    expect(reply).toMatch(/^\[chart\] CL 5-minute candles.* — https:\/\/quickchart\.io\/chart\?c=/m);
  });

  it('draws /futures CL 1w 20 as 20 weekly candles merged from daily ones, into a file, for one call', async () => {
    session = await startDemoConsole();
    const reply = await session.ask('/futures CL 1w 20', FOOTER);
    expect(reply).toMatch(/Futures candlesticks: CL, weekly\n/);
    const merged =
      /^› 20 weekly candles merged from (\d+) daily candles \(first open, highest high, lowest low, last close, summed volume\), fetched in one call: 5 coins$/m.exec(
        reply,
      );
    expect(merged, reply).not.toBeNull();
    // The days the 20 weeks hold, not the 140 fetched: 19 whole weeks of 5 trading days and the newest's days so far.
    expect(Number(merged![1])).toBeGreaterThanOrEqual(19 * 5 + 1);
    expect(Number(merged![1])).toBeLessThanOrEqual(20 * 5);
    const file = /^\[chart\] CL weekly candles[^\n]* — (file:\/\/\S+\.png)$/m.exec(reply)?.[1];
    expect(file, reply).toBeDefined();
    expect(reply).toMatch(/Candlestick chart of CL futures, 20 weekly candles/);
    const png = await readFile(fileURLToPath(file!));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1400, 760]);
    expect(session.upstreamCalls()).toBe(1);
  });

  it('a contract the demo does not know is refused with the contracts it does know, as its other refusals say what it knows', async () => {
    session = await startDemoConsole();
    const reply = await session.ask('/futures XYZ 1d', /quote it when asking/);
    expect(reply).toContain('may not know the contract XYZ');
    for (const { symbol } of FUTURES_CONTRACTS) expect(reply).toContain(symbol);
    expect(reply).toContain('Nothing was charged');
  });

  it('with CHART_RENDERER=local draws the chart itself into a PNG file and shows its address', async () => {
    session = await startDemoConsole({ env: { CHART_RENDERER: 'local', PUBLIC_URL: 'https://dq.example.test' } });
    const reply = await session.ask('/futures CL 5m 200', FOOTER);
    const file = /^\[chart\] CL 5-minute candles[^\n]* — (file:\/\/\S+\.png)$/m.exec(reply)?.[1];
    expect(file, reply).toBeDefined();
    expect(reply).not.toMatch(/quickchart|shown as/);
    const png = await readFile(fileURLToPath(file!));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1400, 760]);
  });

  it('a keyword with invisible characters around one visible one is too short, and nothing is sent', async () => {
    session = await startDemoConsole();
    const reply = await session.ask('/taxpayer "\u202E华\u202E"', /nothing was sent or spent/);
    expect(reply).toContain('at least 2 characters');
    expect(session.upstreamCalls()).toBe(0);
  });

  it('shares from cache: the channel copy is printed and the service was called only once', async () => {
    session = await startDemoConsole();
    await session.ask('/futures CL 5m 30', FOOTER);
    const shared = await session.ask('1', /Shared by tester/);
    expect(shared).toContain('pressed [1] Share in channel');
    expect(shared).toMatch(/— posted in channel #console —\nFutures candlesticks: CL, 5-minute/);
    expect(shared).toContain('from cache');
    expect(session.upstreamCalls()).toBe(1);
    const usage = await session.ask('/dq usage', /Budgets reset/);
    expect(usage).toMatch(/Today: 5 simulated coins · 1 call\b/);
  });

  it('pages: the Next button replaces the reply with page 2', async () => {
    session = await startDemoConsole();
    const first = await session.ask('/fund-asset 000001 size:10', FOOTER);
    expect(first).toMatch(/Page 1 of \d+/);
    expect(first).toMatch(
      /^\[1\] Next 10 → \(10 coins\) {2}\[2\] Share in channel {2}\[3\] Export CSV {2}\[4\] Watch this$/m,
    );
    const second = await session.ask('1', FOOTER);
    expect(second).toContain('pressed [1] Next 10 → (10 coins)');
    expect(second).toContain('(replaces the previous reply)');
    expect(second).toMatch(/Page 2 of \d+/);
    expect(second).toMatch(
      /^\[1\] ← Previous \(cached, free\) {2}\[2\] Next 10 → \(10 coins\) {2}\[3\] Share in channel {2}\[4\] Export CSV {2}\[5\] Watch this$/m,
    );
    // The table of a code block keeps its alignment, indented, without Slack's fences.
    expect(second).toMatch(/\n {2}Date +Asset size +Change\n {2}\d{4}-\d{2}-\d{2} /);
    expect(second).not.toContain('```');
  });

  it('pages in words as well as by button: next, 下一页, page 2, 第二页, previous (issue 37, item 4)', async () => {
    session = await startDemoConsole();
    expect(await session.ask('next', /look something up first/)).toContain('Nothing to page through yet');
    await session.ask('/fund-asset 000001 size:10', FOOTER);
    const second = await session.ask('next', FOOTER);
    expect(second).toContain('(replaces the previous reply)');
    expect(second).toMatch(/Page 2 of 10/);
    // Typed in Chinese: the page comes in Chinese.
    expect(await session.ask('下一页', /每次查询.*\n/)).toMatch(/第 3 页，共 10 页/);
    expect(await session.ask('page 7', FOOTER)).toMatch(/Page 7 of 10/);
    expect(await session.ask('第二页', /每次查询.*\n/)).toMatch(/第 2 页，共 10 页/);
    expect(await session.ask('previous', FOOTER)).toMatch(/Page 1 of 10/);
    expect(await session.ask('previous', /no previous page/)).toContain('There is no previous page');
    // A page past the end, known from the answers seen, is refused before anything is spent.
    const calls = session.upstreamCalls();
    expect(await session.ask('page 11', /Try: .*\n/)).toContain('Page 11 is past the end: there are only 10 pages');
    expect(session.upstreamCalls()).toBe(calls);
  });

  it('answers an invalid command with a short message and an example, spending nothing', async () => {
    session = await startDemoConsole();
    const reply = await session.ask('/futures CL 7q', /Try: .*\n/);
    expect(reply).toContain('⚠ That request is not valid, so nothing was sent or spent.');
    expect(reply).toContain('Try: /futures CL 5m 30');
    expect(reply.split('\n').filter(Boolean).length).toBeLessThan(6);
    expect(session.upstreamCalls()).toBe(0);
  });

  it('lists the commands on /dq help, and reads a line without "/" as /dq', async () => {
    session = await startDemoConsole();
    const help = await session.ask('/dq help', /explains one command in detail/);
    for (const command of [
      '/taxpayer',
      '/bids',
      '/fund-asset',
      '/futures',
      '/new-funds',
      '/dq usage',
      '/dq digest add',
    ])
      expect(help).toContain(command);
    const bare = await session.ask('help futures', /How to type it[\s\S]*Examples/);
    expect(bare).toContain('/futures <symbol> <period> [count]');
  });

  it('reads plain words as a message to the app in Slack (issue 34): a lookup, a question whose button runs it, a follow-up', async () => {
    session = await startDemoConsole();
    const fund = await session.ask('000001 的规模', /每次查询.*\n/);
    expect(fund).toContain('基金规模历史');
    expect(session.upstreamCalls()).toBe(1);
    // A name in Chinese alone is a Chinese message: the question comes in Chinese.
    const question = await session.ask('华为', /\[1\].*\n/);
    expect(question).toContain('你想查哪一个');
    expect(question).toMatch(/\[1\] 纳税人信息：“华为” · 20 币/);
    expect(session.upstreamCalls()).toBe(1);
    const pressed = await session.ask('1', /每次查询.*\n/);
    expect(pressed).toContain('纳税人信息：华为');
    expect(session.upstreamCalls()).toBe(2);
    await session.ask('CL 日K 30', /每次查询.*\n/);
    const changed = await session.ask('换成5分钟', /每次查询.*\n/);
    expect(changed).toMatch(/CL，5分钟/);
    expect(session.upstreamCalls()).toBe(4);
    expect(await session.ask('thanks', /\.\n/)).toContain('Ask me for company and market data');
  });

  it('explains that a bare command opens a form only in Slack, and shows its help', async () => {
    session = await startDemoConsole();
    const reply = await session.ask('/taxpayer', /Examples[\s\S]*lists all commands/);
    expect(reply).toMatch(/forms need Slack/);
    expect(reply).toContain('Taxpayer record\n═');
    expect(reply).toContain('/taxpayer 91330106774738789M');
    expect(session.upstreamCalls()).toBe(0);
  });

  it('adds a digest and prints it as the channel would get it when run', async () => {
    session = await startDemoConsole();
    const added = await session.ask('/dq digest add weekdays 08:30', /Next run/);
    const id = /([0-9a-f]{8}) → #console · Monday to Friday at 08:30/.exec(added)?.[1];
    expect(id, added).toBeDefined();
    const run = await session.ask(`/dq digest run ${id}`, new RegExp(`Digest ${id} for #console: `));
    expect(run).toContain(`— digest ${id} posted in #console —`);
    expect(run).toMatch(/Newly issued funds/);
  });

  it('/dq lang changes the language of the replies that follow, as in Slack', async () => {
    session = await startDemoConsole();
    expect(await session.ask('/dq lang zh', /已设置.*\n/)).toContain('已设置：今后给你的回复使用简体中文。');
    const chinese = await session.ask('/fund-asset 000001', /每次查询.*\n/);
    expect(chinese).toMatch(/^› 每次查询 10 币 · /m);
    await session.ask('/dq lang en', /Done.*\n/);
    expect(await session.ask('/fund-asset 000001', FOOTER)).toMatch(/^› 10 coins per lookup · from cache/m);
  });

  it('answers a command written in Chinese in Chinese, and the next in the console’s own language again', async () => {
    session = await startDemoConsole();
    expect(await session.ask('/dq 帮助', /详细说明一个命令.*\n/)).toContain('数据查询命令');
    expect(await session.ask('/dq help', /explains one command in detail/)).toContain('Data query commands');
  });

  it('frames a reply in its own language, not the console’s: a Chinese command in an English console, and the reverse', async () => {
    session = await startDemoConsole();
    const chinese = await session.ask('/futures CL 日K 5', /每次查询.*\n/);
    expect(chinese).toMatch(/^ {2}开盘：\d/m);
    expect(chinese).toMatch(/^\[图表\] CL 日K线/m);
    expect(chinese).not.toMatch(/\[chart\]|^ {2}\S+: /m);
    // Pressing a button under it is told in its language; the channel's copy is in the workspace's, and so is its heading.
    const shared = await session.ask('1', /posted in channel.*\n[\s\S]*coins? per lookup.*\n/);
    expect(shared).toContain('已按下 [1] 分享到频道');
    expect(shared).toMatch(/^ {2}Open: \d/m);
    await session.end();

    // Changed by issue 44: the grammar's English words (`daily`, `CL`) are everyone's, no sign of English:
    // in a Chinese console `/futures CL daily 5` is answered in Chinese, and an English message in English.
    session = await startDemoConsole({ env: { DEFAULT_LOCALE: 'zh-CN' } });
    const grammarOnly = await session.ask('/futures CL daily 5', /每次查询.*\n/);
    expect(grammarOnly).toMatch(/^ {2}开盘：\d/m);
    const english = await session.ask('show me CL daily 5 please', FOOTER);
    expect(english).toMatch(/^ {2}Open: \d/m);
    expect(english).toMatch(/^\[chart\] CL daily candles/m);
    expect(english).not.toMatch(/\[图表\]|：/);
    expect(await session.ask('1', /已发布到频道.*\n[\s\S]*每次查询.*\n/)).toContain('pressed [1] Share in channel');
  });

  it('tells the user when a number matches no button', async () => {
    session = await startDemoConsole();
    expect(await session.ask('3', /no buttons/)).toContain('There are no buttons to press yet');
  });

  it('handles piped lines one at a time and ends with code 0 at the end of the input', async () => {
    session = await startDemoConsole();
    session.send('/futures CL 5m 5');
    session.send('1');
    session.send('');
    session.send('/dq usage');
    const finished = session;
    session = undefined;
    expect(await finished.end()).toBe(0);
    const text = finished.output();
    const order = [
      'dq> /futures CL 5m 5',
      'pressed [1] Share in channel',
      '— posted in channel #console —',
      'dq> /dq usage',
      'Today: 5 simulated coins · 1 call',
    ];
    const positions = order.map((part) => text.indexOf(part));
    expect(
      positions.every((at) => at >= 0),
      text,
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('stops at exit and ignores the lines after it', async () => {
    session = await startDemoConsole();
    session.send('exit');
    session.send('/futures CL 5m 5');
    const finished = session;
    session = undefined;
    expect(await finished.end()).toBe(0);
    expect(finished.upstreamCalls()).toBe(0);
  });
});

describe('dq console without --demo', () => {
  it('needs the data-service configuration, and says so the way dq call does', async () => {
    const { code, stdout, stderr } = await runEntryPoint('dq', ['console'], { ...CONSOLE_ENV });
    const text = stdout + stderr;
    expect(code).toBe(2);
    expect(text).toContain('Configuration is incomplete:');
    expect(text).toContain('DATA_API_BASE_URL is missing');
    expect(text).toContain('npm run demo');
  });
});

describe("the console's time zone", () => {
  it("is DEFAULT_TZ, else the app's default (Asia/Shanghai), never the machine's", () => {
    const consoleConfig = (env: Record<string, string>) => loadConfig(env, { inSlack: false, demo: true });
    expect(consoleConfig({ USER: 'tester' }).slack.defaultTimeZone).toBe('Asia/Shanghai');
    expect(consoleConfig({ USER: 'tester', DEFAULT_TZ: 'Europe/London' }).slack.defaultTimeZone).toBe('Europe/London');
  });
});
