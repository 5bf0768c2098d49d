import { describe, expect, it } from 'vitest';
import { BudgetExceededError, NotCachedError, UpstreamError, ValidationError } from '../../../src/core/errors.js';
import { english, langFor } from '../../../src/i18n/lang.js';
import { renderError } from '../../../src/slack/render/errorMessage.js';
import { englishWords } from '../../support/englishWords.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { NOW, visibleText } from './fixtures.js';

const LABELS: Record<string, string> = { fundCode: 'Fund code', pageSize: 'Results per page' };
const options = {
  lang: english,
  now: NOW,
  example: '/dq fund-asset fundCode=000001',
  fieldLabel: (field: string) => LABELS[field] ?? field,
};

describe('error replies', () => {
  it('lists validation problems by the field names users know, with an example that works', () => {
    const error = new ValidationError('fund-asset', [
      { field: 'fundCode', message: 'must be a 6-digit fund code like 000001, not "12ab"' },
      { field: 'pageSize', message: 'must be at most 50 (the service returns at most 50 per page)' },
    ]);
    const message = renderError(error, options);
    assertWithinSlackLimits(message, 'message');
    const text = visibleText(message);
    expect(text).toContain(':warning: That request is not valid, so nothing was sent or spent.');
    expect(text).toContain('• *Fund code* must be a 6-digit fund code like 000001, not "12ab"');
    expect(text).toContain('• *Results per page* must be at most 50');
    expect(text).toContain('Try: `/dq fund-asset fundCode=000001`');
    expect(message.text).toBe('That request is not valid, so nothing was sent or spent.');
  });

  it('uses the wire name when no label is given, and a problem without a field as is', () => {
    const text = visibleText(
      renderError(
        new ValidationError('fund-asset', [
          { field: 'pageNo', message: 'must be at least 1' },
          { field: '', message: 'something overall' },
        ]),
        { lang: english, now: NOW },
      ),
    );
    expect(text).toContain('• *pageNo* must be at least 1');
    expect(text).toContain('• something overall');
    expect(text).not.toContain('Try:');
  });

  it('shows the taskNo of a failed upstream call, escapes the service message, and no example for an outage', () => {
    const error = new UpstreamError('rejected', {
      operation: 'fund-asset',
      httpStatus: 400,
      businessCode: 4001,
      upstreamMessage: 'bad <!channel> & fund',
      taskNo: 'T-999',
    });
    const message = renderError(error, options);
    assertWithinSlackLimits(message, 'message');
    const text = visibleText(message);
    // The service's wording and its codes are for the log: the reader is told what to check.
    expect(text).toContain('The data service refused this request as invalid. Nothing was charged.');
    expect(text).not.toMatch(/HTTP 400|4001|bad/);
    expect(text).toContain('taskNo `T-999`');
    expect(text).toContain('Try:');
    expect(JSON.stringify(message)).not.toContain('<!channel>');

    const outage = visibleText(
      renderError(new UpstreamError('server', { operation: 'fund-asset', httpStatus: 502 }), options),
    );
    expect(outage).toContain('internal error');
    expect(outage).not.toContain('Try:');
    expect(outage).not.toContain('taskNo');
  });

  it('explains a budget refusal with when it resets', () => {
    const error = new BudgetExceededError('user', 100, 95, 20, new Date(NOW + 5 * 3_600_000));
    const text = visibleText(renderError(error, options));
    expect(text).toContain(
      'Your daily budget of 100 coins would be exceeded (95 spent today, this lookup costs 20). Nothing was spent.',
    );
    expect(text).toContain(', in 5 h');
  });

  it('never shows a stack trace or the raw message of an unexpected error', () => {
    const error = new Error('TypeError at /srv/app/secret.js:42 key=abc');
    const message = renderError(error, options);
    assertWithinSlackLimits(message, 'message');
    const json = JSON.stringify(message);
    expect(json).toContain('Something went wrong on our side; it has been logged.');
    expect(json).not.toContain('secret.js');
    expect(json).not.toContain(' at ');
    expect(visibleText(renderError('a string', options))).toContain('Something went wrong');
    expect(visibleText(renderError(new NotCachedError('fund-asset'), options))).toContain('no longer cached');
  });

  it('caps a very long list of problems', () => {
    const problems = Array.from({ length: 40 }, (_, index) => ({ field: `f${index}`, message: 'x'.repeat(1000) }));
    const message = renderError(new ValidationError('fund-asset', problems), options);
    assertWithinSlackLimits(message, 'message');
    expect(visibleText(message)).toContain('…and 30 more');
  });
});

describe('error replies in Chinese', () => {
  const zh = langFor('zh-CN');

  it('say each failure in Chinese, with the budget reset in the reader’s zone and how much may have been charged', () => {
    const resets = new Date(NOW + 2 * 3_600_000);
    const budget = visibleText(
      renderError(new BudgetExceededError('team', 1000, 995, 20, resets), {
        lang: zh,
        now: NOW,
        timeZone: 'Asia/Shanghai',
      }),
    );
    expect(budget).toContain('超出工作区每日预算 1,000 币（今日已用 995 币，本次查询需 20 币），未发起查询，未扣费。');
    expect(budget).toContain('还有 2 小时');
    const unanswered = new UpstreamError('timeout', { operation: 'fund-asset' });
    unanswered.coinsAtRisk = 10;
    const timeout = renderError(unanswered, { lang: zh, now: NOW, retryValue: 'q' });
    assertWithinSlackLimits(timeout, 'message');
    expect(visibleText(timeout)).toContain('数据服务未能及时应答。数据服务仍可能已扣除 10 币，因此没有自动重试。');
    expect(visibleText(timeout)).toContain('重试（10 币）');
    for (const message of [budget, visibleText(timeout)]) expect(englishWords(message)).toEqual([]);
  });

  it('say a validation problem given as a phrase in Chinese, quoting what was typed as typed', () => {
    const error = new ValidationError('fund-asset', [
      {
        field: 'pageSize',
        message: 'must be at most 50',
        phrase: {
          key: 'validation.atMostBecause',
          values: { max: 50, reason: { key: 'validation.reason.serviceMax50' } },
        },
      },
    ]);
    const text = visibleText(
      renderError(error, { lang: zh, now: NOW, fieldLabel: () => '每页条数', example: '/dq 基金 000001' }),
    );
    expect(text).toContain('输入有误，未发起查询，未扣费。');
    expect(text).toContain('• 每页条数不能大于 50（数据服务每页最多返回 50 条）');
    expect(text).toContain('试试：`/dq 基金 000001`');
    expect(englishWords(text)).toEqual([]);
  });
});
