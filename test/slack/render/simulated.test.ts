import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallResult } from '../../../src/core/client/dataClient.js';
import type { OperationId } from '../../../src/core/operations/index.js';
import { pricesFrom } from '../../../src/core/operations/prices.js';
import { english, langFor } from '../../../src/i18n/lang.js';
import { decodeQueryValue } from '../../../src/slack/payloads/queryValue.js';
import type { RenderOptions } from '../../../src/slack/render/answer.js';
import { slackOperation } from '../../../src/slack/slackOperations/index.js';
import { type DataService, startDataService, TEAM } from '../../support/dataService.js';
import { unexpectedEnglish } from '../../support/englishWords.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { answerMessage, buttons, footerText, visibleText } from './fixtures.js';

const CHART = {
  kind: 'image' as const,
  url: `https://quickchart.io/chart?c=${'x'.repeat(2500)}`,
  alt: 'Asset size over time',
  caption: 'Asset size, CNY',
};

/** Real answers from the simulator, including the largest pages each operation allows. */
describe('rendering real answers from the simulator', () => {
  let service: DataService;
  const options = (extra: Partial<RenderOptions> = {}): RenderOptions => ({
    lang: english,
    timeZone: 'Asia/Shanghai',
    demo: true,
    now: Date.now(),
    prices: pricesFrom(),
    ...extra,
  });
  const call = <Id extends OperationId>(operation: Id, input: Record<string, unknown>) =>
    service.client.call(operation, input, TEAM) as Promise<CallResult<Id>>;

  beforeAll(async () => {
    service = await startDataService();
  });
  afterAll(() => service.close());

  const LARGEST: Array<[OperationId, Record<string, unknown>]> = [
    ['enterprise-general-taxpayer-query', { keyword: '科技', pageSize: 20 }],
    ['enterprise-general-taxpayer-query', { keyword: '有限公司', pageSize: 20, pageNo: 2 }],
    ['thirdpartymarket-cmapi00069224-enterprise-search-bid-list', { keyword: '光伏组件', pageSize: 10 }],
    [
      'thirdpartymarket-cmapi00069224-enterprise-search-bid-list',
      { keyword: '医疗设备', pageSize: 10, type: '2', province: 'ZJ' },
    ],
    ['fund-asset', { fundCode: '000001', pageSize: 50 }],
    ['finance-external-futures-kline', { symbol: 'CL', type: '0', limit: 1000 }],
    ['finance-external-futures-kline', { symbol: 'GC', type: '1', limit: 1000 }],
    ['fund-new-list', { pageSize: 50 }],
    ['fund-new-list', { pageSize: 50, saleStatus: 'true', pageNo: 2 }],
  ];

  it.each(LARGEST)('%s %o fits Slack, shared or not, with or without a chart', async (operation, input) => {
    const answer = await call(operation, input);
    for (const extra of [
      {},
      { sharedBy: 'U0SHARER' },
      { chart: CHART },
      { chart: { kind: 'none' as const, note: 'Chart left out: no data.' } },
    ]) {
      const message = answerMessage(answer, options(extra));
      assertWithinSlackLimits(message, 'message');
      expect(footerText(message)).toContain('Simulated data');
      expect(message.text.length).toBeGreaterThan(0);
    }
  });

  /** Words of the simulator's own data besides codes (credit, region, fund-type and futures codes are upper case). */
  const SERVICE_WORDS = ['REITs', 'GMT', 'Asia', 'Shanghai'];
  const notCodes = (words: string[]) => words.filter((word) => word !== word.toUpperCase());

  it.each(LARGEST)('%s %o fits Slack in Chinese too, the result in Chinese', async (operation, input) => {
    const zh = langFor('zh-CN');
    const answer = await call(operation, input);
    for (const extra of [
      {},
      { sharedBy: 'U0SHARER' },
      { chart: { ...CHART, alt: '基金规模'.repeat(600), caption: '基金规模'.repeat(600) } },
    ]) {
      const message = answerMessage(answer, options({ lang: zh, ...extra }));
      assertWithinSlackLimits(message, 'message');
    }
    const result = slackOperation(operation).render(answer, options({ lang: zh }));
    expect(result.blocks[0]?.type).toBe('header');
    expect(visibleText({ blocks: result.blocks.slice(0, 1) })).toMatch(/^[\p{Script=Han}K]+[：（]/u);
    // A page past the end says so in paging's words (render/paging.ts), not the operation's.
    const pastTheEnd =
      answer.paging !== undefined &&
      answer.paging.pageCount !== undefined &&
      answer.paging.page > answer.paging.pageCount;
    if (!pastTheEnd)
      expect(notCodes(unexpectedEnglish(`${visibleText(result)}\n${result.text}`, SERVICE_WORDS))).toEqual([]);
  });

  it('shows the whole largest fund-asset and new-fund pages (nothing dropped)', async () => {
    const assets = answerMessage(
      await call('fund-asset', { fundCode: '000001', pageSize: 50 }),
      options({ chart: CHART }),
    );
    const assetAnswer = await call('fund-asset', { fundCode: '000001', pageSize: 50 });
    for (const record of assetAnswer.result.records) expect(visibleText(assets)).toContain(record.assetDate);
    expect(visibleText(assets)).not.toContain('more not shown');
    expect(assets.blocks.some((block) => block.type === 'image')).toBe(true);

    const fundsAnswer = await call('fund-new-list', { pageSize: 50 });
    const funds = answerMessage(fundsAnswer, options());
    for (const fund of fundsAnswer.result.funds) expect(visibleText(funds)).toContain(fund.fundCode);
    expect(visibleText(funds)).not.toContain('more not shown');
  });

  it('shows every card of the largest taxpayer page (20), with paging and footer', async () => {
    const answer = await call('enterprise-general-taxpayer-query', { keyword: '科技', pageSize: 20 });
    expect(answer.result.records).toHaveLength(20);
    const message = answerMessage(answer, options());
    const text = visibleText(message);
    const shown = answer.result.records.filter((record) => text.includes(record.creditNo)).length;
    expect(shown).toBe(20);
    expect(text).not.toContain('more not shown');
    expect(buttons(message).map((button) => button.action_id)).toEqual(['dq_page_next', 'dq_share', 'dq_export_csv']);
    expect(footerText(message)).toContain('20 coins per lookup');
  });

  it('pages from a real answer: the Next value decodes to the next page of the same search', async () => {
    const answer = await call('thirdpartymarket-cmapi00069224-enterprise-search-bid-list', {
      keyword: '光伏组件',
      pageSize: 10,
    });
    expect(answer.paging?.hasNext).toBe(true);
    const next = buttons(answerMessage(answer, options())).find((button) => button.action_id === 'dq_page_next')!;
    const decoded = decodeQueryValue(next.value!)!;
    expect(decoded).toEqual({
      operation: answer.operation,
      request: { ...answer.request, pageIndex: '2' },
      locale: 'en',
    });
    const second = await call(
      decoded.operation as 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list',
      decoded.request,
    );
    const rendered = answerMessage(second, options());
    expect(buttons(rendered).map((button) => button.action_id)).toContain('dq_page_previous');
    expect(visibleText(rendered)).toContain('Page 2 of');
  });

  it('says the second identical lookup came from the cache at no charge', async () => {
    await call('fund-asset', { fundCode: '000002' });
    const again = await call('fund-asset', { fundCode: '000002' });
    expect(again.source).toBe('cache');
    expect(footerText(answerMessage(again, options()))).toContain('from cache, under a minute ago — no charge');
  });
});
