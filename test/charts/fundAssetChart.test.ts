import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AssetPoint,
  alignedRanges,
  buildFundAssetChart,
  cadenceOf,
  fundAssetNativeChart,
  thinAssetPoints,
} from '../../src/charts/fundAssetChart.js';
import { formatCnyAmount } from '../../src/charts/numbers.js';
import type { RenderedChart } from '../../src/charts/renderQuickChart.js';
import type { FundAssetResult } from '../../src/core/operations/fundAsset.js';
import { english, type Lang, langFor } from '../../src/i18n/lang.js';
import { formatCny as formatCnyInMessages } from '../../src/slack/render/format.js';
import { unexpectedEnglish } from '../support/englishWords.js';
import { drawnTexts, expectInside, metas, visibleLabels } from './pictures.js';
import {
  EVERY_SERVER,
  HOSTED,
  image,
  makeFundRecords,
  SELF_HOSTED,
  simulatedFundAsset,
  withRendered,
} from './support.js';

const SAMPLE: FundAssetResult = {
  fundCode: '000001',
  records: [
    { assetDate: '2024-09-30', assetRate: 3.2, asset: 1_234_567_890 },
    { assetDate: '2024-06-30', assetRate: -1.5, asset: 1_196_286_715 },
    { assetDate: '2024-03-31', assetRate: null, asset: 1_214_504_279 },
  ],
};

/**
 * What a fund analyst relies on, on the drawn chart: net assets as bars on a left axis titled in
 * CNY units, the rate as a line on a right axis titled %, both axes spanning their data, zero lines
 * at one height, horizontal grid lines, the latest amount labelled, nothing outside the chart area.
 */
function checkFundPicture(rendered: RenderedChart, result: FundAssetResult, lang: Lang = english): void {
  const { chart, config } = rendered;
  const area = chart.chartArea;
  const [rateMeta, assetMeta] = metas(rendered);
  const assets = chart.scales[assetMeta!.yAxisID]!;
  const rates = chart.scales[rateMeta!.yAxisID]!;

  expect(assetMeta!.type).toBe('bar');
  expect(rateMeta!.type).toBe('line');
  expect(assets).not.toBe(rates);
  expect(assets.position).toBe('left');
  expect(rates.position).toBe('right');
  expect(assets.options.title.display).toBe(true);
  expect(assets.options.title.text).toMatch(
    lang === english ? /^CNY( thousand| million| billion)?$/ : /^(亿元|万元|元)$/,
  );
  expect(rates.options.title.display).toBe(true);
  expect(rates.options.title.text).toContain('%');

  const sizes: number[] = config.data.datasets[1].data;
  const rateValues: number[] = config.data.datasets[0].data.filter((rate: number | null) => rate !== null);
  expect(assets.min).toBeLessThanOrEqual(Math.min(0, ...sizes));
  expect(assets.max).toBeGreaterThanOrEqual(Math.max(...sizes));
  if (rateValues.length > 0) {
    expect(rates.min).toBeLessThanOrEqual(Math.min(...rateValues));
    expect(rates.max).toBeGreaterThanOrEqual(Math.max(...rateValues));
  }
  expect(assets.getPixelForValue(0)).toBeCloseTo(rates.getPixelForValue(0), 1);
  expect(assets.options.grid.display).not.toBe(false);
  expect(assets.ticks.length).toBeGreaterThanOrEqual(3);

  expectInside(
    assetMeta!.data.flatMap((bar) => [bar.y, bar.base]),
    area.top,
    area.bottom,
    'a bar',
  );
  expectInside(
    assetMeta!.data.map((bar) => bar.x),
    area.left,
    area.right,
    'a bar',
  );
  expectInside(
    rateMeta!.data.filter((point) => !point.skip).map((point) => point.y),
    area.top,
    area.bottom,
    'a rate point',
  );

  const newest = [...result.records].sort((a, b) => (a.assetDate < b.assetDate ? 1 : -1))[0]!;
  const marked = assets.ticks.filter((tick) => (tick as { z?: number }).z);
  expect(marked.map((tick) => tick.label)).toEqual([formatCnyAmount(newest.asset, lang.locale)]);
  expect(Math.abs(assets.getPixelForValue(marked[0]!.value) - assetMeta!.data.at(-1)!.y)).toBeLessThanOrEqual(1);
  expect(String(chart.options.plugins.title.text)).toContain(
    lang === english ? `Fund ${result.fundCode}` : `基金 ${result.fundCode}`,
  );
  expect(String(chart.options.plugins.title.text)).toContain(formatCnyAmount(newest.asset, lang.locale));
  expect(visibleLabels(rendered, 'x').at(-1)).toBe(newest.assetDate);
}

