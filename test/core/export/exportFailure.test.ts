import { describe, expect, it } from 'vitest';
import {
  BudgetExceededError,
  BudgetUnavailableError,
  StoppedError,
  UpstreamError,
  type UpstreamKind,
  ValidationError,
} from '../../../src/core/errors.js';
import { exportFailure } from '../../../src/core/export/exportFailure.js';
import { OPERATION_IDS, operations } from '../../../src/core/operations/index.js';
import { english, langFor, readCatalogue } from '../../../src/i18n/lang.js';

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

/** A key a phrase names, present in a catalogue (plural forms count). */
function has(locale: 'en' | 'zh-CN', key: string): boolean {
  let node: unknown = readCatalogue(locale);
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string';
}

describe('why a page of an export is missing, and what it cost', () => {
  it('says of every upstream failure whether it was charged: maybe for no readable answer, yes for a changed format, else no', () => {
    for (const kind of KINDS) {
      const error = new UpstreamError(kind, { operation: 'fund-asset' });
      const failure = exportFailure(error, 10, 'UTC');
      expect(has('en', failure.reason.key) && has('zh-CN', failure.reason.key), failure.reason.key).toBe(true);
      const expected = error.mayHaveCharged ? 'maybe' : kind === 'schema_changed' ? 'yes' : 'no';
      expect(failure.charged, kind).toBe(expected);
      expect(failure.coins, kind).toBe(expected === 'no' ? 0 : 10);
    }
    expect(exportFailure(new UpstreamError('timeout', { operation: 'fund-asset' }), 10, 'UTC').charged).toBe('maybe');
  });

  it("names the budget, and when it resets in the reader's zone; nothing was charged", () => {
    const failure = exportFailure(
      new BudgetExceededError('user', 100, 95, 10, new Date(Date.parse('2026-11-22T16:00:00Z'))),
      10,
      'Asia/Shanghai',
    );
    expect(failure).toMatchObject({ charged: 'no', coins: 0 });
    expect(english.t(failure.reason)).toBe(
      'your daily budget of 100 coins would be passed (95 spent today; it resets at 2026-11-23 00:00)',
    );
    expect(langFor('zh-CN').t(failure.reason)).toBe(
      '将超出你的每日预算 100 币（今日已用 95 币；2026年11月23日 00:00 重置）',
    );
  });

  it("knows the app's own refusals, and does not claim to know about an error it does not", () => {
    expect(exportFailure(new BudgetUnavailableError(), 10, 'UTC')).toMatchObject({
      reason: { key: 'export.reason.budgetUnavailable' },
      charged: 'no',
    });
    expect(exportFailure(new StoppedError('fund-asset'), 10, 'UTC')).toMatchObject({
      reason: { key: 'export.reason.stopped' },
      charged: 'no',
    });
    expect(exportFailure(new ValidationError('fund-asset', []), 10, 'UTC')).toMatchObject({
      reason: { key: 'export.reason.invalid' },
      charged: 'no',
    });
    expect(exportFailure(new Error('boom'), 10, 'UTC')).toMatchObject({
      reason: { key: 'export.reason.unexpected' },
      charged: 'unknown',
    });
  });

  it('has words for every charge state and every operation, in both languages', () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      for (const state of ['no', 'maybe', 'yes', 'unknown'])
        expect(has(locale, `export.charged.${state}`), `${locale} ${state}`).toBe(true);
      // An export is named by its catalogue's export.what where it has one, else by the operation's title.
      for (const id of OPERATION_IDS)
        expect(
          has(locale, `${operations[id].name}.export.what`) || has(locale, `${operations[id].name}.title`),
          `${locale} ${id}`,
        ).toBe(true);
    }
  });
});
