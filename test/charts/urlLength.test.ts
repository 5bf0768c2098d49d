import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildFundAssetChart } from '../../src/charts/fundAssetChart.js';
import { buildFuturesChart } from '../../src/charts/futuresChart.js';
import { CANDLE_TYPES, type CandleType } from '../../src/core/operations/futuresKline.js';
import type { ChartSettings } from '../../src/charts/types.js';
import { decodeChartUrl, HOSTED, makeCandles, makeFundRecords, PERIOD_MS, SELF_HOSTED, simulatedFutures } from './support.js';

const SETTINGS: ChartSettings[] = [
  HOSTED,
  { ...HOSTED, candlesticks: false, colors: 'cn' },
  SELF_HOSTED,
  { ...SELF_HOSTED, host: 'https://charts.example-company.internal:8443/quickchart', width: 1200, height: 600 },
];
const settingsArb = fc.constantFrom(...SETTINGS);
const zoneArb = fc.constantFrom('Asia/Shanghai', 'America/New_York', 'UTC', 'Asia/Kolkata');

/** Candles in the chart text: every candle is 5 packed numbers, so the packed string tells how many. */
function drawnCandles(url: string): number {
  return Number(/for\(i=0;i<(\d+);/.exec(decodeChartUrl(url).text)?.[1]);
}

describe('every chart URL fits in a Slack image block', () => {
  it('for 2…1000 candles of any period, price scale and server', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 1000 }), fc.constantFrom<CandleType>(...CANDLE_TYPES), fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 100, max: 90_000_000 }), settingsArb, zoneArb, fc.nat(),
        (count, type, decimals, start, settings, zone, seed) => {
          const candles = makeCandles({ count, decimals, start, periodMs: PERIOD_MS[type], seed });
          const plan = buildFuturesChart({ symbol: 'BRN', type, candles, tickUnit: 'ms' }, settings, zone);
          expect(plan.kind).toBe('image');
          if (plan.kind !== 'image') return;
          expect(plan.url.length).toBeLessThanOrEqual(3000);
          expect(/shown as/.test(plan.caption)).toBe(drawnCandles(plan.url) !== count);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('for the simulator\'s CL (~75) and GC (~2380) at every period, 2 to 1000 candles, on every server', () => {
    let longest = 0;
    for (const symbol of ['CL', 'GC']) {
      for (const type of CANDLE_TYPES) {
        for (const count of [2, 3, 10, 30, 45, 60, 80, 100, 150, 200, 300, 500, 750, 1000]) {
          const result = simulatedFutures(symbol, type, count);
          for (const settings of SETTINGS) {
            const plan = buildFuturesChart(result, settings, 'Asia/Shanghai');
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
      for (const settings of SETTINGS) {
        const plan = buildFuturesChart(simulatedFutures('GC', type, 30), settings, 'UTC');
        expect(plan.kind === 'image' && drawnCandles(plan.url), `${type} ${settings.host}`).toBe(30);
      }
    }
  });

  it('for 1…200 fund records', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 400 }), fc.double({ min: 1e5, max: 5e11, noNaN: true }), settingsArb,
        (count, stepDays, start, settings) => {
          const records = makeFundRecords(count, { stepDays, start });
          const plan = buildFundAssetChart({ fundCode: '110011', records }, settings);
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

  it('hands back the chart text for a short URL when nothing fits, without merging below what can be seen', () => {
    const longHost = { ...HOSTED, host: `https://quickchart.io/${'p'.repeat(2900)}` };
    const plan = buildFuturesChart(simulatedFutures('CL', '5', 100), longHost, 'UTC');
    expect(plan).toMatchObject({ kind: 'too_long', width: 700, height: 380 });
    if (plan.kind === 'too_long') expect(plan.chart).toContain('for(i=0;i<100;');
  });
});
