import { afterEach, describe, expect, it } from 'vitest';
import { createTransport, type Transport } from '../../../src/core/client/http.js';
import { UpstreamError } from '../../../src/core/errors.js';
import { nextRunAfter, type Schedule } from '../../../src/core/jobs/schedule.js';
import { readerText } from '../../../src/core/readerText.js';
import { createStore } from '../../../src/core/store/index.js';
import { shanghaiDayNumber } from '../../../src/simulator/calendar.js';
import { type BidNotice, searchBidNotices } from '../../../src/simulator/data/bidNotices.js';
import { PINNED_AT, type SteerableClock, steerableClock } from '../../support/clocks.js';
import { describeWithRedis, redisUrl } from '../../support/redis.js';
import { DEFAULT_USER_ID, DEFAULT_WORKSPACE } from '../../support/slack/index.js';
import {
  allText,
  buttonNamed,
  type SlackResponseBody,
  startTestApp,
  TEST_API_KEY,
  type TestApp,
} from '../../support/slackApp.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';

/**
 * Saved tender searches end to end, on the simulator's stream of notices and a clock the test moves
 * on from one scheduled check to the next: a simulated month takes seconds. The simulator publishes
 * notices over simulated time (src/simulator/data/bidNotices.ts); what it published between two
 * instants is read from the same stream, and is what the channel must have been told, once each.
 */

const TEAM = DEFAULT_WORKSPACE.teamId;
/** Who adds the watches: the workspace's owner in Slack (DEFAULT_USER_ID), an admin of the app by default. */
const OWNER = DEFAULT_USER_ID;
const CHANNEL = 'C0PROCURE1';
const KEYWORD = '光伏组件';
const BIDS = 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list';
const DAY = 86_400_000;
const WEEKDAYS_NINE: Omit<Schedule, 'timeZone'> = { cadence: { kind: 'weekdays' }, time: '09:00' };

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function ask(app: TestApp, text: string, userId = OWNER): Promise<SlackResponseBody> {
  const sent = await app.command(text, { userId, channelId: CHANNEL });
  expect(sent.status).toBe(200);
  const reply = await app.nextResponse(sent.responseId, undefined, 15_000);
  assertWithinSlackLimits(reply, 'message');
  return reply;
}

/** `/dq watch add …`, then Save: the preview (with its cost) and the saved watch's id. */
async function addWatch(app: TestApp, text: string): Promise<{ preview: SlackResponseBody; id: string }> {
  const preview = await ask(app, text);
  const save = buttonNamed(preview, 'dq_watch_save');
  expect(save, allText(preview)).toBeDefined();
  const click = await app.click('dq_watch_save', save!.value!, { userId: OWNER, channelId: CHANNEL });
  const saved = await app.nextResponse(click.responseId, undefined, 15_000);
  expect(allText(saved)).toContain('Watch saved.');
  return { preview, id: /`([0-9a-f]{8})`/.exec(allText(saved))?.[1] ?? '' };
}

/** Every scheduled time in (from, from + days]. */
function scheduledTimes(schedule: Schedule, from: number, days: number): number[] {
  const times: number[] = [];
  for (
    let at = nextRunAfter(schedule, from);
    at !== undefined && at <= from + days * DAY;
    at = nextRunAfter(schedule, at)
  )
    times.push(at);
  return times;
}

/** The tender notices of the stream the search finds at `at` (ZJ tender announcements for the keyword). */
function foundAt(at: number, search: { province?: string; type?: '1' | '2' | '3' }): BidNotice[] {
  const today = shanghaiDayNumber(at);
  return searchBidNotices(
    {
      keyword: KEYWORD,
      provinceCode: search.province,
      searchFields: new Set(['1', '2', '3']),
      noticeType: search.type,
      startDay: today - 90,
      endDay: today,
    },
    at,
    [],
    { index: 1, size: 10_000 },
  ).notices;
}

