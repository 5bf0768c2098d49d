import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OperationId } from '../../../src/core/operations/index.js';
import { PINNED_AT, steerableClock } from '../../support/clocks.js';
import { DEFAULT_WORKSPACE } from '../../support/slack/index.js';
import {
  allText,
  buttonNamed,
  buttonsOf,
  footerText,
  type SlackResponseBody,
  startTestApp,
  type TestApp,
} from '../../support/slackApp.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { OPS, simulatorCost } from './forms.js';

/**
 * Previous / Next: each button repeats the query for another page. A page not seen before is a new
 * charge; a page seen before comes from cache and costs nothing. The message is replaced in place.
 */

const TEAM = DEFAULT_WORKSPACE.teamId;

describe('paging through results', () => {
  let app: TestApp;

  beforeEach(async () => {
    app = await startTestApp();
  });
  afterEach(async () => {
    await app?.close();
  });

  async function coinsToday(): Promise<number> {
    return (await app.client.ledger.usage(TEAM, app.clock.now())).today.coins;
  }

  function pageLine(message: SlackResponseBody): string {
    return (
      allText(message)
        .split('\n')
        .find((line) => /^Page \d+/.test(line)) ?? ''
    );
  }

  async function clickPage(message: SlackResponseBody, actionId: 'dq_page_next' | 'dq_page_previous') {
    const button = buttonNamed(message, actionId);
    expect(button, `the message has ${actionId}`).toBeDefined();
    const clicked = await app.click(actionId, button!.value!);
    expect(clicked.status).toBe(200);
    expect(clicked.elapsedMs).toBeLessThan(3000);
    const reply = await app.nextResponse(clicked.responseId);
    assertWithinSlackLimits(reply, 'message');
    await app.settle(50);
    expect(app.responses(clicked.responseId)).toHaveLength(1);
    return reply;
  }

  it('bids: page 1 costs 10, Next costs 10 again, Previous comes from cache for 0 with Next then free, the last page has no Next', async () => {
    const cost = simulatorCost(OPS.bids);
    const sent = await app.command('安置房', { command: '/bids' });
    const page1 = await app.nextResponse(sent.responseId);
    assertWithinSlackLimits(page1, 'message');
    expect(pageLine(page1)).toBe('Page 1 of 3 · 23 results');
    expect(buttonNamed(page1, 'dq_page_previous')).toBeUndefined();
    expect(buttonNamed(page1, 'dq_page_next')?.text.text).toBe(`Next 10 → (${cost} coins)`);
    expect(footerText(page1)).toMatch(new RegExp(`^${cost} coins per lookup \\(assumed\\) · upstream taskNo`));
    expect(await coinsToday()).toBe(cost);
    expect(app.upstreamCalls(OPS.bids)).toHaveLength(1);

    const page2 = await clickPage(page1, 'dq_page_next');
    expect(page2.replace_original).toBe(true);
    expect(page2.response_type).toBe('ephemeral');
    expect(pageLine(page2)).toBe('Page 2 of 3 · 23 results');
    const secondCall = app.upstreamCalls(OPS.bids)[1];
    expect(secondCall?.request).toEqual({ keyword: '安置房', pageSize: '10', pageIndex: '2' });
    expect(footerText(page2)).toContain(
      `upstream taskNo \`${(secondCall?.body as { taskNo: string } | undefined)?.taskNo}\``,
    );
    expect(await coinsToday()).toBe(2 * cost);
    expect(buttonsOf(page2).map((button) => button.action_id)).toEqual([
      'dq_page_previous',
      'dq_page_next',
      'dq_share',
      'dq_export_csv',
      'dq_watch_this',
    ]);

    const back = await clickPage(page2, 'dq_page_previous');
    expect(back.replace_original).toBe(true);
    expect(pageLine(back)).toBe('Page 1 of 3 · 23 results');
    expect(footerText(back)).toMatch(/from cache, under a minute ago — no charge/);
    expect(app.upstreamCalls(OPS.bids)).toHaveLength(2);
    expect(await coinsToday()).toBe(2 * cost);
    // The same records as the first time: the cache gave back page 1, not something else.
    expect(allText({ blocks: back.blocks!.filter((b) => b.type === 'section') })).toBe(
      allText({ blocks: page1.blocks!.filter((b) => b.type === 'section') }),
    );
    expect(buttonNamed(back, 'dq_page_previous')).toBeUndefined();
    // Page 2 is in the cache now: Next says so (the cache was only read: still two calls upstream).
    expect(buttonNamed(back, 'dq_page_next')?.text.text).toBe('Next 10 → (cached, free)');
    expect(app.upstreamCalls(OPS.bids)).toHaveLength(2);

    const page3 = await clickPage(page2, 'dq_page_next');
    expect(pageLine(page3)).toBe('Page 3 of 3 · 23 results');
    expect(buttonNamed(page3, 'dq_page_next')).toBeUndefined();
    expect(buttonNamed(page3, 'dq_page_previous')).toBeDefined();
    expect(await coinsToday()).toBe(3 * cost);
    expect(app.upstreamCalls(OPS.bids)).toHaveLength(3);
  });

  it('a Next labelled free whose page has left the cache buys nothing: it says so and offers the page at its price', async () => {
    const clock = steerableClock(PINNED_AT);
    await app.close();
    app = await startTestApp({ clock });
    const cost = simulatorCost(OPS.bids);
    const sent = await app.command('安置房', { command: '/bids' });
    const page1 = await app.nextResponse(sent.responseId);
    const page2 = await clickPage(page1, 'dq_page_next');
    const back = await clickPage(page2, 'dq_page_previous');
    expect(buttonNamed(back, 'dq_page_next')?.text.text).toBe('Next 10 → (cached, free)');
    expect(await coinsToday()).toBe(2 * cost);
    // Tenders stay cached an hour: two hours on, the free Next's page is gone.
    clock.jumpTo(clock.now() + 2 * 3_600_000);
    const notice = await clickPage(back, 'dq_page_next');
    expect(allText(notice)).toContain('it is not free any more. Nothing was charged.');
    expect(notice.replace_original).not.toBe(true);
    expect(app.upstreamCalls(OPS.bids)).toHaveLength(2);
    expect(await coinsToday()).toBe(2 * cost);
    const fetch = buttonNamed(notice, 'dq_page_next');
    expect(fetch?.text.text).toBe(`Fetch it (${cost} coins)`);
    // The offered button is an ordinary paid Next: pressed, it buys page 2 again, in place of the notice.
    const again = await clickPage(notice, 'dq_page_next');
    expect(pageLine(again)).toBe('Page 2 of 3 · 23 results');
    expect(again.replace_original).toBe(true);
    expect(app.upstreamCalls(OPS.bids)).toHaveLength(3);
    expect(await coinsToday()).toBe(3 * cost);
  });

  it.each<{
    name: string;
    command: string;
    text: string;
    operation: OperationId;
    pageField: string;
    pageTwo: unknown;
    pages: string;
  }>([
    {
      name: 'taxpayer (numbers on the wire)',
      command: '/taxpayer',
      text: '杭州 size:20',
      operation: OPS.taxpayer,
      pageField: 'pageNo',
      pageTwo: 2,
      pages: 'Page 2 of 2 · 22 results',
    },
    {
      name: 'new funds',
      command: '/new-funds',
      text: 'onsale size:20',
      operation: OPS.newFunds,
      pageField: 'pageNo',
      pageTwo: '2',
      pages: 'Page 2 of 2 · 22 results',
    },
    {
      name: 'fund asset',
      command: '/fund-asset',
      text: '000001 size:50',
      operation: OPS.fundAsset,
      pageField: 'pageNo',
      pageTwo: '2',
      pages: 'Page 2 of 2 · 100 results',
    },
  ])(
    '$name: Next costs the operation again, Previous is free',
    async ({ command, text, operation, pageField, pageTwo, pages }) => {
      const cost = simulatorCost(operation);
      const sent = await app.command(text, { command });
      const page1 = await app.nextResponse(sent.responseId);
      expect(footerText(page1)).toContain(`${cost} coins per lookup`);
      expect(await coinsToday()).toBe(cost);

      const page2 = await clickPage(page1, 'dq_page_next');
      expect(page2.replace_original).toBe(true);
      expect(pageLine(page2)).toBe(pages);
      expect(buttonNamed(page2, 'dq_page_next')).toBeUndefined();
      expect((app.upstreamCalls(operation)[1]?.request as Record<string, unknown> | undefined)?.[pageField]).toEqual(
        pageTwo,
      );
      expect(footerText(page2)).not.toContain('no charge');
      expect(await coinsToday()).toBe(2 * cost);

      const back = await clickPage(page2, 'dq_page_previous');
      expect(back.replace_original).toBe(true);
      expect(footerText(back)).toContain('no charge');
      expect(await coinsToday()).toBe(2 * cost);
      expect(app.upstreamCalls(operation)).toHaveLength(2);
    },
  );

  it('a forged page button spends nothing and says the button no longer works', async () => {
    const clicked = await app.click('dq_page_next', '{"o":"bids","r":{"keyword":"x"}}');
    expect(clicked.status).toBe(200);
    const reply = await app.nextResponse(clicked.responseId);
    expect(reply.text).toBe('That button no longer works; run the search again.');
    expect(app.upstreamCalls()).toEqual([]);
  });
});

