import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChartSettings } from '../../src/charts/chartRenderer.js';
import {
  buildFuturesChart,
  CANDLE_COLORS,
  candleLabels,
  candlesOf,
  colorsFor,
  formatQuote,
  longerPeriods,
  packNumber,
  periodName,
  priceUnit,
} from '../../src/charts/futuresChart.js';
import type { RenderedChart } from '../../src/charts/renderQuickChart.js';
import {
  CANDLE_TYPES,
  type Candle,
  type CandleType,
  type FuturesResult,
  mergeCandles,
  PERIODS,
  periodEnd,
  periodOfType,
  periodStart,
} from '../../src/core/operations/futures.js';
import { english, type Lang, langFor } from '../../src/i18n/lang.js';
import { formatNumber } from '../../src/slack/render/format.js';
import { unexpectedEnglish } from '../support/englishWords.js';
import { drawnTexts, expectInside, metas, pixelAt, rgb, sameColor, visibleLabels } from './pictures.js';
import {
  candleSequence,
  decodeChartUrl,
  EVERY_SERVER,
  HOSTED,
  image,
  makeCandles,
  PERIOD_MS,
  SELF_HOSTED,
  simulatedFutures,
  withRendered,
} from './support.js';

const PERIOD_NAMES: Record<CandleType, string> = {
  '0': '1D',
  '1': '1m',
  '5': '5m',
  '30': '30m',
  '60': '1h',
  '120': '2h',
  '240': '4h',
};
const STANDARD = new Set(['5m', '15m', '30m', '1h', '2h', '4h', '1D', '1W', '1M']);

interface Expected {
  symbol: string;
  settings: ChartSettings;
  timeZone: string;
  lang?: Lang;
}

/** The price series, volume, averages and the legend's colour entries of a rendered futures chart, by what they are. */
function parts(rendered: RenderedChart) {
  const all = metas(rendered);
  const volume = all.find((meta) => meta.yAxisID === 'v')!;
  const averages = all.filter((meta) => /^MA\d+$/.test(meta.label));
  // Bars without data whose only part is their legend entry: what rises and what falls look like.
  const colorKeys = all.filter((meta) => meta !== volume && meta.data.length === 0 && meta.label);
  const prices = all.filter((meta) => meta !== volume && !averages.includes(meta) && !colorKeys.includes(meta));
  return { volume, averages, prices, colorKeys };
}

/**
 * Everything a reader relies on, checked on the drawn chart: each series on a visible axis that
 * spans it, candles filling most of the price band, volume in its own fifth below, nothing outside
 * the chart area, the last close marked, the colours of the scheme, labels on the newest candle.
 */