/** The stream's notices published in (from, until]: found at `until` and not at `from`. */
function publishedBetween(from: number, until: number, search: { province?: string; type?: '1' | '2' | '3' }) {
  const before = new Set(foundAt(from, search).map((notice) => notice.id));
  return foundAt(until, search).filter((notice) => !before.has(notice.id));
}

interface Post {
  text: string;
  blocks: Array<Record<string, unknown>>;
}

function channelPosts(app: TestApp): Post[] {
  return app.fake
    .calls('chat.postMessage')
    .filter((call) => call.args.channel === CHANNEL)
    .map((call) => ({ text: call.args.text as string, blocks: call.args.blocks as Array<Record<string, unknown>> }));
}

/** The titles in a post's table (its second column), as a reader compares them. */
function titlesIn(post: Post): string[] {
  const table = post.blocks.find((block) => block.type === 'data_table') as
    | { rows: Array<Array<{ text: string }>> }
    | undefined;
  return (table?.rows.slice(1) ?? []).map((row) => readerText(row[1]!.text));
}

async function watchCoins(app: TestApp, from: number, until: number): Promise<number> {
  const entries = await app.client.ledger.entries(TEAM, from, until);
  return entries.filter((entry) => entry.source === 'watch').reduce((sum, entry) => sum + entry.coins, 0);
}

/** Moves every replica's shared clock to just after `at` and lets each look for due checks, side by side. */
async function checkAt(clock: SteerableClock, replicas: readonly TestApp[], at: number): Promise<void> {
  clock.jumpTo(at + 30_000);
  await Promise.all(replicas.map((app) => app.slack.watchScheduler.tick()));
}

