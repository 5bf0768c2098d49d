import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../../src/core/store/memoryStore.js';
import { TAXPAYER_CATALOGUE } from '../../../src/simulator/data/taxpayerCatalogue.js';
import { ACTION } from '../../../src/slack/payloads/ids.js';
import { pinnedClock } from '../../support/clocks.js';
import {
  DEFAULT_USER_ID,
  dmChannelFor,
  FILE_DOWNLOAD_CALL,
  type RecordedCall,
  stateValue,
} from '../../support/slack/index.js';
import {
  allText,
  buttonNamed,
  type PublishedView,
  postedMessage,
  startTestApp,
  TEST_API_KEY,
  type TestApp,
  type TestAppOptions,
} from '../../support/slackApp.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';

/**
 * A supplier list shared in a direct message, end to end: the file event, files.info and the
 * download with the bot token, one private plan that states the cost, Start, the progress edited
 * in place, the summary with its table, and the results uploaded as XLSX and CSV.
 */

const DM = dmChannelFor(DEFAULT_USER_ID);
const TAXPAYER = 'enterprise-general-taxpayer-query';

/**
 * 300 rows as Excel in China saves CSV (GBK): 200 companies by code, 30 by full name, 10 names
 * several companies share, 10 no company has, 40 repeats and 10 mistyped codes.
 */
function supplierCsv(): { bytes: Buffer; codes: string[] } {
  const codes = TAXPAYER_CATALOGUE.slice(0, 200).map((record) => record.creditNo);
  const names = TAXPAYER_CATALOGUE.slice(200, 230).map((record) => record.enterpriseName);
  const ambiguous = ['杭州', '上海', '深圳', '北京', '广州', '南京', '苏州', '成都', '武汉', '西安'];
  const missing = Array.from({ length: 10 }, (_, n) => `查无此${'甲乙丙丁戊己庚辛壬癸'[n]}有限公司`);
  const repeated = [...codes.slice(0, 30), ...names.slice(0, 10)];
  const mistyped = codes.slice(0, 10).map((code) => code.slice(0, 17) + (code[17] === '0' ? '1' : '0'));
  const rows = [...codes, ...names, ...ambiguous, ...missing, ...repeated, ...mistyped].map((value, n) =>
    /^[0-9A-Z]{18}$/.test(value) ? `${n + 1},${value},` : `${n + 1},,${value}`,
  );
  const text = ['序号,统一社会信用代码,企业名称', ...rows].join('\r\n');
  return { bytes: iconv.encode(text, 'gbk'), codes };
}

