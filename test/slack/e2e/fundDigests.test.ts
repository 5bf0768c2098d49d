import { afterEach, describe, expect, it } from 'vitest';
import { fundKindOfLabel } from '../../../src/core/digest/newFundFilter.js';
import { nextRunAfter, type Schedule } from '../../../src/core/jobs/schedule.js';
import { PINNED_AT, steerableClock } from '../../support/clocks.js';
import { DEFAULT_WORKSPACE } from '../../support/slack/index.js';
import { allText, startTestApp, type TestApp } from '../../support/slackApp.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';

/**
 * New funds by kind: a digest filtered by fund type, sale status and words in the name or manager,
 * run on the simulator's new-fund list over simulated weeks (the clock moves on from run to run).
 * Its oracle is an unfiltered digest run at the same times: the filtered one posts exactly its funds
 * that match, each once.
 */

const TEAM = DEFAULT_WORKSPACE.teamId;
const ADMIN = 'U0FUNDADM1';
const FUNDS = 'C0FUNDS0B1';
const EVERYTHING = 'C0FUNDSALL';
const DAY = 86_400_000;

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function digestCommand(app: TestApp, text: string, channelId: string): Promise<string> {
  const sent = await app.command(`digest ${text}`, { userId: ADMIN, channelId });
  const reply = await app.nextResponse(sent.responseId, undefined, 15_000);
  assertWithinSlackLimits(reply, 'message');
  return allText(reply);
}

/** Each fund a channel was told, as `code type` (a fund line shows `name `code` · type · status`). */
function toldFunds(app: TestApp, channel: string): Array<{ code: string; type: string }> {
  return app.fake
    .calls('chat.postMessage')
    .filter((call) => call.args.channel === channel)
    .flatMap((call) =>
      [...allText({ blocks: call.args.blocks as unknown[] }).matchAll(/`(\d{6})` · ([^·\n]+?) · /g)].map((match) => ({
        code: match[1]!,
        type: match[2]!.trim(),
      })),
    );
}

describe('new funds by kind', () => {
  it('a digest of bond funds on sale, added for another channel, posts only those, each once, over three weeks', async () => {
    const clock = steerableClock(PINNED_AT);
    const app = await startTestApp({ clock, env: { ADMIN_USER_IDS: ADMIN } });
    apps.push(app);
    // Typed in one channel for another, named the way Slack writes a channel chosen from its list.
    const added = await digestCommand(app, `add <#${FUNDS}|funds> weekdays 09:00 type:债券型 onsale`, 'C0ELSEWHERE');
    expect(added).toContain('Digest added.');
    expect(added).toContain(`<#${FUNDS}>`);
    expect(added).toContain('on-sale funds · type bond');
    expect(await digestCommand(app, 'add weekdays 09:00 onsale', EVERYTHING)).toContain('Digest added.');
    const [bonds] = await app.slack.deps.digests.list(TEAM, FUNDS);
    expect(bonds).toMatchObject({ filter: 'onsale', fundFilter: { kinds: ['bond'] } });

    const schedule: Schedule = { cadence: { kind: 'weekdays' }, time: '09:00', timeZone: 'Asia/Shanghai' };
    for (let at = nextRunAfter(schedule, clock.now())!; at < PINNED_AT + 21 * DAY; at = nextRunAfter(schedule, at)!) {
      clock.jumpTo(at + 30_000);
      await app.slack.scheduler.tick();
    }
    const everything = toldFunds(app, EVERYTHING);
    const told = toldFunds(app, FUNDS);
    expect(new Set(everything.map((fund) => fund.code)).size).toBe(everything.length);
    // The first run tells the current list, later ones what is new: some bond funds among many others.
    const bondsAmongAll = everything.filter((fund) => fundKindOfLabel(fund.type) === 'bond');
    expect(bondsAmongAll.length).toBeGreaterThan(2);
    expect(everything.length).toBeGreaterThan(bondsAmongAll.length * 2);
    expect(told).toEqual(bondsAmongAll);
    for (const call of app.fake.calls('chat.postMessage').filter((post) => post.args.channel === FUNDS))
      expect(allText({ blocks: call.args.blocks as unknown[] })).toContain('type bond');
    // Every fund read counts as seen, matching or not: after the first run each run reads one page,
    // as the unfiltered digest does (the two share each call), not page after page of funds it skipped.
    const pagesByRun = new Map<number, Set<string>>();
    for (const call of app.upstreamCalls('fund-new-list')) {
      const run = Math.floor(call.at / DAY);
      pagesByRun.set(run, (pagesByRun.get(run) ?? new Set()).add(String((call.request as { pageNo: string }).pageNo)));
    }
    const [, ...later] = [...pagesByRun.values()];
    expect(later.length).toBeGreaterThan(10);
    for (const pages of later) expect([...pages]).toEqual(['1']);
    const seen = await app.slack.deps.digests.repository.seen(bonds!.id);
    for (const fund of everything) expect(seen?.codes.has(fund.code), fund.code).toBe(true);
  });

  it('words in the name or manager, several kinds, in Chinese; a kind it does not know is refused before anything is saved', async () => {
    const app = await startTestApp({ env: { ADMIN_USER_IDS: ADMIN } });
    apps.push(app);
    const refused = await digestCommand(app, 'add weekdays 09:00 type:gold', FUNDS);
    expect(refused).toContain('"gold" is not a kind of fund; use bond, equity, mixed, money, index, fof, QDII');
    expect(await app.slack.deps.digests.list(TEAM)).toEqual([]);
    const added = await digestCommand(app, '添加 每天 08:30 类型:债券型、货币型 名称:易方达 语言:中文', FUNDS);
    expect(added).toContain('类型：债券型、货币型');
    expect(added).toContain('名称或基金经理含 易方达');
    const [digest] = await app.slack.deps.digests.list(TEAM);
    expect(digest).toMatchObject({ fundFilter: { kinds: ['bond', 'money'], words: ['易方达'] }, lang: 'zh-CN' });
    expect(await digestCommand(app, 'add weekdays 09:00 #funds', 'C0ELSEWHERE')).toContain(
      'type the command in the channel it should post to',
    );
    expect(app.upstreamCalls()).toEqual([]);
  });
});
