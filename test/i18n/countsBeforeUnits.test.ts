import { describe, expect, it } from 'vitest';
import { capPhrase } from '../../src/core/jobs/caps.js';
import { type Catalogue, english, langFor, readCatalogue } from '../../src/i18n/lang.js';
import { watchCostText } from '../../src/slack/render/costText.js';

/**
 * A count before a unit, in English (issue 42.15: "1 candles", "5 5-minute candles"): one of a
 * thing is singular, and before a unit that starts with a number the count is a word or the unit's
 * number is ("five 5-minute candles", "12 five-minute candles"). Chinese counts read as before.
 */

const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

function texts(catalogue: Catalogue, prefix = ''): Array<[string, string]> {
  return Object.entries(catalogue).flatMap(([name, value]): Array<[string, string]> => {
    const key = prefix ? `${prefix}.${name}` : name;
    return typeof value === 'string' ? [[key, value]] : texts(value as Catalogue, key);
  });
}

/** Counts written before a plural unit in a text without plural forms, each never one (the reason beside it). */
const NEVER_ONE: Record<string, string> = {
  'digests.input.fundWords': 'the most words and characters a filter takes, constants',
  'export.plan.capped': 'a result past the export cap has more pages than the cap, so two at least',
  'export.missing.capped': 'as export.plan.capped',
  'export.missing.grew': 'grew past the pages confirmed, so two at least',
  'bids.problems.keywordTooLong': 'longer than the most a keyword takes',
  'taxpayer.problems.keywordTooLong': 'longer than the most a name takes',
  'taxpayer.problems.codeLength': 'a mistyped credit code, about 18 characters',
  'fundAsset.chart.native.latest': 'more dates than the latest shown, so two at least',
  'futures.chart.native.latest': 'more closes than the latest shown, so two at least',
  'watch.cost.cap': 'said only for a cap of two pages or more',
  'watch.pause.schemaChanged': 'three checks in a row',
  'digests.offer.cost': 'the most pages a first run reads, a constant (ten)',
  'batch.paste.hint': 'the most characters Slack takes in a text box, a constant (3,000)',
  'modals.dataKey.problem.tooShort': 'the fewest characters a data-service key takes, a constant (eight)',
  'modals.dataKey.problem.tooLong': 'the most characters a data-service key takes, a constant (200)',
};

const UNITS =
  /\{\{(?!(?:period|from|merged)\b)(\w+)(?:,[^}]*)?\}\} (coins|pages|candles|digests|watches|checks|dates|records|notices|funds|rows|calls|words|characters|closes|ones)\b/;

describe('counts before units', () => {
  const en = texts(readCatalogue('en'));

  it('no English text counts a plural unit without a singular, unless its count is never one', () => {
    const found = en
      .filter(([key, text]) => !PLURAL_FORM.test(key) && UNITS.test(text))
      .map(([key]) => key)
      .filter((key) => !Object.hasOwn(NEVER_ONE, key));
    expect(found).toEqual([]);
  });

  it('no English text puts a count straight before a period that may start with a number, unless it spells one of them', () => {
    const found = en
      .filter(([, text]) =>
        /\{\{(count|shown|sources|each|max|most|n)(?:, *number)?\}\} \{\{(period|from|merged)\b/.test(text),
      )
      .map(([key]) => key);
    expect(found).toEqual([]);
  });

  it('one coin, one page, one digest, one watch, one check, one date: singular', () => {
    expect(english.t('errors.mayHaveCharged.coins', { coins: 1 })).toBe(
      'It may still have charged 1 coin, so it was not retried automatically.',
    );
    expect(english.t('digests.failure.mayHaveChargedCoins', { coins: 1234 })).toContain('charged 1,234 coins,');
    expect(english.t('errors.budget.team', { limit: 1, spent: 1, needed: 5 })).toContain(
      "The workspace's daily budget of 1 coin would be exceeded (1 spent today, this lookup costs 5).",
    );
    expect(english.t('tables.next', { size: 10, coins: 1 })).toBe('Next 10 → (1 coin)');
    expect(english.t('digests.post.costPerPage', { coins: 1, size: 50 })).toBe('1 coin per page of 50');
    expect(english.t('export.plan.cappedUnknown', { max: 1 })).toContain('Exports stop at 1 page (EXPORT_MAX_PAGES)');
    expect(english.t('watch.post.noticesCapped', { pages: 1, coins: '10 coins' })).toContain(
      'a check reads at most 1 page (10 coins)',
    );
    expect(english.t('home.spend.today', { spent: 1 })).toBe('1 coin today');
    expect(english.t('home.spend.ofLimit', { spent: 1234, limit: 5000 })).toBe('1,234 of 5,000 coins today');
    expect(english.t('digests.list.count', { count: 1 })).toBe('1 digest in this channel');
    expect(english.t(capPhrase('digest', { scope: 'person', cap: 1, setting: 'DIGEST_MAX_PER_PERSON' }))).toMatch(
      /^You already have 1 digest, the most one person may have/,
    );
    expect(english.t(capPhrase('watch', { scope: 'channel', cap: 1, setting: 'WATCH_MAX_PER_CHANNEL' }))).toMatch(
      /^this channel already has 1 watch, the most/,
    );
    expect(watchCostText({ perCheck: 1, checksPerMonth: 1, perMonth: 1, assumed: false } as never, english)).toBe(
      'Costs 1 coin per check; 1 check in the next 30 days: 1 coin.',
    );
    expect(english.t('fundAsset.table.caption', { code: '000001', count: 1 })).toBe(
      'Asset size of fund 000001, 1 date',
    );
    expect(
      english.t('futures.results.summary', { symbol: 'CL', period: 'daily', close: '1', rate: '+1%', count: 1 }),
    ).toBe('CL daily: close 1 (+1%), 1 candle');
  });

  it('reads in Chinese as before', () => {
    const zh = langFor('zh-CN');
    expect(zh.t('errors.budget.team', { limit: 100, spent: 95, needed: 10 })).toBe(
      '超出工作区每日预算 100 币（今日已用 95 币，本次查询需 10 币），未发起查询，未扣费。',
    );
    expect(zh.t('tables.next', { size: 10, coins: 10 })).toBe('下 10 条 →（10 币）');
    expect(zh.t('home.unconfirmed', { coins: 20 })).toBe('本月有 20 币来自超时的查询（可能已扣费）。');
    expect(zh.t('digests.list.count', { count: 1 })).toBe('本频道有 1 个推送');
    expect(watchCostText({ perCheck: 10, checksPerMonth: 30, perMonth: 300, assumed: false } as never, zh)).toBe(
      '每次检查 10 币；未来 30 天检查 30 次，共 300 币。',
    );
    expect(zh.t('watch.post.noticesCapped', { pages: 3, coins: '30 币' })).toContain('每次检查最多查询 3 页（30 币）');
    expect(
      zh.t('futures.problems.mergedCount', {
        most: 333,
        period: '15分钟',
        sources: '3 根5分钟K线',
        max: 1000,
        from: '5分钟',
      }),
    ).toBe('不能大于 333：每根15分钟K线最多由 3 根5分钟K线合并而成，而一次调用最多取 1000 根5分钟K线');
  });
});
