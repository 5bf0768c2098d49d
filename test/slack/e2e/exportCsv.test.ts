import type { ModalView } from '@slack/types';
import { afterEach, describe, expect, it } from 'vitest';
import { TAXPAYER_CATALOGUE } from '../../../src/simulator/data/taxpayerCatalogue.js';
import { pinnedClock } from '../../support/clocks.js';
import { readCsv } from '../../support/csvFile.js';
import {
  DEFAULT_CHANNEL_ID,
  DEFAULT_USER_ID,
  DEFAULT_WORKSPACE,
  dmChannelFor,
  type RecordedCall,
  UPLOAD_URL_CALL,
} from '../../support/slack/index.js';
import {
  allText,
  buttonNamed,
  type PublishedView,
  type SlackResponseBody,
  startTestApp,
  TEST_API_KEY,
  type TestApp,
  type TestAppOptions,
} from '../../support/slackApp.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { assertModalWithinLimits } from '../modals/viewLimits.js';
import { OPS, simulatorCost } from './forms.js';

/**
 * Export CSV end to end: the button under a result, the modal that says what the whole export costs
 * before anything is spent, the pages fetched through the client, one progress message edited in
 * the user's DM, and the file posted with Slack's upload flow.
 */

const TEAM = DEFAULT_WORKSPACE.teamId;
const FILE_STEPS = ['files.getUploadURLExternal', UPLOAD_URL_CALL, 'files.completeUploadExternal', 'files.upload'];

