import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallResult } from '../../../src/core/client/dataClient.js';
import { english, langFor } from '../../../src/i18n/lang.js';
import { fitToSlackLimits } from '../../../src/slack/blockKit/fitToSlackLimits.js';
import { ENGLISH_TITLES } from '../../support/operationTitles.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { answerMessage, answerOf, OPTIONS, visibleText } from './fixtures.js';

const SAMPLES: CallResult[] = [
  answerOf(
    'enterprise-general-taxpayer-query',
    { keyword: '华信' },
    { total: 1, records: [{ enterpriseName: '杭州华信', creditNo: '91330106774738789M', taxpayerType: '一般纳税人' }] },
  ),
  answerOf(
    'thirdpartymarket-cmapi00069224-enterprise-search-bid-list',
    { keyword: '光伏组件' },
    { total: 1, records: [{ title: '光伏组件采购' }] },
  ),
  answerOf(
    'fund-asset',
    { fundCode: '000001' },
    { fundCode: '000001', records: [{ assetDate: '2026-03-31', assetRate: 1, asset: 1e9 }] },
  ),
  answerOf(
    'finance-external-futures-kline',
    { symbol: 'CL', type: '0' },
    {
      symbol: 'CL',
      type: '0',
      tickUnit: 's',
      candles: [
        { open: 1, close: 2, high: 3, low: 0.5, change: 1, changeRate: 100, volume: 10, at: Date.UTC(2026, 4, 20) },
      ],
    },
  ),
  answerOf('fund-new-list', {}, { total: 0, funds: [] }),
];

afterEach(() => {
  vi.useRealTimers();
});

describe('renderAnswer', () => {
  it.each(SAMPLES.map((answer) => [answer.operation, answer] as const))(
    'renders %s: header first, footer last, within limits',
    (_operation, answer) => {
      const message = answerMessage(answer, OPTIONS);
      assertWithinSlackLimits(message, 'message');
      expect(message.blocks[0]?.type).toBe('header');
      expect(message.blocks.at(-1)?.block_id).toMatch(/^dq-keep-footer\./);
      expect(message.text.length).toBeGreaterThan(0);
    },
  );

  it.each(SAMPLES.map((answer) => [answer.operation, answer] as const))(
    'renders %s in Chinese: header in Chinese, within limits',
    (_operation, answer) => {
      const message = answerMessage(answer, { ...OPTIONS, lang: langFor('zh-CN') });
      assertWithinSlackLimits(message, 'message');
      expect(visibleText({ blocks: message.blocks.slice(0, 1) })).toMatch(/^[\p{Script=Han}K]+[：（]/u);
    },
  );

  it('heads each result with the operation’s own title in English (the catalogue holds both languages)', () => {
    for (const answer of SAMPLES) {
      expect(
        visibleText({ blocks: answerMessage(answer, OPTIONS).blocks.slice(0, 1) }).startsWith(
          ENGLISH_TITLES[answer.operation],
        ),
      ).toBe(true);
    }
  });

  it('reads no clock: the same answer and options give the same message at any wall time', () => {
    vi.useFakeTimers();
    const at = (time: number) => {
      vi.setSystemTime(time);
      return SAMPLES.map((answer) => answerMessage(answer, OPTIONS));
    };
    expect(at(Date.UTC(2001, 0, 1))).toEqual(at(Date.UTC(2049, 11, 31)));
  });

  it('does not change the answer it renders', () => {
    const copy = structuredClone(SAMPLES);
    for (const answer of SAMPLES) answerMessage(answer, { ...OPTIONS, chart: { kind: 'none', note: 'n' } });
    expect(SAMPLES).toEqual(copy);
  });
});

/** Service text of any shape never breaks a limit and never becomes a mention or a link. */
describe('robustness against whatever the service sends', () => {
  const text = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom(
      '<!channel>',
      '<!here|here>',
      '<@U0BAD>',
      '<https://evil.example|x>',
      '&amp;',
      '```',
      '*',
      '~',
      '`',
    ),
    fc.string({ minLength: 2000, maxLength: 4000 }),
  );
  const value = fc.oneof(text, fc.double(), fc.boolean(), fc.constant(null), fc.array(text, { maxLength: 3 }));
  const record = fc.dictionary(
    fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom('title', 'url', 'noticeType', 'amount', 'province', 'businessScope'),
    ),
    value,
    { maxKeys: 40 },
  );

  const noInjection = (json: string) => {
    expect(json).not.toMatch(/<!(channel|here|everyone)/);
    expect(json).not.toContain('<@U0BAD>');
    expect(json).not.toContain('<https://evil.example');
  };

  it('bid records of any shape', () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 10 }), (records) => {
        const message = answerMessage(
          answerOf(
            'thirdpartymarket-cmapi00069224-enterprise-search-bid-list',
            { keyword: '光伏组件' },
            { records, total: 500 },
          ),
          OPTIONS,
        );
        assertWithinSlackLimits(message, 'message');
        noInjection(JSON.stringify(message));
        expect(fitToSlackLimits(message, english)).toEqual(message);
      }),
      { numRuns: 60 },
    );
  });

  it('taxpayer records with any extra fields', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(text, text, record), { minLength: 1, maxLength: 50 }), (rows) => {
        const records = rows.map(([name, code, extra]) => ({
          ...extra,
          enterpriseName: name,
          creditNo: code,
          taxpayerType: '一般纳税人',
        }));
        const message = answerMessage(
          answerOf('enterprise-general-taxpayer-query', { keyword: '华信', pageSize: 20 }, { total: 999, records }),
          { ...OPTIONS, sharedBy: 'U0SHARE' },
        );
        assertWithinSlackLimits(message, 'message');
        noInjection(JSON.stringify(message));
        expect(visibleText(message)).toContain('Shared by <@U0SHARE>');
      }),
      { numRuns: 40 },
    );
  });

  it('new funds with any text in their fields', () => {
    const fund = fc.record({
      fundType: text,
      beginDate: text,
      endDate: text,
      fundCode: text,
      fundName: text,
      fundManagerName: text,
      minPurchase: text,
      fundOriginalFee: text,
      fundDiscountFee: text,
      saleStatus: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(fund, { maxLength: 50 }), (funds) => {
        const message = answerMessage(answerOf('fund-new-list', { pageSize: 50 }, { total: 5000, funds }), OPTIONS);
        assertWithinSlackLimits(message, 'message');
        noInjection(JSON.stringify(message));
      }),
      { numRuns: 40 },
    );
  });
});

describe('an operation the app does not know', () => {
  it('gets a short message instead of a crash', () => {
    const odd = { ...SAMPLES[2]!, operation: 'constructor' } as unknown as CallResult;
    const message = answerMessage(odd, OPTIONS);
    assertWithinSlackLimits(message, 'message');
    expect(visibleText(message)).toContain('This app cannot show results of constructor yet.');
  });
});