function check(result: FundAssetResult, settings = HOSTED) {
  const plan = image(buildFundAssetChart(result, settings, english));
  expect(plan.url.length).toBeLessThanOrEqual(3000);
  withRendered(plan, (rendered) => checkFundPicture(rendered, result));
  return plan;
}

describe('fund asset charts, drawn as QuickChart draws them', () => {
  it('draws assets in CNY billion (亿元 in Chinese) as bars on the left and the rate in % on the right, zero lines aligned', () => {
    const plan = check(SAMPLE);
    withRendered(plan, (rendered) => {
      expect(rendered.config.data.datasets[1].data).toEqual([1.215, 1.196, 1.235]);
      expect(rendered.config.data.datasets[0].data).toEqual([null, -1.5, 3.2]);
      expect(rendered.chart.scales.y!.options.title.text).toBe('CNY billion');
    });
  });

  it('draws simulated pages: the first, page 2, a full page of 50, on self-hosted servers too', () => {
    for (const [page, size] of [
      [1, 10],
      [2, 10],
      [2, 50],
    ] as const) {
      for (const settings of [HOSTED, SELF_HOSTED]) check(simulatedFundAsset('000001', page, size), settings);
    }
  });

  it('keeps mostly negative rates and a single record readable', () => {
    check({
      fundCode: '000002',
      records: [
        { assetDate: '2024-09-30', assetRate: -12.5, asset: 80_000_000 },
        { assetDate: '2024-06-30', assetRate: -30.2, asset: 91_000_000 },
        { assetDate: '2024-03-31', assetRate: 4.1, asset: 130_000_000 },
      ],
    });
    const single = check({
      fundCode: '000003',
      records: [{ assetDate: '2024-09-30', assetRate: null, asset: 8_500_000 }],
    });
    expect(single.alt).toContain('Latest: CNY 8.50 million on 2024-09-30, no change rate given');
    withRendered(single, (rendered) => expect(rendered.chart.scales.y!.options.title.text).toBe('CNY million'));
  });

  it("uses the messages' money formatter, so chart and text agree on every amount", () => {
    for (const amount of [99_999_999.99, 1_234_567_890, 8_500_000, 9_999.996, -250_000_000]) {
      for (const locale of ['en', 'zh-CN'] as const)
        expect(formatCnyAmount(amount, locale)).toBe(formatCnyInMessages(amount, locale));
    }
    const plan = check({
      fundCode: '000004',
      records: [
        { assetDate: '2024-09-30', assetRate: 1, asset: 99_999_999.99 },
        { assetDate: '2024-06-30', assetRate: 1, asset: 98_000_000 },
      ],
    });
    withRendered(plan, (rendered) =>
      expect(String(rendered.chart.options.plugins.title.text)).toContain('CNY 100.00 million'),
    );
  });

  it('thins out long histories, keeps the newest, recomputes the rate between shown dates, and says so', () => {
    const records = makeFundRecords(200);
    const plan = check({ fundCode: '000001', records });
    expect(plan.caption).toMatch(/200 dates thinned to every \d+(st|nd|rd|th) \(\d+ shown, newest included\)/);
    expect(plan.caption).toContain('the % line is the change between shown dates');
  });

  it('says what is drawn, over which dates, and the latest size and rate in readable units', () => {
    const plan = image(buildFundAssetChart(SAMPLE, HOSTED, english));
    expect(plan.alt).toContain('fund 000001');
    expect(plan.alt).toContain('3 dates from 2024-03-31 to 2024-09-30');
    expect(plan.alt).toContain('Latest: CNY 1.23 billion on 2024-09-30, +3.20% against the previous period');
    expect(plan.caption).toBe('Fund 000001 net assets from 2024-03-31 to 2024-09-30.');
  });

  it("on a later page calls the newest date the newest on this page, not the fund's latest", () => {
    const plan = image(buildFundAssetChart(SAMPLE, HOSTED, english, { firstPage: false }));
    expect(plan.alt).toContain('Newest on this page: CNY 1.23 billion on 2024-09-30');
    expect(plan.alt).not.toContain('Latest');
    withRendered(plan, (rendered) => expect(String(rendered.chart.options.plugins.title.text)).not.toContain('latest'));
  });

  it('writes a fall with a real minus sign in the title and the alt text, as the message does', () => {
    const falling = {
      fundCode: '000001',
      records: [
        { assetDate: '2024-09-30', assetRate: -8.2, asset: 3_539_000_000 },
        { assetDate: '2024-06-30', assetRate: 1, asset: 3_855_000_000 },
      ],
    };
    const plan = image(buildFundAssetChart(falling, HOSTED, english));
    expect(plan.alt).toContain('−8.20% against the previous period');
    expect(plan.alt).not.toMatch(/(^|[\s(])-\d/);
    withRendered(plan, (rendered) => expect(String(rendered.chart.options.plugins.title.text)).toContain('(−8.20%)'));
  });

  it('leaves the chart out when there are no records', () => {
    expect(buildFundAssetChart({ fundCode: '000001', records: [] }, HOSTED, english)).toMatchObject({ kind: 'none' });
  });
});

describe('alignedRanges', () => {
  it('puts zero at the same height on both axes, on nice steps, holding both ranges', () => {
    const range = fc.tuple(fc.double({ min: -1e6, max: 0, noNaN: true }), fc.double({ min: 0, max: 1e6, noNaN: true }));
    fc.assert(
      fc.property(range, range, (first, second) => {
        const [a, b] = alignedRanges(first, second);
        for (const [axis, [low, high]] of [
          [a, first],
          [b, second],
        ] as const) {
          expect(axis.min).toBeLessThanOrEqual(low);
          expect(axis.max).toBeGreaterThanOrEqual(high);
          expect(Number.isInteger(Math.round(((axis.max - axis.min) / axis.step) * 1e6) / 1e6)).toBe(true);
        }
        expect(-a.min / (a.max - a.min)).toBeCloseTo(-b.min / (b.max - b.min), 9);
        expect(Math.round((a.max - a.min) / a.step)).toBe(Math.round((b.max - b.min) / b.step));
      }),
    );
  });
});

describe('thinAssetPoints', () => {
  const points: AssetPoint[] = [100, 110, 99, 120, 150, 120, 130].map((asset, index) => ({
    date: `2024-01-0${index + 1}`,
    asset,
    rate: 1,
  }));

  it('keeps every step-th point back from the newest with rates between kept points', () => {
    expect(thinAssetPoints(points, 3)).toEqual([
      { date: '2024-01-01', asset: 100, rate: null },
      { date: '2024-01-04', asset: 120, rate: 20 },
      { date: '2024-01-07', asset: 130, rate: (10 / 120) * 100 },
    ]);
  });

  it('leaves points and their rates alone at step 1', () => {
    expect(thinAssetPoints(points, 1)).toEqual(points);
  });
});

describe('every chart URL fits in a Slack image block', () => {
  it('for 1…200 fund records', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 400 }),
        fc.double({ min: 1e5, max: 5e11, noNaN: true }),
        fc.constantFrom(...EVERY_SERVER),
        (count, stepDays, start, settings) => {
          const records = makeFundRecords(count, { stepDays, start });
          const plan = buildFundAssetChart({ fundCode: '110011', records }, settings, english);
          expect(plan.kind).toBe('image');
          if (plan.kind !== 'image') return;
          expect(plan.url.length).toBeLessThanOrEqual(3000);
          // A page holds at most 50 records: those are never thinned.
          if (count <= 50) expect(plan.caption).not.toMatch(/thinned/);
        },
      ),
      { numRuns: 120 },
    );
  });
});