function checkFuturesPicture(rendered: RenderedChart, expected: Expected): void {
  const { chart, config } = rendered;
  const area = chart.chartArea;
  const { y, v, x } = chart.scales as Record<string, RenderedChart['chart']['scales'][string]>;
  const { volume, averages, prices, colorKeys } = parts(rendered);
  const lang = expected.lang ?? english;
  const colors = CANDLE_COLORS[colorsFor(expected.settings, lang)];

  // Price: on y, a visible axis at the right that spans every high and low.
  expect(y!.options.display).not.toBe(false);
  expect(y!.position).toBe('right');
  for (const meta of [...prices, ...averages]) expect(meta.yAxisID).toBe('y');
  const [priceSet] = config.data.datasets;
  const lows: number[] = expected.settings.candlesticks
    ? priceSet.data.map((k: any) => k.l)
    : priceSet.data.map((range: number[]) => range[0]);
  const highs: number[] = expected.settings.candlesticks
    ? priceSet.data.map((k: any) => k.h)
    : priceSet.data.map((range: number[]) => range[1]);
  expect(y!.min).toBeLessThanOrEqual(Math.min(...lows));
  expect(y!.max).toBeGreaterThanOrEqual(Math.max(...highs));

  // The candles' own pixels: within the chart area and taking at least half of its height.
  const elements = prices[0]!.data;
  const tops = expected.settings.candlesticks
    ? elements.map((e) => e.high)
    : elements.map((e) => Math.min(e.y, e.base));
  const bottoms = expected.settings.candlesticks
    ? elements.map((e) => e.low)
    : elements.map((e) => Math.max(e.y, e.base));
  expectInside([...tops, ...bottoms], area.top, y!.bottom, 'a candle');
  expectInside(
    elements.map((e) => e.x),
    area.left,
    area.right,
    'a candle',
  );
  expect(Math.max(...bottoms) - Math.min(...tops)).toBeGreaterThanOrEqual(area.height / 2);
  for (const element of elements) expect(element.width).toBeLessThanOrEqual(14);

  // Volume: on its own visible axis, the lowest fifth of the chart area, under the prices.
  expect(v!.options.display).not.toBe(false);
  expect(v!.top).toBeGreaterThanOrEqual(y!.bottom - 0.5);
  expect(v!.bottom).toBeCloseTo(area.bottom, 0);
  expect((v!.bottom - v!.top) / area.height).toBeCloseTo(0.2, 1);
  const volumes: number[] = config.data.datasets
    .find((set: any) => set.yAxisID === 'v')
    .data.map((point: any) => point.y);
  expect(v!.min).toBeLessThanOrEqual(0);
  expect(v!.max).toBeGreaterThanOrEqual(Math.max(...volumes));
  expectInside(
    volume.data.flatMap((bar) => [bar.y, bar.base]),
    v!.top,
    v!.bottom,
    'a volume bar',
  );
  expectInside(
    volume.data.map((bar) => bar.x),
    area.left,
    area.right,
    'a volume bar',
  );
  // Each volume bar and its range bar or candle share one centre.
  for (const [index, bar] of volume.data.entries()) expect(bar.x).toBeCloseTo(elements[index]!.x, 3);
  if (!expected.settings.candlesticks)
    for (const [index, tick] of prices[1]!.data.entries()) expect(tick.x).toBeCloseTo(elements[index]!.x, 3);

  // Averages: in the legend, their points on the chart; then what a rise and a fall look like.
  for (const meta of averages)
    expectInside(
      meta.data.map((point) => point.y),
      area.top,
      y!.bottom,
      meta.label,
    );
  const legendItems = (chart as any).legend.legendItems as Array<{ text: string; strokeStyle: string }>;
  expect(legendItems.map((item) => item.text)).toEqual([
    ...averages.map((meta) => meta.label),
    lang.t('futures.chart.up'),
    lang.t('futures.chart.down'),
  ]);
  expect(legendItems.slice(-2).map((item) => item.strokeStyle)).toEqual([colors.up, colors.down]);
  expect(colorKeys).toHaveLength(2);

  // The last close: a tick labelled with it, drawn on a backdrop of its direction's colour, and
  // a grid line of that colour across the chart at its height.
  const marked = y!.ticks.filter((tick) => (tick as { z?: number }).z);
  expect(marked).toHaveLength(1);
  const lastY = y!.getPixelForValue(marked[0]!.value);
  const directionColors = [colors.up, colors.down, colors.flat].map(rgb);
  const backdrop = pixelAt(rendered, y!.left + 3, lastY);
  expect(
    directionColors.some((color) => sameColor(backdrop, color)),
    `backdrop ${backdrop}`,
  ).toBe(true);
  const lineColor = pixelAt(rendered, area.left + 1, lastY);
  expect(
    directionColors.some((color) => sameColor(lineColor, color)),
    `last-close line ${lineColor}`,
  ).toBe(true);

  // Candle colours: most candles that rose show the scheme's "up" colour at the middle of their body.
  if (expected.settings.candlesticks) {
    const risen = elements.filter((e) => e.open - e.close >= 6);
    const upColored = risen.filter((e) => sameColor(pixelAt(rendered, e.x, (e.open + e.close) / 2), rgb(colors.up)));
    expect(upColored.length).toBeGreaterThanOrEqual(Math.ceil(risen.length * 0.7));
  }

  // Time labels: a few, never overlapping, the newest candle among them.
  const labels = x!.ticks.filter((tick) => tick.label);
  expect(labels.length).toBeGreaterThan(0);
  expect(labels.length).toBeLessThanOrEqual(7);
  expect(labels[labels.length - 1]!.value).toBe(elements.length - 1);

  // Nothing of the chart's text is missing or empty; the title's change is said to be the last candle's; the time zone is on the image.
  const names = [...STANDARD, '1m'].map((name) => periodName(PERIODS[name as keyof typeof PERIODS], lang));
  const lastCandle = lang === english ? ', last candle ' : '，最新K线 ';
  expect(String(chart.options.plugins.title.text)).toMatch(
    new RegExp(`^${expected.symbol} · (${names.join('|')}) · [\\d,.]+${lastCandle}[−+]?\\d+\\.\\d\\d%$`),
  );
  expect(String(chart.options.plugins.subtitle.text)).toMatch(
    lang === english
      ? /Times in [\w+−-]+ \([\w/]+\)|Trading days/
      : /时间：(北京时间|GMT[+−-]?\d*(:\d\d)?，[\w/]+)|交易日/,
  );
}