describe('checking a shared supplier list', () => {
  let app: TestApp;

  afterEach(async () => {
    await app?.close();
  });

  async function start(options: TestAppOptions = {}): Promise<TestApp> {
    app = await startTestApp({ clock: pinnedClock(), ...options });
    return app;
  }

  function coinsCharged(): number {
    return app.simulator.stats().coinsByKey[TEST_API_KEY] ?? 0;
  }

  async function share(name: string, bytes: Buffer, text = '核查这个名单'): Promise<RecordedCall> {
    const file = app.fake.shareFile({ name, bytes });
    await app.directMessage(text, { files: [file] });
    return app.nextCall('chat.postMessage', (call) => call.args.channel === DEFAULT_USER_ID);
  }

  /** Clicks the plan's button, with the value the app gave it. */
  async function click(actionId: string, plan: RecordedCall) {
    const ts = (plan.response as { ts?: string }).ts!;
    const value = buttonNamed(postedMessage(plan), actionId)!.value!;
    await app.click(actionId, value, { channelId: DM, messageTs: ts, ephemeral: false });
    return ts;
  }

  async function uploaded(): Promise<Array<{ name: string; bytes: Buffer }>> {
    await app.nextCall('files.completeUploadExternal', () => true, 20_000);
    await app.nextCall('files.completeUploadExternal', () => true, 20_000);
    return app.fake
      .uploads()
      .filter((upload) => upload.completed)
      .map((upload) => ({ name: upload.filename, bytes: upload.bytes! }));
  }

  it('plans a 300-row GBK list at its cost, calls nothing before Start, then pays once per distinct uncached supplier', async () => {
    await start();
    const { bytes, codes } = supplierCsv();
    // 40 of the list's suppliers someone else looked up today: free.
    for (const code of codes.slice(0, 40)) await app.command(code, { command: '/taxpayer', userId: 'U_OTHER' });
    await until(() => app.upstreamCalls(TAXPAYER).length === 40);
    const before = coinsCharged();

    const plan = await share('供应商名单.csv', bytes);
    // The file was downloaded with the bot token, after files.info.
    const download = app.fake.calls().find((call) => call.method === FILE_DOWNLOAD_CALL);
    expect(download?.token).toMatch(/^xoxb-/);
    const planText = allText(postedMessage(plan));
    expect(planText).toContain('供应商名单核查');
    expect(planText).toContain('*读取行数*：300 · *去重后供应商*：250');
    expect(planText).toContain('*无法读取的行*：10');
    expect(planText).toContain('*已缓存（免费）*：40');
    expect(planText).toContain('*需查询*：210 × 20 币 = *4,200 币*');
    assertWithinSlackLimits(postedMessage(plan), 'message');
    expect(buttonNamed(postedMessage(plan), ACTION.supplierCheckStart)?.text.text).toBe('开始（4,200 币）');
    expect(coinsCharged()).toBe(before);

    const ts = await click(ACTION.supplierCheckStart, plan);
    const files = await uploaded();
    expect(coinsCharged() - before).toBe(210 * 20);
    expect(app.upstreamCalls(TAXPAYER)).toHaveLength(250);

    // The plan's message became the progress, then the summary, edited in place.
    const edits = app.fake.calls().filter((call) => call.method === 'chat.update' && call.args.ts === ts);
    const summary = postedMessage(edits.at(-1)!);
    const summaryText = allText(summary);
    expect(summaryText).toContain('供应商核查：共 250 家');
    expect(summaryText).toContain('*未找到*：10');
    expect(summaryText).toContain('*匹配到多家企业（见候选企业）*：10');
    expect(summaryText).toContain('共花费 4,200 币');
    assertWithinSlackLimits(summary, 'message');
    const table = summary.blocks!.find((block) => block.type === 'data_table') as
      | { rows: Array<Array<{ text?: string }>> }
      | undefined;
    expect(table).toBeDefined();
    // Flagged first: the first row under the header carries a flag.
    expect(table!.rows[1]![3]!.text).not.toBe('—');

    // The workbook, opened back cell by cell.
    const xlsx = files.find((file) => file.name.endsWith('.xlsx'))!;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as never);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['核查结果', '无法读取的行']);
    const [results, unreadable] = workbook.worksheets;
    expect(results!.rowCount).toBe(251);
    expect(results!.getRow(1).values).toEqual([
      undefined,
      '名单中的行号',
      '名单中的写法',
      '结果',
      '风险提示',
      '企业名称',
      '统一社会信用代码',
      '纳税人资格类型',
      '经营状态',
      '纳税信用等级',
      '候选企业',
    ]);
    const byCode = new Map<string, ExcelJS.Row>();
    results!.eachRow((row, number) => {
      if (number > 1 && row.getCell(6).value) byCode.set(String(row.getCell(6).value), row);
    });
    const first = TAXPAYER_CATALOGUE[0]!;
    const row = byCode.get(first.creditNo)!;
    expect(row.getCell(1).value).toBe('2, 252');
    expect(row.getCell(5).value).toBe(first.enterpriseName);
    expect(row.getCell(6).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(7).value).toBe(first.taxpayerType);
    expect(row.getCell(8).value).toBe(first.operatingStatus);
    expect(row.getCell(9).value).toBe(first.taxCreditRating);
    expect(unreadable!.rowCount).toBe(11);
    expect(unreadable!.getRow(2).getCell(3).value).toBe('统一社会信用代码校验位不对（可能有字符输错）');
    const csv = files.find((file) => file.name.endsWith('.csv'))!;
    expect(csv.bytes.toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(251);
  });

  it('stops at the budget with what was done, and says so', async () => {
    await start({ budgets: { userDaily: 1000 } });
    const plan = await share('list.csv', supplierCsv().bytes, 'check these');
    const planText = allText(postedMessage(plan));
    expect(planText).toContain('*To look up:* 250 × 20 coins = *5,000 coins*');
    expect(planText).toContain('The budget pays for 50 of these lookups');
    const ts = await click(ACTION.supplierCheckStart, plan);
    await uploaded();
    expect(coinsCharged()).toBe(1000);
    const edits = app.fake.calls().filter((call) => call.method === 'chat.update' && call.args.ts === ts);
    const summaryText = allText(postedMessage(edits.at(-1)!));
    expect(summaryText).toContain('*Not checked:* 200');
    expect(summaryText).toContain('The budget ran out before the end');
  });

  it('Stop keeps what was done, pays for nothing more, and marks the rest not checked', async () => {
    // A slower limit, so Stop arrives part of the way through.
    await start({ rateLimits: { [TAXPAYER]: { count: 20, windowMs: 1000 } } });
    const plan = await share('list.csv', supplierCsv().bytes, 'check these');
    const ts = await click(ACTION.supplierCheckStart, plan);
    await until(() => app.upstreamCalls(TAXPAYER).length >= 10);
    await app.click(ACTION.supplierCheckStop, 'stop', { channelId: DM, messageTs: ts, ephemeral: false });
    await uploaded();
    const looked = app.upstreamCalls(TAXPAYER).length;
    expect(looked).toBeLessThan(250);
    expect(coinsCharged()).toBe(looked * 20);
    const edits = app.fake.calls().filter((call) => call.method === 'chat.update' && call.args.ts === ts);
    const summaryText = allText(postedMessage(edits.at(-1)!));
    expect(summaryText).toContain(`*Not checked:* ${250 - looked}`);
    expect(summaryText).toContain('Stopped before the end');
  });

  it('Cancel calls nothing; a binary file named .csv and an empty file are answered, nothing charged', async () => {
    await start();
    const plan = await share('list.csv', supplierCsv().bytes, 'check these');
    await click(ACTION.supplierCheckCancel, plan);
    const cancelled = await app.nextCall('chat.update');
    expect(allText(postedMessage(cancelled))).toContain('Cancelled: nothing was looked up and nothing was charged.');
    const binary = await share(
      'photo.csv',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 1, 2, 3]),
      'check these',
    );
    expect(allText(postedMessage(binary))).toContain('is not a spreadsheet or a text list');
    const empty = await share('empty.csv', Buffer.alloc(0), '核查这个名单');
    expect(allText(postedMessage(empty))).toContain('是空的');
    expect(coinsCharged()).toBe(0);
    expect(app.upstreamCalls(TAXPAYER)).toHaveLength(0);
  });

  it('resumes after a restart in the middle, paying for nothing twice', async () => {
    const store = new MemoryStore({ clock: pinnedClock() });
    const first = await start({ store });
    const plan = await share('list.csv', supplierCsv().bytes, 'check these');
    await click(ACTION.supplierCheckStart, plan);
    await until(() => first.upstreamCalls(TAXPAYER).length >= 30);
    // The app stops part of the way through: what was waiting for the rate limit is not sent.
    await first.close();
    await first.slack.deps.supplierChecks.settled();
    const paidFirst = first.simulator.stats().coinsByKey[TEST_API_KEY] ?? 0;
    expect(paidFirst).toBeGreaterThan(0);
    expect(paidFirst).toBeLessThan(250 * 20);

    // The next start, on the same store, goes on where it stopped.
    const second = await start({ store });
    await uploaded();
    const paidSecond = second.simulator.stats().coinsByKey[TEST_API_KEY] ?? 0;
    expect(paidFirst + paidSecond).toBe(250 * 20);
    const summary = second.fake
      .calls()
      .filter((call) => call.method === 'chat.update')
      .at(-1)!;
    expect(allText(postedMessage(summary))).toContain('Supplier check: 250 suppliers');
    expect(allText(postedMessage(summary))).not.toContain('Not checked');
  });
});

