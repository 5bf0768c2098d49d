import { describe, expect, it } from 'vitest';
import { type NewFund, newFunds } from '../../../src/core/operations/newFunds.js';
import { english, langFor } from '../../../src/i18n/lang.js';
import { formatFees } from '../../../src/slack/render/newFundSections.js';
import { slackOperation } from '../../../src/slack/slackOperations/index.js';
import { unexpectedEnglish } from '../../support/englishWords.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { answerMessage, answerOf, hostile, OPTIONS, visibleText } from '../render/fixtures.js';

const FUND: NewFund = {
  fundType: '混合型',
  beginDate: '2026-05-01',
  endDate: '2026-05-20',
  fundCode: '293033',
  fundName: '交银施罗德恒利混合A',
  fundManagerName: '林雪松',
  minPurchase: '1000',
  fundOriginalFee: '1.20%',
  fundDiscountFee: '0.12%',
  saleStatus: true,
};

function render(funds: NewFund[], input: Record<string, unknown> = {}, total = funds.length) {
  return answerMessage(answerOf('fund-new-list', { pageSize: 50, ...input }, { total, funds }), OPTIONS);
}

describe('new funds', () => {
  it('an empty list says what to try next: every sale status, or later', () => {
    expect(visibleText(render([], { saleStatus: 'true' }))).toContain('Try all of them with `/new-funds all`');
    expect(visibleText(render([], {}))).toContain('Look again in a few days');
    expect(visibleText(render([], {}))).not.toContain('/new-funds all');
  });

  it('shows name, code, type, manager, subscription window, minimum, fees and sale status', () => {
    const message = render([FUND], { saleStatus: 'true' });
    assertWithinSlackLimits(message, 'message');
    const text = visibleText(message);
    expect(text).toContain('*交银施罗德恒利混合A* `293033` · 混合型 · On sale');
    expect(text).toContain('Manager 林雪松 · Subscription 2026-05-01 to 2026-05-20');
    expect(text).toContain('Minimum CNY 1,000 · Fee 0.12% (was 1.20%)');
    expect(text).toContain('Newly issued funds (on sale)');
  });

  it('a kind asked for filters the page as digests filter, says from how many, and is not sent', () => {
    const bond: NewFund = { ...FUND, fundCode: '000002', fundName: '易方达安心债券A', fundType: '债券型-长债' };
    const parsed = newFunds.input.parse({ saleStatus: 'onsale', fundKind: '债基', pageSize: 50 });
    expect(parsed.fundKind).toBe('bond');
    expect(newFunds.body!(parsed)).toEqual({ saleStatus: 'true', pageNo: '1', pageSize: '50' });
    const result = newFunds.normalise({ data: [FUND, bond], limit: '50', count: 2, page: '1' }, parsed);
    expect(result).toEqual({ total: 2, funds: [bond], listed: 2 });
    const message = render(result.funds, { saleStatus: 'true', fundKind: 'bond' });
    const text = visibleText(
      answerMessage(answerOf('fund-new-list', { saleStatus: 'true', fundKind: 'bond', pageSize: 50 }, result), OPTIONS),
    );
    expect(text).toContain('Newly issued funds (on sale · bond)');
    expect(text).toContain('Kind bond: 1 of the 2 new funds on this page of the service’s list');
    expect(text).toContain('易方达安心债券A');
    expect(text).not.toContain('交银施罗德恒利混合A');
    assertWithinSlackLimits(message, 'message');
  });

  it('names the original fee in words only when there is a real discount: 认购费率 0.08%（原 0.80%）, never struck through', () => {
    const zh = langFor('zh-CN');
    expect(formatFees('1.20%', '0.12%', english)).toBe('0.12% (was 1.20%)');
    expect(formatFees('0.80%', '0.08%', zh)).toBe('0.08%（原 0.80%）');
    expect(formatFees('', '0.00%', english)).toBe('0.00%');
    expect(formatFees('1.50%', '', english)).toBe('1.50%');
    expect(formatFees('1.50%', '1.50%', english)).toBe('1.50%');
    expect(formatFees('', '', english)).toBe('—');
    expect(formatFees('1~2%', '0.1%', english)).toBe('0.1% (was 12%)');
    expect(
      visibleText(
        answerMessage(
          answerOf(
            'fund-new-list',
            { pageSize: 50 },
            { total: 1, funds: [{ ...FUND, fundOriginalFee: '0.80%', fundDiscountFee: '0.08%' }] },
          ),
          { ...OPTIONS, lang: zh },
        ),
      ),
    ).toContain('起购金额 1,000元 · 认购费率 0.08%（原 0.80%）');
  });

  it('shows a fund that is not on sale', () => {
    expect(visibleText(render([{ ...FUND, saleStatus: false }]))).toContain('· Not on sale');
  });

  it('shows all 50 funds of the largest page', () => {
    const funds = Array.from({ length: 50 }, (_, index) => ({
      ...FUND,
      fundCode: String(100000 + index),
      fundName: `${FUND.fundName}${index}`,
    }));
    const message = render(funds, {}, 138);
    assertWithinSlackLimits(message, 'message');
    const text = visibleText(message);
    for (const fund of funds) expect(text).toContain(fund.fundCode);
    expect(text).not.toContain('more not shown');
    expect(text).toContain('Page 1 of 3 · 138 results');
  });

  it('stays within limits with hostile and enormous values', () => {
    const evil = {
      ...FUND,
      fundName: hostile('Fund') + 'n'.repeat(5000),
      fundManagerName: '<!everyone>',
      fundType: '&'.repeat(500),
      minPurchase: 'x'.repeat(3000),
    };
    const message = render(Array.from({ length: 50 }, () => evil));
    assertWithinSlackLimits(message, 'message');
    const json = JSON.stringify(message);
    expect(json).not.toContain('<!everyone>');
    expect(json).not.toContain('<!channel>');
  });
});

