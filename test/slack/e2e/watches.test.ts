import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../../src/core/clock.js';
import { DEFAULT_CAPS } from '../../../src/core/jobs/caps.js';
import { createStore } from '../../../src/core/store/index.js';
import { TAXPAYER_CATALOGUE } from '../../../src/simulator/data/taxpayerCatalogue.js';
import { PINNED_AT, pinnedClock } from '../../support/clocks.js';
import { DEFAULT_USER_ID, DEFAULT_WORKSPACE } from '../../support/slack/index.js';
import {
  allText,
  buttonNamed,
  buttonsOf,
  type SlackResponseBody,
  startTestApp,
  type TestApp,
} from '../../support/slackApp.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';

/** Watches end to end: `/dq watch add` → preview with its cost → Save → checks on the scheduler → a post in the channel. */

const TEAM = DEFAULT_WORKSPACE.teamId;
/** Who adds the watches: the workspace's owner in Slack (DEFAULT_USER_ID), an admin of the app by default. */
const OWNER = DEFAULT_USER_ID;
const MEMBER = 'U0MEMBER02';
const CHANNEL = 'C0SUPPLIERS';
const SUPPLIER = TAXPAYER_CATALOGUE[1]!;
const NEW_RATING = SUPPLIER.taxCreditRating === 'D' ? 'A' : 'D';
const HOUR = 3_600_000;
/** 09:01 in Shanghai on the days after PINNED_AT (Sunday 2026-11-22 10:00). */
const nineOnDay = (day: number) => Date.parse('2026-11-23T09:01:00+08:00') + day * 24 * HOUR;

const directory = await mkdtemp(join(tmpdir(), 'dq-watch-e2e-'));
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function start(storePath: string, startAt = PINNED_AT): Promise<TestApp> {
  const app = await startTestApp({ store: await createStore(`sqlite://${storePath}`), clock: pinnedClock(startAt) });
  apps.push(app);
  return app;
}

async function ask(app: TestApp, text: string, userId = OWNER, channelId = CHANNEL): Promise<SlackResponseBody> {
  const sent = await app.command(text, { userId, channelId });
  expect(sent.status).toBe(200);
  const reply = await app.nextResponse(sent.responseId, undefined, 15_000);
  assertWithinSlackLimits(reply, 'message');
  return reply;
}

/** Adds a watch the way a person does: the command shows the cost, Save stores it. */
async function addWatch(
  app: TestApp,
  text: string,
  userId = OWNER,
): Promise<{ preview: SlackResponseBody; saved: SlackResponseBody; id: string }> {
  const preview = await ask(app, text, userId);
  const save = buttonNamed(preview, 'dq_watch_save');
  expect(save, allText(preview)).toBeDefined();
  const click = await app.click('dq_watch_save', save!.value!, { userId, channelId: CHANNEL, ephemeral: true });
  const saved = await app.nextResponse(click.responseId, undefined, 15_000);
  const id = /`([0-9a-f]{8})`/.exec(allText(saved))?.[1] ?? '';
  return { preview, saved, id };
}

function channelPosts(app: TestApp) {
  return app.fake.calls('chat.postMessage').filter((call) => call.args.channel === CHANNEL);
}

async function coinsSpent(app: TestApp): Promise<number> {
  const entries = await app.client.ledger.entries(TEAM, PINNED_AT - HOUR, PINNED_AT + 40 * 24 * HOUR);
  return entries.filter((entry) => entry.source === 'watch').reduce((sum, entry) => sum + entry.coins, 0);
}

