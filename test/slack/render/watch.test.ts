import { describe, expect, it } from 'vitest';
import type { FieldChange, Watch, WatchNotice } from '../../../src/core/watch/types.js';
import { english, langFor } from '../../../src/i18n/lang.js';
import { TAXPAYER_CATALOGUE, type TaxpayerRecord } from '../../../src/simulator/data/taxpayerCatalogue.js';
import { watchWordsOf } from '../../../src/slack/operations/index.js';
import { renderWatchNotice } from '../../../src/slack/render/watch.js';
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
