import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMMAND_GRAMMAR } from '../../../src/slack/slackOperations/index.js';
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
 * Questions that cannot have an answer are not paid for: a page past a known end, a period with one
 * end, a pasted paragraph, a credit code one character off. And the help's own examples all find
 * something on the simulator, so a newcomer's first tries are not wasted.
 */

const TEAM = DEFAULT_WORKSPACE.teamId;

describe('never spend on a question with no answer', () => {
  let app: TestApp;

  beforeEach(async () => {
    app = await startTestApp();
  });
  afterEach(async () => {
    await app?.close();
  });

  const coinsToday = async () => (await app.client.ledger.usage(TEAM, app.clock.now())).today.coins;
  const pageLine = (message: SlackResponseBody) =>
    allText(message)
      .split('\n')
      .find((line) => /^(Page \d+ (of|·)|Page \d+$|Past the last page)/.test(line)) ?? '';

  async function run(text: string, command: string): Promise<SlackResponseBody> {
    const sent = await app.command(text, { command });
    const reply = await app.nextResponse(sent.responseId);
    assertWithinSlackLimits(reply, 'message');
    return reply;
  }

  async function click(message: SlackResponseBody, actionId: string): Promise<SlackResponseBody> {
    const button = buttonNamed(message, actionId);
    expect(button, `the message has ${actionId}`).toBeDefined();
    const clicked = await app.click(actionId, button!.value!);
    return app.nextResponse(clicked.responseId);
  }

  it('a page past the end is refused once the number of pages is known, and nothing is charged', async () => {
    const cost = simulatorCost(OPS.fundAsset);
    const first = await run('000001', '/fund-asset');
    expect(pageLine(first)).toBe('Page 1 of 2 · 100 results');
    expect(await coinsToday()).toBe(cost);

    for (const page of ['999', '3']) {
      const refused = await run(`000001 page:${page}`, '/fund-asset');
      const text = allText(refused);
      expect(text).toContain('nothing was sent or spent');
      expect(text).toContain(`Page ${page} is past the end: there are only 2 pages`);
    }
    // The last page itself is a fair question.
    expect(pageLine(await run('000001 page:2', '/fund-asset'))).toBe('Page 2 of 2 · 100 results');
    expect(app.upstreamCalls(OPS.fundAsset)).toHaveLength(2);
    expect(await coinsToday()).toBe(2 * cost);
  });

  it('a page past the end asked before the count was known is charged once, says so, and "back" goes to the last page', async () => {
    const cost = simulatorCost(OPS.fundAsset);
    const beyond = await run('000001 page:999', '/fund-asset');
    expect(await coinsToday()).toBe(cost);
    expect(allText(beyond)).toContain('Page 999 is past the end: 100 results on 2 pages. Go back to the last page.');
    expect(pageLine(beyond)).toBe('Past the last page (2) · 100 results');
    // The last page was never fetched: its button names the price.
    expect(buttonsOf(beyond).map((button) => button.text.text)).toEqual([`← Last page (2, ${cost} coins)`]);

    const last = await click(beyond, 'dq_page_previous');
    expect(pageLine(last)).toBe('Page 2 of 2 · 100 results');
    expect((app.upstreamCalls(OPS.fundAsset)[1]?.request as { pageNo: string } | undefined)?.pageNo).toBe('2');
    // Asked again, page 999 comes from cache (it was paid for) and page 500 is refused without a call.
    const again = await run('000001 page:999', '/fund-asset');
    expect(allText(again)).toContain('Page 999 is past the end');
    expect(footerText(again)).toContain('no charge');
    expect(allText(await run('000001 page:500', '/fund-asset'))).toContain('there are only 2 pages');
    expect(app.upstreamCalls(OPS.fundAsset)).toHaveLength(2);
    expect(await coinsToday()).toBe(2 * cost);
  });

  it('an empty later page says the results ended, not that nothing matches', async () => {
    const reply = await run('杭州华信 page:2', '/taxpayer');
    const text = allText(reply);
    expect(text).toContain('Page 2 is past the end: 1 result on 1 page');
    expect(text).not.toContain('No company matches');
  });

  it('a bid period with one end is completed to at most one year, never past today, and the reply says so', async () => {
    const reply = await run('光伏组件 from:2024-01-01', '/bids');
    expect(app.upstreamCalls(OPS.bids)[0]?.request).toMatchObject({
      publishStartTime: '2024-01-01',
      publishEndTime: '2025-01-01',
    });
    expect(allText(reply)).toContain(
      'published 2024-01-01 to 2025-01-01 (one year, the longest period the service searches; give `from:` and `to:` to narrow it)',
    );
    expect(allText(reply)).not.toContain('rejected');
    // A start less than a year ago ends today (the pinned 2026-11-22); `to:` alone starts a year before it.
    const recent = await run('储能电站 type:tender from:2026-03-01', '/bids');
    expect(app.upstreamCalls(OPS.bids).at(-1)?.request).toMatchObject({
      publishStartTime: '2026-03-01',
      publishEndTime: '2026-11-22',
    });
    expect(allText(recent)).toContain('published 2026-03-01 to 2026-11-22');
    const toOnly = await run('储能电站 to:2026-06-30', '/bids');
    expect(app.upstreamCalls(OPS.bids).at(-1)?.request).toMatchObject({
      publishStartTime: '2025-06-30',
      publishEndTime: '2026-06-30',
    });
    expect(allText(toOnly)).toContain('published 2025-06-30 to 2026-06-30 (one year');
  });

  it('a pasted paragraph and a credit code one character short are refused before spending; quoted, the name goes ahead', async () => {
    const long = await run(`${'光伏组件采购'.repeat(20)}`, '/bids');
    expect(allText(long)).toMatch(/the keyword\*? is 120 characters long; use at most 60/);
    const short = await run('91330106774738789', '/taxpayer');
    expect(allText(short)).toContain('has 17 characters; a unified social credit code has 18');
    expect(allText(short)).toContain('nothing was sent or spent');
    expect(app.upstreamCalls()).toEqual([]);
    expect(await coinsToday()).toBe(0);

    const quoted = await run('"91330106774738789"', '/taxpayer');
    expect(app.upstreamCalls(OPS.taxpayer)[0]?.request).toMatchObject({ keyword: '91330106774738789' });
    expect(allText(quoted)).toContain('No company matches');
  });

  it('a request the service refuses says that nothing was charged', async () => {
    const reply = await run('XYZ 5m 30', '/futures');
    expect(allText(reply)).toMatch(/The data service refused this request as invalid\. Nothing was charged\./);
    expect(await coinsToday()).toBe(0);
  });

  it('every example the help shows finds something on the simulator', async () => {
    for (const syntax of COMMAND_GRAMMAR.syntaxes) {
      for (const example of [syntax.example, ...syntax.moreExamples]) {
        const reply = await run(example, COMMAND_GRAMMAR.syntaxOf(syntax.operation).command);
        const text = allText(reply);
        expect(text, `${syntax.command} ${example}`).not.toMatch(
          /No company matches|No notices match|No asset history|No newly issued funds|No .* candles came back|past the end|not valid|rejected|:warning:/,
        );
        expect(footerText(reply), `${syntax.command} ${example}`).toContain('coins per lookup');
      }
    }
  });
});
