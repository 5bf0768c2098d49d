import { afterEach, describe, expect, it } from 'vitest';
import { pinnedClock } from '../../support/clocks.js';
import { readCsv } from '../../support/csvFile.js';
import { DEFAULT_USER_ID } from '../../support/slack/index.js';
import { allText, buttonNamed, type SlackResponseBody, startTestApp, type TestApp } from '../../support/slackApp.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';

/** Issue 37, item 12: a month's costs by person and operation, as CSV too, and a warning before a budget runs out. */

const ALICE = 'U0ALICE001';
const BOB = 'U0BOB00002';
const CHANNEL = 'C0COSTS001';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function start(options: Parameters<typeof startTestApp>[0] = {}): Promise<TestApp> {
  const app = await startTestApp(options);
  apps.push(app);
  return app;
}

async function ask(
  app: TestApp,
  text: string,
  userId: string,
  command = '/dq',
): Promise<{ sent: { responseId: string }; reply: SlackResponseBody }> {
  const sent = await app.command(text, { command, userId, channelId: CHANNEL });
  const reply = await app.nextResponse(sent.responseId);
  assertWithinSlackLimits(reply, 'message');
  return { sent, reply };
}

describe('usage of a chosen month, by person and operation', () => {
  it('/dq usage 2026-11 names each person’s coins by operation; its CSV goes to the asker’s DM; another month says it spent nothing', async () => {
    const app = await start();
    // An admin of the workspace in Slack, and so of the app: everyone's spending is theirs to read.
    app.fake.setUser(ALICE, { is_admin: true });
    await ask(app, '000001', ALICE, '/fund-asset');
    await ask(app, 'CL 5m 30', ALICE, '/futures');
    await ask(app, '杭州华信', BOB, '/taxpayer');
    const { reply } = await ask(app, 'usage 2026-11', ALICE);
    const text = allText(reply);
    expect(text).toContain('Data service usage, November 2026');
    expect(text).toContain('By person and operation');
    expect(text).toContain(`<@${ALICE}>: 15 coins (2 calls) — Fund asset size history 10 · Futures candlesticks 5`);
    expect(text).toContain(`<@${BOB}>: 20 coins (1 call) — Taxpayer record 20`);
    // The same in Chinese words, and the month before: nothing.
    expect(allText((await ask(app, '用量 上月', BOB)).reply)).toContain('2026年10月没有扣费的查询');

    const csvButton = buttonNamed(reply, 'dq_usage_csv');
    expect(csvButton?.value).toBe('2026-11:en');
    const click = await app.click('dq_usage_csv', csvButton!.value!, {
      userId: ALICE,
      channelId: CHANNEL,
      ephemeral: true,
    });
    expect(allText(await app.nextResponse(click.responseId))).toContain(
      'The CSV of November 2026 (3 rows) is in your direct messages with the app',
    );
    const [upload] = app.fake.uploads();
    expect(upload?.filename).toMatch(/^usage-\w+-2026-11\.csv$/);
    expect(upload?.completed?.channelId).toMatch(/^D/);
    const csv = readCsv(upload!.bytes!);
    expect(csv.rows[0]).toEqual(['Month', 'Person', 'Operation', 'Coins', 'Calls', 'Of which timed out']);
    expect(csv.rows.slice(1)).toEqual([
      ['2026-11', BOB, 'Taxpayer record', '20', '1', '0'],
      ['2026-11', ALICE, 'Fund asset size history', '10', '1', '0'],
      ['2026-11', ALICE, 'Futures candlesticks', '5', '1', '0'],
    ]);
    // Nothing in it was paid for: the file is read from the ledger.
    expect(app.upstreamCalls()).toHaveLength(3);

    // Asked for in Chinese by a reader whose Slack is in English: the CSV and what is said of it are in Chinese.
    const chinese = (await ask(app, '用量 2026-11', ALICE)).reply;
    const chineseClick = await app.click('dq_usage_csv', buttonNamed(chinese, 'dq_usage_csv')!.value!, {
      userId: ALICE,
      channelId: CHANNEL,
      ephemeral: true,
    });
    expect(allText(await app.nextResponse(chineseClick.responseId))).toMatch(/2026年11月/);
    expect(readCsv(app.fake.uploads()[1]!.bytes!).rows[0]![0]).not.toBe('Month');
  });

  it('a member sees only their own spending: /dq usage, a month and its CSV name nobody else (issue 42.11)', async () => {
    const app = await start();
    await ask(app, '000001', ALICE, '/fund-asset');
    await ask(app, '杭州华信', BOB, '/taxpayer');
    const today = allText((await ask(app, 'usage', BOB)).reply);
    expect(today).toContain('Coins your own lookups spent on the data service.');
    expect(today).toContain('*Today*\n20 coins · 1 call');
    expect(today).not.toContain(ALICE);
    expect(today).not.toContain('By user');
    const { reply } = await ask(app, 'usage 2026-11', BOB);
    const month = allText(reply);
    expect(month).toContain('Coins your own lookups spent on the data service in November 2026: 20 coins (1 call).');
    expect(month).toContain(`<@${BOB}>: 20 coins (1 call) — Taxpayer record 20`);
    expect(month).not.toContain(ALICE);
    const click = await app.click('dq_usage_csv', buttonNamed(reply, 'dq_usage_csv')!.value!, {
      userId: BOB,
      channelId: CHANNEL,
      ephemeral: true,
    });
    expect(allText(await app.nextResponse(click.responseId))).toContain('(1 row)');
    expect(readCsv(app.fake.uploads()[0]!.bytes!).rows.slice(1)).toEqual([
      ['2026-11', BOB, 'Taxpayer record', '20', '1', '0'],
    ]);
    // The workspace's owner in Slack (DEFAULT_USER_ID) is an admin: both of them.
    const owner = allText((await ask(app, 'usage 2026-11', DEFAULT_USER_ID)).reply);
    expect(owner).toContain(`<@${ALICE}>`);
    expect(owner).toContain(`<@${BOB}>`);
  });

  it('the Home tab offers this month’s CSV to the admins only', async () => {
    const app = await start({ env: { ADMIN_USER_IDS: ALICE } });
    const admin = await app.openHome(ALICE);
    expect(JSON.stringify(admin.view.blocks)).toContain('"action_id":"dq_usage_csv"');
    const other = await app.openHome(BOB);
    expect(JSON.stringify(other.view.blocks)).not.toContain('dq_usage_csv');
  });
});

