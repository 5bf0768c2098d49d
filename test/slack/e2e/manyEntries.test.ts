import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CAPS } from '../../../src/core/jobs/caps.js';
import { createStore } from '../../../src/core/store/index.js';
import type { Watch } from '../../../src/core/watch/types.js';
import { TAXPAYER_CATALOGUE } from '../../../src/simulator/data/taxpayerCatalogue.js';
import { DEFAULT_WORKSPACE } from '../../support/slack/index.js';
import {
  allText,
  buttonNamed,
  type PublishedView,
  type SlackResponseBody,
  startTestApp,
  type TestApp,
} from '../../support/slackApp.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';

/**
 * One person's many watches must not hold the app for everyone else. Once 500 watches made
 * `/dq watch list` hold the event loop 5.4 s (each watch's cost worked out on every list, croner
 * walking its schedule run by run), and a `/dq help` from someone else waited all that time. Now
 * watches and digests are capped per person, channel and workspace, a watch's checks are counted
 * once when it is saved, and lists (replies and the Home) come a page at a time.
 */

const TEAM = DEFAULT_WORKSPACE.teamId;
const ADMIN = 'U0ADMIN031';
const HOARDER = 'U0HOARDER1';
const SOMEONE_ELSE = 'U0OTHER031';
const CHANNEL = 'C0MANYWATCH';

const directory = await mkdtemp(join(tmpdir(), 'dq-many-watches-'));
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/**
 * The CPU time (ms) of the longest single turn of this process's event loop while `work` runs: a
 * ticker on every turn reads the process's CPU time, and the most spent between two ticks is the
 * longest stretch in which nothing else (another person's request) could run. CPU time rather than
 * wall time: a busy machine delays a process without making its turns use more CPU.
 */
async function longestTurnCpuMs(work: () => Promise<unknown>): Promise<number> {
  let longest = 0;
  let last = process.cpuUsage();
  let running = true;
  const tick = () => {
    const now = process.cpuUsage(last);
    longest = Math.max(longest, now.user + now.system);
    last = process.cpuUsage();
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    await work();
  } finally {
    running = false;
  }
  return longest / 1000;
}

/** `count` watches of one person in one channel, as saved before a watch's checks were stored with it (half of them) and since. */
async function saveWatches(target: TestApp, count: number): Promise<void> {
  const { repository } = target.slack.deps.watches;
  for (let n = 0; n < count; n++) {
    const company = TAXPAYER_CATALOGUE[n % TAXPAYER_CATALOGUE.length]!;
    // Daily at every minute of the morning, a few hourly: the schedules a person sets, all different.
    const hourly = n % 25 === 0;
    const time = hourly
      ? `00:${String(n % 60).padStart(2, '0')}`
      : `${String(6 + (n % 6)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}`;
    const watch: Watch = {
      id: n.toString(16).padStart(8, '0'),
      teamId: TEAM,
      channelId: CHANNEL,
      createdBy: HOARDER,
      createdAt: target.clock.now() - 86_400_000 + n,
      target: hourly
        ? { kind: 'contract', symbol: 'CL', type: '0', direction: 'above', level: 75 + n }
        : { kind: 'company', keyword: company.creditNo },
      schedule: {
        cadence: hourly ? { kind: 'hourly' } : { kind: 'daily' },
        time,
        timeZone: n % 2 === 0 ? 'Asia/Shanghai' : 'America/New_York',
      },
      ...(n % 2 === 0 ? {} : { checksPerMonth: hourly ? 720 : 30 }),
    };
    await repository.save(watch);
  }
}

async function reply(target: TestApp, text: string, userId: string, responseId: string): Promise<SlackResponseBody> {
  // Waited for however long the app takes, so a test of the app held up fails on what it measured, not on a timeout.
  const sent = await target.command(text, { userId, channelId: CHANNEL, responseId, send: { timeoutMs: 300_000 } });
  expect(sent.status).toBe(200);
  return target.nextResponse(responseId, undefined, 300_000);
}