describe('new funds in Chinese', () => {
  const ZH = { ...OPTIONS, lang: langFor('zh-CN') };
  const NEW_FUNDS = 'fund-new-list';
  const answer = (funds: NewFund[], input: Record<string, unknown> = {}, total = funds.length) =>
    answerOf(NEW_FUNDS, { pageSize: 50, ...input }, { total, funds });

  it('describes each fund in Chinese and writes no English of its own', () => {
    const rendered = slackOperation(NEW_FUNDS).render(
      answer([FUND, { ...FUND, saleStatus: false }], { saleStatus: 'true' }),
      ZH,
    );
    const text = visibleText(rendered);
    expect(text).toContain('新发基金（在售）');
    expect(text).toContain('*交银施罗德恒利混合A* `293033` · 混合型 · 在售');
    expect(text).toContain('· 未在售');
    expect(text).toContain('基金经理 林雪松 · 认购期 2026-05-01 至 2026-05-20');
    expect(text).toContain('起购金额 1,000元 · 认购费率 0.12%（原 1.20%）');
    expect(rendered.text).toBe('新发基金（在售）：共 2 只');
    expect(unexpectedEnglish(`${text}\n${rendered.text}`)).toEqual([]);
  });

  it('says in Chinese that there are none', () => {
    expect(visibleText(slackOperation(NEW_FUNDS).render(answer([], {}, 0), ZH))).toContain(
      '目前没有新发基金。过几天再查',
    );
    expect(visibleText(slackOperation(NEW_FUNDS).render(answer([], { saleStatus: 'false' }, 0), ZH))).toContain(
      '目前没有新发基金（未在售）。',
    );
  });

  it('shows all 50 funds of the largest page within Slack limits', () => {
    const funds = Array.from({ length: 50 }, (_, index) => ({
      ...FUND,
      fundCode: String(100000 + index),
      fundName: `${FUND.fundName}${index}`,
    }));
    const message = answerMessage(answer(funds, {}, 138), ZH);
    assertWithinSlackLimits(message, 'message');
    const text = visibleText(message);
    for (const fund of funds) expect(text).toContain(fund.fundCode);
    expect(text).not.toContain('未显示');
  });
});