describe('a tender watch on the simulator', () => {
  it('a weekday watch posts each new matching notice exactly once over a simulated month, and costs what its preview said', async () => {
    const clock = steerableClock(PINNED_AT);
    const app = await startTestApp({ clock });
    apps.push(app);
    const { preview, id } = await addWatch(app, `watch add bids ${KEYWORD} region:ZJ type:tender weekdays 09:00`);
    const shown = allText(preview);
    expect(shown).toContain('the search “光伏组件” · Tender announcement · region 浙江 (ZJ)');
    const estimate = /(\d+) checks in the next 30 days: (\d+) coins/.exec(shown);
    expect(estimate, shown).not.toBeNull();
    expect(shown).toContain('This schedule fits the data: tender notices are published on working days');
    expect(shown).toContain('up to 3 pages: at most 30 coins a check');
    expect(app.upstreamCalls()).toEqual([]);

    const savedAt = clock.now();
    const runs = scheduledTimes({ ...WEEKDAYS_NINE, timeZone: 'Asia/Shanghai' }, savedAt, 30);
    expect(runs).toHaveLength(Number(estimate![1]));
    for (const at of runs) await checkAt(clock, [app], at);

    const search = { province: 'ZJ', type: '1' as const };
    const published = publishedBetween(runs[0]! + 30_000, runs.at(-1)! + 30_000, search).map((notice) =>
      readerText(notice.title),
    );
    const posts = channelPosts(app);
    for (const post of posts) assertWithinSlackLimits(post, 'message');
    const told = posts.flatMap(titlesIn);
    // Notices published on most working days; one post per check that found any, none for the rest.
    expect(published.length).toBeGreaterThan(20);
    expect(new Set(published).size).toBe(published.length);
    expect(told.sort()).toEqual([...published].sort());
    expect(posts.length).toBeLessThanOrEqual(runs.length - 1);
    expect(posts.every((post) => allText(post).includes(`Watch \`${id}\``))).toBe(true);
    // What the preview said it would cost: one page a check, every check of the month.
    expect(app.upstreamCalls(BIDS)).toHaveLength(runs.length);
    expect(await watchCoins(app, savedAt, clock.now())).toBe(Number(estimate![2]));
  });

  it('a notice re-served with other spacing, without its id, or pushed to the next page is not posted again', async () => {
    const clock = steerableClock(PINNED_AT);
    const app = await startTestApp({ clock });
    apps.push(app);
    await addWatch(app, `watch add bids ${KEYWORD} region:ZJ type:tender daily 09:00`);
    const runs = scheduledTimes(
      { cadence: { kind: 'daily' }, time: '09:00', timeZone: 'Asia/Shanghai' },
      clock.now(),
      6,
    );
    await checkAt(clock, [app], runs[0]!);
    expect(channelPosts(app)).toEqual([]);

    const first = app.simulator.changeData({ kind: 'newBid', keyword: KEYWORD, province: 'ZJ', type: '1', count: 2 });
    await checkAt(clock, [app], runs[1]!);
    const firstTitles = first.notices.map((entry) => readerText(entry.notice.title));
    expect(titlesIn(channelPosts(app).at(-1)!)).toEqual(expect.arrayContaining(firstTitles));
    const afterFirst = channelPosts(app).length;

    for (const entry of first.notices) app.simulator.changeData({ kind: 'bid', id: entry.notice.id, restyle: true });
    await checkAt(clock, [app], runs[2]!);
    app.simulator.changeData({ kind: 'bidIds', shown: false });
    await checkAt(clock, [app], runs[3]!);
    app.simulator.changeData({ kind: 'bidIds', shown: true });
    const dozen = app.simulator.changeData({ kind: 'newBid', keyword: KEYWORD, province: 'ZJ', type: '1', count: 12 });
    await checkAt(clock, [app], runs[4]!);

    const later = channelPosts(app).slice(afterFirst).flatMap(titlesIn);
    for (const title of firstTitles) expect(later).not.toContain(title);
    const last = titlesIn(channelPosts(app).at(-1)!);
    for (const entry of dozen.notices) expect(last).toContain(readerText(entry.notice.title));
    const every = channelPosts(app).flatMap(titlesIn);
    expect(new Set(every).size).toBe(every.length);
  });

  it('a whole first page of new notices reads further pages within the cap the preview stated, and says so', async () => {
    const clock = steerableClock(PINNED_AT);
    const app = await startTestApp({ clock });
    apps.push(app);
    // Every region: about 170 new notices a working day, so each first page is new.
    const { preview } = await addWatch(app, `watch add bids ${KEYWORD} weekdays 09:00 cap:20`);
    expect(allText(preview)).toContain('up to 2 pages: at most 20 coins a check, 440 coins in 30 days');
    const runs = scheduledTimes({ ...WEEKDAYS_NINE, timeZone: 'Asia/Shanghai' }, clock.now(), 3);
    for (const at of runs.slice(0, 2)) await checkAt(clock, [app], at);
    const [post] = channelPosts(app);
    expect(titlesIn(post!)).toHaveLength(20);
    expect(allText(post!)).toContain('a check reads at most 2 pages (20 coins): more may be waiting');
    expect(app.upstreamCalls(BIDS)).toHaveLength(3);
    expect(await watchCoins(app, PINNED_AT, clock.now())).toBe(30);
  });

  it('a later page that times out: the run counts the coins it may have cost, the list says so, the post says a page went unread', async () => {
    const clock = steerableClock(PINNED_AT);
    // The simulator answers page 2 and the answer is lost on its way back: charged, as a timeout may be.
    let inner: Transport | undefined;
    let losePageTwo = false;
    const transport: Transport = {
      async post(path, operation, body) {
        const answer = await inner!.post(path, operation, body);
        if (losePageTwo && operation === BIDS && (body as Record<string, unknown>).pageIndex === '2')
          throw new UpstreamError('timeout', { operation }, 'timeout');
        return answer;
      },
      close: async () => inner?.close(),
    };
    const app = await startTestApp({ clock, client: { transport } });
    apps.push(app);
    inner = createTransport({ baseUrl: app.simulator.url, apiKey: TEST_API_KEY, timeoutMs: 5_000, clock });
    // Every region: each first page is new, so a check reads on to page 2.
    await addWatch(app, `watch add bids ${KEYWORD} weekdays 09:00 cap:30`);
    const [baseline, second] = scheduledTimes({ ...WEEKDAYS_NINE, timeZone: 'Asia/Shanghai' }, clock.now(), 3);
    await checkAt(clock, [app], baseline!);
    losePageTwo = true;
    await checkAt(clock, [app], second!);
    losePageTwo = false;

    await app.client.ledger.flush();
    const entries = await app.client.ledger.entries(TEAM, PINNED_AT, clock.now() + 1);
    expect(entries.filter((entry) => entry.source === 'watch').map((entry) => [entry.outcome, entry.coins])).toEqual([
      ['success', 10],
      ['success', 10],
      ['timeout', 10],
    ]);
    const [watch] = await app.slack.deps.watches.list(TEAM);
    expect(watch?.lastRun).toMatchObject({ outcome: 'changed', coinsSpent: 10, coinsAtRisk: 10, newRecords: 10 });
    const list = allText(await ask(app, 'watch list'));
    expect(list).toContain(
      'posted 10 new notices (10 coins, and perhaps 10 coins more for a page that did not answer)',
    );
    expect(list).toContain('a later page could not be read');
    const [post] = channelPosts(app);
    expect(titlesIn(post!)).toHaveLength(10);
    expect(allText(post!)).toContain(
      'Page 2 of the search did not answer this time (the service may have charged 10 coins for it): the next check reads on to its notices',
    );
  });
});

