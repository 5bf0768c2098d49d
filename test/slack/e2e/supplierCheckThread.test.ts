import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CAPS } from '../../../src/core/jobs/caps.js';
import { TAXPAYER_CATALOGUE } from '../../../src/simulator/data/taxpayerCatalogue.js';
import { ACTION, SHORTCUT } from '../../../src/slack/payloads/ids.js';
import { pinnedClock } from '../../support/clocks.js';
import { DEFAULT_CHANNEL_ID, DEFAULT_USER_ID, DEFAULT_WORKSPACE, dmChannelFor } from '../../support/slack/index.js';
import {
  allText,
  buttonNamed,
  buttonsOf,
  postedMessage,
  startTestApp,
  TEST_API_KEY,
  type TestApp,
} from '../../support/slackApp.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';

/**
 * A supplier list shared earlier in a thread, then `@dq 核查这个名单` there with no file of its own:
 * the app reads the thread (conversations.replies, every page), takes the newest CSV or XLSX and
 * plans its check privately, as for a file on the mention itself.
 */

const TAXPAYER = 'enterprise-general-taxpayer-query';
const CHANNEL = DEFAULT_CHANNEL_ID;

function csvOf(codes: string[]): Buffer {
  return Buffer.from(['统一社会信用代码', ...codes].join('\r\n'), 'utf8');
}

