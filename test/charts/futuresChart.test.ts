import { describe, expect, it } from 'vitest';
import { buildFuturesChart } from '../../src/charts/futuresChart.js';
import type { ChartPlan } from '../../src/charts/plan.js';
import type { CandleType, FuturesKlineResult } from '../../src/core/operations/futuresKline.js';
import { decodeChartUrl, HOSTED, makeCandles, PERIOD_MS, SELF_HOSTED } from './support.js';

function result(count: number, type: CandleType = '1', options: Parameters<typeof makeCandles>[0] | object = {}): FuturesKlineResult {
  return { symbol: 'CL', type, tickUnit: 's', candles: makeCandles({ count, periodMs: PERIOD_MS[type], ...options }) };
}

function image(plan: ChartPlan) {
  if (plan.kind !== 'image') throw new Error(`expected an image plan, got ${JSON.stringify(plan).slice(0, 200)}`);
  return plan;
}

describe('buildFuturesChart on hosted QuickChart', () => {
  it('asks for Chart.js 3 and draws candlesticks with volume bars on a second axis', () => {
    const plan = image(buildFuturesChart(result(20, '0'), HOSTED, 'Asia/Shanghai'));
    expect(plan.url.startsWith('https://quickchart.io/chart?')).toBe(true);
    const { config, params } = decodeChartUrl(plan.url);
    expect(params.get('v')).toBe('3');
    expect(params.get('w')).toBe('700');
    expect(params.get('h')).toBe('380');
    expect(config.type).toBe('candlestick');
    const [candles, volume] = config.data.datasets;
    expect(candles.data).toHaveLength(20);
    expect(candles.data[0]).toEqual({ x: 0, o: expect.any(Number), h: expect.any(Number), l: expect.any(Number), c: expect.any(Number) });
    expect(candles.data.map((point: { x: number }) => point.x)).toEqual([...Array(20).keys()]);
    expect(volume).toMatchObject({ type: 'bar', parsing: true, yAxisID: 'y1' });
    expect(volume.data).toHaveLength(20);
    expect(config.options.scales.x.type).toBe('category');
    expect(config.options.scales.y1).toMatchObject({ display: false, min: 0 });
    expect(config.data.labels).toHaveLength(20);
  });

  it('keeps the quotes exactly when their decimals matter', () => {
    const data = result(10, '0', { decimals: 2, start: 7123 });
    const { config } = decodeChartUrl(image(buildFuturesChart(data, HOSTED, 'UTC')).url);
    expect(config.data.datasets[0].data.map((p: { c: number }) => p.c)).toEqual(data.candles.map((c) => c.close));
  });

  it('drops decimals no one could see on the chart', () => {
    // Quotes near 18000 with 4 decimals over a range of about 40: the fourth decimal is far below a pixel.
    const candles = Array.from({ length: 10 }, (_, index) => {
      const open = 18000.1234 + index * 3.3333;
      return { open, close: open + 1.0101, high: open + 2.2222, low: open - 1.1111, change: 1.0101, changeRate: 0.01, volume: 5, at: index * 86_400_000 };
    });
    const data: FuturesKlineResult = { symbol: 'NQ', type: '0', tickUnit: 's', candles };
    const { config } = decodeChartUrl(image(buildFuturesChart(data, HOSTED, 'UTC')).url);
    for (const point of config.data.datasets[0].data) {
      for (const value of [point.o, point.h, point.l, point.c]) expect(String(value).split('.')[1]?.length ?? 0).toBeLessThanOrEqual(2);
    }
  });
});