describe('fund asset charts in Chinese', () => {
  const zh = langFor('zh-CN');

  it('draws every text in Chinese: title, legend, axis titles; numbers and dates as they are', () => {
    const plan = image(buildFundAssetChart(SAMPLE, HOSTED, zh));
    withRendered(plan, (rendered) => {
      checkFundPicture(rendered, SAMPLE, zh);
      const drawn = drawnTexts(rendered);
      expect(drawn).toEqual(
        expect.arrayContaining([
          '基金 000001 净资产 · 2024-09-30 最新 12.35亿元（+3.20%）',
          '季度环比（%）',
          '净资产（亿元）',
          '亿元',
        ]),
      );
      expect(unexpectedEnglish(drawn.join('\n'))).toEqual([]);
    });
    expect(plan.alt).toBe(
      '基金 000001 净资产柱状图（左轴）及变动率折线（右轴，%），3 个日期，2024-03-31 至 2024-09-30。最新：2024-09-30 净资产 12.35亿元，较上期 +3.20%。',
    );
    expect(plan.caption).toBe('基金 000001 净资产，2024-03-31 至 2024-09-30。');
  });

  it('says in Chinese how a long history was thinned, on the chart and under it', () => {
    const plan = image(buildFundAssetChart({ fundCode: '000001', records: makeFundRecords(200) }, HOSTED, zh));
    expect(plan.caption).toMatch(
      /^基金 000001 净资产，\S+ 至 \S+。200 个日期每 (\d+) 个取 1 个（显示 \d+ 个，含最新日期），以放入一张 Slack 图片；百分比折线为所示日期之间的变动。$/,
    );
    withRendered(plan, (rendered) => {
      expect(String(rendered.chart.options.plugins.subtitle.text)).toMatch(/^每 \d+ 个日期显示 1 个；/);
      expect(unexpectedEnglish(drawnTexts(rendered).join('\n'))).toEqual([]);
    });
    expect(unexpectedEnglish(`${plan.alt}\n${plan.caption}`, ['Slack'])).toEqual([]);
  });

  it('on a later page and without records says so in Chinese', () => {
    const later = image(buildFundAssetChart(SAMPLE, HOSTED, zh, { firstPage: false }));
    expect(later.alt).toContain('本页最新：2024-09-30 净资产 12.35亿元，较上期 +3.20%。');
    withRendered(later, (rendered) =>
      expect(String(rendered.chart.options.plugins.title.text)).toBe(
        '基金 000001 净资产 · 2024-09-30 12.35亿元（+3.20%）',
      ),
    );
    expect(buildFundAssetChart({ fundCode: '000001', records: [] }, HOSTED, zh)).toEqual({
      kind: 'none',
      note: '未附图表：没有可绘制的规模记录。',
    });
  });

  it('says "every 2nd, 3rd, 11th, 21st date" in English', () => {
    const every = (count: number) => english.t('fundAsset.chart.every', { count, ordinal: true });
    expect([2, 3, 4, 11, 12, 13, 21, 22].map(every).map((text) => text.split(' ')[1])).toEqual([
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
    ]);
  });
});

