import { describe, expect, it } from 'vitest';
import type { BidRecord } from '../../../src/core/operations/bids.js';
import { langFor } from '../../../src/i18n/lang.js';
import { slackOperation } from '../../../src/slack/slackOperations/index.js';
import { unexpectedEnglish } from '../../support/englishWords.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { answerMessage, answerOf, hostile, OPTIONS, visibleText } from '../render/fixtures.js';

const AWARD: BidRecord = {
  id: '5fc80ceeb89f2f31',
  title: '天津市水利局光伏组件采购项目成交结果公告',
  noticeType: '中标结果',
  purchaser: '天津市水利局',
  supplier: '宁波海润环保科技有限公司',
  province: 'TJ',
  provinceName: '天津',
  publishDate: '2026-05-19',
  amount: 888_300,
  url: 'https://example.invalid/notice/5fc80ceeb89f2f31',
};

function render(records: BidRecord[], total: number | 'unknown' = records.length, input: Record<string, unknown> = {}) {
  const result = total === 'unknown' ? { records } : { records, total };
  return answerMessage(
    answerOf('thirdpartymarket-cmapi00069224-enterprise-search-bid-list', { keyword: '光伏组件', ...input }, result),
    OPTIONS,
  );
}

describe('bid notices', () => {
  it('shows title (linked), notice type, purchaser, supplier, region, date and amount', () => {
    const message = render([AWARD]);
    assertWithinSlackLimits(message, 'message');
    const text = visibleText(message);
    expect(text).toContain(
      '*<https://example.invalid/notice/5fc80ceeb89f2f31|天津市水利局光伏组件采购项目成交结果公告>*',
    );
    for (const field of [
      '*Notice type*\nAward result',
      '*Purchaser*\n天津市水利局',
      '*Supplier*\n宁波海润环保科技有限公司',
      '*Region*\n天津 (TJ)',
      '*Published*\n2026-05-19',
      '*Amount*\nCNY 888.30 thousand',
    ]) {
      expect(text).toContain(field);
    }
    // The internal id says nothing to a reader.
    expect(text).not.toContain('5fc80ceeb89f2f31\n');
    expect(message.text).toBe('Tender and bid notices: 1 notice for “光伏组件”');
  });

  it('shows a budget in English units and names the notice type when the service sends its code', () => {
    const text = visibleText(render([{ title: '某项目', type: '3', budget: '1234567890', provinceCode: 'ZJ' }]));
    expect(text).toContain('*Notice type*\nPlanned project');
    expect(text).toContain('*Budget*\nCNY 1.23 billion');
    expect(text).toContain('*Region*\n浙江 (ZJ)');
  });

  it('keeps any other returned field', () => {
    const text = visibleText(
      render([{ ...AWARD, agency: '浙江招标代理有限公司', bidOpeningTime: '2026-06-01 09:30' }]),
    );
    expect(text).toContain('*Agency*\n浙江招标代理有限公司');
    expect(text).toContain('*Bid opening time*\n2026-06-01 09:30');
  });

  it('works with an unknown record shape: a title-like field, or else key: value lines', () => {
    const withName = visibleText(
      render([{ projectName: '光伏电站EPC', buyer: '国网', releaseDate: '2026-05-01', money: 5000 }]),
    );
    expect(withName).toContain('*光伏电站EPC*');
    expect(withName).toContain('*Purchaser*\n国网');
    expect(withName).toContain('*Published*\n2026-05-01');
    expect(withName).toContain('*Money*\nCNY 5.00 thousand');

    const message = render([{ a1: 'x', b_code: 7, nested: { k: 'v' } }]);
    assertWithinSlackLimits(message, 'message');
    const bare = visibleText(message);
    expect(bare).toContain('*Notice 1*');
    expect(bare).toContain('A1: x');
    expect(bare).toContain('B code: 7');
    expect(bare).toContain('Nested: {"k":"v"}');
  });

  it('does not link addresses that are not web addresses', () => {
    const text = visibleText(render([{ ...AWARD, url: 'javascript:alert(1)' }]));
    expect(text).toContain('*天津市水利局光伏组件采购项目成交结果公告*');
    expect(text).not.toContain('javascript:alert');
  });

  it('escapes hostile titles and fields, and survives extreme lengths', () => {
    const message = render(
      Array.from({ length: 10 }, (_, index) => ({
        ...AWARD,
        title: hostile(`T${index}`) + 'x'.repeat(5000),
        purchaser: hostile() + 'p'.repeat(3000),
        ...Object.fromEntries(Array.from({ length: 30 }, (_, k) => [`extra${k}`, 'e'.repeat(500)])),
      })),
    );
    assertWithinSlackLimits(message, 'message');
    const json = JSON.stringify(message);
    expect(json).not.toContain('<!channel>');
    expect(json).not.toContain('<@U0BADBAD>');
    expect(json).not.toContain('<https://evil.example');
  });

  it('numbers notices across pages when there is no title', () => {
    const text = visibleText(render([{ foo: 'bar' }], 25, { pageIndex: 3 }));
    expect(text).toContain('*Notice 21*');
  });

  it('says so when nothing matches, and pages without a total', () => {
    const empty = render([], 0);
    assertWithinSlackLimits(empty, 'message');
    expect(visibleText(empty)).toContain('No notices match “光伏组件”');
    const noTotal = render(
      Array.from({ length: 10 }, () => AWARD),
      'unknown',
    );
    expect(visibleText(noTotal)).toContain('Page 1');
    expect(visibleText(noTotal)).not.toContain('Page 1 of');
  });
});

