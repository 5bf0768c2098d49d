import { describe, expect, it } from 'vitest';
import { BudgetExceededError, NotCachedError, UpstreamError, ValidationError } from '../../../src/core/errors.js';
import { english } from '../../../src/i18n/lang.js';
import { renderError } from '../../../src/slack/render/errors.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { NOW, visibleText } from './fixtures.js';

const LABELS: Record<string, string> = { fundCode: 'Fund code', pageSize: 'Results per page' };
const options = { lang: english, now: NOW, example: '/dq fund-asset fundCode=000001', fieldLabel: (field: string) => LABELS[field] ?? field };

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
    const text = visibleText(renderError(new ValidationError('fund-asset', [{ field: 'pageNo', message: 'must be at least 1' }, { field: '', message: 'something overall' }]), { lang: english, now: NOW }));
    expect(text).toContain('• *pageNo* must be at least 1');
    expect(text).toContain('• something overall');
    expect(text).not.toContain('Try:');
  });

  it('shows the taskNo of a failed upstream call, escapes the service message, and no example for an outage', () => {
    const error = new UpstreamError('rejected', { operation: 'fund-asset', httpStatus: 400, businessCode: 4001, upstreamMessage: 'bad <!channel> & fund', taskNo: 'T-999' });
    const message = renderError(error, options);
    assertWithinSlackLimits(message, 'message');
    const text = visibleText(message);
    expect(text).toContain('The data service rejected the request: bad &lt;!channel&gt; &amp; fund.');
    expect(text).toContain('• HTTP 400, code 4001');
    expect(text).toContain('taskNo `T-999`');
    expect(text).toContain('Try:');
    expect(JSON.stringify(message)).not.toContain('<!channel>');

    const outage = visibleText(renderError(new UpstreamError('server', { operation: 'fund-asset', httpStatus: 502 }), options));
    expect(outage).toContain('internal error');
    expect(outage).not.toContain('Try:');
    expect(outage).not.toContain('taskNo');
  });

  it('explains a budget refusal with when it resets', () => {
    const error = new BudgetExceededError('user', 100, 95, 20, new Date(NOW + 5 * 3_600_000));
    const text = visibleText(renderError(error, options));
    expect(text).toContain('Your daily budget of 100 coins would be exceeded (95 spent today, this lookup costs 20). Nothing was spent.');
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