describe('what the fund chart says and shows, read off the drawn picture', () => {
  it("hides only the tick labels the latest amount's badge would overlap, and keeps the others", () => {
    for (const result of [simulatedFundAsset('000001', 1, 50), simulatedFundAsset('110022', 1, 50), SAMPLE]) {
      withRendered(image(buildFundAssetChart(result, HOSTED, english)), (rendered) => {
        const scale = rendered.chart.scales.y!;
        const badge = scale.ticks.find((tick) => (tick as { z?: number }).z)!;
        const badgeY = scale.getPixelForValue(badge.value);
        for (const tick of scale.ticks.filter((one) => one !== badge && one.value >= 0)) {
          const apart = Math.abs(scale.getPixelForValue(tick.value) - badgeY);
          // A 12-pixel label beside a badge of 12 pixels and its padding: 15 pixels between middles clear both.
          if (apart >= 15) expect(tick.label, `tick ${tick.value}, ${apart.toFixed(1)} px from the badge`).not.toBe('');
          else expect(tick.label, `tick ${tick.value}, ${apart.toFixed(1)} px from the badge`).toBe('');
        }
      });
    }
  });

  it("names what the % line compares, by the dates' cadence", () => {
    expect(cadenceOf(['2024-03-31', '2024-06-30', '2024-09-30'])).toBe('quarter');
    expect(cadenceOf(['2024-01-31', '2024-02-29', '2024-03-31'])).toBe('month');
    expect(cadenceOf(['2022-12-31', '2023-12-31', '2024-12-31'])).toBe('year');
    expect(cadenceOf(['2024-01-05', '2024-02-20', '2024-06-30'])).toBe('previous');
    expect(cadenceOf(['2024-09-30'])).toBe('previous');
    withRendered(image(buildFundAssetChart(SAMPLE, HOSTED, english)), (rendered) => {
      expect(drawnTexts(rendered)).toEqual(expect.arrayContaining(['Change, quarter on quarter (%)']));
    });
    const monthly = { fundCode: '000001', records: makeFundRecords(12, { firstDate: '2024-01-31', stepDays: 30 }) };
    withRendered(image(buildFundAssetChart(monthly, HOSTED, english)), (rendered) => {
      expect(drawnTexts(rendered)).toEqual(expect.arrayContaining(['Change, month on month (%)']));
    });
  });

  it('names the fund where the app knows its name, in the title, alt text and caption', () => {
    const plan = image(buildFundAssetChart(SAMPLE, HOSTED, english, { fundName: '华夏成长混合' }));
    expect(plan.caption).toBe('Fund 000001 华夏成长混合 net assets from 2024-03-31 to 2024-09-30.');
    expect(plan.alt).toContain('of fund 000001 华夏成长混合 (left axis)');
    withRendered(plan, (rendered) =>
      expect(String(rendered.chart.options.plugins.title.text)).toBe(
        'Fund 000001 华夏成长混合 net assets · latest CNY 1.23 billion on 2024-09-30 (+3.20%)',
      ),
    );
  });
});