function render(result: FuturesResult, settings: ChartSettings = HOSTED, timeZone = 'Asia/Shanghai') {
  const plan = buildFuturesChart(result, settings, timeZone, english);
  return {
    plan: image(plan),
    check: (extra?: (rendered: RenderedChart) => void) =>
      withRendered(plan, (rendered) => {
        checkFuturesPicture(rendered, { symbol: result.symbol, settings, timeZone });
        extra?.(rendered);
      }),
  };
}

describe('futures charts, drawn as QuickChart draws them', () => {
  it.each(CANDLE_TYPES)('type %s: 30 candles of CL and GC, candlesticks and high-low, both colour schemes', (type) => {
    for (const symbol of ['CL', 'GC']) {
      for (const settings of [
        HOSTED,
        SELF_HOSTED,
        { ...HOSTED, colors: 'cn' as const },
        { ...SELF_HOSTED, colors: 'cn' as const },
      ]) {
        const result = simulatedFutures(symbol, type, 30);
        const { plan, check } = render(result, settings);
        expect(plan.url.length).toBeLessThanOrEqual(3000);
        check((rendered) => {
          expect(rendered.chart.options.plugins.title.text).toMatch(
            new RegExp(`^${symbol} · ${PERIOD_NAMES[type]} · `),
          );
          expect(rendered.chart.config.type).toBe(settings.candlesticks ? 'candlestick' : 'bar');
          expect(parts(rendered).averages.map((meta) => meta.label)).toEqual(['MA5', 'MA20']);
        });
      }
    }
  });

  it.each(CANDLE_TYPES)('type %s: 1000 candles merge into a standard period, and the caption says so', (type) => {
    for (const settings of [HOSTED, SELF_HOSTED]) {
      const result = simulatedFutures('GC', type, 1000);
      const { plan, check } = render(result, settings, 'America/New_York');
      expect(plan.url.length).toBeLessThanOrEqual(3000);
      const [, shown, period] =
        /1,000 \S+ candles shown as (\d+) (\S+) candles to fit a Slack image/.exec(plan.caption) ?? [];
      expect(shown, plan.caption).toBeDefined();
      check((rendered) => {
        const name = String(rendered.chart.options.plugins.title.text).split(' · ')[1]!;
        expect(STANDARD.has(name)).toBe(true);
        const merged = Object.values(PERIODS).find((p) => p.name === name)!;
        expect(candlesOf(Number(shown), merged, english)).toBe(`${shown} ${period} candles`);
        expect(rendered.chart.getDatasetMeta(0).data).toHaveLength(Number(shown));
        expect(rendered.chart.options.plugins.subtitle.text).toContain(`merged from ${PERIOD_NAMES[type]}`);
      });
    }
  });

  it('draws 2 and 3 candles as narrow candles, with no averages', () => {
    for (const count of [2, 3]) {
      for (const settings of [HOSTED, SELF_HOSTED]) {
        render(simulatedFutures('CL', '60', count), settings).check((rendered) => {
          expect(parts(rendered).averages).toHaveLength(0);
          // No averages yet: the legend says only what a rise and a fall look like.
          expect((rendered.chart as any).legend.legendItems.map((item: { text: string }) => item.text)).toEqual([
            'Up',
            'Down',
          ]);
        });
      }
    }
  });

  it('adds MA5 from 15 candles and MA20 from 30, starting where each has enough closes', () => {
    render(simulatedFutures('CL', '5', 14)).check((rendered) => expect(parts(rendered).averages).toHaveLength(0));
    render(simulatedFutures('CL', '5', 15)).check((rendered) =>
      expect(parts(rendered).averages.map((m) => m.label)).toEqual(['MA5']),
    );
    render(simulatedFutures('CL', '5', 40)).check((rendered) => {
      const [ma5, ma20] = parts(rendered).averages;
      expect(ma5!.data).toHaveLength(36);
      expect(ma20!.data).toHaveLength(21);
      const closes = rendered.config.data.datasets[0].data.map((k: { c: number }) => k.c);
      const mean = closes.slice(0, 20).reduce((a: number, b: number) => a + b, 0) / 20;
      expect(rendered.config.data.datasets[2].data[0]).toEqual({ x: 19, y: expect.closeTo(mean, 6) });
    });
  });

  it('keeps prices at a scale of 75 and of 2380 on the price axis, to within a pixel', () => {
    for (const [symbol, start, decimals] of [
      ['CL', 7593, 2],
      ['GC', 23801, 1],
    ] as const) {
      const result: FuturesResult = {
        symbol,
        type: '5',
        tickUnit: 's',
        candles: makeCandles({ count: 40, start, decimals, periodMs: PERIOD_MS['5'] }),
      };
      render(result).check((rendered) => {
        const y = rendered.chart.scales.y!;
        const pixelPrice = (y.max - y.min) / y.height;
        rendered.config.data.datasets[0].data.forEach((k: any, index: number) => {
          const candle = result.candles[index]!;
          for (const [drawn, given] of [
            [k.o, candle.open],
            [k.h, candle.high],
            [k.l, candle.low],
            [k.c, candle.close],
          ]) {
            expect(Math.abs(drawn - given)).toBeLessThanOrEqual(pixelPrice);
          }
        });
        expect(String(rendered.chart.options.plugins.title.text)).toContain(
          formatQuote(result.candles.at(-1)!.close, decimals),
        );
      });
    }
  });

  it('colours candles by the scheme: cn draws a rise red, intl green', () => {
    const result = simulatedFutures('CL', '5', 30);
    for (const [colors, up] of [
      ['cn', '#ef5350'],
      ['intl', '#26a69a'],
    ] as const) {
      render(result, { ...HOSTED, colors }).check((rendered) => {
        expect(rendered.config.data.datasets[0].color.up).toBe(up);
      });
    }
  });

  it('shows no chart, only a line of text, for fewer than two candles', () => {
    expect(buildFuturesChart({ symbol: 'CL', type: '5', tickUnit: 's', candles: [] }, HOSTED, 'UTC', english)).toEqual({
      kind: 'none',
      note: english.t('futures.chart.noCandles'),
    });
    expect(buildFuturesChart(simulatedFutures('CL', '5', 1), HOSTED, 'UTC', english)).toEqual({
      kind: 'none',
      note: english.t('futures.chart.oneCandle'),
    });
  });

  it("works without any window global, which the financial plugin's own x axis would need", () => {
    expect('window' in globalThis).toBe(false);
    const { text } = decodeChartUrl(render(simulatedFutures('CL', '5', 30)).plan.url);
    expect(text).toContain('afterBuildTicks:null');
  });
});