describe('"Watch this search", the form and the Chinese words', () => {
  const FORM_VALUES = {
    'dq:watch:channel': { value: { type: 'conversations_select', selected_conversation: CHANNEL } },
    'dq:watch:cadence': { value: { type: 'static_select', selected_option: { value: 'weekdays' } } },
    'dq:watch:time': { value: { type: 'timepicker', selected_time: '09:00' } },
    'dq:watch:timeZone': { value: { type: 'plain_text_input', value: 'Asia/Shanghai' } },
  };

  it('a tenders result offers "Watch this search": the form names the search, proposes weekdays, and saves it', async () => {
    const app = await startTestApp();
    apps.push(app);
    // The search's period is left out: a watch tells what is published from now on.
    const sent = await app.command(`bids ${KEYWORD} region:ZJ type:tender from:2026-03-01`, {
      userId: OWNER,
      channelId: CHANNEL,
    });
    const result = await app.nextResponse(sent.responseId, (body) => buttonNamed(body, 'dq_watch_this') !== undefined);
    const watchThis = buttonNamed(result, 'dq_watch_this')!;
    expect(watchThis.text.text).toBe('Watch this search');
    await app.click('dq_watch_this', watchThis.value!, { userId: OWNER, channelId: CHANNEL });
    const view = (await app.formIn(await app.nextCall('views.open'))).view as {
      blocks: Array<Record<string, unknown>>;
      private_metadata: string;
    };
    assertWithinSlackLimits(view as never, 'modal');
    const shown = allText(view as never);
    expect(shown).toContain('Watching: the search “光伏组件” · Tender announcement · region 浙江 (ZJ)');
    expect(shown).toContain('Monday to Friday · 22 checks, 220 coins in 30 days · fits the data');
    expect(shown).not.toContain('Every hour');
    const cadence = view.blocks.find((block) => block.block_id === 'dq:watch:cadence') as {
      element: { initial_option: { value: string } };
    };
    expect(cadence.element.initial_option.value).toBe('weekdays');
    const submitted = await app.submitView('dq_watch_add_form', FORM_VALUES, view.private_metadata, {
      userId: OWNER,
      blocks: view.blocks,
    });
    expect(submitted.status).toBe(200);
    const [watch] = await app.slack.deps.watches.list(TEAM);
    expect(watch?.target).toEqual({
      kind: 'tenders',
      search: { keyword: KEYWORD, province: 'ZJ', type: '1' },
      maxPages: 3,
    });
    expect(app.upstreamCalls(BIDS)).toHaveLength(1);
  });

  it('the App Home form takes a tender search in its one field, as the command reads it', async () => {
    const app = await startTestApp();
    apps.push(app);
    const values = {
      ...FORM_VALUES,
      'dq:watch:kind': { value: { type: 'radio_buttons', selected_option: { value: 'tenders' } } },
      'dq:watch:subject': { value: { type: 'plain_text_input', value: `${KEYWORD} 地区:浙江 type:award` } },
    };
    const submitted = await app.submitView('dq_watch_add_form', values, JSON.stringify({ h: 1 }), { userId: OWNER });
    expect(submitted.response.json ?? {}).not.toHaveProperty('errors');
    const [watch] = await app.slack.deps.watches.list(TEAM);
    expect(watch?.target).toMatchObject({ kind: 'tenders', search: { keyword: KEYWORD, province: 'ZJ', type: '2' } });
    const refused = await app.submitView(
      'dq_watch_add_form',
      { ...values, 'dq:watch:subject': { value: { type: 'plain_text_input', value: `${KEYWORD} regoin:ZJ` } } },
      JSON.stringify({ h: 1 }),
      { userId: OWNER },
    );
    expect(refused.response.json).toEqual({
      response_action: 'errors',
      errors: { 'dq:watch:subject': expect.stringContaining('region:') },
    });
  });

  it('in Chinese: 关注 添加 招标 … with the search options in Chinese, answered in Chinese with the proposal', async () => {
    const app = await startTestApp();
    apps.push(app);
    const preview = allText(await ask(app, `关注 添加 招标 ${KEYWORD} 地区:浙江 类型:招标 每天 09:00`));
    expect(preview).toContain('关注搜索“光伏组件” · 招标公告 · 地区：浙江（ZJ）');
    expect(preview).toContain('每次检查 10 币（估计值）；未来 30 天检查 30 次，共 300 币。');
    expect(preview).toContain('建议周一至周五');
    expect(preview).toContain('未来 30 天检查 22 次，共 220 币');
    const reply = await ask(app, `关注 添加 招标 ${KEYWORD} 地区:浙江 到:2026-10-31 工作日 09:00`);
    expect(allText(reply)).toContain('2026-10-31');
    expect(allText(reply)).toContain('不会再有新公告');
    expect(app.upstreamCalls()).toEqual([]);
  });
});

