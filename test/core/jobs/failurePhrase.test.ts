import { describe, expect, it } from 'vitest';
import {
  BudgetExceededError,
  BudgetUnavailableError,
  UpstreamError,
  type UpstreamKind,
} from '../../../src/core/errors.js';
import { explainError } from '../../../src/core/explainError.js';
import { failurePhrase } from '../../../src/core/jobs/failurePhrase.js';
import { english, langFor } from '../../../src/i18n/lang.js';

const KINDS: UpstreamKind[] = [
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

function upstream(kind: UpstreamKind, extra: { coinsAtRisk?: number; upstreamMessage?: string } = {}): UpstreamError {
  const error = new UpstreamError(kind, {
    operation: 'fund-new-list',
    ...(extra.upstreamMessage ? { upstreamMessage: extra.upstreamMessage } : {}),
  });
  if (extra.coinsAtRisk !== undefined) error.coinsAtRisk = extra.coinsAtRisk;
  return error;
}

describe('why a digest run failed, as a phrase', () => {
  it("keeps the times of lost budget records as moments, written in each reader's style when said", () => {
    const error = new BudgetUnavailableError({
      recordsLost: {
        at: new Date('2026-11-22T10:05:00+08:00'),
        until: new Date('2026-11-23T00:00:00+08:00'),
        timeZone: 'Asia/Shanghai',
      },
    });
    // Stored as JSON and read back later, by readers of either language.
    const stored = JSON.parse(JSON.stringify(failurePhrase(error)));
    const chinese = langFor('zh-CN').t(stored);
    expect(chinese).toContain('付费查询已暂停至 2026年11月23日 00:00（北京时间）');
    expect(chinese).toContain('存储于 2026年11月22日 10:05（北京时间）');
    expect(chinese).not.toMatch(/GMT|Asia\/Shanghai|2026-11/);
    expect(english.t(stored)).toContain('2026-11-23 00:00 GMT+8 (Asia/Shanghai)');
  });

  it("says in English what a lookup's reply says, for every kind of failure", () => {
    const errors = [
      ...KINDS.map((kind) => upstream(kind)),
      upstream('timeout', { coinsAtRisk: 10 }),
      upstream('rejected', { upstreamMessage: '参数错误。' }),
      new BudgetExceededError('team', 100, 95, 10, new Date(0)),
      new BudgetExceededError('user', 50, 45, 10, new Date(0)),
      new BudgetExceededError('key', 500, 495, 10, new Date(0)),
    ];
    for (const error of errors)
      expect(english.t(failurePhrase(error)), error.message).toBe(explainError(error).summary);
  });

  it('has a Chinese wording for every kind (no key is left unsaid)', () => {
    const zh = langFor('zh-CN');
    for (const kind of KINDS) {
      const said = zh.t(failurePhrase(upstream(kind, { coinsAtRisk: 10 })));
      expect(said, kind).not.toMatch(/digests\./);
      expect(said, kind).toMatch(/\p{Script=Han}/u);
    }
    expect(zh.t(failurePhrase(upstream('timeout', { coinsAtRisk: 10 })))).toBe(
      '数据服务未能及时应答。数据服务仍可能已扣除 10 币，因此没有自动重试。',
    );
    expect(zh.t(failurePhrase(new BudgetExceededError('team', 100, 95, 10, new Date(0))))).toBe(
      '超出工作区每日预算 100 币（今日已用 95 币，本次查询需 10 币），未扣费。',
    );
    expect(zh.t(failurePhrase(new Error('boom')))).toBe('应用内部出错，已记入日志。');
  });
});