/**
 * `/dq check`, end to end: the form opens on the command's trigger, a pasted list goes into the
 * same private plan a shared file gets (nothing called before Start), and Start runs it.
 */
describe('checking a pasted supplier list', () => {
  let app: TestApp;

  afterEach(async () => {
    await app?.close();
  });

  async function openCheckForm(text: string): Promise<PublishedView> {
    const sent = await app.command(text, { command: '/dq', channelId: DM });
    const opened = await app.openedView(sent.triggerId);
    assertWithinSlackLimits(opened.view, 'modal');
    return opened.view;
  }

  const submit = (view: PublishedView, text: string) =>
    app.submitView(
      view.callback_id!,
      { supplier_list: { supplier_list_text: stateValue.plainText(text) } },
      view.private_metadata,
      {
        blocks: view.blocks,
      },
    );

  it('plans five pasted lines (a repeat, a mistyped code) at their cost, calls nothing before Start, then checks them', async () => {
    app = await startTestApp({ clock: pinnedClock() });
    const view = await openCheckForm('check');
    const input = view.blocks[0] as unknown as {
      hint?: { text: string };
      element: { max_length?: number; multiline?: boolean };
    };
    expect(input.element).toMatchObject({ multiline: true, max_length: 3000 });
    expect(input.hint?.text).toContain('At most 3,000 characters');

    const [first, second, third] = TAXPAYER_CATALOGUE;
    const mistyped = first!.creditNo.slice(0, 17) + (first!.creditNo[17] === '0' ? '1' : '0');
    const pasted = [first!.creditNo, second!.enterpriseName, first!.creditNo, mistyped, third!.enterpriseName].join(
      '\n',
    );
    const submitted = await submit(view, pasted);
    expect(submitted.status).toBe(200);
    expect(submitted.response.body).toBe('');

    const plan = await app.nextCall('chat.postMessage', (call) => call.args.channel === DEFAULT_USER_ID);
    const planText = allText(postedMessage(plan));
    expect(planText).toContain('*List:* pasted in the form');
    expect(planText).toContain('*Rows read:* 5 · *distinct suppliers:* 3');
    expect(planText).toContain('*Rows that could not be read:* 1');
    expect(planText).toContain(`Row 4: ${mistyped} — A credit code whose check character is wrong`);
    expect(planText).toContain('*To look up:* 3 × 20 coins = *60 coins*');
    assertWithinSlackLimits(postedMessage(plan), 'message');
    await app.settle();
    expect(app.upstreamCalls(TAXPAYER)).toHaveLength(0);
    expect(app.simulator.stats().coinsByKey[TEST_API_KEY] ?? 0).toBe(0);

    const ts = (plan.response as { ts?: string }).ts!;
    const value = buttonNamed(postedMessage(plan), ACTION.supplierCheckStart)!.value!;
    await app.click(ACTION.supplierCheckStart, value, { channelId: DM, messageTs: ts, ephemeral: false });
    await app.nextCall('files.completeUploadExternal', () => true, 20_000);
    await app.nextCall('files.completeUploadExternal', () => true, 20_000);
    expect(app.upstreamCalls(TAXPAYER)).toHaveLength(3);
    expect(app.simulator.stats().coinsByKey[TEST_API_KEY]).toBe(60);
    const edits = app.fake.calls().filter((call) => call.method === 'chat.update' && call.args.ts === ts);
    const summaryText = allText(postedMessage(edits.at(-1)!));
    expect(summaryText).toContain('Supplier check: 3 suppliers');
    expect(summaryText).toContain('*Rows that could not be read:* 1');
  });

  it('/dq 核查: the form in Chinese; nothing readable is an error on the field, nothing charged, nothing posted', async () => {
    app = await startTestApp({ clock: pinnedClock() });
    const view = await openCheckForm('核查');
    expect(allText({ blocks: view.blocks } as never)).toContain('企业名称或统一社会信用代码');
    const before = app.fake.calls().length;
    const submitted = await submit(view, '\n  \n');
    expect(submitted.response.json).toEqual({
      response_action: 'errors',
      errors: { supplier_list: expect.stringContaining('粘贴的内容中没有可识别的企业名称或统一社会信用代码。未扣费') },
    });
    const onlyBad = await submit(view, '???');
    expect(onlyBad.response.json).toMatchObject({ response_action: 'errors' });
    await app.settle();
    expect(
      app.fake
        .calls()
        .slice(before)
        .filter((call) => call.method === 'chat.postMessage'),
    ).toEqual([]);
    expect(app.upstreamCalls(TAXPAYER)).toHaveLength(0);
  });

  it('a pasted plan no longer waiting says to paste the list again, not to share a file', async () => {
    app = await startTestApp({ clock: pinnedClock() });
    const view = await openCheckForm('check');
    await submit(
      view,
      TAXPAYER_CATALOGUE.slice(0, 2)
        .map((record) => record.creditNo)
        .join('\n'),
    );
    const plan = await app.nextCall('chat.postMessage', (call) => call.args.channel === DEFAULT_USER_ID);
    const ts = (plan.response as { ts?: string }).ts!;
    const message = postedMessage(plan);
    const actions = message.blocks!.find((block) => block.type === 'actions') as { block_id?: string };
    const click = (actionId: string) =>
      app.click(actionId, buttonNamed(message, actionId)!.value!, {
        channelId: DM,
        messageTs: ts,
        ephemeral: false,
        blockId: actions.block_id!,
      });
    await click(ACTION.supplierCheckCancel);
    await app.nextCall('chat.update', (call) => call.args.ts === ts);
    // Start pressed after Cancel: the plan is gone, and the answer fits how the list came in.
    await click(ACTION.supplierCheckStart);
    const gone = await app.nextCall('chat.update', (call) => call.args.ts === ts);
    const text = allText(postedMessage(gone));
    expect(text).toContain('Paste the list again in `/dq check` to plan it anew; nothing was charged.');
    expect(text).not.toContain('Share the file');
    expect(app.upstreamCalls(TAXPAYER)).toHaveLength(0);
  });

  it('a list pasted as columns copied from Excel (header, tabs) is read by its column of codes', async () => {
    app = await startTestApp({ clock: pinnedClock() });
    const view = await openCheckForm('check');
    const rows = TAXPAYER_CATALOGUE.slice(0, 2).map(
      (record, n) => `${n + 1}\t${record.creditNo}\t${record.enterpriseName}`,
    );
    await submit(view, ['序号\t统一社会信用代码\t企业名称', ...rows].join('\n'));
    const plan = await app.nextCall('chat.postMessage', (call) => call.args.channel === DEFAULT_USER_ID);
    expect(allText(postedMessage(plan))).toContain('*Rows read:* 2 · *distinct suppliers:* 2');
    expect(app.upstreamCalls(TAXPAYER)).toHaveLength(0);
  });
});