describe('time labels and captions', () => {
  it('labels intraday candles HH:mm in the reader zone, with the date first and at a new day', () => {
    const ats = Array.from({ length: 6 }, (_, index) => Date.UTC(2024, 9, 30, 13, 0) + index * 3_600_000);
    expect(Object.values(candleLabels(ats, [0, 1, 2, 3, 4, 5], PERIODS['1h'], 'Asia/Shanghai'))).toEqual([
      '10-30 21:00',
      '22:00',
      '23:00',
      '10-31 00:00',
      '01:00',
      '02:00',
    ]);
    expect(Object.values(candleLabels(ats, [0, 5], PERIODS['1h'], 'America/New_York'))).toEqual([
      '10-30 09:00',
      '14:00',
    ]);
  });

  it('labels daily and weekly candles by trading day with the year where it starts, monthly ones YYYY-MM', () => {
    const days = [Date.UTC(2024, 11, 30), Date.UTC(2024, 11, 31), Date.UTC(2025, 0, 2)];
    expect(Object.values(candleLabels(days, [0, 1, 2], PERIODS['1D'], 'America/Los_Angeles'))).toEqual([
      '2024-12-30',
      '12-31',
      '2025-01-02',
    ]);
    expect(Object.values(candleLabels(days, [0, 2], PERIODS['1M'], 'Asia/Shanghai'))).toEqual(['2024-12', '2025-01']);
  });

  it('says what is drawn, for which contract and period, when, and where it closed', () => {
    const result: FuturesResult = {
      symbol: 'CL',
      type: '0',
      tickUnit: 's',
      candles: makeCandles({ count: 20, periodMs: PERIOD_MS['0'], firstAt: Date.UTC(2024, 9, 1) }),
    };
    const plan = image(buildFuturesChart(result, HOSTED, 'Asia/Shanghai', english));
    const last = result.candles.at(-1)!;
    expect(plan.caption).toBe('CL daily candles, 2024-10-01 to 2024-10-20.');
    expect(plan.alt).toContain(
      'Candlestick chart of CL futures, 20 daily candles from 2024-10-01 to 2024-10-20, with volume bars and MA5',
    );
    expect(plan.alt).toContain(`Last close ${last.close.toFixed(2)}`);
    expect(plan.alt).toContain('over the range');
    const fallback = image(buildFuturesChart(result, SELF_HOSTED, 'UTC', english));
    expect(fallback.alt).toMatch(/^High-low chart/);
    expect(fallback.caption).toContain('Drawn as high-low bars with close ticks');
  });

  it("writes the alt text's figures as the reply does: 2,370.8, thousands grouped", () => {
    const result: FuturesResult = {
      symbol: 'GC',
      type: '0',
      tickUnit: 's',
      candles: makeCandles({
        count: 20,
        decimals: 1,
        start: 23_700,
        periodMs: PERIOD_MS['0'],
        firstAt: Date.UTC(2024, 9, 1),
      }),
    };
    const last = result.candles.at(-1)!;
    expect(last.close).toBeGreaterThan(1000);
    for (const lang of [english, langFor('zh-CN')]) {
      const { alt } = image(buildFuturesChart(result, HOSTED, 'Asia/Shanghai', lang));
      // The reply's own formatter (slack/render/format.ts) for the same close.
      expect(alt).toContain(formatNumber(last.close, 1));
      expect(alt).not.toContain(last.close.toFixed(1));
    }
  });

  it('counts candles as each language writes a count before a unit: "1 daily candle", "five 5-minute candles", "12 five-minute candles"', () => {
    const zh = langFor('zh-CN');
    const cases: Array<[number, string, string, string]> = [
      [1, 'daily', '1 daily candle', '1 根日K线'],
      [12, 'daily', '12 daily candles', '12 根日K线'],
      [1, '5m', 'one 5-minute candle', '1 根5分钟K线'],
      [5, '5m', 'five 5-minute candles', '5 根5分钟K线'],
      [9, '1h', 'nine 1-hour candles', '9 根1小时K线'],
      [12, '5m', '12 five-minute candles', '12 根5分钟K线'],
      [48, '15m', '48 fifteen-minute candles', '48 根15分钟K线'],
      [1000, '30m', '1,000 thirty-minute candles', '1000 根30分钟K线'],
    ];
    for (const [count, name, english_, chinese] of cases) {
      const period = Object.values(PERIODS).find((p) => p.name === (name === 'daily' ? '1D' : name))!;
      expect(candlesOf(count, period, english)).toBe(english_);
      expect(candlesOf(count, period, zh)).toBe(chinese);
    }
  });

  it('says when the first period was left out and the last one is partial', () => {
    // 1000 1-minute candles from 09:03: the 09:00 period lacks its first minutes.
    const result: FuturesResult = {
      symbol: 'CL',
      type: '1',
      tickUnit: 's',
      candles: makeCandles({ count: 1000, periodMs: PERIOD_MS['1'], firstAt: Date.UTC(2024, 9, 30, 1, 3) }),
    };
    const plan = image(buildFuturesChart(result, HOSTED, 'UTC', english));
    expect(plan.caption).toMatch(
      /the first (15|30)-minute period began before the data and is left out \(([a-z]+ 1-minute|\d+ one-minute) candles?\)/,
    );
    expect(plan.caption).toMatch(/the last (15|30)-minute candle is partial/);
    withRendered(plan, (rendered) =>
      expect(rendered.chart.options.plugins.subtitle.text).toContain('last candle partial'),
    );
  });
});

