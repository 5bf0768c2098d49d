import { describe, expect, it } from 'vitest';
import type { BudgetState } from '../../../src/core/ledger/budgets.js';
import type { UsagePeriod, UsageSummary } from '../../../src/core/ledger/ledger.js';
import { english, langFor } from '../../../src/i18n/lang.js';
import { renderUsage } from '../../../src/slack/render/usage.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { untranslatedWords } from '../modals/untranslated.js';
import { NOW, visibleText } from './fixtures.js';

const TITLES = {
  'fund-asset': 'Fund asset size history',
  'enterprise-general-taxpayer-query': 'Taxpayer record',
};
const RESETS = new Date(Date.UTC(2026, 4, 20, 16, 0)); // midnight in Shanghai, 9.5 h after NOW

function period(partial: Partial<UsagePeriod>): UsagePeriod {
  return {
    from: 0,
    to: Date.UTC(2026, 4, 31, 16, 0),
    coins: 0,
    calls: 0,
    unconfirmedCoins: 0,
    byOperation: {},
    byUser: {},
    ...partial,
  };
}

const SUMMARY: UsageSummary = {
  teamId: 'T1',
  timeZone: 'Asia/Shanghai',
  today: period({
    coins: 30,
    calls: 2,
    byOperation: {
      'fund-asset': { coins: 10, calls: 1 },
      'enterprise-general-taxpayer-query': { coins: 20, calls: 1 },
    },
    byUser: { U0ALICE: { coins: 30, calls: 2 } },
  }),
  month: period({
    coins: 250,
    calls: 14,
    byOperation: {
      'fund-asset': { coins: 50, calls: 5 },
      'enterprise-general-taxpayer-query': { coins: 200, calls: 10 },
    },
    byUser: { U0ALICE: { coins: 150, calls: 9 }, U0BOB: { coins: 100, calls: 5 } },
  }),
};

describe('usage summary', () => {
  it('shows coins today and this month, by operation and by user, biggest first', () => {
    const budget: BudgetState = { team: { spent: 30, limit: 200 }, user: { spent: 30, limit: 50 }, resetsAt: RESETS };
    const message = renderUsage(SUMMARY, budget, {
      now: NOW,
      timeZone: 'Asia/Shanghai',
      operationTitles: TITLES,
      lang: english,
    });
    assertWithinSlackLimits(message, 'message');
    const text = visibleText(message);
    expect(text).toContain('*Today*\n30 coins · 2 calls');
    expect(text).toContain('*This month*\n250 coins · 14 calls');
    const byOperation = text.slice(text.indexOf('*By operation*'));
    expect(byOperation.indexOf('Taxpayer record: 20 today, 200 coins this month (10 calls)')).toBeLessThan(
      byOperation.indexOf('Fund asset size history: 10 today, 50 coins this month (5 calls)'),
    );
    expect(text).toContain('<@U0ALICE>: 30 today, 150 coins this month (9 calls)');
    expect(text).toContain('<@U0BOB>: 0 today, 100 coins this month (5 calls)');
    expect(text).toContain('*Workspace budget*\n170 of 200 coins left today');
    expect(text).toContain('*Your budget*\n20 of 50 coins left today');
    expect(text).toContain('Budgets reset at 2026-05-21 00:00 GMT+8 (Asia/Shanghai), in 10 h.');
    expect(text).toContain('Monthly totals start again on 2026-06-01.');
    expect(message.text).toBe('Data service usage: 30 coins today, 250 coins this month');
  });

  it('says "no limit" where no budget is set, and never a negative amount left', () => {
    const text = visibleText(
      renderUsage(
        SUMMARY,
        { team: { spent: 30 }, user: { spent: 80, limit: 50 }, resetsAt: RESETS },
        { now: NOW, timeZone: 'Asia/Shanghai', operationTitles: TITLES, lang: english },
      ),
    );
    expect(text).toContain('*Workspace budget*\nno limit (30 coins spent today)');
    expect(text).toContain('*Your budget*\n0 of 50 coins left today');
    const teamOnly = visibleText(
      renderUsage(
        SUMMARY,
        { team: { spent: 0 }, resetsAt: RESETS },
        { now: NOW, timeZone: 'Asia/Shanghai', operationTitles: TITLES, lang: english },
      ),
    );
    expect(teamOnly).not.toContain('Your budget');
  });

  it('says when nothing has been spent yet', () => {
    const empty: UsageSummary = { ...SUMMARY, today: period({}), month: period({}) };
    const message = renderUsage(
      empty,
      { team: { spent: 0, limit: 100 }, resetsAt: RESETS },
      { now: NOW, timeZone: 'Asia/Shanghai', operationTitles: TITLES, lang: english },
    );
    assertWithinSlackLimits(message, 'message');
    expect(visibleText(message)).toContain('No lookups have been charged this month yet.');
  });

  it('stays within limits with hundreds of users and unknown operations, escaping odd ids', () => {
    const byUser = Object.fromEntries(
      Array.from({ length: 500 }, (_, index) => [`U${String(index).padStart(6, '0')}`, { coins: index, calls: 1 }]),
    );
    byUser['<!channel>'] = { coins: 9999, calls: 1 };
    byUser.unknown = { coins: 5, calls: 1 };
    const busy: UsageSummary = {
      ...SUMMARY,
      month: period({ coins: 1e6, calls: 600, byUser, byOperation: { 'weird<op>': { coins: 1, calls: 1 } } }),
    };
    const message = renderUsage(
      busy,
      { team: { spent: 0 }, resetsAt: RESETS },
      { now: NOW, timeZone: 'Asia/Shanghai', operationTitles: TITLES, lang: english },
    );
    assertWithinSlackLimits(message, 'message');
    const text = visibleText(message);
    expect(text).toContain('&lt;!channel&gt;: 0 today, 9,999 coins this month');
    expect(text).toContain('weird&lt;op&gt;');
    expect(text).toContain('…and 483 more');
    expect(JSON.stringify(message)).not.toContain('<!channel>');
  });
});