/** Waits until `done` holds (an outcome, not a time: the test fails by its own timeout otherwise). */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** `/dq help check`: the supplier check's own page, in either language, within Slack's limits. */
describe('help on the supplier check', () => {
  let app: TestApp;

  afterEach(async () => {
    await app?.close();
  });

  it('/dq help check and /dq 帮助 核查 explain the ways in, the costs first and the results', async () => {
    app = await startTestApp({ clock: pinnedClock(), slack: { supplierCheckMaxRows: 400 } });
    const english = await app.command('help check');
    const page = await app.nextResponse(english.responseId);
    assertWithinSlackLimits(page as never, 'message');
    const text = allText(page as never);
    expect(text).toContain('Checking a supplier list');
    expect(text).toContain('`/dq check` opens a form');
    expect(text).toContain('`@dq check these`');
    expect(text).toContain('*Look up in dq*');
    expect(text).toContain('20 coins');
    expect(text).toContain('The most rows a list takes: 400.');
    expect(text).toContain('*Watch all found*');

    const chinese = await app.command('帮助 核查');
    const zh = allText((await app.nextResponse(chinese.responseId)) as never);
    expect(zh).toContain('核查供应商名单');
    expect(zh).toContain('`/dq 核查` 打开表单');
    expect(zh).toContain('每份名单最多 400 行');
    // The overview points to it.
    const overview = await app.command('help');
    expect(allText((await app.nextResponse(overview.responseId)) as never)).toContain('`/dq help check` explains it');
    expect(app.upstreamCalls()).toEqual([]);
  });
});