describe('packing', () => {
  it('packs whole numbers as the chart decodes them', () => {
    const decode = (text: string, signed: boolean) => {
      let value = 0;
      let scale = 1;
      for (const char of text) {
        value += ((char.charCodeAt(0) - 48) & 31) * scale;
        scale *= 32;
      }
      return signed ? (value % 2 ? (-1 - value) / 2 : value / 2) : value;
    };
    for (const value of [0, 1, -1, 15, -16, 16, 31, 32, 1023, -1024, 123_456, -987_654])
      expect(decode(packNumber(value, true), true)).toBe(value);
    for (const value of [0, 31, 32, 1000]) expect(decode(packNumber(value, false), false)).toBe(value);
    expect(packNumber(-3, true)).toHaveLength(1);
  });

  it('draws prices to about a pixel, never finer than the quotes', () => {
    expect(priceUnit(1, 380, 2)).toBe(0.01);
    expect(priceUnit(200, 380, 1)).toBe(1);
    expect(priceUnit(0, 380, 2)).toBe(0.01);
  });
});

function nearlyEqual(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));
}

const at = (text: string) => Date.parse(`${text}Z`);

describe('standard periods', () => {
  it('merges each candle type only into the standard periods that hold it evenly', () => {
    const names = (type: Parameters<typeof periodOfType>[0]) => longerPeriods(periodOfType(type)).map((p) => p.name);
    expect(names('1')).toEqual(['5m', '15m', '30m', '1h', '2h', '4h', '1D', '1W', '1M']);
    expect(names('5')).toEqual(['15m', '30m', '1h', '2h', '4h', '1D', '1W', '1M']);
    expect(names('30')).toEqual(['1h', '2h', '4h', '1D', '1W', '1M']);
    expect(names('60')).toEqual(['2h', '4h', '1D', '1W', '1M']);
    expect(names('120')).toEqual(['4h', '1D', '1W', '1M']);
    expect(names('240')).toEqual(['1D', '1W', '1M']);
    expect(names('0')).toEqual(['1W', '1M']);
  });

  it('aligns periods to the clock: quarter hours, days at 00:00 UTC, weeks on Monday, months on the 1st', () => {
    expect(periodStart(at('2024-10-30T09:44:00'), PERIODS['15m'])).toBe(at('2024-10-30T09:30:00'));
    expect(periodStart(at('2024-10-30T23:59:00'), PERIODS['1D'])).toBe(at('2024-10-30T00:00:00'));
    expect(periodStart(at('2024-11-03T12:00:00'), PERIODS['1W'])).toBe(at('2024-10-28T00:00:00'));
    expect(new Date(periodStart(at('2024-11-03T12:00:00'), PERIODS['1W'])).getUTCDay()).toBe(1);
    expect(periodStart(at('2024-02-29T12:00:00'), PERIODS['1M'])).toBe(at('2024-02-01T00:00:00'));
    expect(periodEnd(at('2024-02-01T00:00:00'), PERIODS['1M'])).toBe(at('2024-03-01T00:00:00'));
  });
});

