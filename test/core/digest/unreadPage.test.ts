import { afterEach, describe, expect, it } from 'vitest';
import type { Schedule } from '../../../src/core/jobs/schedule.js';
import { pricesFrom } from '../../../src/core/operations/prices.js';
import { english, langFor } from '../../../src/i18n/lang.js';
import { renderDigest } from '../../../src/slack/render/digest.js';
import { digestRunSummary } from '../../../src/slack/render/digestRun.js';
import { startDigestRig } from '../../support/digestRig.js';

/**
 * A digest run whose later page goes unanswered (issue 42, item 5): what it says it cost is what
 * the ledger holds, and the funds of the page it could not read come with the next run.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
// Friday 2026-11-20, 08:00 in Shanghai.
const FRIDAY_8AM = Date.parse('2026-11-20T00:00:00Z');
const DAILY_0830: Schedule = { cadence: { kind: 'daily' }, time: '08:30', timeZone: 'Asia/Shanghai' };
const PAGE_TWO_TIMES_OUT = { perOperation: { 'fund-new-list': { timeoutRate: 1, pages: [2] } } } as const;

type Rig = Awaited<ReturnType<typeof startDigestRig>>;
const rigs: Rig[] = [];
afterEach(async () => {
  await Promise.all(rigs.splice(0).map((rig) => rig.close()));
});

async function rigAt(at: number): Promise<Rig> {
  const rig = await startDigestRig(at);
  rigs.push(rig);
  return rig;
}

async function ledgerCoins(rig: Rig): Promise<number> {
  await rig.data.ledger.flush();
  const entries = await rig.data.ledger.entries('T1', 0, rig.clock.now() + 1);
  return entries.reduce((sum, entry) => sum + entry.coins, 0);
}

const codesOf = (rig: Rig) => rig.poster.posts.flatMap((post) => post.funds.map((fund) => fund.fundCode));

/** A digest's first run (the current list, several pages), page 2 of which times out. */
async function cutShortFirstRun() {
  const rig = await rigAt(FRIDAY_8AM);
  const digest = await rig.addDigest(DAILY_0830);
  rig.simulator.setFaults(PAGE_TWO_TIMES_OUT);
  rig.clock.set(FRIDAY_8AM + 31 * MINUTE);
  await rig.scheduler.tick();
  rig.simulator.setFaults({});
  expect(rig.poster.posts).toHaveLength(1);
  expect(rig.poster.posts[0]!.funds).toHaveLength(50);
  return { rig, digest };
}

describe('a digest whose page 2 times out', () => {
  it('states the cost the ledger holds: the page whose answer never came is counted as charged', async () => {
    const { rig, digest } = await cutShortFirstRun();
    // Page 1 answered (10 coins), page 2's answer never came (charged all the same: 10 more).
    expect(await ledgerCoins(rig)).toBe(20);
    const cut = (await rig.repository.get(digest.id))!.lastRun!;
    expect(cut).toMatchObject({ outcome: 'posted', newFunds: 50, coinsSpent: 10, coinsAtRisk: 10 });
    expect(digestRunSummary(cut, english)).toBe(
      'posted 50 funds (20 coins, 10 of them for a page whose answer never came)',
    );
    expect(digestRunSummary(cut, langFor('zh-CN'))).toBe(
      '已推送 50 只基金（20 币，其中 10 币来自一页未及时应答的查询）',
    );
    // The post itself says a page went unread, what it may have cost, and that its funds come next time.
    expect(rig.poster.posts[0]!.unreadPage).toEqual({ page: 2, coinsAtRisk: 10 });
    const [main] = renderDigest(rig.poster.posts[0]!, { now: rig.clock.now(), prices: pricesFrom(), lang: english });
    expect(JSON.stringify(main!.blocks)).toContain(
      'Page 2 of the fund list did not answer this time (the service may have charged 10 coins for it, counted as spent): its funds come with the next run.',
    );
  });

  it('counts as spent a later page answered in a shape it cannot read, and a first page that never answered as it may', async () => {
    const rig = await rigAt(FRIDAY_8AM);
    const digest = await rig.addDigest(DAILY_0830);
    rig.simulator.setFaults({ perOperation: { 'fund-new-list': { changedFieldRate: 1, pages: [2] } } });
    rig.clock.set(FRIDAY_8AM + 31 * MINUTE);
    await rig.scheduler.tick();
    expect(await ledgerCoins(rig)).toBe(20);
    expect((await rig.repository.get(digest.id))?.lastRun).toMatchObject({ outcome: 'posted', coinsSpent: 20 });
    expect((await rig.repository.get(digest.id))?.lastRun?.coinsAtRisk).toBeUndefined();

    rig.simulator.setFaults({ perOperation: { 'fund-new-list': { timeoutRate: 1 } } });
    rig.clock.set(FRIDAY_8AM + DAY + 31 * MINUTE);
    await rig.scheduler.tick();
    expect(await ledgerCoins(rig)).toBe(30);
    expect((await rig.repository.get(digest.id))?.lastRun).toMatchObject({
      outcome: 'fetch_failed',
      coinsSpent: 0,
      coinsAtRisk: 10,
    });
  });

  it('posts the funds of the page it could not read at the next run, each once', async () => {
    // The same list read whole, for comparison.
    const whole = await rigAt(FRIDAY_8AM);
    await whole.addDigest(DAILY_0830);
    whole.clock.set(FRIDAY_8AM + 31 * MINUTE);
    await whole.scheduler.tick();
    const list = codesOf(whole);
    expect(list.length).toBeGreaterThan(50);

    const { rig, digest } = await cutShortFirstRun();
    rig.clock.set(FRIDAY_8AM + 40 * MINUTE);
    expect(await rig.runner.run(digest.id, rig.clock.now(), 'manual')).toMatchObject({ outcome: 'posted' });
    expect(rig.poster.posts).toHaveLength(2);
    expect(new Set(rig.poster.posts[1]!.funds.map((fund) => fund.fundCode))).toEqual(new Set(list.slice(50)));
    // Every fund of the list once, as if no page had failed.
    expect(codesOf(rig)).toEqual(list);
    // Done: nothing is left to read past, so the next run stops at the first page of known funds again.
    expect((await rig.repository.seen(digest.id))?.unfinished).toBeUndefined();
  });
});