async function xlsxOf(codes: string[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('供应商');
  sheet.addRow(['Company name', 'Credit code']);
  for (const code of codes) sheet.addRow(['', code]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('checking the list shared earlier in a thread', () => {
  let app: TestApp;

  afterEach(async () => {
    await app?.close();
  });

  const codes = TAXPAYER_CATALOGUE.slice(0, 6).map((record) => record.creditNo);
  const planFor = () => app.nextCall('chat.postMessage', (call) => call.args.channel === DEFAULT_USER_ID);

  /** A thread: its parent, an older CSV, chatter, a newer XLSX, more chatter, and the app's own file. */
  async function thread(): Promise<{ parent: string; newestId: string }> {
    const parent = app.fake.postMessage({ channel: CHANNEL, text: 'Supplier review for the Q1 tender' });
    const older = app.fake.shareFile({ name: 'old-list.csv', bytes: csvOf(codes.slice(0, 5)) });
    app.fake.postMessage({ channel: CHANNEL, threadTs: parent, files: [older], user: 'U0COLLEAGUE' });
    for (let n = 0; n < 3; n++) app.fake.postMessage({ channel: CHANNEL, threadTs: parent, text: `comment ${n}` });
    const newer = app.fake.shareFile({ name: '供应商名单-终版.xlsx', bytes: await xlsxOf(codes.slice(0, 2)) });
    app.fake.postMessage({ channel: CHANNEL, threadTs: parent, files: [newer], user: 'U0COLLEAGUE' });
    app.fake.postMessage({ channel: CHANNEL, threadTs: parent, text: 'this one is final' });
    // The app's own upload in the thread is not a list someone handed over.
    const own = app.fake.shareFile({ name: 'supplier-check.csv', bytes: csvOf(codes) });
    app.fake.postMessage({
      channel: CHANNEL,
      threadTs: parent,
      files: [own],
      user: DEFAULT_WORKSPACE.botUserId,
      botId: DEFAULT_WORKSPACE.botId,
    });
    return { parent, newestId: String(newer.id) };
  }

  it('@dq 核查这个名单 plans the newest XLSX of the thread, read page by page, calling nothing before Start', async () => {
    app = await startTestApp({ clock: pinnedClock() });
    // Pages of three, as a thread is read when Slack caps them: the newest file is on the last page.
    app.fake.capRepliesPage(3);
    const { parent, newestId } = await thread();

    await app.mention('核查这个名单', { threadTs: parent });
    const plan = await planFor();
    const reads = app.fake.calls('conversations.replies');
    expect(reads.length).toBeGreaterThanOrEqual(3);
    expect(reads.every((call) => call.args.channel === CHANNEL && call.args.ts === parent)).toBe(true);
    expect(reads[0]!.token).toMatch(/^xoxb-/);
    expect(app.fake.calls('files.info').map((call) => call.args.file)).toEqual([newestId]);

    const text = allText(postedMessage(plan));
    expect(text).toContain('供应商名单-终版.xlsx');
    expect(text).toContain('*读取行数*：2 · *去重后供应商*：2');
    expect(text).toContain('*需查询*：2 × 20 币 = *40 币*');
    assertWithinSlackLimits(postedMessage(plan), 'message');
    await app.settle();
    expect(app.upstreamCalls(TAXPAYER)).toHaveLength(0);

    const ts = (plan.response as { ts?: string }).ts!;
    const value = buttonNamed(postedMessage(plan), ACTION.supplierCheckStart)!.value!;
    await app.click(ACTION.supplierCheckStart, value, {
      channelId: dmChannelFor(DEFAULT_USER_ID),
      messageTs: ts,
      ephemeral: false,
    });
    await app.nextCall('files.completeUploadExternal', () => true, 20_000);
    expect(app.upstreamCalls(TAXPAYER)).toHaveLength(2);
    expect(app.simulator.stats().coinsByKey[TEST_API_KEY]).toBe(40);
  });

  it('@dq check these in a thread with no list, or at the top of a channel, says how to share one; nothing charged', async () => {
    app = await startTestApp({ clock: pinnedClock() });
    const parent = app.fake.postMessage({ channel: CHANNEL, text: 'Who are our suppliers?' });
    app.fake.postMessage({ channel: CHANNEL, threadTs: parent, text: 'see the attachment (forgot it)' });
    const photo = app.fake.shareFile({ name: 'photo.png', bytes: Buffer.from([0x89, 0x50]), mimetype: 'image/png' });
    app.fake.postMessage({ channel: CHANNEL, threadTs: parent, files: [photo] });

    await app.mention('please check these', { threadTs: parent });
    const none = await planFor();
    expect(allText(postedMessage(none))).toContain('No CSV or XLSX file was shared earlier in this thread');
    expect(allText(postedMessage(none))).toContain('`@dq check these` with the file');
    expect(app.fake.calls('files.info')).toEqual([]);

    const readsBefore = app.fake.calls('conversations.replies').length;
    await app.mention('核查这个名单');
    const top = await planFor();
    expect(allText(postedMessage(top))).toContain('这个消息列里之前没有人发过 CSV 或 XLSX 文件');
    // A mention at the top of a channel starts its thread: there is nothing earlier to read.
    expect(app.fake.calls('conversations.replies')).toHaveLength(readsBefore);
    expect(app.simulator.stats().coinsByKey[TEST_API_KEY] ?? 0).toBe(0);
  });

  it('an install without channels:history is told which permission to add, and how to go on meanwhile', async () => {
    app = await startTestApp({ clock: pinnedClock() });
    app.fake.withoutScopes('channels:history');
    const { parent } = await thread();
    await app.mention('check this list', { threadTs: parent });
    const answer = allText(postedMessage(await planFor()));
    expect(answer).toContain('it needs the `channels:history` permission (an admin reinstalls the app)');
    expect(answer).toContain('Nothing was charged');
    expect(app.fake.calls('files.info')).toEqual([]);
  });

  it('a mention with other words in the same thread is still a lookup, not a list check', async () => {
    app = await startTestApp({ clock: pinnedClock() });
    const { parent } = await thread();
    await app.mention(`${codes[0]} 纳税人`, { threadTs: parent });
    await app.nextCall('chat.postMessage', (call) => call.args.thread_ts === parent);
    expect(app.fake.calls('conversations.replies')).toEqual([]);
    expect(app.fake.calls('files.info')).toEqual([]);
  });
});

/**
 * "Look up in dq" on a message that lists suppliers one a line: their check is planned as a pasted
 * list's is, costs first in the person's direct messages, with a line saying so where the shortcut
 * was used. A message naming one or two things in passing still gets its lookups offered.
 */
describe('the message shortcut on a message listing suppliers', () => {
  let app: TestApp;

  afterEach(async () => {
    await app?.close();
  });

  const [first, second, third] = TAXPAYER_CATALOGUE;
  const planFor = () => app.nextCall('chat.postMessage', (call) => call.args.channel === DEFAULT_USER_ID);

  it('plans the listed suppliers (a mistyped code listed unreadable), calling nothing before Start', async () => {
    app = await startTestApp({ clock: pinnedClock() });
    const mistyped = first!.creditNo.slice(0, 17) + (first!.creditNo[17] === '0' ? '1' : '0');
    const text = [
      'Vendors for the Q1 tender, please vet:',
      `1. ${first!.creditNo}`,
      `2. ${second!.enterpriseName}`,
      `3. ${mistyped}`,
      `4. ${third!.enterpriseName}`,
      `5. ${first!.creditNo}`,
      'Thanks!',
    ].join('\n');
    const sent = await app.messageShortcut(SHORTCUT.lookUp, { text, user: 'U0SOMEONE1' });
    expect(sent.status).toBe(200);
    const reply = await app.nextResponse(sent.responseId);
    expect(allText(reply)).toContain(
      'The costs of checking the 3 suppliers this message lists are in your direct messages',
    );
    expect(buttonsOf(reply)).toEqual([]);

    const plan = await planFor();
    const planText = allText(postedMessage(plan));
    expect(planText).toContain('*List:* the message you used the shortcut on');
    expect(planText).toContain('*Rows read:* 5 · *distinct suppliers:* 3');
    expect(planText).toContain(`${mistyped} — A credit code whose check character is wrong`);
    expect(planText).toContain('*To look up:* 3 × 20 coins = *60 coins*');
    assertWithinSlackLimits(postedMessage(plan), 'message');
    await app.settle();
    expect(app.upstreamCalls(TAXPAYER)).toHaveLength(0);

    const ts = (plan.response as { ts?: string }).ts!;
    const value = buttonNamed(postedMessage(plan), ACTION.supplierCheckStart)!.value!;
    await app.click(ACTION.supplierCheckStart, value, {
      channelId: dmChannelFor(DEFAULT_USER_ID),
      messageTs: ts,
      ephemeral: false,
    });
    await app.nextCall('files.completeUploadExternal', () => true, 20_000);
    expect(app.upstreamCalls(TAXPAYER)).toHaveLength(3);
    expect(app.simulator.stats().coinsByKey[TEST_API_KEY]).toBe(60);
  });

  it('a cancelled plan of a message says to use the shortcut again', async () => {
    app = await startTestApp({ clock: pinnedClock() });
    const text = [first!.creditNo, second!.creditNo].join('\n');
    await app.messageShortcut(SHORTCUT.lookUp, { text, user: 'U0SOMEONE1' });
    const plan = await planFor();
    const ts = (plan.response as { ts?: string }).ts!;
    const message = postedMessage(plan);
    const actions = message.blocks!.find((block) => block.type === 'actions') as { block_id?: string };
    const options = {
      channelId: dmChannelFor(DEFAULT_USER_ID),
      messageTs: ts,
      ephemeral: false,
      blockId: actions.block_id!,
    };
    await app.click(ACTION.supplierCheckCancel, 'cancel', options);
    await app.nextCall('chat.update', (call) => call.args.ts === ts);
    await app.click(ACTION.supplierCheckCancel, 'cancel', options);
    const gone = await app.nextCall('chat.update', (call) => call.args.ts === ts);
    expect(allText(postedMessage(gone))).toContain('Use the shortcut *Look up in dq* on the message again');
  });

  it('a sentence naming one company still offers its lookups, one by one', async () => {
    app = await startTestApp({ clock: pinnedClock() });
    const sent = await app.messageShortcut(SHORTCUT.lookUp, {
      text: `周会纪要：和${first!.enterpriseName}谈了合作。\n下周再议。`,
      user: 'U0SOMEONE1',
    });
    const reply = await app.nextResponse(sent.responseId);
    expect(buttonsOf(reply).length).toBeGreaterThan(0);
    await app.settle();
    expect(app.fake.calls('chat.postMessage').filter((call) => call.args.channel === DEFAULT_USER_ID)).toEqual([]);
  });
});

/**
 * "Watch all" under a check's results: its costs first (how many watches, where, per check, the
 * budget), then Add saves a taxpayer watch for each found company the channel does not watch yet,
 * within the watch caps; the admins only, as for any watch.
 */
describe('watching the companies a check found', () => {
  let app: TestApp;

  afterEach(async () => {
    await app?.close();
  });

  const codes = TAXPAYER_CATALOGUE.slice(10, 15).map((record) => record.creditNo);
  const DM = dmChannelFor(DEFAULT_USER_ID);

  /** Shares `codes` with a mention in the channel, starts the check and resolves with its summary's ts. */
  async function checked(userId = DEFAULT_USER_ID): Promise<{ ts: string; summary: ReturnType<typeof postedMessage> }> {
    const file = app.fake.shareFile({ name: 'vendors.csv', bytes: csvOf(codes), user: userId });
    await app.mention('check these', { files: [file], userId });
    const plan = await app.nextCall('chat.postMessage', (call) => call.args.channel === userId);
    const ts = (plan.response as { ts?: string }).ts!;
    const value = buttonNamed(postedMessage(plan), ACTION.supplierCheckStart)!.value!;
    await app.click(ACTION.supplierCheckStart, value, {
      channelId: dmChannelFor(userId),
      messageTs: ts,
      ephemeral: false,
      userId,
    });
    await app.nextCall('files.completeUploadExternal', () => true, 20_000);
    await app.nextCall('files.completeUploadExternal', () => true, 20_000);
    const edits = app.fake.calls().filter((call) => call.method === 'chat.update' && call.args.ts === ts);
    return { ts, summary: postedMessage(edits.at(-1)!) };
  }

  const companyWatches = async () =>
    (await app.slack.deps.watches.list(DEFAULT_WORKSPACE.teamId, CHANNEL)).filter(
      (watch) => watch.target.kind === 'company',
    );

  it('offers the found companies not yet watched, at their cost, and Add saves them within the caps, never twice', async () => {
    app = await startTestApp({
      clock: pinnedClock(),
      digest: { caps: { ...DEFAULT_CAPS, watches: { perPerson: 3, perChannel: 50, perWorkspace: 500 } } },
    });
    // The channel watches the first company already.
    const { watch } = await app.slack.deps.watches.prepare({
      kind: 'company',
      subject: codes[0]!,
      cadence: 'daily',
      time: '08:00',
      teamId: DEFAULT_WORKSPACE.teamId,
      channelId: CHANNEL,
      createdBy: DEFAULT_USER_ID,
    });
    await app.slack.deps.watches.save(watch);

    const { ts, summary } = await checked();
    const watchAll = buttonNamed(summary, ACTION.supplierWatchAll)!;
    expect(watchAll.text.text).toBe('Watch all found (5)');
    assertWithinSlackLimits(summary, 'message');
    const paid = app.simulator.stats().coinsByKey[TEST_API_KEY];

    await app.click(ACTION.supplierWatchAll, watchAll.value!, { channelId: DM, messageTs: ts, ephemeral: false });
    const offer = await app.nextCall(
      'chat.postMessage',
      (call) => call.args.channel === DEFAULT_USER_ID && String(call.args.text).includes('Watch the list'),
    );
    const offerText = allText(postedMessage(offer));
    expect(offerText).toContain(
      `*Watches to add:* 2 taxpayer watches in <#${CHANNEL}>, each checked every Monday at 09:00`,
    );
    expect(offerText).toMatch(
      /\*Each check of each watch:\* 20 coins · \*all of them, next 30 days:\* about \d+ coins/,
    );
    expect(offerText).toContain('*Watched there already, left out:* 1');
    expect(offerText).toContain(
      '*Over the watch limit, not added:* 2 (the limit is 3; an admin can raise it with `WATCH_MAX_PER_PERSON`)',
    );
    expect(offerText).toContain("*The workspace's budget:* no daily limit");
    assertWithinSlackLimits(postedMessage(offer), 'message');
    // Nothing saved before Add.
    expect(await companyWatches()).toHaveLength(1);

    const add = buttonNamed(postedMessage(offer), ACTION.supplierWatchAllAdd)!;
    expect(add.text.text).toBe('Add 2 watches');
    const offerTs = (offer.response as { ts?: string }).ts!;
    // An Add whose offer is no longer what would be added (watches changed since) is priced again in
    // its place, and saves nothing.
    const [planId] = add.value!.split(':');
    await app.click(ACTION.supplierWatchAllAdd, `${planId}:000000000000`, {
      channelId: DM,
      messageTs: offerTs,
      ephemeral: false,
    });
    const repriced = await app.nextCall('chat.update', (call) => call.args.ts === offerTs);
    expect(buttonNamed(postedMessage(repriced), ACTION.supplierWatchAllAdd)!.value).toBe(add.value);
    expect(await companyWatches()).toHaveLength(1);
    await app.click(ACTION.supplierWatchAllAdd, add.value!, { channelId: DM, messageTs: offerTs, ephemeral: false });
    const done = await app.nextCall('chat.update', (call) => call.args.ts === offerTs);
    expect(allText(postedMessage(done))).toContain(`Added 2 taxpayer watches in <#${CHANNEL}>`);
    expect(allText(postedMessage(done))).toContain('1 of the companies was watched there already');
    expect(allText(postedMessage(done))).toContain('2 were not added: the watch limit (3) was reached');
    const watched = (await companyWatches()).map((saved) => (saved.target as { keyword: string }).keyword);
    expect(watched.sort()).toEqual([codes[0], codes[1], codes[2]].sort());

    // Watch all again offers nothing more: the same companies are never watched twice, and the cap is said.
    await app.click(ACTION.supplierWatchAll, watchAll.value!, { channelId: DM, messageTs: ts, ephemeral: false });
    const again = await app.nextCall(
      'chat.postMessage',
      (call) => call.args.channel === DEFAULT_USER_ID && String(call.args.text).includes('WATCH_MAX_PER_PERSON'),
    );
    expect(allText(postedMessage(again))).toContain('Nothing was saved or charged');
    expect(buttonsOf(postedMessage(again))).toEqual([]);
    expect(await companyWatches()).toHaveLength(3);
    // Saving watches looks nothing up.
    expect(app.simulator.stats().coinsByKey[TEST_API_KEY]).toBe(paid);
  });

  it('someone who is not an admin is told so, and nothing is saved', async () => {
    app = await startTestApp({ clock: pinnedClock() });
    const member = 'U0MEMBER01';
    app.fake.setUser(member, { is_admin: false, is_owner: false, is_primary_owner: false });
    const { ts, summary } = await checked(member);
    const watchAll = buttonNamed(summary, ACTION.supplierWatchAll)!;
    await app.click(ACTION.supplierWatchAll, watchAll.value!, {
      channelId: dmChannelFor(member),
      messageTs: ts,
      ephemeral: false,
      userId: member,
    });
    const refusal = await app.nextCall(
      'chat.postMessage',
      (call) => call.args.channel === member && String(call.args.text).includes('admins'),
    );
    expect(allText(postedMessage(refusal))).toContain("Only the app's admins");
    expect(await companyWatches()).toEqual([]);
  });
});