describe('mergeCandles', () => {
  it('takes first open, highest high, lowest low, last close, summed volume, per aligned period', () => {
    fc.assert(
      fc.property(
        candleSequence(300),
        fc.constantFrom(PERIODS['15m'], PERIODS['30m'], PERIODS['1h'], PERIODS['1D']),
        (candles, to) => {
          const { candles: merged, droppedOldest } = mergeCandles(candles, PERIODS['5m'], to);
          const kept = candles.slice(droppedOldest);
          expect(merged.map((candle) => candle.at)).toEqual([
            ...new Set(kept.map((candle) => periodStart(candle.at, to))),
          ]);
          for (const candle of merged) {
            const members = kept.filter((member) => periodStart(member.at, to) === candle.at);
            expect(candle.open).toBe(members[0]!.open);
            expect(candle.close).toBe(members.at(-1)!.close);
            expect(candle.high).toBe(Math.max(...members.map((c) => c.high)));
            expect(candle.low).toBe(Math.min(...members.map((c) => c.low)));
            expect(candle.volume).toBe(members.reduce((sum, c) => sum + c.volume, 0));
            expect(candle.low).toBeLessThanOrEqual(Math.min(candle.open, candle.close));
            expect(candle.high).toBeGreaterThanOrEqual(Math.max(candle.open, candle.close));
          }
        },
      ),
    );
  });

  it('gives each merged candle the change against the close before it, and the rate from it to two places', () => {
    fc.assert(
      fc.property(candleSequence(300), (candles) => {
        const { candles: merged, droppedOldest } = mergeCandles(candles, PERIODS['5m'], PERIODS['1h']);
        merged.forEach((candle, index) => {
          const closeBefore =
            index === 0
              ? droppedOldest > 0
                ? candles[droppedOldest - 1]!.close
                : candles[0]!.close - candles[0]!.change
              : merged[index - 1]!.close;
          expect(nearlyEqual(candle.change, candle.close - closeBefore)).toBe(true);
          // The rate is written as the service writes one, in percent to two places: half a hundredth at most from the exact one.
          if (closeBefore !== 0)
            expect(
              Math.abs(candle.changeRate - ((candle.close - closeBefore) / closeBefore) * 100),
            ).toBeLessThanOrEqual(0.005 + 1e-9);
          expect(candle.changeRate).toBe(Math.round(candle.changeRate * 100) / 100);
        });
      }),
    );
  });

  it('leaves out an oldest period that began before the data, and reports a newest one not over yet', () => {
    // 5-minute candles from 09:05 to 10:05: the 09:00 quarter lacks 09:00, the 10:00 one lacks 10:10.
    const candles = makeCandles({ count: 13, periodMs: PERIOD_MS['5'], firstAt: at('2024-10-30T09:05:00') });
    const merged = mergeCandles(candles, PERIODS['5m'], PERIODS['15m']);
    expect(merged.droppedOldest).toBe(2);
    expect(merged.partialNewest).toBe(2);
    expect(merged.candles.map((candle) => new Date(candle.at).toISOString().slice(11, 16))).toEqual([
      '09:15',
      '09:30',
      '09:45',
      '10:00',
    ]);
  });

  it('keeps whole periods whole and says nothing then', () => {
    const candles = makeCandles({ count: 12, periodMs: PERIOD_MS['5'], firstAt: at('2024-10-30T09:00:00') });
    expect(mergeCandles(candles, PERIODS['5m'], PERIODS['1h'])).toEqual({
      candles: [expect.objectContaining({ at: at('2024-10-30T09:00:00') })],
      droppedOldest: 0,
      inNewest: 12,
    });
  });

  it('keeps a partial oldest period when dropping it would leave fewer than two candles', () => {
    const candles: Candle[] = makeCandles({ count: 7, periodMs: PERIOD_MS['5'], firstAt: at('2024-10-30T09:40:00') });
    const merged = mergeCandles(candles, PERIODS['5m'], PERIODS['30m']);
    expect(merged.droppedOldest).toBe(0);
    expect(merged.candles).toHaveLength(2);
  });
});