describe('the fund chart Slack draws itself', () => {
  it("shows the latest 20 dates as bars in the reader's unit, says how many of how many, and titles within 50 characters", () => {
    const result = simulatedFundAsset('000001', 1, 50);
    const drawn = fundAssetNativeChart(result, english);
    if (drawn.kind !== 'native') throw new Error(drawn.kind);
    const { chart } = drawn;
    const newestFirst = [...result.records].sort((a, b) => (a.assetDate < b.assetDate ? 1 : -1));
    expect(chart.type).toBe('bar');
    expect(chart.categories).toEqual(
      newestFirst
        .slice(0, 20)
        .map((record) => record.assetDate)
        .reverse(),
    );
    expect(chart.yLabel).toMatch(/^CNY (billion|million)$/);
    const unit = chart.yLabel === 'CNY billion' ? 1e9 : 1e6;
    for (const [index, value] of chart.series[0]!.values.entries()) {
      expect(value).toBeCloseTo(newestFirst[19 - index]!.asset / unit, 2);
    }
    expect(chart.caption).toBe('The latest 20 of 50 dates; the table has them all');
    const zh = fundAssetNativeChart(result, langFor('zh-CN'), {
      fundName: '一个名字很长很长很长很长很长很长很长很长很长很长的基金',
    });
    if (zh.kind !== 'native') throw new Error(zh.kind);
    expect(zh.chart.title.length).toBeLessThanOrEqual(50);
    expect(zh.chart.title).toMatch(/^000001 一个名字很长.*… · \d{4}-\d\d-\d\d 最新 [\d.]+亿元$/);
    expect(zh.chart.series[0]!.name).toBe('净资产');
  });

  it('says there is nothing to draw without records', () => {
    expect(fundAssetNativeChart({ fundCode: '000001', records: [] }, english)).toEqual({
      kind: 'none',
      note: 'Chart left out: there are no asset records to draw.',
    });
  });
});
