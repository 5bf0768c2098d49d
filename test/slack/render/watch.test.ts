import { describe, expect, it } from 'vitest';
import type { FieldChange, Watch, WatchNotice } from '../../../src/core/watch/types.js';
import { english, langFor } from '../../../src/i18n/lang.js';
import { TAXPAYER_CATALOGUE, type TaxpayerRecord } from '../../../src/simulator/data/taxpayerCatalogue.js';
import { renderWatchNotice } from '../../../src/slack/render/watch.js';
import { watchWordsOf } from '../../../src/slack/slackOperations/index.js';
import { PINNED_AT } from '../../support/clocks.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';

/** A watch's post in its channel, checked against Slack's limits (the oracle in slackLimits.ts) for the longest records. */

const LANGS = [
  ['en', english],
  ['zh-CN', langFor('zh-CN')],
] as const;

const size = (record: TaxpayerRecord) => Object.values(record).join('').length;
/** The simulator's records, longest first. */
const LONGEST = [...TAXPAYER_CATALOGUE].sort((a, b) => size(b) - size(a));

function watchOn(record: TaxpayerRecord): Watch {
  return {
    id: 'abcd1234',
    teamId: 'T0TEAM',
    channelId: 'C0SUPPLIERS',
    createdBy: 'U0WATCHER1',
    createdAt: PINNED_AT,
    target: { kind: 'company', keyword: record.creditNo },
    schedule: { cadence: { kind: 'daily' }, time: '09:00', timeZone: 'Asia/Shanghai' },
  };
}

/** Every field of `before` changed to the value in `after` (two records share no field but the type, perhaps). */
function everyField(before: Record<string, string>, after: Record<string, string>): FieldChange[] {
  return Object.keys(after).map((field) => ({ field, before: before[field] ?? '', after: after[field]! }));
}

function notice(record: TaxpayerRecord, rows: FieldChange[], first = false): WatchNotice {
  return {
    watch: watchOn(record),
    locale: 'en',
    simulated: true,
    checkedAt: PINNED_AT,
    change: { subject: record.enterpriseName, rows },
    ...(first ? { first: true } : {}),
  };
}

function shown(message: { text: string; blocks: unknown[] }): string {
  return JSON.stringify(message.blocks);
}

describe('a watch post at its largest', () => {
  it('the catalogue has long records to test with (business scope, address)', () => {
    expect(size(LONGEST[0]!)).toBeGreaterThan(size(LONGEST.at(-1)!));
    expect(Object.keys(LONGEST[0]!).length).toBeGreaterThanOrEqual(12);
  });

  it.each(LANGS)(
    "%s: the two longest records, every field changed, fit Slack's limits and show every field before and after",
    (_locale, lang) => {
      const [longest, next] = LONGEST as [TaxpayerRecord, TaxpayerRecord];
      const rows = everyField({ ...next }, { ...longest });
      const message = renderWatchNotice(notice(longest, rows), watchWordsOf, lang);
      assertWithinSlackLimits(message, 'message');
      const text = shown(message);
      for (const row of rows.filter((change) => change.before !== change.after)) {
        expect(text).toContain(JSON.stringify(row.after).slice(1, -1));
        expect(text).toContain(JSON.stringify(row.before).slice(1, -1));
      }
      expect(text).toContain('dq_watch_stop');
    },
  );

  it.each(LANGS)("%s: the first check's values of the longest record (announce) fit too", (_locale, lang) => {
    const longest = LONGEST[0]!;
    const message = renderWatchNotice(notice(longest, everyField({}, { ...longest }), true), watchWordsOf, lang);
    assertWithinSlackLimits(message, 'message');
    expect(shown(message)).toContain(JSON.stringify(longest.businessScope).slice(1, -1));
  });

  it.each(LANGS)(
    '%s: a record far longer than any the simulator has (every field 3000 characters) still fits, with the Stop button',
    (_locale, lang) => {
      const huge = Object.fromEntries(
        Object.keys(LONGEST[0]!).map((field, index) => [field, `${'经营范围'.repeat(750)}${index}`]),
      );
      const before = Object.fromEntries(Object.keys(huge).map((field) => [field, `${'旧值'.repeat(1500)}`]));
      const message = renderWatchNotice(notice(LONGEST[0]!, everyField(before, huge)), watchWordsOf, lang);
      assertWithinSlackLimits(message, 'message');
      expect(shown(message)).toContain('dq_watch_stop');
      expect(message.text.length).toBeGreaterThan(0);
      // Every field keeps its row, shortened (with an ellipsis) rather than dropped.
      const cells = message.blocks.flatMap((block) =>
        'fields' in block && block.fields?.length === 2 && block.type === 'section' && block.text ? block.fields : [],
      );
      expect(cells).toHaveLength(2 * Object.keys(huge).length);
      for (const cell of cells) expect(cell.text).toMatch(/…$/);
    },
  );
});