const serverArb = fc.constantFrom(...EVERY_SERVER);
const zoneArb = fc.constantFrom('Asia/Shanghai', 'America/New_York', 'UTC', 'Asia/Kolkata');

/** Candles in the chart text: every candle is 5 packed numbers, so the packed string tells how many. */
function drawnCandles(url: string): number {
  return Number(/for\(i=0;i<(\d+);/.exec(decodeChartUrl(url).text)?.[1]);
}

describe('every chart URL fits in a Slack image block', () => {
  it('for 2…1000 candles of any period, price scale and server', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 1000 }),
        fc.constantFrom<CandleType>(...CANDLE_TYPES),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 100, max: 90_000_000 }),
        serverArb,
        zoneArb,
        fc.nat(),
        (count, type, decimals, start, settings, zone, seed) => {
          const candles = makeCandles({ count, decimals, start, periodMs: PERIOD_MS[type], seed });
          const plan = buildFuturesChart({ symbol: 'BRN', type, candles, tickUnit: 'ms' }, settings, zone, english);
          expect(plan.kind).toBe('image');
          if (plan.kind !== 'image') return;
          expect(plan.url.length).toBeLessThanOrEqual(3000);
          expect(/shown as/.test(plan.caption)).toBe(drawnCandles(plan.url) !== count);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('when even the longest merge does not fit, draws the latest candles and says the oldest were left out', () => {
    // Found by the property above: 975 daily candles near 1,000,022.1 on a long self-hosted address at
    // 1200 px, where 46 monthly candles are still too long for the URL (it was `too_long`).
    const candles = makeCandles({
      count: 975,
      decimals: 1,
      start: 10_000_221,
      periodMs: PERIOD_MS['0'],
      seed: 2_146_958_946,
    });
    const settings = EVERY_SERVER.find((server) => server.host.includes('example-company'))!;
    const plan = buildFuturesChart(
      { symbol: 'BRN', type: '0', candles, tickUnit: 'ms' },
      settings,
      'Asia/Shanghai',
      english,
    );
    expect(plan.kind).toBe('image');
    if (plan.kind !== 'image') return;
    expect(plan.url.length).toBeLessThanOrEqual(3000);
    expect(drawnCandles(plan.url)).toBeLessThan(46);
    expect(plan.caption).toMatch(/975 daily candles shown as \d+ monthly candles to fit a Slack image/);
    expect(plan.caption).toMatch(/only the latest fit: the oldest [\d,]+ daily candles are left out/);
  });

  it("for the simulator's CL (~75) and GC (~2380) at every period, 2 to 1000 candles, on every server", () => {
    let longest = 0;
    for (const symbol of ['CL', 'GC']) {
      for (const type of CANDLE_TYPES) {
        for (const count of [2, 3, 10, 30, 45, 60, 80, 100, 150, 200, 300, 500, 750, 1000]) {
          const result = simulatedFutures(symbol, type, count);
          for (const settings of EVERY_SERVER) {
            const plan = buildFuturesChart(result, settings, 'Asia/Shanghai', english);
            expect(plan.kind, `${symbol} ${type} ×${count}`).toBe('image');
            if (plan.kind === 'image') longest = Math.max(longest, plan.url.length);
          }
        }
      }
    }
    expect(longest).toBeLessThanOrEqual(3000);
  });

  it('draws 30 candles of every period unmerged, on every server', () => {
    for (const type of CANDLE_TYPES) {
      for (const settings of EVERY_SERVER) {
        const plan = buildFuturesChart(simulatedFutures('GC', type, 30), settings, 'UTC', english);
        expect(plan.kind === 'image' && drawnCandles(plan.url), `${type} ${settings.host}`).toBe(30);
      }
    }
  });

  it('hands back the chart text for a short URL when nothing fits, without merging below what can be seen', () => {
    const longHost = { ...HOSTED, host: `https://quickchart.io/${'p'.repeat(2900)}` };
    const plan = buildFuturesChart(simulatedFutures('CL', '5', 100), longHost, 'UTC', english);
    expect(plan).toMatchObject({ kind: 'too_long', width: 700, height: 380 });
    if (plan.kind === 'too_long') expect(plan.chart).toContain('for(i=0;i<100;');
  });
});