describe('buildFuturesChart without candlesticks', () => {
  it('draws low-high floating bars and a close line that plain Chart.js renders', () => {
    const data = result(20, '5');
    const plan = image(buildFuturesChart(data, SELF_HOSTED, 'Asia/Shanghai'));
    expect(plan.url.startsWith('http://charts.internal:3400/chart?')).toBe(true);
    const { config, params } = decodeChartUrl(plan.url);
    expect(params.get('v')).toBe('3');
    expect(config.type).toBe('bar');
    expect(JSON.stringify(config)).not.toContain('candlestick');
    const [closeLine, ranges, volume] = config.data.datasets;
    expect(closeLine.type).toBe('line');
    expect(closeLine.data).toEqual(data.candles.map((c) => c.close));
    expect(ranges.data).toEqual(data.candles.map((c) => [c.low, c.high]));
    expect(volume.yAxisID).toBe('y1');
    expect(config.options.scales.y.beginAtZero).toBe(false);
    expect(plan.caption).toMatch(/low-high bars with a close line/);
    expect(plan.alt).toMatch(/^High-low chart/);
  });

  it('honours candlesticks: false on the hosted service too', () => {
    const { config } = decodeChartUrl(image(buildFuturesChart(result(5), { ...HOSTED, candlesticks: false }, 'UTC')).url);
    expect(config.type).toBe('bar');
  });

  it('keeps a self-hosted path prefix and port', () => {
    const plan = image(buildFuturesChart(result(5), { ...SELF_HOSTED, host: 'https://example.org:8443/tools/qc' }, 'UTC'));
    expect(plan.url.startsWith('https://example.org:8443/tools/qc/chart?c=')).toBe(true);
  });
});

describe('time labels', () => {
  it('labels daily candles by their trading day (UTC), the same for every reader', () => {
    const data = result(3, '0', { firstAt: Date.UTC(2024, 9, 30, 0, 0) });
    const shanghai = decodeChartUrl(image(buildFuturesChart(data, HOSTED, 'Asia/Shanghai')).url).config.data.labels;
    const newYork = decodeChartUrl(image(buildFuturesChart(data, HOSTED, 'America/New_York')).url).config.data.labels;
    expect(shanghai).toEqual(['10-30', '10-31', '11-01']);
    expect(newYork).toEqual(shanghai);
  });

  it('shows intraday candles as HH:mm within one day', () => {
    const data = result(4, '30', { firstAt: Date.UTC(2024, 9, 30, 1, 0) });
    const labels = decodeChartUrl(image(buildFuturesChart(data, HOSTED, 'Asia/Shanghai')).url).config.data.labels;
    expect(labels).toEqual(['09:00', '09:30', '10:00', '10:30']);
  });

  it('adds the date where an intraday range crosses into a new day', () => {
    const data = result(6, '60', { firstAt: Date.UTC(2024, 9, 30, 13, 0) }); // 21:00 … 02:00 in Shanghai
    const labels = decodeChartUrl(image(buildFuturesChart(data, HOSTED, 'Asia/Shanghai')).url).config.data.labels;
    expect(labels).toEqual(['10-30 21:00', '22:00', '23:00', '10-31 00:00', '01:00', '02:00']);
  });

  it('labels at most eight points, always including the newest', () => {
    const { config } = decodeChartUrl(image(buildFuturesChart(result(30, '1'), HOSTED, 'UTC')).url);
    const labels: string[] = config.data.labels;
    expect(labels.filter(Boolean).length).toBeLessThanOrEqual(8);
    expect(labels[labels.length - 1]).not.toBe('');
  });
});