describe('500 watches of one person, on SQLite', () => {
  it("someone else's /dq help is answered while the whole list, the Home and a scheduler tick are worked out: no turn of the event loop holds them up", async () => {
    const store = await createStore(`sqlite://${join(directory, 'many.sqlite')}`);
    app = await startTestApp({ store, env: { ADMIN_USER_IDS: ADMIN } });
    await saveWatches(app, 500);
    const target = app;

    let list: SlackResponseBody | undefined;
    let help: SlackResponseBody | undefined;
    let home: PublishedView | undefined;
    const longest = await longestTurnCpuMs(async () => {
      [list, help, home] = await Promise.all([
        reply(target, 'watch list all', ADMIN, 'many-list'),
        reply(target, 'help', SOMEONE_ELSE, 'many-help'),
        target.openHome(ADMIN).then((published) => published.view),
        // The scheduler reads every schedule too (at an instant with nothing due, so nothing is run).
        target.slack.watchScheduler.tick(target.clock.now() - 86_400_000),
      ]);
    });
    // Before, the list alone held the loop for 6 s of CPU in one turn (each of the 500 schedules walked
    // by croner); now the longest turn is tens of ms. CPU time, with a bound far from both.
    expect(longest, `longest turn: ${longest.toFixed(1)} ms of CPU`).toBeLessThan(1000);

    expect(allText(help!)).toContain('/dq usage');
    assertWithinSlackLimits(list!, 'message');
    const listed = allText(list!);
    expect(listed).toContain('Watches 1–20 of 500 (page 1 of 25).');
    // The total is every running watch's, the page or not: 20 coins × 30 checks for the 480 daily taxpayer watches, 5 × 720 for the 20 hourly ones.
    expect(listed).toContain(
      `Running watches cost ${(480 * 20 * 30 + 20 * 5 * 720).toLocaleString('en')} coins in the next 30 days.`,
    );
    expect(buttonNamed(list!, 'dq_list_next')?.value).toBe('watch:team:2:en');
    expect(home!.blocks.length).toBeLessThanOrEqual(100);
    expect(allText(home!)).toContain('Watches 1–10 of 500 (page 1 of 50).');
    expect(app.upstreamCalls()).toEqual([]);

    // Next shows the next 20 in place of the first (a button from before its value carried a language
    // still works); and the watches saved without their checks now have them stored.
    const next = await app.click('dq_list_next', 'watch:team:2', {
      userId: ADMIN,
      channelId: CHANNEL,
      responseUrlId: 'many-list',
    });
    expect(next.status).toBe(200);
    const second = await app.nextResponse('many-list', (body) => body.replace_original === true);
    expect(allText(second)).toContain('Watches 21–40 of 500 (page 2 of 25).');
    await app.settle(500);
    const stored = await app.slack.deps.watches.repository.all();
    expect(stored.filter((watch) => watch.checksPerMonth === undefined)).toEqual([]);
  }, 600_000);
});

describe('caps on watches', () => {
  it("a person's watch past WATCH_MAX_PER_PERSON is refused at the preview and at Save, naming the cap, and nothing is saved or charged", async () => {
    app = await startTestApp({
      digest: { caps: { ...DEFAULT_CAPS, watches: { perPerson: 2, perChannel: 10, perWorkspace: 10 } } },
    });
    // Admins of the workspace in Slack, and so of the app, who may add watches.
    for (const admin of [HOARDER, SOMEONE_ELSE]) app.fake.setUser(admin, { is_admin: true });
    const target = app;
    const add = async (subject: string, responseId: string) =>
      reply(target, `watch add taxpayer ${subject} daily 09:00`, HOARDER, responseId);
    const previews = [
      await add(TAXPAYER_CATALOGUE[0]!.creditNo, 'cap-1'),
      await add(TAXPAYER_CATALOGUE[1]!.creditNo, 'cap-2'),
      await add(TAXPAYER_CATALOGUE[2]!.creditNo, 'cap-3'),
    ];
    // Three previews while none is saved; the first two are saved, the third Save is refused.
    const outcomes: string[] = [];
    for (const [index, preview] of previews.entries()) {
      const save = buttonNamed(preview, 'dq_watch_save')!;
      const click = await app.click('dq_watch_save', save.value!, {
        userId: HOARDER,
        channelId: CHANNEL,
        responseUrlId: `cap-save-${index}`,
      });
      expect(click.status).toBe(200);
      outcomes.push(allText(await app.nextResponse(`cap-save-${index}`)));
    }
    expect(outcomes[0]).toContain('Watch saved.');
    expect(outcomes[1]).toContain('Watch saved.');
    expect(outcomes[2]).toContain(
      'That watch cannot be added: you already have 2 watches, the most one person may have (an admin can raise it with WATCH_MAX_PER_PERSON); remove one first (`/dq watch remove &lt;id&gt;`). Nothing was saved or charged.',
    );
    // A preview past the cap says so at once.
    expect(allText(await add(TAXPAYER_CATALOGUE[3]!.creditNo, 'cap-4'))).toContain('WATCH_MAX_PER_PERSON');
    expect(await app.slack.deps.watches.list(TEAM)).toHaveLength(2);
    // Someone else in the same channel still may.
    expect(
      allText(
        await reply(app, `watch add taxpayer ${TAXPAYER_CATALOGUE[3]!.creditNo} daily 09:00`, SOMEONE_ELSE, 'cap-5'),
      ),
    ).toContain('Save');
    expect(app.upstreamCalls()).toEqual([]);
  });
});