describe('a watch on a simulated supplier', () => {
  it('shows its cost before saving, records a baseline, posts exactly one before/after when the credit rating changes, and survives a restart', async () => {
    const path = join(directory, 'restart.sqlite');
    let app = await start(path);
    const { preview, saved, id } = await addWatch(app, `watch add taxpayer ${SUPPLIER.creditNo} daily 09:00`);
    expect(allText(preview)).toContain('Costs 20 coins per check; 30 checks in the next 30 days: 600 coins.');
    expect(allText(preview)).toContain('The first check records the current values and posts nothing');
    expect(allText(saved)).toContain('Watch saved.');
    expect(id).toMatch(/^[0-9a-f]{8}$/);
    expect(app.upstreamCalls()).toEqual([]);

    await app.slack.watchScheduler.tick(nineOnDay(0));
    expect(channelPosts(app)).toEqual([]);
    expect(app.upstreamCalls('enterprise-general-taxpayer-query')).toHaveLength(1);

    // The app restarts: the watch, its schedule and its baseline are read back from the store.
    await app.close();
    apps.splice(apps.indexOf(app), 1);
    // An hour later: time goes on across a restart (the cache entry of the first check is older than any later check).
    app = await start(path, PINNED_AT + HOUR);
    expect(await app.slack.deps.watches.find(TEAM, id)).toMatchObject({
      channelId: CHANNEL,
      createdBy: OWNER,
      state: { kind: 'company' },
    });

    app.simulator.changeData({
      kind: 'taxpayer',
      creditNo: SUPPLIER.creditNo,
      fields: { taxCreditRating: NEW_RATING },
    });
    await app.slack.watchScheduler.tick(nineOnDay(1));
    await app.slack.watchScheduler.tick(nineOnDay(1) + 60_000);
    await app.slack.watchScheduler.tick(nineOnDay(2));
    const posts = channelPosts(app);
    expect(posts).toHaveLength(1);
    const post = {
      text: posts[0]!.args.text as string,
      blocks: posts[0]!.args.blocks as Array<Record<string, unknown>>,
    };
    assertWithinSlackLimits(post, 'message');
    const shown = allText(post);
    expect(shown).toContain(`${SUPPLIER.enterpriseName} changed`);
    expect(shown).toContain('Tax credit rating');
    expect(shown).toMatch(
      new RegExp(`Before[\\s\\S]*After[\\s\\S]*\\*Tax credit rating\\*\\n${SUPPLIER.taxCreditRating}\\n${NEW_RATING}`),
    );
    expect(shown).toContain(`Watch \`${id}\``);
    expect(buttonNamed(post, 'dq_watch_stop')?.value).toBe(id);
    // What the form said: 20 coins a check, one check a day (baseline, change, no change).
    expect(app.upstreamCalls('enterprise-general-taxpayer-query')).toHaveLength(2);
    expect(await coinsSpent(app)).toBe(3 * 20);
  });

  it('Save in a channel the app is not in is refused with the /invite hint; nothing is saved or spent', async () => {
    const app = await start(join(directory, 'not-member.sqlite'));
    app.fake.setChannelError(CHANNEL, 'not_in_channel');
    const { saved } = await addWatch(app, `watch add taxpayer ${SUPPLIER.creditNo} daily 09:00`);
    expect(allText(saved)).toContain(`The app is not in <#${CHANNEL}>`);
    expect(allText(saved)).toContain('/invite @dq');
    expect(await app.slack.deps.watches.list(TEAM)).toEqual([]);
    expect(app.upstreamCalls()).toEqual([]);
  });

  it('"Stop watching" is refused to others and removes the watch for its creator', async () => {
    const app = await start(join(directory, 'stop.sqlite'));
    const { id } = await addWatch(app, `watch add fund 000001 change:5% weekdays 18:00`);
    const refused = await app.click('dq_watch_stop', id, { userId: MEMBER, channelId: CHANNEL });
    expect(allText(await app.nextResponse(refused.responseId))).toContain(
      `Only <@${OWNER}> (who added it) or an admin may change watch ${id}.`,
    );
    expect(await app.slack.deps.watches.find(TEAM, id)).toBeDefined();
    const stopped = await app.click('dq_watch_stop', id, { userId: OWNER, channelId: CHANNEL });
    expect(allText(await app.nextResponse(stopped.responseId))).toContain(`Stopped watching fund \`000001\``);
    expect(await app.slack.deps.watches.find(TEAM, id)).toBeUndefined();
    expect(app.upstreamCalls()).toEqual([]);
  });

  it('list, pause, resume, run and remove, with the cost per month of each', async () => {
    const app = await start(join(directory, 'manage.sqlite'));
    const { id } = await addWatch(app, 'watch add futures CL daily above:75 weekdays 16:00');
    const list = allText(await ask(app, 'watch list'));
    expect(list).toContain(`\`${id}\` CL (daily candles) closing above 75`);
    expect(list).toContain('Costs 5 coins per check');
    expect(allText(await ask(app, `watch pause ${id}`))).toContain('is paused');
    expect((await app.slack.deps.watches.find(TEAM, id))?.paused).toBeDefined();
    expect(allText(await ask(app, `watch resume ${id}`))).toContain('running again');
    expect(allText(await ask(app, `watch run ${id}`, MEMBER))).toContain(`Only <@${OWNER}>`);
    expect(allText(await ask(app, `watch run ${id}`))).toContain(
      `Watch ${id} for <#${CHANNEL}>: recorded the current values (5 coins).`,
    );
    expect(allText(await ask(app, `watch remove ${id}`))).toContain('Stopped watching');
    expect(allText(await ask(app, 'watch list'))).toContain('This channel has no watches.');
  });

  it("in Chinese: the words beside the English ones, the post in the watch's language, service text inert", async () => {
    const app = await start(join(directory, 'chinese.sqlite'));
    const company = TAXPAYER_CATALOGUE[2]!;
    const { preview, id } = await addWatch(app, `关注 添加 纳税人 ${company.creditNo} 每天 09:00 语言:中文`);
    // Typed in Chinese by a reader whose Slack is in English: answered in Chinese.
    expect(allText(preview)).toContain('每次检查 20 币');
    await app.slack.watchScheduler.tick(nineOnDay(0));
    app.simulator.changeData({
      kind: 'taxpayer',
      creditNo: company.creditNo,
      fields: { operatingStatus: '<!channel> *注销*', legalPerson: '<@U0OTHER> `x`' },
    });
    await app.slack.watchScheduler.tick(nineOnDay(1));
    const [post] = channelPosts(app);
    expect(post).toBeDefined();
    const message = { text: post!.args.text as string, blocks: post!.args.blocks as Array<Record<string, unknown>> };
    const shown = allText(message);
    expect(shown).toContain('变化前');
    expect(shown).toContain('变化后');
    expect(shown).toContain(`关注 \`${id}\``);
    expect(shown).toContain('有 2 项变化');
    // The service's words are shown, never acted on: plain text cells, an escaped notification text.
    expect(message.text).not.toMatch(/<!channel>|<@U0OTHER>/);
    const mrkdwnTexts =
      JSON.stringify(message.blocks.filter((block) => block.type !== 'header')).match(
        /"type":"mrkdwn","text":"[^"]*"/g,
      ) ?? [];
    for (const text of mrkdwnTexts) expect(text).not.toMatch(/<!channel>|<@U0OTHER>/);
    expect(shown).toContain('<!channel> *注销*');
  });

  it('refuses before spending: a wrong fund code, hourly on a taxpayer record, a futures watch without a level', async () => {
    const app = await start(join(directory, 'refusals.sqlite'));
    expect(allText(await ask(app, 'watch add fund 12345 daily 09:00'))).toMatch(/fund code|6 digits/i);
    expect(allText(await ask(app, `watch add taxpayer ${SUPPLIER.creditNo} hourly`))).toContain(
      'Hourly checks are for futures',
    );
    expect(allText(await ask(app, 'watch add futures CL daily 16:00'))).toContain('one level');
    expect(allText(await ask(app, 'watch frobnicate'))).toContain('is not a watch command');
    // The issue's example: the refusal says what is missing, then a way that works.
    const noSchedule = allText(await ask(app, 'watch add futures CL above 80'));
    expect(noSchedule).toContain('The schedule is missing: say how often and at what time to check');
    expect(noSchedule).toContain('/dq watch add futures CL daily above:75 weekdays 16:00');
    expect(noSchedule).not.toMatch(/^Use:/);
    app.fake.setUser('U0ZHWATCH1', { locale: 'zh-CN', is_admin: true });
    const inChinese = allText(await ask(app, '关注 添加 期货 CL 高于 80', 'U0ZHWATCH1'));
    expect(inChinese).toContain('缺少检查周期');
    // A period the watch does not know is refused as a period, not read into the contract's symbol;
    // a symbol refused is named as /futures names it, with an example of a futures watch in the reader's words.
    expect(allText(await ask(app, 'watch add futures CL 3m above:75 weekdays 16:00'))).toContain(
      '"3m" is not a candle period; use one of daily, 1m, 5m, 15m, 30m, 1h, 2h, 4h, weekly, monthly.',
    );
    const badSymbol = allText(await ask(app, 'watch add futures 1CL 1d above:75 weekdays 16:00'));
    expect(badSymbol).toContain('• *the symbol* must be letters or digits starting with a letter');
    expect(badSymbol).toContain('/dq watch add futures CL daily above:75 weekdays 16:00');
    const badSymbolZh = allText(await ask(app, '关注 添加 期货 1CL 日线 高于:75 工作日 16:00', 'U0ZHWATCH1'));
    expect(badSymbolZh).toMatch(/• \*?品种代码\*?须以字母开头/);
    expect(badSymbolZh).toContain('/dq 关注 添加 期货 CL 日线 高于:75 工作日 16:00');
    expect(badSymbolZh).not.toMatch(/symbol|watch add/);
    // An hourly check's zone is named as every other schedule's: 北京时间 for a Chinese reader.
    expect(allText(await ask(app, '关注 添加 期货 CL 日线 高于:75 每小时', 'U0ZHWATCH1'))).toContain(
      '每小时第 00 分（北京时间）检查',
    );
    expect(allText(await ask(app, 'watch'))).toMatch(/^Watches tell this channel when/);
    expect(app.upstreamCalls()).toEqual([]);
    expect(await app.slack.deps.watches.list(TEAM)).toEqual([]);
  });
});