describeWithRedis('a tender watch across three replicas and a restart', (prefix) => {
  it('posts exactly the notices published since the last check, once each', async () => {
    const clock = steerableClock(PINNED_AT);
    const replica = async () => {
      const app = await startTestApp({ store: await createStore(redisUrl, { prefix }), clock });
      apps.push(app);
      return app;
    };
    const replicas = [await replica(), await replica(), await replica()];
    await addWatch(replicas[0]!, `watch add bids ${KEYWORD} region:ZJ type:tender weekdays 09:00`);
    const runs = scheduledTimes({ ...WEEKDAYS_NINE, timeZone: 'Asia/Shanghai' }, clock.now(), 9);
    const postsOfGone: Post[] = [];
    for (const [index, at] of runs.entries()) {
      if (index === 3) {
        // One replica restarts between two checks: the new process reads the watch and what it told from the store.
        const gone = replicas.splice(1, 1)[0]!;
        postsOfGone.push(...channelPosts(gone));
        await gone.close();
        apps.splice(apps.indexOf(gone), 1);
        replicas.push(await replica());
      }
      await checkAt(clock, replicas, at);
    }
    const published = publishedBetween(runs[0]! + 30_000, runs.at(-1)! + 30_000, { province: 'ZJ', type: '1' });
    const told = [...postsOfGone, ...replicas.flatMap((app) => channelPosts(app))].flatMap(titlesIn);
    // Each replica has its own fake Slack (what the one that left posted was kept above); the ledger is Redis's, shared.
    expect(told.sort()).toEqual(published.map((notice) => readerText(notice.title)).sort());
    expect(published.length).toBeGreaterThan(5);
    expect(await watchCoins(replicas[0]!, PINNED_AT, clock.now())).toBe(runs.length * 10);
  });
});