describe('digests: caps and pages', () => {
  it("a channel's digest past DIGEST_MAX_PER_CHANNEL is refused naming the cap; a long list comes a page at a time", async () => {
    app = await startTestApp({
      digest: { caps: { ...DEFAULT_CAPS, digests: { perPerson: 100, perChannel: 25, perWorkspace: 100 } } },
    });
    app.fake.setUser(HOARDER, { is_admin: true });
    const times = Array.from(
      { length: 26 },
      (_, n) => `${String(6 + Math.floor(n / 6)).padStart(2, '0')}:${String((n % 6) * 10).padStart(2, '0')}`,
    );
    const added: string[] = [];
    for (const [n, time] of times.entries())
      added.push(allText(await reply(app, `digest add daily ${time} onsale`, HOARDER, `digest-add-${n}`)));
    expect(added.slice(0, 25).every((text) => text.includes('Digest added.'))).toBe(true);
    expect(added[25]).toContain(
      'This channel already has 25 digests, the most one channel may have (an admin can raise it with DIGEST_MAX_PER_CHANNEL)',
    );
    expect(added[25]).toContain('Nothing was added or charged.');

    const first = await reply(app, 'digest list', HOARDER, 'digest-list');
    assertWithinSlackLimits(first, 'message');
    expect(allText(first)).toContain('Digests 1–20 of 25 (page 1 of 2).');
    const next = buttonNamed(first, 'dq_list_next')!;
    expect(next.value).toBe('digest:channel:2:en');
    await app.click('dq_list_next', next.value!, { userId: HOARDER, channelId: CHANNEL, responseUrlId: 'digest-list' });
    const second = await app.nextResponse('digest-list', (body) => body.replace_original === true);
    expect(allText(second)).toContain('Digests 21–25 of 25 (page 2 of 2).');
    expect(buttonNamed(second, 'dq_list_previous')?.value).toBe('digest:channel:1:en');
    expect(allText(await reply(app, 'digest list 2', HOARDER, 'digest-list-typed'))).toContain(
      'Digests 21–25 of 25 (page 2 of 2).',
    );
    // A list asked for in Chinese by a reader whose Slack is in English: its Next page comes in Chinese too.
    const chinese = await reply(app, '摘要 列表', HOARDER, 'digest-list-chinese');
    expect(allText(chinese)).toContain('第 1–20 个推送，共 25 个（第 1/2 页）。');
    await app.click('dq_list_next', buttonNamed(chinese, 'dq_list_next')!.value!, {
      userId: HOARDER,
      channelId: CHANNEL,
      responseUrlId: 'digest-list-chinese',
    });
    const chineseSecond = await app.nextResponse('digest-list-chinese', (body) => body.replace_original === true);
    expect(allText(chineseSecond)).toContain('第 21–25 个推送，共 25 个（第 2/2 页）。');
    expect(app.upstreamCalls()).toEqual([]);
  });
});