/**
 * Issue 42.3: every control that may call the service names its price, or takes only the cached
 * page. Previous is such a control (its page may have left the cache, or never been fetched), and
 * so are `previous` / 上一页 written in a thread; a page past the end a thread's result knows is
 * refused free, in any digits, even once the cache has forgotten where the end is.
 */
describe('going back, and pages past the end, never pay unasked (issue 42.3)', () => {
  let app: TestApp;
  let clock: ReturnType<typeof steerableClock>;

  beforeEach(async () => {
    clock = steerableClock(PINNED_AT);
    app = await startTestApp({ clock });
  });
  afterEach(async () => {
    await app?.close();
  });

  async function coinsToday(): Promise<number> {
    await app.client.ledger.flush();
    return (await app.client.ledger.usage(TEAM, app.clock.now())).today.coins;
  }

  type Posted = { text?: string; blocks?: Array<Record<string, unknown>> };
  async function answerIn(thread: string): Promise<Posted> {
    const call = await app.nextCall('chat.postMessage', (candidate) => candidate.args.thread_ts === thread);
    return { text: call.args.text as string, blocks: call.args.blocks as Array<Record<string, unknown>> };
  }

  it('Previous to a page never fetched names its price, and pressing it pays that price', async () => {
    const cost = simulatorCost(OPS.bids);
    const sent = await app.command('安置房 page:2', { command: '/bids' });
    const page2 = await app.nextResponse(sent.responseId);
    expect(allText(page2)).toContain('Page 2 of 3');
    expect(buttonNamed(page2, 'dq_page_previous')?.text.text).toBe(`← Previous (${cost} coins)`);
    const clicked = await app.click('dq_page_previous', buttonNamed(page2, 'dq_page_previous')!.value!);
    expect(allText(await app.nextResponse(clicked.responseId))).toContain('Page 1 of 3');
    expect(app.upstreamCalls(OPS.bids)).toHaveLength(2);
    expect(await coinsToday()).toBe(2 * cost);
  });

  it('a Previous labelled free whose page has left the cache buys nothing: it says so and offers the page at its price', async () => {
    const cost = simulatorCost(OPS.bids);
    const sent = await app.command('安置房', { command: '/bids' });
    const page1 = await app.nextResponse(sent.responseId);
    const next = await app.click('dq_page_next', buttonNamed(page1, 'dq_page_next')!.value!);
    const page2 = await app.nextResponse(next.responseId);
    expect(buttonNamed(page2, 'dq_page_previous')?.text.text).toBe('← Previous (cached, free)');
    expect(await coinsToday()).toBe(2 * cost);
    // Tenders stay cached an hour: two hours on, page 1 is gone.
    clock.jumpTo(clock.now() + 2 * 3_600_000);
    const back = await app.click('dq_page_previous', buttonNamed(page2, 'dq_page_previous')!.value!);
    const notice = await app.nextResponse(back.responseId);
    expect(allText(notice)).toContain('it is not free any more. Nothing was charged.');
    expect(buttonNamed(notice, 'dq_page_next')?.text.text).toBe(`Fetch it (${cost} coins)`);
    await app.settle();
    expect(app.upstreamCalls(OPS.bids)).toHaveLength(2);
    expect(await coinsToday()).toBe(2 * cost);
  });

  it('上一页 in a thread takes the page before from the cache, or offers it at its price without buying it', async () => {
    const cost = simulatorCost(OPS.bids);
    const sent = await app.mention('/bids 安置房 page:2');
    expect(allText(await answerIn(sent.ts))).toContain('Page 2 of 3');
    expect(await coinsToday()).toBe(cost);
    await app.mention('上一页', { threadTs: sent.ts });
    const offer = await answerIn(sent.ts);
    expect(allText(offer)).toContain('上一页已不在缓存中，返回不再免费。未扣费。');
    expect(buttonNamed(offer, 'dq_page_next')?.text.text).toBe(`获取这一页（${cost} 币）`);
    await app.settle();
    expect(app.upstreamCalls(OPS.bids)).toHaveLength(1);
    expect(await coinsToday()).toBe(cost);
    // No price was quoted for a lookup that was not made.
    expect(app.fake.statusHistory(sent.channel, sent.ts).filter((status) => status.includes('币'))).toEqual([]);

    // A page seen before is there: `previous` brings it, free.
    await app.mention('next', { threadTs: sent.ts });
    expect(allText(await answerIn(sent.ts))).toContain('Page 3 of 3');
    await app.mention('previous', { threadTs: sent.ts });
    const back = await answerIn(sent.ts);
    expect(allText(back)).toContain('Page 2 of 3');
    expect(footerText(back)).toContain('no charge');
    expect(app.upstreamCalls(OPS.bids)).toHaveLength(2);
    expect(await coinsToday()).toBe(2 * cost);
  });

  it.each(['第１２页', 'page 12', '第十二页'])(
    '%s past the end a thread’s result knows is refused free, after the cache has forgotten the end',
    async (words) => {
      const cost = simulatorCost(OPS.bids);
      const sent = await app.mention('/bids 安置房');
      expect(allText(await answerIn(sent.ts))).toContain('Page 1 of 3');
      clock.jumpTo(clock.now() + 2 * 3_600_000);
      await app.mention(words, { threadTs: sent.ts });
      const refusal = allText(await answerIn(sent.ts));
      expect(refusal).toMatch(/第 12 页超出范围|page 12 is past its end/);
      expect(refusal).toMatch(/未扣费|Nothing was charged/);
      expect(app.upstreamCalls(OPS.bids)).toHaveLength(1);
      expect(await coinsToday()).toBe(cost);
    },
  );
});