describe('usage keys that look like object internals', () => {
  it('treats "constructor" and "__proto__" as ordinary ids', () => {
    const byUser = JSON.parse(
      '{"constructor":{"coins":3,"calls":1},"__proto__":{"coins":2,"calls":1}}',
    ) as UsagePeriod['byUser'];
    const summary: UsageSummary = {
      ...SUMMARY,
      today: period({}),
      month: period({ coins: 5, calls: 2, byUser, byOperation: { toString: { coins: 5, calls: 2 } } }),
    };
    const message = renderUsage(
      summary,
      { team: { spent: 0 }, resetsAt: RESETS },
      { now: NOW, timeZone: 'Asia/Shanghai', operationTitles: TITLES, lang: english },
    );
    assertWithinSlackLimits(message, 'message');
    const text = visibleText(message);
    expect(text).toContain('constructor: 0 today, 3 coins this month (1 call)');
    expect(text).toContain('__proto__: 0 today, 2 coins this month (1 call)');
    expect(text).toContain('toString: 0 today, 5 coins this month (2 calls)');
  });

  it("says when the budgets reset in the reader's zone, in the same words as a budget refusal", async () => {
    const { renderError } = await import('../../../src/slack/render/errorMessage.js');
    const { BudgetExceededError } = await import('../../../src/core/errors.js');
    for (const [zone, expected] of [
      ['Asia/Shanghai', '2026-05-21 00:00 GMT+8 (Asia/Shanghai)'],
      ['America/New_York', '2026-05-20 12:00 EDT (America/New_York)'],
    ] as const) {
      const usage = visibleText(
        renderUsage(
          SUMMARY,
          { team: { spent: 0, limit: 100 }, resetsAt: RESETS },
          { now: NOW, timeZone: zone, operationTitles: TITLES, lang: english },
        ),
      );
      expect(usage).toContain(`Budgets reset at ${expected}`);
      const refusal = visibleText(
        renderError(new BudgetExceededError('team', 100, 95, 20, RESETS), { lang: english, now: NOW, timeZone: zone }),
      );
      expect(refusal).toContain(`The budget resets at ${expected}`);
    }
  });
});