describe('"Watch this", the watch form and the App Home', () => {
  const ADMIN = 'U0ADMIN777';

  it('a result offers "Watch this"; its form shows the cost of each schedule and saves the watch', async () => {
    const app = await startTestApp({
      env: { ADMIN_USER_IDS: ADMIN },
      digest: { caps: { ...DEFAULT_CAPS, watches: { perPerson: 1, perChannel: 50, perWorkspace: 500 } } },
    });
    apps.push(app);
    const sent = await app.command(`taxpayer ${SUPPLIER.creditNo}`, { userId: ADMIN, channelId: CHANNEL });
    const result = await app.nextResponse(
      sent.responseId,
      (body) => buttonNamed(body, 'dq_watch_this') !== undefined,
      15_000,
    );
    const watchThis = buttonNamed(result, 'dq_watch_this')!;
    expect(watchThis.text.text).toBe('Watch this');
    await app.click('dq_watch_this', watchThis.value!, { userId: ADMIN, channelId: CHANNEL });
    const view = (await app.formIn(await app.nextCall('views.open'))).view as {
      blocks: Array<Record<string, unknown>>;
      callback_id: string;
      private_metadata: string;
    };
    expect(view.callback_id).toBe('dq_watch_add_form');
    assertWithinSlackLimits(view as never, 'modal');
    const shown = allText(view as never);
    expect(shown).toContain(`Watching: Company (taxpayer record) ${SUPPLIER.creditNo}`);
    expect(shown).toContain('Every day · 30 checks, 600 coins in 30 days');
    expect(shown).toContain('Each check costs 20 coins.');
    expect(shown).not.toContain('Every hour');

    const values = {
      'dq:watch:channel': { value: { type: 'conversations_select', selected_conversation: CHANNEL } },
      'dq:watch:cadence': { value: { type: 'static_select', selected_option: { value: 'weekdays' } } },
      'dq:watch:time': { value: { type: 'timepicker', selected_time: '08:45' } },
      'dq:watch:timeZone': { value: { type: 'plain_text_input', value: 'Asia/Shanghai' } },
    };
    // A channel the app is not in goes back onto the form with the /invite hint, saving nothing.
    app.fake.setChannelError(CHANNEL, 'not_in_channel');
    const notMember = await app.submitView('dq_watch_add_form', values, view.private_metadata, {
      userId: ADMIN,
      blocks: view.blocks,
    });
    expect(notMember.response.json).toEqual({
      response_action: 'errors',
      errors: { 'dq:watch:channel': expect.stringContaining('/invite @dq') },
    });
    expect(await app.slack.deps.watches.list(TEAM)).toEqual([]);
    app.fake.setChannelError(CHANNEL, undefined);
    const submitted = await app.submitView('dq_watch_add_form', values, view.private_metadata, {
      userId: ADMIN,
      blocks: view.blocks,
    });
    expect(submitted.status).toBe(200);
    expect(submitted.response.body).toBe('');
    const confirmation = await app.nextCall('chat.postEphemeral', (call) => call.args.user === ADMIN);
    expect(allText({ text: confirmation.args.text as string })).toContain('Watch saved.');
    const [watch] = await app.slack.deps.watches.list(TEAM);
    expect(watch).toMatchObject({
      channelId: CHANNEL,
      createdBy: ADMIN,
      target: { kind: 'company', keyword: SUPPLIER.creditNo },
      schedule: { cadence: { kind: 'weekdays' }, time: '08:45' },
    });

    // The same watch again goes back onto the form, and nothing was spent by either.
    const again = await app.submitView('dq_watch_add_form', values, view.private_metadata, {
      userId: ADMIN,
      blocks: view.blocks,
    });
    expect(again.response.json).toEqual({
      response_action: 'errors',
      errors: { 'dq:watch:channel': expect.stringContaining('already has that watch') },
    });
    // Another watch past the admin's cap (one, here) goes back onto the channel field, naming the cap.
    const daily = {
      ...values,
      'dq:watch:cadence': { value: { type: 'static_select', selected_option: { value: 'daily' } } },
    };
    const capped = await app.submitView('dq_watch_add_form', daily, view.private_metadata, {
      userId: ADMIN,
      blocks: view.blocks,
    });
    expect(capped.response.json).toEqual({
      response_action: 'errors',
      errors: {
        'dq:watch:channel': expect.stringContaining(
          'the most one person may have (an admin can raise it with WATCH_MAX_PER_PERSON)',
        ),
      },
    });
    expect(await app.slack.deps.watches.list(TEAM)).toHaveLength(1);
    expect(app.upstreamCalls()).toHaveLength(1);
  });

  it('the App Home shows an admin every watch with its cost per 30 days, a budget pause, and Add a watch', async () => {
    const app = await startTestApp({ env: { ADMIN_USER_IDS: ADMIN }, budgets: { teamDaily: 5 } });
    apps.push(app);
    await addWatch(app, `watch add taxpayer ${SUPPLIER.creditNo} daily 09:00`, ADMIN);
    await app.slack.watchScheduler.tick(nineOnDay(0));
    const [post] = channelPosts(app);
    expect(allText({ text: post!.args.text as string, blocks: post!.args.blocks as unknown[] })).toContain('is paused');
    const home = await app.openHome(ADMIN);
    const text = allText(home.view as never);
    expect(text).toContain('Watches (every watch in this workspace)');
    expect(text).toContain('Costs 20 coins per check; 30 checks in the next 30 days: 600 coins.');
    expect(text).toContain('Paused:');
    expect(text).toContain('daily budget');
    expect(buttonNamed(home.view as never, 'dq_watch_add')).toBeDefined();
    expect(buttonNamed(home.view as never, 'dq_watch_stop')).toBeDefined();
    assertWithinSlackLimits(home.view as never, 'home');
    expect(app.upstreamCalls()).toEqual([]);
  });
});