describe('a tender watch post', () => {
  const TENDER_WATCH: Watch = {
    ...watchOn(LONGEST[0]!),
    target: { kind: 'tenders', search: { keyword: '光伏组件', province: 'ZJ', type: '1' }, maxPages: 5 },
  };
  /** Fifty long notices (five pages, the most a check reads), the service's text playing with markup. */
  const RECORDS = Array.from({ length: 50 }, (_, index) => ({
    id: `n${index}`,
    title: `<!channel> *浙江省*人民医院光伏组件采购项目（ZJ2026-${String(index).padStart(4, '0')}）${'公开招标公告'.repeat(12)}`,
    noticeType: '招标公告',
    purchaser: `<@U0OTHER> ${'浙江省人民医院'.repeat(6)}`,
    province: 'ZJ',
    provinceName: '浙江',
    publishDate: '2026-11-24',
    budget: 1_234_000 + index,
    url: `https://example.invalid/notice/n${index}`,
  }));

  it.each(LANGS)(
    '%s: one message, a table of every new notice (cards without tables), inert, within Slack’s limits',
    (locale, lang) => {
      const message = renderWatchNotice(
        {
          watch: TENDER_WATCH,
          locale,
          simulated: true,
          checkedAt: PINNED_AT,
          change: { subject: '光伏组件', rows: [], records: RECORDS, capped: { pages: 5, coins: 50 } },
        },
        watchWordsOf,
        lang,
      );
      assertWithinSlackLimits(message, 'message');
      const table = message.blocks.find((block) => block.type === 'data_table') as unknown as {
        rows: Array<Array<{ text: string }>>;
      };
      expect(table.rows).toHaveLength(51);
      expect(message.blocks.at(-1)?.type).toBe('actions');
      expect(shown(message)).toContain(
        lang.t('watch.post.noticesCapped', { pages: 5, coins: lang.t('common.coins', { count: 50 }) }),
      );
      const cards = message.withoutTable!;
      assertWithinSlackLimits(cards, 'message');
      expect(cards.blocks.some((block) => block.type === 'data_table')).toBe(false);
      // Cards that do not all fit go from the end, said so; the footer and Stop stay.
      expect(cards.blocks.at(-1)?.type).toBe('actions');
      for (const text of JSON.stringify(cards.blocks).match(/"type":"mrkdwn","text":"[^"]*"/g) ?? [])
        expect(text).not.toMatch(/<!channel>|<@U0OTHER>/);
    },
  );
});

describe('a fund watch’s post', () => {
  const fundNotice = (subjectName?: string): WatchNotice => ({
    watch: { ...watchOn(LONGEST[0]!), target: { kind: 'fund', fundCode: '000001' } },
    locale: 'zh-CN',
    simulated: false,
    checkedAt: PINNED_AT,
    change: { subject: '000001', rows: [{ field: 'asset', before: '1', after: '2' }] },
    ...(subjectName ? { subjectName } : {}),
  });

  it('says the fund’s name the workspace has seen, as inert text, and its code alone otherwise', () => {
    const lang = langFor('zh-CN');
    expect(renderWatchNotice(fundNotice('华夏成长混合'), watchWordsOf, lang).text).toContain(
      '基金 `000001` 华夏成长混合',
    );
    expect(shown(renderWatchNotice(fundNotice('<!channel> 基金'), watchWordsOf, lang))).not.toContain('<!channel>');
    expect(renderWatchNotice(fundNotice(), watchWordsOf, lang).text).toContain('基金 `000001`');
  });
});
