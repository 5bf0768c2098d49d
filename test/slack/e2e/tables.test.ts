import type { DataTableBlock } from '@slack/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_WORKSPACE } from '../../support/slack/index.js';
import {
  allText,
  buttonNamed,
  footerText,
  type SlackResponseBody,
  startTestApp,
  type TestApp,
} from '../../support/slackApp.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { browseDataTable } from '../../support/slackTableLimits.js';
import { OPS, simulatorCost } from './forms.js';

/**
 * A list answer is one native data_table of the whole fetched page: Slack's client pages and sorts
 * it without a word to the app, so only "Next" past the fetched records costs coins again.
 */

const TEAM = DEFAULT_WORKSPACE.teamId;

function tableOf(message: SlackResponseBody): DataTableBlock | undefined {
  return (message.blocks ?? []).find((block) => block.type === 'data_table') as DataTableBlock | undefined;
}

describe('results as Slack native tables, end to end', () => {
  let app: TestApp;
  beforeEach(async () => {
    app = await startTestApp();
  });
  afterEach(async () => {
    await app?.close();
  });

  const coinsToday = async () => (await app.client.ledger.usage(TEAM, app.clock.now())).today.coins;

  it('/fund-asset 000001: 50 dates in a sortable table for one call; browsing all of them and sorting costs nothing and reaches no one', async () => {
    const cost = simulatorCost(OPS.fundAsset);
    const sent = await app.command('000001', { command: '/fund-asset' });
    const reply = await app.nextResponse(sent.responseId);
    assertWithinSlackLimits(reply, 'message');
    const table = tableOf(reply)!;
    expect(table.rows).toHaveLength(51);
    expect(app.upstreamCalls(OPS.fundAsset).map((call) => call.request)).toEqual([
      { fundCode: '000001', pageNo: '1', pageSize: '50' },
    ]);
    expect(await coinsToday()).toBe(cost);
    expect(footerText(reply)).toMatch(new RegExp(`^${cost} coins per lookup`));
    // The chart stays beside the table: Slack draws it from the latest 20 dates.
    expect(reply.blocks!.some((block) => block.type === 'data_visualization')).toBe(true);

    const callsBefore = app.fake.calls().length;
    // A reader pages through every row the client shows, then sorts by asset size, largest first.
    const pages = Math.ceil(50 / table.page_size!);
    const seen = Array.from({ length: pages }, (_, index) =>
      browseDataTable(table as never, { page: index + 1 }),
    ).flat();
    expect(new Set(seen.map((row) => (row[0] as { text: string }).text)).size).toBe(50);
    const largestFirst = browseDataTable(table as never, { page: 1, sortBy: 1, descending: true });
    const values = table.rows.slice(1).map((row) => (row[1] as { value: number }).value);
    expect((largestFirst[0]![1] as { value: number }).value).toBe(Math.max(...values));
    // Nothing of it reached the app, Slack's API or the service.
    await app.settle(50);
    expect(app.responses(sent.responseId)).toHaveLength(1);
    expect(app.fake.calls()).toHaveLength(callsBefore);
    expect(app.upstreamCalls(OPS.fundAsset)).toHaveLength(1);
    expect(await coinsToday()).toBe(cost);
  });

  it('Next, past the fetched records, names its price before the click and is the only thing that costs again', async () => {
    const cost = simulatorCost(OPS.fundAsset);
    const sent = await app.command('000001', { command: '/fund-asset' });
    const first = await app.nextResponse(sent.responseId);
    const next = buttonNamed(first, 'dq_page_next')!;
    expect(next.text.text).toBe(`Next 50 → (${cost} coins)`);
    const clicked = await app.click('dq_page_next', next.value!);
    const second = await app.nextResponse(clicked.responseId);
    assertWithinSlackLimits(second, 'message');
    expect(second.replace_original).toBe(true);
    expect(tableOf(second)!.rows).toHaveLength(51);
    expect(allText(second)).toContain('Page 2 of 2 · 100 results');
    expect(app.upstreamCalls(OPS.fundAsset)).toHaveLength(2);
    expect(await coinsToday()).toBe(2 * cost);
  });

  it('coins per 50 fund-asset records browsed: five Next clicks at the old default of 10 a page, one call at the default now', async () => {
    const cost = simulatorCost(OPS.fundAsset);
    // Before: pages of 10, so 50 records take page 1 and four Next clicks.
    let message = await app.nextResponse((await app.command('000001 size:10', { command: '/fund-asset' })).responseId);
    for (let click = 0; click < 4; click++) {
      const clicked = await app.click('dq_page_next', buttonNamed(message, 'dq_page_next')!.value!);
      message = await app.nextResponse(clicked.responseId);
    }
    const before = await coinsToday();
    expect(before).toBe(5 * cost);
    // After: another fund, the default page, 50 records in the table at once.
    const after = await app.nextResponse((await app.command('110022', { command: '/fund-asset' })).responseId);
    expect(tableOf(after)!.rows).toHaveLength(51);
    expect((await coinsToday()) - before).toBe(cost);
  });

  it('a Slack that refuses the table gets the same answer in sections, without a second charge', async () => {
    app.fake.refuseBlockTypes('data_table');
    const sent = await app.command('onsale', { command: '/new-funds' });
    const delivered = await app.nextResponse(sent.responseId, (body) => !tableOf(body));
    assertWithinSlackLimits(delivered, 'message');
    expect(app.responses(sent.responseId).filter((body) => tableOf(body))).toHaveLength(1);
    expect(delivered.text).toMatch(/^Newly issued funds \(on sale\): \d+ funds$/);
    expect(allText(delivered)).toContain('Minimum');
    expect(app.upstreamCalls(OPS.newFunds)).toHaveLength(1);
    expect(await coinsToday()).toBe(simulatorCost(OPS.newFunds));
  });

  it('Share in channel posts the table for everyone, from cache', async () => {
    const sent = await app.command('杭州', { command: '/taxpayer' });
    const reply = await app.nextResponse(sent.responseId);
    expect(tableOf(reply)!.rows.length).toBeGreaterThan(1);
    const share = buttonNamed(reply, 'dq_share')!;
    const clicked = await app.click('dq_share', share.value!);
    const shared = await app.nextResponse(clicked.responseId, (body) => body.response_type === 'in_channel');
    assertWithinSlackLimits(shared, 'message');
    expect(tableOf(shared)!.rows).toEqual(tableOf(reply)!.rows);
    expect(app.upstreamCalls(OPS.taxpayer)).toHaveLength(1);
  });
});
