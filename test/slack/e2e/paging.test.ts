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
