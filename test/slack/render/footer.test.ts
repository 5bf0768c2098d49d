import { describe, expect, it } from 'vitest';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { answerMessage, answerOf, footerText, OPTIONS } from './fixtures.js';

const assets = { fundCode: '000001', records: [{ assetDate: '2026-03-31', assetRate: 1, asset: 1e9 }] };

describe('footer', () => {
  it('is the last block of every result and says what a lookup costs', () => {
    const message = answerMessage(answerOf('fund-asset', { fundCode: '000001' }, assets), OPTIONS);
    assertWithinSlackLimits(message, 'message');
    expect(message.blocks.at(-1)).toMatchObject({
      type: 'context',
      block_id: expect.stringMatching(/^dq-keep-footer\./),
    });
    expect(footerText(message)).toBe('10 coins per lookup · upstream taskNo `TASK123`');
  });

  it('marks a cost the spec does not publish as assumed', () => {
    const message = answerMessage(
      answerOf(
        'thirdpartymarket-cmapi00069224-enterprise-search-bid-list',
        { keyword: '光伏组件' },
        { records: [], total: 0 },
      ),
      OPTIONS,
    );
    expect(footerText(message)).toContain('10 coins per lookup (assumed)');
  });

  it('uses the configured cost of the answer, singular for one coin', () => {
    const answer = answerOf('fund-asset', { fundCode: '000001' }, assets, { cost: 1 });
    expect(footerText(answerMessage(answer, OPTIONS))).toContain('1 coin per lookup');
  });

  it.each([
    [{ source: 'cache' as const, ageMs: 5 * 60_000, coinsSpent: 0 }, 'from cache, 5 min ago — no charge'],
    [{ source: 'cache' as const, ageMs: 20_000, coinsSpent: 0 }, 'from cache, under a minute ago — no charge'],
    [{ source: 'cache' as const, ageMs: 3 * 3_600_000, coinsSpent: 0 }, 'from cache, 3 h ago — no charge'],
    [{ source: 'shared' as const, coinsSpent: 0 }, 'shared with an identical lookup already in flight — no charge'],
    [{ source: 'upstream' as const, taskNo: 'ABC<>&' }, 'upstream taskNo `ABC&lt;&gt;&amp;`'],
  ])('says where the answer came from: %o', (extra, expected) => {
    const message = answerMessage(answerOf('fund-asset', { fundCode: '000001' }, assets, extra), OPTIONS);
    expect(footerText(message)).toContain(expected);
  });

  it('says "fresh from the data service" for an upstream answer without a taskNo (envelope A)', () => {
    const answer = answerOf('enterprise-general-taxpayer-query', { keyword: '华信' }, { total: 0, records: [] });
    delete answer.taskNo;
    expect(footerText(answerMessage(answer, OPTIONS))).toBe('20 coins per lookup · fresh from the data service');
  });

  it('adds "Simulated data" in demo mode and who shared it', () => {
    const message = answerMessage(answerOf('fund-asset', { fundCode: '000001' }, assets), {
      ...OPTIONS,
      demo: true,
      sharedBy: 'U0ALICE',
    });
    expect(footerText(message)).toBe(
      '10 coins per lookup · upstream taskNo `TASK123` · Simulated data · Shared by <@U0ALICE>',
    );
  });

  it('never turns a forged sharer into a mention', () => {
    const message = answerMessage(answerOf('fund-asset', { fundCode: '000001' }, assets), {
      ...OPTIONS,
      sharedBy: '<!channel>',
    });
    expect(footerText(message)).toContain('Shared by &lt;!channel&gt;');
  });
});