describe('futures charts in Chinese', () => {
  const zh = langFor('zh-CN');
  /** Codes and names that stay as they are in Chinese: the symbol, the averages, the zone. */
  const CODES = ['CL', 'GC', 'MA', 'GMT', 'UTC', 'Asia', 'Shanghai'];

  it.each(CANDLE_TYPES)('type %s: draws every text in Chinese, on both kinds of server', (type) => {
    for (const settings of [HOSTED, SELF_HOSTED]) {
      const result = simulatedFutures('CL', type, 30);
      const plan = image(buildFuturesChart(result, settings, 'Asia/Shanghai', zh));
      withRendered(plan, (rendered) => {
        checkFuturesPicture(rendered, { symbol: 'CL', settings, timeZone: 'Asia/Shanghai', lang: zh });
        expect(String(rendered.chart.options.plugins.title.text)).toMatch(
          new RegExp(`^CL · ${periodName(periodOfType(type), zh)} · `),
        );
        expect(unexpectedEnglish(drawnTexts(rendered).join('\n'), CODES)).toEqual([]);
      });
      expect(unexpectedEnglish(`${plan.alt}\n${plan.caption}`, [...CODES, 'QuickChart'])).toEqual([]);
    }
  });

  it('writes volumes in 万 and the alt text and caption as sentences in Chinese', () => {
    const result: FuturesResult = {
      symbol: 'CL',
      type: '0',
      tickUnit: 's',
      candles: makeCandles({ count: 20, periodMs: PERIOD_MS['0'], firstAt: Date.UTC(2024, 9, 1) }),
    };
    const plan = image(buildFuturesChart(result, HOSTED, 'Asia/Shanghai', zh));
    const last = result.candles.at(-1)!;
    expect(plan.caption).toBe('CL 日K线，2024年10月1日 至 2024年10月20日。');
    expect(plan.alt).toMatch(
      new RegExp(
        `^CL 期货K线图，20 根日K线，2024年10月1日 至 2024年10月20日，附成交量柱及 MA5。上涨K线为红色，下跌为绿色。最新收盘 ${last.close.toFixed(2)}，最后一根K线 [−+]?[\\d.]+（[−+]?[\\d.]+%），区间内 [−+]?[\\d.]+（[−+]?[\\d.]+%）。$`,
      ),
    );
    withRendered(plan, (rendered) =>
      expect(visibleLabels(rendered, 'v').some((label) => label.endsWith('万'))).toBe(true),
    );
    const fallback = image(buildFuturesChart(result, SELF_HOSTED, 'UTC', zh));
    expect(fallback.alt).toMatch(/^CL 期货高低线图（/);
    expect(fallback.caption).toBe(
      'CL 日K线，2024年10月1日 至 2024年10月20日。以高低线加收盘短横绘制：此 QuickChart 服务器未启用K线图。',
    );
  });

  it('says in Chinese how candles were merged, which period was left out and which is partial', () => {
    const result: FuturesResult = {
      symbol: 'CL',
      type: '1',
      tickUnit: 's',
      candles: makeCandles({ count: 1000, periodMs: PERIOD_MS['1'], firstAt: Date.UTC(2024, 9, 30, 1, 3) }),
    };
    const plan = image(buildFuturesChart(result, HOSTED, 'UTC', zh));
    expect(plan.caption).toMatch(
      /^CL 1分钟K线，2024年10月30日 \d\d:\d\d 至 \d\d:\d\d（UTC）。1000 根1分钟K线合并为 \d+ 根(15|30)分钟K线显示，以放入一张 Slack 图片；最早的(15|30)分钟K线周期始于数据之前，已略去（\d+ 根1分钟K线）；最后一根(15|30)分钟K线尚未收盘（目前只含 \d+ 根1分钟K线）。$/,
    );
    withRendered(plan, (rendered) => {
      expect(String(rendered.chart.options.plugins.subtitle.text)).toMatch(
        /^时间：UTC · 由1分钟数据合并 · 最后一根K线尚未收盘$/,
      );
    });
  });

  it('leaves out a chart of no or one candle with a note in Chinese', () => {
    expect(buildFuturesChart({ symbol: 'CL', type: '5', tickUnit: 's', candles: [] }, HOSTED, 'UTC', zh)).toEqual({
      kind: 'none',
      note: '未附图表：没有可绘制的K线。',
    });
    expect(buildFuturesChart(simulatedFutures('CL', '5', 1), HOSTED, 'UTC', zh)).toEqual({
      kind: 'none',
      note: '未附图表：只有一根K线，不足以绘图（数据见上文）。',
    });
  });
});