describe('exporting a result to CSV', () => {
  let app: TestApp;

  afterEach(async () => {
    await app?.close();
  });

  async function start(options: TestAppOptions = {}): Promise<TestApp> {
    app = await startTestApp(options);
    return app;
  }

  /** What the simulator charged, in coins: the service's own count, not the app's. */
  function coinsCharged(): number {
    return app.simulator.stats().coinsByKey[TEST_API_KEY] ?? 0;
  }

  async function lookup(text: string, command: string, userId?: string): Promise<SlackResponseBody> {
    const sent = await app.command(text, { command, ...(userId ? { userId } : {}) });
    return app.nextResponse(sent.responseId);
  }

  /** Clicks Export CSV under `result`; resolves with the modal once its costs are filled in. */
  async function openExport(
    result: SlackResponseBody,
    userId?: string,
  ): Promise<{ view: PublishedView; loading: PublishedView }> {
    const button = buttonNamed(result, 'dq_export_csv');
    expect(button?.text.text).toMatch(/^(Export CSV|导出 CSV)$/);
    const clicked = await app.click('dq_export_csv', button!.value!, userId ? { userId } : {});
    expect(clicked.status).toBe(200);
    const opened = await app.nextCall(
      'views.open',
      (call) => (call.args.view as PublishedView).callback_id === 'dq_export_csv_form',
    );
    const viewId = (opened.response.view as { id: string }).id;
    const updated = await app.nextCall('views.update', (call) => call.args.view_id === viewId);
    expect(updated.response.ok).toBe(true);
    const view = updated.args.view as PublishedView;
    assertModalWithinLimits(view as unknown as ModalView);
    return { view, loading: opened.args.view as PublishedView };
  }

  async function confirm(view: PublishedView, userId?: string) {
    const submitted = await app.submitView(
      'dq_export_csv_form',
      {},
      view.private_metadata ?? '',
      userId ? { userId } : {},
    );
    expect(submitted.status).toBe(200);
    return submitted;
  }

  /** The progress message's last state: the chat.update that says the export is over. */
  async function finalProgress(pattern: RegExp, userId = DEFAULT_USER_ID): Promise<RecordedCall> {
    return app.nextCall(
      'chat.update',
      (call) => call.args.channel === dmChannelFor(userId) && pattern.test(String(call.args.text)),
      15_000,
    );
  }

  function fileSteps(): string[] {
    return app.fake
      .calls()
      .filter((call) => FILE_STEPS.includes(call.method))
      .map((call) => call.method);
  }

  it('a 3-page result with page 1 cached: the modal says 2 pages × 10 coins, the export charges exactly that, and the file has every record', async () => {
    await start();
    const cost = simulatorCost(OPS.bids);
    const page1 = await lookup('安置房', '/bids');
    expect(allText(page1)).toContain('Page 1 of 3 · 23 results');
    expect(coinsCharged()).toBe(cost);

    const { view, loading } = await openExport(page1);
    expect(allText(loading)).toContain('Working out what the export costs…');
    const text = allText(view);
    expect(text).toContain('*Pages:* 3 · 23 records · 10 per page');
    expect(text).toContain('*Cached, free:* 1 page');
    expect(text).toContain(`*To fetch:* 2 pages × ${cost} coins = *${2 * cost} coins*`);
    expect(text).toContain('*Workspace budget:* no daily limit');
    expect(text).toContain(`The CSV file will be posted in <#${DEFAULT_CHANNEL_ID}>`);
    expect((view as { submit?: { text: string } }).submit?.text).toBe(`Export · ${2 * cost} coins`);
    // Nothing is spent until the export is confirmed.
    await app.settle();
    expect(coinsCharged()).toBe(cost);

    await confirm(view);
    const done = await finalProgress(/Export done/);
    expect(done.args.text).toBe(
      `✅ Export done: 23 rows from 3 pages, ${2 * cost} coins spent. The file is in <#${DEFAULT_CHANNEL_ID}>.`,
    );

    expect(coinsCharged() - cost).toBe(2 * cost);
    expect((await app.client.ledger.usage(TEAM, app.clock.now())).today.coins).toBe(3 * cost);
    expect(app.upstreamCalls(OPS.bids)).toHaveLength(3);

    // One progress message, posted once in the user's DM and then edited, never a second post.
    const posts = app.fake.calls('chat.postMessage').filter((call) => call.args.channel === DEFAULT_USER_ID);
    expect(posts).toHaveLength(1);
    const edits = app.fake.calls('chat.update').filter((call) => call.args.channel === dmChannelFor(DEFAULT_USER_ID));
    expect(edits.length).toBeGreaterThanOrEqual(1);
    for (const edit of edits) expect(edit.args.ts).toBe(posts[0]!.response.ts);
    expect(
      [posts[0]!, ...edits]
        .map((call) => String(call.args.text))
        .some((line) => /page [23] of 3…, \d+ coins so far/.test(line)),
    ).toBe(true);

    expect(fileSteps()).toEqual(['files.getUploadURLExternal', UPLOAD_URL_CALL, 'files.completeUploadExternal']);
    const [upload] = app.fake.uploads();
    expect(upload?.completed?.channelId).toBe(DEFAULT_CHANNEL_ID);
    expect(upload?.filename).toMatch(/^bids-安置房-\d{8}-\d{4}\.csv$/);
    expect(upload?.completed?.initialComment).toBe(
      `<@${DEFAULT_USER_ID}> exported Tender and bid notices “安置房”: 23 rows from 3 pages · ${2 * cost} coins`,
    );
    const csv = readCsv(upload!.bytes!);
    expect(csv.bom).toBe(true);
    expect(csv.crlf).toBe(true);
    const [header, ...rows] = csv.rows;
    expect(rows).toHaveLength(23);
    expect(header).toContain('Title');
    expect(header).toContain('Purchaser');
    // Every record once: 23 different notice ids.
    const idColumn = header!.indexOf('ID');
    expect(new Set(rows.map((row) => row[idColumn])).size).toBe(23);
    for (const row of rows) expect(row).toHaveLength(header!.length);
    expect(app.errorLogs()).toEqual([]);
  });

  it('an export asked in a thread (`export` written there) is shared into that thread, not at the top of the channel (issue 42.9b)', async () => {
    await start();
    const sent = await app.mention('/bids 安置房');
    await app.nextCall('chat.postMessage', (call) => call.args.thread_ts === sent.ts);
    await app.mention('export', { threadTs: sent.ts });
    const offer = await app.nextCall('chat.postMessage', (call) => call.args.thread_ts === sent.ts);
    const button = buttonNamed({ blocks: offer.args.blocks as Array<Record<string, unknown>> }, 'dq_export_csv');
    const clicked = await app.click('dq_export_csv', button!.value!, {
      ephemeral: false,
      messageTs: offer.response.ts as string,
      threadTs: sent.ts,
    });
    expect(clicked.status).toBe(200);
    const opened = await app.nextCall(
      'views.open',
      (call) => (call.args.view as PublishedView).callback_id === 'dq_export_csv_form',
    );
    const viewId = (opened.response.view as { id: string }).id;
    const view = (await app.nextCall('views.update', (call) => call.args.view_id === viewId)).args
      .view as PublishedView;
    expect(allText(view)).toContain(`The CSV file will be posted in this thread in <#${DEFAULT_CHANNEL_ID}>`);
    await confirm(view);
    const completed = await app.nextCall('files.completeUploadExternal', () => true, 15_000);
    expect(completed.args.channel_id).toBe(DEFAULT_CHANNEL_ID);
    // The thread's parent, as files.completeUploadExternal asks (never a reply's ts).
    expect(completed.args.thread_ts).toBe(sent.ts);
    expect(app.errorLogs()).toEqual([]);
  });

  it('a cost that went up while the modal was open (the cached page expired) is shown again to confirm, and nothing is spent', async () => {
    // The pinned clock, with a jump forward the test can make while the modal is open.
    const pinned = pinnedClock();
    let jumped = 0;
    await start({
      clock: { now: () => pinned.now() + jumped, sleep: pinned.sleep, timer: pinned.timer, every: pinned.every },
    });
    const cost = simulatorCost(OPS.bids);
    const page1 = await lookup('安置房', '/bids');
    const { view } = await openExport(page1);
    expect((view as { submit?: { text: string } }).submit?.text).toBe(`Export · ${2 * cost} coins`);
    // The bid search is cached for an hour: past it, page 1 is no longer free.
    jumped = 2 * 3_600_000;
    const submitted = await confirm(view);
    const answer = submitted.response.json as { response_action?: string; view?: PublishedView };
    expect(answer.response_action).toBe('update');
    const again = answer.view!;
    assertModalWithinLimits(again as unknown as ModalView);
    expect(allText(again)).toContain('The cost went up since you opened this');
    expect(allText(again)).toContain(`*To fetch:* 3 pages × ${cost} coins = *${3 * cost} coins*`);
    await app.settle();
    expect(coinsCharged()).toBe(cost);
    expect(app.upstreamCalls(OPS.bids)).toHaveLength(1);
  });

  it('a page that was free when confirmed but expired before the export reached it is not bought: the export stops with the file so far and says why (issue 21.1)', async () => {
    // Pages 3 and 1 are cached, so the export costs one page (page 2). Once page 2 has been bought the
    // clock jumps two hours: page 3 is no longer fresh when the export reaches it.
    const pinned = pinnedClock();
    let bidCalls = () => 0;
    const jump = () => (bidCalls() >= 3 ? 2 * 3_600_000 : 0);
    await start({
      clock: { now: () => pinned.now() + jump(), sleep: pinned.sleep, timer: pinned.timer, every: pinned.every },
    });
    bidCalls = () => app.upstreamCalls(OPS.bids).length;
    const cost = simulatorCost(OPS.bids);
    await lookup('安置房 page:3', '/bids');
    const page1 = await lookup('安置房', '/bids');
    const { view } = await openExport(page1);
    expect((view as { submit?: { text: string } }).submit?.text).toBe(`Export · ${cost} coins`);
    const before = coinsCharged();
    await confirm(view);
    const done = await finalProgress(/Export incomplete/);
    await app.settle();
    expect(coinsCharged() - before).toBe(cost);
    expect(app.upstreamCalls(OPS.bids)).toHaveLength(3);
    expect(done.args.text).toBe(
      [
        `⚠️ Export incomplete: 20 rows from 2 pages, ${cost} coins spent. The file is in <#${DEFAULT_CHANNEL_ID}>.`,
        `Missing page 3: the page was no longer free and would have passed the ${cost} coins you confirmed (export again to see the new cost).`,
        'Nothing was charged for page 3.',
      ].join('\n'),
    );
    const [upload] = app.fake.uploads();
    expect(readCsv(upload!.bytes!).rows).toHaveLength(21);
  });

  it('a budget that runs out half-way: the pages paid for are posted, with which page is missing, why, and that it was not charged', async () => {
    await start({ budgets: { teamDaily: 25 } });
    const cost = simulatorCost(OPS.bids);
    const page1 = await lookup('安置房', '/bids');
    const { view } = await openExport(page1);
    const text = allText(view);
    expect(text).toContain(`*Workspace budget left today:* 15 coins of 25 coins`);
    expect(text).toContain(
      `⚠️ That is more than the workspace's budget has left today (15 coins): the export will stop when it runs out`,
    );

    await confirm(view);
    const done = await finalProgress(/Export incomplete/);
    expect(done.args.text).toBe(
      [
        `⚠️ Export incomplete: 20 rows from 2 pages, ${cost} coins spent. The file is in <#${DEFAULT_CHANNEL_ID}>.`,
        `Missing page 3: the workspace's daily budget of 25 coins would be passed (20 spent today; it resets at 2026-11-23 00:00).`,
        'Nothing was charged for page 3.',
      ].join('\n'),
    );
    expect(coinsCharged()).toBe(2 * cost);
    expect(app.upstreamCalls(OPS.bids)).toHaveLength(2);
    const [upload] = app.fake.uploads();
    expect(readCsv(upload!.bytes!).rows).toHaveLength(1 + 20);
    expect(upload?.completed?.initialComment).toContain(
      "Missing page 3: the workspace's daily budget of 25 coins would be passed",
    );
  });

  it('an answer that cannot be read: the page may have been charged, is said so, and is not retried; the pages before it are posted', async () => {
    await start();
    const cost = simulatorCost(OPS.bids);
    const page1 = await lookup('安置房', '/bids');
    const { view } = await openExport(page1);
    app.simulator.setFaults({ malformedRate: 1 });
    await confirm(view);
    const done = await finalProgress(/Export incomplete/);
    expect(done.args.text).toBe(
      [
        `⚠️ Export incomplete: 10 rows from 1 page, 0 coins spent. The file is in <#${DEFAULT_CHANNEL_ID}>.`,
        `Missing pages 2–3: the data service's answer could not be read.`,
        `The data service may have charged ${cost} coins for page 2 (no readable answer came); it was not retried.`,
      ].join('\n'),
    );
    // One attempt at page 2, never a retry, and the service did charge it.
    expect(app.upstreamCalls(OPS.bids)).toHaveLength(2);
    expect(coinsCharged()).toBe(2 * cost);
    expect(readCsv(app.fake.uploads()[0]!.bytes!).rows).toHaveLength(1 + 10);
  });

  it('a page that times out: said to be possibly charged, not retried, and the note is posted with the file', async () => {
    // The first page must beat the deadline on a busy machine; the second never answers.
    await start({ client: { timeoutMs: 2000 } });
    const cost = simulatorCost(OPS.bids);
    const page1 = await lookup('安置房', '/bids');
    const { view } = await openExport(page1);
    app.simulator.setFaults({ timeoutRate: 1 });
    await confirm(view);
    const done = await finalProgress(/Export incomplete/);
    expect(String(done.args.text).split('\n').slice(1)).toEqual([
      'Missing pages 2–3: the data service did not answer in time.',
      `The data service may have charged ${cost} coins for page 2 (no readable answer came); it was not retried.`,
    ]);
    expect(app.upstreamCalls(OPS.bids)).toHaveLength(2);
    const usage = await app.client.ledger.usage(TEAM, app.clock.now());
    expect(usage.today.coins).toBe(2 * cost);
    expect(app.fake.uploads()[0]?.completed?.initialComment).toContain(`may have charged ${cost} coins for page 2`);
  });

  it('EXPORT_MAX_PAGES: the modal says the result has more pages than an export fetches, and the file stops there with the same note', async () => {
    await start({ env: { EXPORT_MAX_PAGES: '2' } });
    const page1 = await lookup('安置房', '/bids');
    const { view } = await openExport(page1);
    expect(allText(view)).toContain(
      '⚠️ This result has 3 pages; exports stop at 2 (EXPORT_MAX_PAGES). The file will hold pages 1–2; narrow the search to get the rest.',
    );
    expect(allText(view)).toContain('*To fetch:* 1 page × 10 coins = *10 coins*');
    await confirm(view);
    const done = await finalProgress(/Export incomplete/);
    expect(done.args.text).toContain('The result has 3 pages; exports stop at 2 (EXPORT_MAX_PAGES).');
    expect(readCsv(app.fake.uploads()[0]!.bytes!).rows).toHaveLength(1 + 20);
    expect(app.upstreamCalls(OPS.bids)).toHaveLength(2);
  });

  it("speaks Chinese to a zh-CN user: the modal, the progress and the header row, with the taxpayer records' extra fields", async () => {
    await start();
    const userId = 'U0ZHUSER01';
    app.fake.setUser(userId, { locale: 'zh-CN' });
    const page1 = await lookup('杭州 每页:10', '/taxpayer', userId);
    expect(buttonNamed(page1, 'dq_export_csv')?.text.text).toBe('导出 CSV');
    const { view, loading } = await openExport(page1, userId);
    expect(allText(loading)).toContain('正在计算导出费用…');
    expect((view as { title?: { text: string } }).title?.text).toBe('导出 CSV');
    const text = allText(view);
    expect(text).toContain('*页数*：');
    expect(text).toContain('*已缓存（免费）*：');
    expect(text).not.toMatch(/\b(Pages|Cached|To fetch|budget)\b/);

    await confirm(view, userId);
    const done = await finalProgress(/导出完成/, userId);
    expect(done.args.text).toMatch(/^✅ 导出完成：共 \d+ 页，22 行，花费 \d+ 币。文件已发布到<#C0GENERAL1>。$/);
    const csv = readCsv(app.fake.uploads()[0]!.bytes!);
    expect(csv.bom).toBe(true);
    const [header, ...rows] = csv.rows;
    expect(rows).toHaveLength(22);
    expect(header!.slice(0, 3)).toEqual(['企业名称', '统一社会信用代码', '纳税人资格类型']);
    // The fields the spec does not name come after, every one of them.
    expect(header).toEqual(expect.arrayContaining(['法定代表人', '经营状态', '注册资本', '经营范围', '纳税信用等级']));
    expect(rows[0]![0]).toMatch(/^杭州/);
  });

  it('service text that quotes the API key is redacted in the file, as in replies', async () => {
    await start();
    const company = TAXPAYER_CATALOGUE[0]!;
    const changed = await fetch(`${app.simulator.url}/__simulator/changes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        kind: 'taxpayer',
        creditNo: company.creditNo,
        fields: { businessScope: `账户 ${TEST_API_KEY} 的经营范围` },
      }),
    });
    expect(changed.status).toBe(200);
    const page1 = await lookup(company.creditNo, '/taxpayer');
    expect(JSON.stringify(page1)).not.toContain(TEST_API_KEY);
    const { view } = await openExport(page1);
    await confirm(view);
    await finalProgress(/Export done/);
    const csv = new TextDecoder().decode(app.fake.uploads()[0]!.bytes!);
    expect(csv).toContain('账户 [redacted] 的经营范围');
    expect(csv).not.toContain(TEST_API_KEY);
  });

  it('a futures result: one lookup, already cached, so the export is free; the shared copy has no Export button', async () => {
    await start();
    const sent = await app.command('CL 5m 30', { command: '/futures' });
    const result = await app.nextResponse(sent.responseId);
    const charged = coinsCharged();
    const { view } = await openExport(result);
    expect(allText(view)).toContain('*Pages:* 1 (one lookup)');
    expect(allText(view)).toContain('*To fetch:* nothing; every page is cached, so the export is free');
    expect((view as { submit?: { text: string } }).submit?.text).toBe('Export');
    await confirm(view);
    await finalProgress(/Export done: 30 rows from 1 page, 0 coins spent/);
    expect(coinsCharged()).toBe(charged);
    const [header, ...rows] = readCsv(app.fake.uploads()[0]!.bytes!).rows;
    expect(header).toEqual([
      'Time (Asia/Shanghai)',
      'Open',
      'High',
      'Low',
      'Close',
      'Change',
      'Change rate (%)',
      'Volume',
      'tick_at (as sent)',
    ]);
    expect(rows).toHaveLength(30);

    await app.click('dq_share', buttonNamed(result, 'dq_share')!.value!, { responseUrlId: sent.responseId });
    const shared = await app.nextResponse(sent.responseId, (body) => body.response_type === 'in_channel');
    assertWithinSlackLimits(shared, 'message');
    expect(buttonNamed(shared, 'dq_export_csv')).toBeUndefined();
  });

  it('a second export of the same query while the first runs joins it: one set of charges, the same file, both told', async () => {
    // Paced calls keep the first export running while the second person confirms.
    await start({ rateLimits: { [OPS.bids]: { count: 1, windowMs: 1000 } } });
    const cost = simulatorCost(OPS.bids);
    const other = 'U0SECONDUS';
    const page1 = await lookup('安置房', '/bids');
    const theirs = await lookup('安置房', '/bids', other);
    const first = await openExport(page1);
    await confirm(first.view);
    await app.nextCall('chat.postMessage', (call) => call.args.channel === DEFAULT_USER_ID);

    const second = await openExport(theirs, other);
    expect(allText(second.view)).toContain(
      `An export of this query is running now (started by <@${DEFAULT_USER_ID}>): confirming joins it at no extra cost, and you get the same file.`,
    );
    expect((second.view as { submit?: { text: string } }).submit?.text).toBe('Get the file');
    await confirm(second.view, other);

    const joined = await app.nextCall('chat.postMessage', (call) => call.args.channel === other);
    expect(String(joined.args.text)).toContain(
      `An export of Tender and bid notices “安置房” is already running (started by <@${DEFAULT_USER_ID}>): you will get the same file, at no extra cost.`,
    );
    await finalProgress(/Export done: 23 rows from 3 pages/);
    const theirDone = await finalProgress(/Export done/, other);
    expect(theirDone.args.text).toBe(
      `✅ Export done: 23 rows from 3 pages, ${2 * cost} coins spent. The file is in <#${DEFAULT_CHANNEL_ID}>.\nYou joined the export <@${DEFAULT_USER_ID}> started: they paid for it, nothing was charged to you.`,
    );

    expect(app.upstreamCalls(OPS.bids)).toHaveLength(3);
    expect(coinsCharged()).toBe(3 * cost);
    expect(fileSteps()).toEqual(['files.getUploadURLExternal', UPLOAD_URL_CALL, 'files.completeUploadExternal']);
    expect(app.errorLogs()).toEqual([]);
  });

  it('a channel the app cannot post in: the file comes by direct message instead, and the final message says where', async () => {
    await start();
    const page1 = await lookup('安置房', '/bids');
    app.fake.setChannelError(DEFAULT_CHANNEL_ID, 'not_in_channel');
    const { view } = await openExport(page1);
    await confirm(view);
    const done = await finalProgress(/Export done/);
    expect(done.args.text).toContain('The file is in your direct messages with the app.');
    const uploads = app.fake.uploads();
    expect(uploads.map((upload) => upload.completed?.channelId)).toEqual([undefined, dmChannelFor(DEFAULT_USER_ID)]);
    expect(readCsv(uploads[1]!.bytes!).rows).toHaveLength(1 + 23);
  });
});