describe('bid records with keys that look like object internals', () => {
  it('shows "constructor", "toString" and "__proto__" as ordinary fields', () => {
    const record = JSON.parse(
      '{"title":"T","noticeType":"constructor","constructor":"c","toString":"s","__proto__":"p"}',
    ) as BidRecord;
    const message = render([record]);
    assertWithinSlackLimits(message, 'message');
    const text = visibleText(message);
    expect(text).toContain('*Notice type*\nconstructor');
    expect(text).toContain('*Constructor*\nc');
    expect(text).toContain('*To string*\ns');
  });
});

describe('bid notices in Chinese', () => {
  const ZH = { ...OPTIONS, lang: langFor('zh-CN') };
  const BIDS = 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list';
  const answer = (records: BidRecord[], input: Record<string, unknown> = {}, total = records.length) =>
    answerOf(BIDS, { keyword: '光伏组件', ...input }, { records, total });
  const result = (records: BidRecord[], input: Record<string, unknown> = {}, total = records.length) =>
    slackOperation(BIDS).render(answer(records, input, total), ZH);

  it('labels the notice in Chinese, the filters too, and writes no English of its own', () => {
    const input = {
      type: '2',
      province: 'ZJ',
      searchType: '1,2',
      publishStartTime: '2026-01-01',
      publishEndTime: '2026-06-30',
    };
    const rendered = result([AWARD], input);
    const text = visibleText(rendered);
    expect(text).toContain('招投标公告：光伏组件');
    expect(text).toContain(
      '中标结果 · 地区：浙江（ZJ） · 关键词匹配：标题、采购人 · 发布日期 2026-01-01 至 2026-06-30',
    );
    for (const field of [
      '*公告类型*\n中标结果',
      '*采购人*\n天津市水利局',
      '*供应商*\n宁波海润环保科技有限公司',
      '*地区*\n天津（TJ）',
      '*发布日期*\n2026-05-19',
      '*金额*\n88.83万元',
    ]) {
      expect(text).toContain(field);
    }
    expect(rendered.text).toBe('招投标公告：“光伏组件”共 1 条公告');
    expect(unexpectedEnglish(`${text}\n${rendered.text}`, ['ZJ', 'TJ'])).toEqual([]);
    assertWithinSlackLimits(answerMessage(answer([AWARD], input), ZH), 'message');
  });

  it('names a notice type sent as a code, a notice without a title, and the longest period', () => {
    expect(visibleText(result([{ title: '某项目', type: '3' }]))).toContain('*公告类型*\n拟建项目');
    expect(visibleText(result([{ foo: 'bar' }], { pageIndex: 3 }, 25))).toContain('*第 21 条公告*');
    const widest = visibleText(result([AWARD], { publishStartTime: '2026-01-01', publishEndTime: '2027-01-01' }));
    expect(widest).toContain(
      '发布日期 2026-01-01 至 2027-01-01（一年，即数据服务可搜索的最长期间；可用 `从:` 和 `到:` 缩小范围）',
    );
  });

  it('says in Chinese that nothing matched', () => {
    const text = visibleText(result([], {}, 0));
    expect(text).toContain('在此期间和地区内没有与“光伏组件”匹配的公告。');
    expect(unexpectedEnglish(text)).toEqual([]);
  });

  it('keeps ten enormous notices within Slack limits', () => {
    const records = Array.from({ length: 10 }, (_, index) => ({
      ...AWARD,
      title: `${index}${'标题'.repeat(3000)}`,
      purchaser: '采购人'.repeat(1000),
      ...Object.fromEntries(Array.from({ length: 30 }, (_, k) => [`extra${k}`, '值'.repeat(500)])),
    }));
    assertWithinSlackLimits(answerMessage(answer(records, { pageSize: 10 }, 300), ZH), 'message');
  });
});
