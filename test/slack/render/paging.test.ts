import { describe, expect, it } from 'vitest';
import { langFor } from '../../../src/i18n/lang.js';
import { ACTION } from '../../../src/slack/payloads/ids.js';
import { decodeQueryValue } from '../../../src/slack/payloads/queryValue.js';
import type { SlackMessage } from '../../../src/slack/reply/slackMessage.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { answerMessage, answerOf, buttons, OPTIONS, visibleText } from './fixtures.js';

function funds(pageNo: number, total: number) {
  const fund = {
    fundType: '混合型',
    beginDate: '2026-05-01',
    endDate: '2026-05-20',
    fundCode: '000001',
    fundName: 'F',
    fundManagerName: 'M',
    minPurchase: '10',
    fundOriginalFee: '',
    fundDiscountFee: '0.00%',
    saleStatus: true,
  };
  const count = Math.max(0, Math.min(10, total - (pageNo - 1) * 10));
  return answerOf(
    'fund-new-list',
    { pageNo, pageSize: 10, saleStatus: 'true' },
    { total, funds: Array.from({ length: count }, () => fund) },
  );
}

const actionIds = (message: SlackMessage) => buttons(message).map((button) => button.action_id);

describe('paging and sharing', () => {
  it('offers only Next on the first page, with a value for page 2 of the same search', () => {
    const message = answerMessage(funds(1, 35), OPTIONS);
    assertWithinSlackLimits(message, 'message');
    expect(visibleText(message)).toContain('Page 1 of 4 · 35 results');
    expect(actionIds(message)).toEqual([ACTION.pageNext, ACTION.share, ACTION.exportCsv]);
    const next = buttons(message)[0]!;
    // It carries the reply's language, so the page it brings is said in the same one.
    expect(decodeQueryValue(next.value!)).toEqual({
      operation: 'fund-new-list',
      request: { saleStatus: 'true', pageNo: '2', pageSize: '10' },
      locale: 'en',
    });
  });

  it('Next names its price and how many records it brings, fewer when the last page is short', () => {
    expect(buttons(answerMessage(funds(1, 35), OPTIONS))[0]!.text.text).toBe('Next 10 → (10 coins)');
    expect(buttons(answerMessage(funds(3, 35), OPTIONS))[1]!.text.text).toBe('Next 5 → (10 coins)');
    const chinese = answerMessage(funds(3, 35), { ...OPTIONS, lang: langFor('zh-CN') });
    expect(buttons(chinese)[1]!.text.text).toBe('下 5 条 →（10 币）');
  });

  it('Next says it is free, not its price, when the flow found that page in the cache', () => {
    const free = { ...OPTIONS, nextPageFree: true };
    expect(buttons(answerMessage(funds(1, 35), free))[0]!.text.text).toBe('Next 10 → (cached, free)');
    expect(buttons(answerMessage(funds(3, 35), free))[1]!.text.text).toBe('Next 5 → (cached, free)');
    const chinese = answerMessage(funds(3, 35), { ...free, lang: langFor('zh-CN') });
    expect(buttons(chinese)[1]!.text.text).toBe('下 5 条 →（已缓存，免费）');
  });

  it('Previous names its price, or says it is free and carries that when the flow found its page in the cache (issue 42.3)', () => {
    const paid = buttons(answerMessage(funds(2, 35), OPTIONS))[0]!;
    expect(paid.text.text).toBe('← Previous (10 coins)');
    expect(decodeQueryValue(paid.value!)?.free).toBeUndefined();
    expect(buttons(answerMessage(funds(2, 35), { ...OPTIONS, lang: langFor('zh-CN') }))[0]!.text.text).toBe(
      '← 上一页（10 币）',
    );
    const free = buttons(answerMessage(funds(2, 35), { ...OPTIONS, previousPageFree: true }))[0]!;
    expect(free.text.text).toBe('← Previous (cached, free)');
    // Pressed, it may only take the page from the cache, as a Next labelled free does.
    expect(decodeQueryValue(free.value!)?.free).toBe(true);
    const chinese = answerMessage(funds(2, 35), { ...OPTIONS, previousPageFree: true, lang: langFor('zh-CN') });
    expect(buttons(chinese)[0]!.text.text).toBe('← 上一页（已缓存，免费）');
  });

  it('offers Previous and Next in the middle', () => {
    const message = answerMessage(funds(2, 35), OPTIONS);
    expect(actionIds(message)).toEqual([ACTION.pagePrevious, ACTION.pageNext, ACTION.share, ACTION.exportCsv]);
    const [previous, next] = buttons(message);
    expect(decodeQueryValue(previous!.value!)?.request.pageNo).toBe('1');
    expect(decodeQueryValue(next!.value!)?.request.pageNo).toBe('3');
  });

  it('offers only Previous on the last page', () => {
    const message = answerMessage(funds(4, 35), OPTIONS);
    expect(visibleText(message)).toContain('Page 4 of 4');
    expect(actionIds(message)).toEqual([ACTION.pagePrevious, ACTION.share, ACTION.exportCsv]);
  });

  it('offers no paging for a single page, and the share value is the current query', () => {
    const message = answerMessage(funds(1, 3), OPTIONS);
    expect(visibleText(message)).toContain('Page 1 of 1 · 3 results');
    expect(actionIds(message)).toEqual([ACTION.share, ACTION.exportCsv]);
    expect(decodeQueryValue(buttons(message)[0]!.value!)).toEqual({
      operation: 'fund-new-list',
      request: { saleStatus: 'true', pageNo: '1', pageSize: '10' },
    });
  });

  it('moves the taxpayer page as a number, the way its wire request is typed', () => {
    const answer = answerOf(
      'enterprise-general-taxpayer-query',
      { keyword: '华信', pageNo: 2 },
      { total: 45, records: [{ enterpriseName: 'A', creditNo: 'B', taxpayerType: 'C' }] },
    );
    const values = buttons(answerMessage(answer, OPTIONS)).map(
      (button) => decodeQueryValue(button.value!)?.request.pageNo,
    );
    // Previous, Next, Share, Export: Share and Export carry the page shown.
    expect(values).toEqual([1, 3, 2, 2]);
  });

  it('puts no buttons on a shared copy (a click would replace everyone\'s copy), but keeps "Page x of y"', () => {
    const message = answerMessage(funds(2, 35), { ...OPTIONS, sharedBy: 'U0ALICE' });
    expect(actionIds(message)).toEqual([]);
    expect(visibleText(message)).toContain('Page 2 of');
    const single = answerMessage(funds(1, 3), { ...OPTIONS, sharedBy: 'U0ALICE' });
    expect(single.blocks.some((block) => block.type === 'actions')).toBe(false);
  });

  it('says "Page x" when the total is unknown', () => {
    const records = Array.from({ length: 10 }, (_, index) => ({ title: `T${index}` }));
    const message = answerMessage(
      answerOf(
        'thirdpartymarket-cmapi00069224-enterprise-search-bid-list',
        { keyword: '光伏组件', pageIndex: 3 },
        { records },
      ),
      OPTIONS,
    );
    expect(visibleText(message)).toContain('Page 3');
    expect(visibleText(message)).not.toContain('Page 3 of');
    // A tender search can be watched: "Watch this search" goes with it.
    expect(actionIds(message)).toEqual([
      ACTION.pagePrevious,
      ACTION.pageNext,
      ACTION.share,
      ACTION.exportCsv,
      ACTION.watchThis,
    ]);
  });

  it('leaves out a button whose value would pass 2000 characters, and the message still fits', () => {
    // 69 characters of JSON around the keyword (its language included): pages 8 and 9 come to exactly 2000, page 10 to 2001.
    // Longer than the taxpayer operation accepts today, but a renderer must hold with any request (e.g. one cached earlier).
    const keyword = '光'.repeat(1931);
    const tooLong = (answer: ReturnType<typeof answerOf<'enterprise-general-taxpayer-query'>>, text: string) => ({
      ...answer,
      request: { ...answer.request, keyword: text },
    });
    const answer = tooLong(
      answerOf(
        'enterprise-general-taxpayer-query',
        { keyword: '光伏', pageNo: 9, pageSize: 10 },
        { total: 200, records: [] },
      ),
      keyword,
    );
    const message = answerMessage(answer, OPTIONS);
    assertWithinSlackLimits(message, 'message');
    // The page came back empty: nothing to share, only the way back.
    expect(actionIds(message)).toEqual([ACTION.pagePrevious]);
    for (const button of buttons(message)) expect(button.value!.length).toBe(2000);
    const huge = tooLong(
      answerOf(
        'enterprise-general-taxpayer-query',
        { keyword: '光伏', pageNo: 2, pageSize: 10 },
        { total: 200, records: [] },
      ),
      '光'.repeat(2100),
    );
    const hugeMessage = answerMessage(huge, OPTIONS);
    assertWithinSlackLimits(hugeMessage, 'message');
    expect(hugeMessage.blocks.some((block) => block.type === 'actions')).toBe(false);
    expect(visibleText(hugeMessage)).toContain('Page 2 of 20');
  });
});

describe('block ids', () => {
  it('change from page to page, since Slack wants new ids when a message is updated, and stay unique', () => {
    const ids = (message: SlackMessage) => message.blocks.map((block) => block.block_id).filter(Boolean);
    const first = ids(answerMessage(funds(1, 35), OPTIONS));
    const second = ids(answerMessage(funds(2, 35), OPTIONS));
    expect(new Set(first).size).toBe(first.length);
    expect(first.filter((id) => second.includes(id))).toEqual([]);
    expect(ids(answerMessage(funds(1, 35), OPTIONS))).toEqual(first);
  });
});

describe('an empty result', () => {
  it('has no page count, share or export on its first page', () => {
    const message = answerMessage(
      answerOf('enterprise-general-taxpayer-query', { keyword: '华为技术' }, { total: 0, records: [] }),
      OPTIONS,
    );
    expect(actionIds(message)).toEqual([]);
    expect(visibleText(message)).not.toMatch(/Page 1|0 results/);
  });
});
