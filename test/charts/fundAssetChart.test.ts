import { describe, expect, it } from 'vitest';
import { buildFundAssetChart } from '../../src/charts/fundAssetChart.js';
import { thinAssetPoints, type AssetPoint } from '../../src/charts/fundAssetSeries.js';
import type { ChartPlan } from '../../src/charts/plan.js';
import type { FundAssetResult } from '../../src/core/operations/fundAsset.js';
import { decodeChartUrl, HOSTED, makeFundRecords, SELF_HOSTED } from './support.js';

function image(plan: ChartPlan) {
  if (plan.kind !== 'image') throw new Error(`expected an image plan, got ${JSON.stringify(plan).slice(0, 200)}`);
  return plan;
}

const SAMPLE: FundAssetResult = {
  fundCode: '000001',
  records: [
    { assetDate: '2024-09-30', assetRate: 3.2, asset: 1_234_567_890 },
    { assetDate: '2024-06-30', assetRate: -1.5, asset: 1_196_286_715 },
    { assetDate: '2024-03-31', assetRate: null, asset: 1_214_504_279 },
  ],
};

describe('buildFundAssetChart', () => {
  it('draws asset size in 亿 CNY as bars, oldest first, with the rate as a line on a second axis', () => {
    const plan = image(buildFundAssetChart(SAMPLE, HOSTED));
    const { config, params } = decodeChartUrl(plan.url);
    expect(params.get('v')).toBe('3');
    expect(config.type).toBe('bar');
    expect(config.data.labels).toEqual(['2024-03-31', '2024-06-30', '2024-09-30']);
    const rate = config.data.datasets.find((d: { type?: string }) => d.type === 'line');
    const size = config.data.datasets.find((d: { type?: string }) => d.type === undefined);
    expect(size.label).toContain('亿 CNY');
    expect(size.data).toEqual([12.15, 11.96, 12.35]);
    expect(rate).toMatchObject({ yAxisID: 'y1', data: [null, -1.5, 3.2] });
    expect(config.options.scales.y1.position).toBe('right');
  });

  it('needs no candlestick plugin, so self-hosted servers draw it the same way', () => {
    const plan = image(buildFundAssetChart(SAMPLE, SELF_HOSTED));
    expect(plan.url.startsWith('http://charts.internal:3400/chart?')).toBe(true);
    expect(decodeChartUrl(plan.url).config.type).toBe('bar');
  });

  it('says what is drawn, over which dates, and the latest size and rate in readable units', () => {
    const plan = image(buildFundAssetChart(SAMPLE, HOSTED));
    expect(plan.alt).toContain('fund 000001');
    expect(plan.alt).toContain('3 dates from 2024-03-31 to 2024-09-30');
    expect(plan.alt).toContain('Latest: 12.35 亿 CNY on 2024-09-30, +3.20% against the previous period');
    expect(plan.caption).toBe('Fund 000001 net assets from 2024-03-31 to 2024-09-30.');
  });

  it('uses 万 for funds under one 亿 and says when there is no rate', () => {
    const plan = image(buildFundAssetChart({ fundCode: '000002', records: [{ assetDate: '2024-09-30', assetRate: null, asset: 8_500_000 }] }, HOSTED));
    expect(plan.alt).toContain('Latest: 850.00 万 CNY on 2024-09-30, no change rate given');
    expect(plan.alt).toContain('1 date on 2024-09-30');
  });

  it('shows every record while they fit, and says nothing about thinning', () => {
    for (const count of [1, 10, 50]) {
      const plan = image(buildFundAssetChart({ fundCode: '000001', records: makeFundRecords(count) }, HOSTED));
      expect(decodeChartUrl(plan.url).config.data.labels).toHaveLength(count);
      expect(plan.caption).not.toMatch(/thinned/);
    }
  });

  it('thins out long histories, keeps the newest, recomputes the rate between shown dates, and says so', () => {
    const records = makeFundRecords(200);
    const plan = image(buildFundAssetChart({ fundCode: '000001', records }, HOSTED));
    const { config } = decodeChartUrl(plan.url);
    const shown = config.data.labels.length;
    expect(shown).toBeLessThan(200);
    expect(shown).toBeGreaterThanOrEqual(12);
    expect(plan.caption).toMatch(new RegExp(`200 dates thinned to every \\d+(st|nd|rd|th) \\(${shown} shown, newest included\\)`));
    expect(plan.caption).toContain('the % line is the change between shown dates');
    const newest = records[0]!;
    const sizes = config.data.datasets[1].data;
    expect(sizes[sizes.length - 1]).toBeCloseTo(newest.asset / 1e8, 2);
    expect(config.data.labels[shown - 1]).toBe(newest.assetDate);
    expect(plan.url.length).toBeLessThanOrEqual(3000);
  });
});

describe('thinAssetPoints', () => {
  const points: AssetPoint[] = [100, 110, 99, 120, 150, 120, 130].map((asset, index) => ({ date: `2024-01-0${index + 1}`, asset, rate: 1 }));

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
