import { describe, expect, it } from 'vitest';
import {
  BudgetExceededError,
  BudgetUnavailableError,
  StoppedError,
  UpstreamError,
  type UpstreamKind,
  ValidationError,
} from '../../../../src/core/errors.js';
import { english, type Lang, langFor } from '../../../../src/i18n/lang.js';
import { failureReason } from '../../../../src/slack/listeners/functions/failureReason.js';
import { StepFailure } from '../../../../src/slack/slackOperations/workflowStep.js';

const chinese = langFor('zh-CN');
const NOW = Date.parse('2026-11-22T10:00:00+08:00');
const options = { now: NOW, timeZone: 'Asia/Shanghai', fieldName: (field: string) => `[${field}]` };
const say = (error: unknown, lang: Lang) => failureReason(error, lang, options);

const UPSTREAM_KINDS: UpstreamKind[] = [
  'auth',
  'insufficient_balance',
  'rate_limited',
  'rejected',
  'server',
  'timeout',
  'connection_lost',
  'network',
  'malformed',
  'schema_changed',
];

function upstream(
  kind: UpstreamKind,
  details: { upstreamMessage?: string; taskNo?: string } = {},
  coinsAtRisk?: number,
): UpstreamError {
  const error = new UpstreamError(kind, { operation: 'fund-asset', ...details });
  if (coinsAtRisk !== undefined) error.coinsAtRisk = coinsAtRisk;
  return error;
}

/** What may stay in Latin letters in a Chinese reason: codes, names of settings, the service's own words, Slack's name. */
const ALLOWED_LATIN = /ALLOWED_USER_IDS|DATA_API_KEY|API|taskNo|Slack|GMT|Asia\/Shanghai|T-123|daily|\d+[mh]|\bCL\b/g;

describe('why a workflow step failed', () => {
  it('says each kind of failure in English as explainError does, and whether anything was spent', () => {
    expect(say(upstream('timeout', {}, 10), english)).toBe(
      'The data service did not answer in time. It may still have charged 10 coins, so it was not retried automatically.',
    );
    expect(say(upstream('malformed'), english)).toBe(
      'The data service sent an answer that could not be read. It may still have charged the lookup, so it was not retried automatically.',
    );
    expect(say(upstream('rejected', { upstreamMessage: 'unknown symbol.', taskNo: 'T-123' }), english)).toBe(
      'The data service refused this request as invalid. Nothing was charged. (taskNo T-123)',
    );
    expect(
      say(new BudgetExceededError('team', 100, 90, 20, new Date(Date.parse('2026-11-23T00:00:00+08:00'))), english),
    ).toBe(
      "The workspace's daily budget of 100 coins would be exceeded (90 spent today, this lookup costs 20). Nothing was spent. The budget resets at 2026-11-23 00:00 GMT+8 (Asia/Shanghai), in 14 h.",
    );
    expect(say(new BudgetUnavailableError(), english)).toMatch(/^The coin budgets cannot be checked right now/);
    expect(say(new StoppedError('fund-asset'), english)).toMatch(/^The app is restarting/);
    expect(say(new Error('boom at x.ts:12'), english)).toBe('Something went wrong on our side; it has been logged.');
  });

  it('names the input of each invalid field and keeps mrkdwn from service or input text inert', () => {
    const error = new ValidationError('fund-asset', [
      { field: 'fundCode', message: 'must be 6 digits, not "<!channel>"' },
      { field: '', message: 'one more thing' },
    ]);
    expect(say(error, english)).toBe(
      'That request is not valid, so nothing was sent or spent. [fundCode] must be 6 digits, not "&lt;!channel&gt;"; one more thing',
    );
    expect(
      say(new StepFailure({ key: 'fundAsset.workflow.fail.noFundAsset', values: { fundCode: '999999' } }), english),
    ).toBe('The data service has no asset history for fund 999999. Check the fund code.');
  });

  it('says every failure in Chinese, with no English words of the app’s own', () => {
    const errors: unknown[] = [
      ...UPSTREAM_KINDS.map((kind) => upstream(kind, { taskNo: 'T-123' }, 5)),
      upstream('timeout'),
      new BudgetExceededError('team', 100, 90, 20, new Date(NOW + 3_600_000)),
      new BudgetExceededError('user', 30, 30, 5, new Date(NOW + 3_600_000)),
      new BudgetUnavailableError(),
      new StoppedError('fund-asset'),
      new Error('boom'),
      new ValidationError('finance-external-futures-kline', [
        {
          field: 'type',
          message: 'x',
          phrase: { key: 'validation.oneOf', values: { choices: 'daily, 5m, 1h', value: '7m' } },
        },
      ]),
      new StepFailure({ key: 'workflow.fail.needsRunner' }),
      new StepFailure({ key: 'futures.workflow.fail.noCandles', values: { symbol: 'CL' } }),
    ];
    for (const error of errors) {
      const reason = say(error, chinese);
      expect(reason, reason).toMatch(/\p{Script=Han}/u);
      expect(reason.replace(ALLOWED_LATIN, '').replace(/\[\w+\]/g, ''), reason).not.toMatch(/[A-Za-z]{2,}/);
    }
    expect(say(upstream('timeout', {}, 5), chinese)).toBe(
      '数据服务未能及时应答。数据服务仍可能已扣除 5 币，因此没有自动重试。',
    );
    expect(say(upstream('rejected', { upstreamMessage: '未知品种。' }), chinese)).toBe(
      '数据服务判定请求无效，拒绝了本次查询，未扣费。',
    );
  });

  it('stays a short paragraph however long the service’s message is', () => {
    const reason = say(upstream('rejected', { upstreamMessage: '很长的说明'.repeat(200) }), english);
    expect(reason.length).toBeLessThanOrEqual(600);
  });
});