describe('usage summary in Chinese', () => {
  const zh = langFor('zh-CN');
  const ZH_TITLES = { 'fund-asset': '基金规模历史', 'enterprise-general-taxpayer-query': '纳税人信息' };

  it('says every figure in Chinese, with the dates in words, within Slack limits', () => {
    const budget: BudgetState = { team: { spent: 30, limit: 200 }, user: { spent: 30, limit: 50 }, resetsAt: RESETS };
    const message = renderUsage(
      {
        ...SUMMARY,
        month: { ...SUMMARY.month, unconfirmedCoins: 10 },
        today: { ...SUMMARY.today, unconfirmedCoins: 10 },
      },
      budget,
      { now: NOW, timeZone: 'Asia/Shanghai', operationTitles: ZH_TITLES, lang: zh },
    );
    assertWithinSlackLimits(message, 'message');
    const text = visibleText(message);
    expect(text).toContain('数据服务用量');
    expect(text).toContain('*今日*\n30 币 · 2 次调用');
    expect(text).toContain('*本月*\n250 币 · 14 次调用');
    expect(text).toContain('• 纳税人信息：今日 20，本月 200 币（10 次调用）');
    expect(text).toContain('• <@U0BOB>：今日 0，本月 100 币（5 次调用）');
    expect(text).toContain('*工作区预算*\n今日剩余 170 / 200 币');
    expect(text).toContain('*你的预算*\n今日剩余 20 / 50 币');
    expect(text).toContain('预算将于 2026年5月21日 00:00（北京时间）重置，还有 10 小时。');
    expect(text).toContain('月度合计从2026年6月1日起重新计算。');
    expect(text).toContain('其中今日 10 币、本月 10 币来自超时的查询');
    expect(message.text).toBe('数据服务用量：今日 30 币，本月 250 币');
    expect(untranslatedWords(text)).toEqual([]);
  });

  it('without spending or limits, and for users it cannot name', () => {
    const empty: UsageSummary = { ...SUMMARY, today: period({}), month: period({}) };
    const quiet = visibleText(
      renderUsage(
        empty,
        { team: { spent: 0 }, resetsAt: RESETS },
        { now: NOW, timeZone: 'America/New_York', operationTitles: ZH_TITLES, lang: zh },
      ),
    );
    expect(quiet).toContain('本月还没有扣费的查询。');
    expect(quiet).toContain('*工作区预算*\n不限额（今日已用 0 币）');
    expect(quiet).toContain('2026年5月20日 12:00（GMT-4，America/New_York）');
    expect(untranslatedWords(quiet)).toEqual([]);
    const unknown = visibleText(
      renderUsage(
        { ...SUMMARY, month: period({ coins: 5, calls: 1, byUser: { unknown: { coins: 5, calls: 1 } } }) },
        { team: { spent: 5, limit: 100 }, resetsAt: RESETS },
        { now: NOW, timeZone: 'Asia/Shanghai', operationTitles: ZH_TITLES, lang: zh },
      ),
    );
    expect(unknown).toContain('• 未记录人员：今日 0，本月 5 币（1 次调用）');
  });
});

describe('usage on the simulator (demo)', () => {
  const budget: BudgetState = { team: { spent: 55 }, resetsAt: RESETS };
  const render = (lang: typeof english, demo: boolean, operationTitles: Record<string, string> = TITLES) =>
    visibleText(renderUsage(SUMMARY, budget, { now: NOW, timeZone: 'Asia/Shanghai', operationTitles, lang, demo }));

  it('says the coins are simulated and nothing is charged, where the real service would say they were spent', () => {
    const text = render(english, true);
    expect(text).toContain("this demo runs on the data service's simulator, so nothing is charged");
    expect(text).toContain('*Today*\n30 simulated coins · 2 calls');
    expect(text).toContain('*Workspace budget*\nno limit (55 simulated coins spent today)');
    expect(text).not.toMatch(/\d coins spent/);
    expect(render(english, false)).toContain('no limit (55 coins spent today)');
  });

  it('says so in Chinese too', () => {
    const text = render(langFor('zh-CN'), true, {
      'fund-asset': '基金规模历史',
      'enterprise-general-taxpayer-query': '纳税人信息',
    });
    expect(text).toContain('不会真正扣费');
    expect(text).toContain('*今日*\n30 模拟币 · 2 次调用');
    expect(text).toContain('今日已用 55 模拟币');
    expect(untranslatedWords(text)).toEqual([]);
  });
});