describe('fitting the URL', () => {
  it('draws every candle while they fit, and says nothing about merging', () => {
    for (const count of [1, 12, 25, 30]) {
      const plan = image(buildFuturesChart(result(count), HOSTED, 'UTC'));
      expect(decodeChartUrl(plan.url).config.data.datasets[0].data).toHaveLength(count);
      expect(plan.caption).not.toMatch(/shown as|merge/);
      expect(plan.alt).not.toMatch(/shown as|merge/);
    }
  });

  it('merges candles into longer periods when they do not fit, and says so', () => {
    const plan = image(buildFuturesChart(result(60, '1'), HOSTED, 'UTC'));
    const { config } = decodeChartUrl(plan.url);
    const shown = config.data.datasets[0].data.length;
    expect(shown).toBeLessThan(60);
    expect(shown).toBeGreaterThanOrEqual(12);
    const size = 60 / shown;
    expect(Number.isInteger(size)).toBe(true);
    expect(plan.caption).toContain(`60 1-minute candles shown as ${shown} ${size}-minute candles`);
    expect(plan.alt).toContain(`shown as ${shown} ${size}-minute candles`);
    expect(config.options.plugins.title.text).toBe(`CL ${size}-minute`);
    expect(plan.url.length).toBeLessThanOrEqual(3000);
  });

  it('names merged periods in hours and days, and owns up to a short oldest group', () => {
    const hours = image(buildFuturesChart(result(200, '60'), HOSTED, 'UTC'));
    expect(hours.caption).toMatch(/200 60-minute candles shown as \d+ \d+-hour candles/);
    const days = image(buildFuturesChart(result(301, '0'), HOSTED, 'UTC'));
    const [, shown, size] = /301 daily candles shown as (\d+) (\d+)-day candles/.exec(days.caption) ?? [];
    expect(shown).toBeDefined();
    const remainder = 301 % Number(size);
    if (remainder !== 0) expect(days.caption).toContain(`(the oldest merges only ${remainder})`);
  });

  it('draws the merged candles honestly', () => {
    const data = result(90, '5');
    const { config } = decodeChartUrl(image(buildFuturesChart(data, HOSTED, 'UTC')).url);
    const points = config.data.datasets[0].data;
    const size = Math.ceil(90 / points.length);
    const lastGroup = data.candles.slice(-size);
    expect(points[points.length - 1]).toEqual({
      x: points.length - 1,
      o: lastGroup[0]!.open, c: lastGroup[lastGroup.length - 1]!.close,
      h: Math.max(...lastGroup.map((c) => c.high)), l: Math.min(...lastGroup.map((c) => c.low)),
    });
  });

  it('hands back the full chart for a short URL when even 12 merged points do not fit', () => {
    const longHost = { ...HOSTED, host: `https://quickchart.io/${'p'.repeat(2900)}` };
    const plan = buildFuturesChart(result(100, '1'), longHost, 'UTC');
    expect(plan.kind).toBe('too_long');
    if (plan.kind !== 'too_long') return;
    expect((plan.config as { data: { datasets: Array<{ data: unknown[] }> } }).data.datasets[0]!.data).toHaveLength(100);
    expect(plan.caption).not.toMatch(/shown as/);
    expect(plan).toMatchObject({ width: 700, height: 380 });
  });
});

describe('alt text and caption', () => {
  it('says what is drawn, for which contract and period, when, and where it closed', () => {
    const data = result(20, '0', { firstAt: Date.UTC(2024, 9, 1, 0, 0) });
    const last = data.candles[data.candles.length - 1]!;
    const plan = image(buildFuturesChart(data, HOSTED, 'UTC'));
    expect(plan.alt).toContain('Candlestick chart of CL futures');
    expect(plan.alt).toContain('20 daily candles from 2024-10-01 to 2024-10-20 (UTC)');
    expect(plan.alt).toContain('volume');
    expect(plan.alt).toContain(`Last close ${last.close.toFixed(2)}`);
    const sign = last.change < 0 ? '-' : last.change > 0 ? '+' : '';
    expect(plan.alt).toContain(`${sign}${Math.abs(last.change).toFixed(2)}`);
    expect(plan.alt).toContain('over the range');
    expect(plan.caption).toBe('CL daily candles, 2024-10-01 to 2024-10-20 (UTC).');
  });

  it('gives intraday ranges with times in the reader zone', () => {
    const data = result(3, '5', { firstAt: Date.UTC(2024, 9, 30, 1, 0) });
    const plan = image(buildFuturesChart(data, HOSTED, 'Asia/Shanghai'));
    expect(plan.alt).toContain('3 5-minute candles from 2024-10-30 09:00 to 09:10 (Asia/Shanghai)');
  });

  it('leaves the chart out when there are no candles', () => {
    const plan = buildFuturesChart({ symbol: 'CL', type: '0', tickUnit: 's', candles: [] }, HOSTED, 'UTC');
    expect(plan).toEqual({ kind: 'none', note: expect.stringMatching(/^Chart left out/) });
  });
});