describe('a watch paused for the budget', () => {
  /** The pinned clock, which a test can move on to a later instant (the app and the simulator share it). */
  function movableClock(startAt: number): { clock: Clock; moveTo(at: number): void } {
    const base = pinnedClock(startAt);
    let shift = 0;
    return {
      clock: {
        now: () => base.now() + shift,
        sleep: (ms, signal) => base.sleep(ms, signal),
        timer: (ms, fire) => base.timer(ms, fire),
        every: (ms, fire) => base.every(ms, fire),
      },
      moveTo(at) {
        shift += at - (base.now() + shift);
      },
    };
  }

  it("says when it resumes, resumes by itself when the budget day turns (BUDGET_TZ), and a person's pause stays", async () => {
    const time = movableClock(nineOnDay(0) - 2 * HOUR);
    const app = await startTestApp({ clock: time.clock, budgets: { teamDaily: 30 } });
    apps.push(app);
    const { id } = await addWatch(app, `watch add taxpayer ${SUPPLIER.creditNo} daily 09:00`);
    const { id: held } = await addWatch(app, 'watch add fund 000001 daily 09:00');
    expect(allText(await ask(app, `watch pause ${held}`))).toContain('is paused');
    // Someone's lookup leaves 10 coins of today's 30: the 20-coin check does not fit.
    const lookup = await app.command('杭州华信', { command: '/taxpayer', channelId: CHANNEL });
    await app.nextResponse(lookup.responseId);

    time.moveTo(nineOnDay(0));
    await app.slack.watchScheduler.tick(nineOnDay(0));
    const [post] = channelPosts(app);
    const message = { text: post!.args.text as string, blocks: post!.args.blocks as unknown[] };
    assertWithinSlackLimits(message, 'message');
    expect(allText(message)).toContain(`Watch \`${id}\``);
    expect(allText(message)).toContain(
      'it resumes by itself when the budget day turns, at 2026-11-24 00:00 GMT+8 (Asia/Shanghai)',
    );
    expect(allText(message)).toContain(`/dq watch resume ${id} starts it sooner`);
    expect(app.upstreamCalls('enterprise-general-taxpayer-query')).toHaveLength(1);
    expect(await coinsSpent(app)).toBe(0);

    // Still the same budget day: paused, and nothing runs.
    time.moveTo(Date.parse('2026-11-23T23:59:00+08:00'));
    expect((await app.slack.deps.watches.find(TEAM, id))?.paused?.resumesAt).toBe(
      Date.parse('2026-11-24T00:00:00+08:00'),
    );
    expect(allText(await ask(app, 'watch list'))).toContain('Paused:');

    // The budget day has turned: listed as running, and the next scheduled check runs (its baseline).
    time.moveTo(Date.parse('2026-11-24T00:00:00+08:00'));
    expect((await app.slack.deps.watches.find(TEAM, id))?.paused).toBeUndefined();
    time.moveTo(nineOnDay(1));
    await app.slack.watchScheduler.tick(nineOnDay(1));
    expect(app.upstreamCalls('enterprise-general-taxpayer-query')).toHaveLength(2);
    expect(await coinsSpent(app)).toBe(20);
    const stored = await app.slack.deps.watches.repository.get(id);
    expect(stored?.paused).toBeUndefined();
    expect(stored?.lastRun).toMatchObject({ outcome: 'baseline', coinsSpent: 20 });
    expect(channelPosts(app)).toHaveLength(1);

    // Paused by a person: no day lifts that.
    expect((await app.slack.deps.watches.find(TEAM, held))?.paused).toBeDefined();
    expect(app.upstreamCalls('fund-asset')).toEqual([]);
  });
});