describe('a private warning when a person passes 80% of a daily budget', () => {
  it('comes once a day, after the lookup that passed it, and again the next day', async () => {
    const pinned = pinnedClock();
    let daysOn = 0;
    const clock = { ...pinned, now: () => pinned.now() + daysOn * 86_400_000 };
    const app = await start({ budgets: { userDaily: 50 }, clock });
    const warnings = (responseId: string) =>
      app
        .responses(responseId)
        .map((body) => allText(body))
        .filter((text) => text.includes('daily budget of'));
    // The warning follows the answer: waited for where it is due (a busy machine takes more than a
    // moment), and given a moment where none is.
    const warned = (responseId: string) =>
      app.nextResponse(responseId, (body) => allText(body).includes('daily budget of'));
    const spends = [];
    for (const [index, code] of ['000001', '110022', '161725', '510300', '000198'].entries()) {
      const { sent } = await ask(app, code, ALICE, '/fund-asset');
      await (index === 3 ? warned(sent.responseId) : app.settle());
      spends.push(warnings(sent.responseId));
    }
    // 10, 20, 30 coins: nothing; 40 of 50 (80%): the warning; 50: no second one the same day.
    expect(spends.map((found) => found.length)).toEqual([0, 0, 0, 1, 0]);
    expect(spends[3]![0]).toContain('You have used 40 coins of your daily budget of 50 coins (80%)');
    // Someone else is not warned about Alice's budget.
    const { sent } = await ask(app, '000001', BOB, '/fund-asset');
    await app.settle();
    expect(warnings(sent.responseId)).toEqual([]);
    // The next day the budget starts again, and so does the warning.
    daysOn = 1;
    const nextDay = [];
    for (const [index, code] of ['000001', '110022', '161725', '510300'].entries()) {
      const asked = await ask(app, code, ALICE, '/fund-asset');
      await (index === 3 ? warned(asked.sent.responseId) : app.settle());
      nextDay.push(warnings(asked.sent.responseId).length);
    }
    expect(nextDay).toEqual([0, 0, 0, 1]);
  });
});