describe('the watch example in the general help', () => {
  it.each(['en', 'zh-CN'] as const)(
    '%s: works as shown (a preview with its cost and Save), and the help it points to lists the watch commands',
    async (locale) => {
      const app = await startTestApp();
      apps.push(app);
      const help = allText(await ask(app, locale === 'en' ? 'help' : '帮助'));
      const example = /`\/dq ((?:watch|关注) [^`]+)`/.exec(help)?.[1];
      expect(example, help).toBeDefined();
      const preview = await ask(app, example!);
      expect(buttonNamed(preview, 'dq_watch_save'), allText(preview)).toBeDefined();
      expect(allText(preview)).toMatch(/20 coins|20 币/);
      const more = /`\/dq ((?:help|帮助) (?:watch|关注))`/.exec(help)?.[1];
      expect(allText(await ask(app, more!))).toMatch(/\/dq watch list|\/dq 关注 列表/);
      expect(app.upstreamCalls()).toEqual([]);
    },
  );
});

describe('a watch post on the longest taxpayer record', () => {
  it('in English and in Chinese, every field changed, the posts Slack receives are within its limits', async () => {
    const size = (record: (typeof TAXPAYER_CATALOGUE)[number]) => Object.values(record).join('').length;
    const longest = [...TAXPAYER_CATALOGUE].sort((a, b) => size(b) - size(a))[0]!;
    const app = await start(join(directory, 'longest.sqlite'));
    await addWatch(app, `watch add taxpayer ${longest.creditNo} daily 09:00 lang:en`);
    await addWatch(app, `watch add taxpayer ${longest.creditNo} weekdays 09:00 lang:zh`);
    await app.slack.watchScheduler.tick(nineOnDay(0));
    // Every field but the credit code changes, to values longer than any in the catalogue.
    const fields = Object.fromEntries(
      Object.entries(longest)
        .filter(([field]) => field !== 'creditNo')
        .map(([field, value]) => [field, `${value}${'（变更后）'.repeat(120)}`]),
    );
    app.simulator.changeData({ kind: 'taxpayer', creditNo: longest.creditNo, fields });
    await app.slack.watchScheduler.tick(nineOnDay(1));
    const posts = channelPosts(app).map((call) => ({
      text: call.args.text as string,
      blocks: call.args.blocks as unknown[],
    }));
    expect(posts).toHaveLength(2);
    for (const post of posts) assertWithinSlackLimits(post, 'message');
    const [english, chinese] = [
      posts.find((post) => allText(post).includes('Before')),
      posts.find((post) => allText(post).includes('变化前')),
    ];
    expect(allText(english!)).toContain('11 fields of the record changed');
    expect(allText(chinese!)).toContain('有 11 项变化');
  });
});

describe('a schedule that fits the data', () => {
  it('a fund watch checked every weekday is offered a weekly check, both costs side by side, and Save takes either', async () => {
    const app = await startTestApp();
    apps.push(app);
    const preview = await ask(app, 'watch add fund 000001 weekdays 18:00');
    const shown = allText(preview);
    expect(shown).toContain('Costs 10 coins per check; 21 checks in the next 30 days: 210 coins.');
    expect(shown).toContain(
      'Proposed: every Monday at 18:00 (Asia/Shanghai), as net assets are reported per statistical date, about once a quarter, and a weekly check finds a new date within a week: 5 checks, 50 coins in the next 30 days (the schedule asked for: 21 checks, 210 coins).',
    );
    const saves = buttonsOf(preview).filter((button) => button.action_id === 'dq_watch_save');
    expect(saves.map((button) => button.text.text)).toEqual(['Save watch', 'Save with the proposed schedule']);
    const click = await app.click('dq_watch_save', saves[1]!.value!, { userId: OWNER, channelId: CHANNEL });
    expect(allText(await app.nextResponse(click.responseId))).toContain('Watch saved.');
    const [watch] = await app.slack.deps.watches.list(TEAM);
    expect(watch?.schedule).toEqual({
      cadence: { kind: 'weekly', weekday: 'mon' },
      time: '18:00',
      timeZone: 'Asia/Shanghai',
    });
    // A schedule that fits is said to fit, with one Save.
    const fits = await ask(app, 'watch add futures CL daily above:75 daily 16:00');
    expect(allText(fits)).toContain('This schedule fits the data: a daily candle closes once a day');
    expect(buttonsOf(fits).filter((button) => button.action_id === 'dq_watch_save')).toHaveLength(1);
    expect(app.upstreamCalls()).toEqual([]);
  });

  it('a preview in Chinese to a reader whose Slack is in English: Save, Save with the proposed schedule and Cancel answer in Chinese', async () => {
    const app = await startTestApp();
    apps.push(app);
    const preview = await ask(app, '关注 添加 基金 000001 工作日 18:00');
    expect(allText(preview)).toContain('每次检查 10 币');
    const [save, proposed] = buttonsOf(preview).filter((button) => button.action_id === 'dq_watch_save');
    const cancel = buttonNamed(preview, 'dq_watch_cancel');
    const answerTo = async (actionId: string, value: string) => {
      const click = await app.click(actionId, value, { userId: OWNER, channelId: CHANNEL });
      return allText(await app.nextResponse(click.responseId));
    };
    expect(await answerTo('dq_watch_cancel', cancel!.value!)).toContain('未保存任何内容。');
    const savedProposed = await answerTo('dq_watch_save', proposed!.value!);
    expect(savedProposed).toContain('关注已保存。');
    expect(savedProposed).not.toContain('Watch saved');
    expect(await answerTo('dq_watch_save', save!.value!)).toContain('关注已保存。');
    // The reply's language is not the watch's: its posts are in the channel's (here English) as before.
    const watches = await app.slack.deps.watches.list(TEAM);
    expect(watches.map((watch) => watch.lang)).toEqual([undefined, undefined]);
  });
});
