import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildFundAssetChart } from '../../src/charts/fundAssetChart.js';
import { buildFuturesChart } from '../../src/charts/futuresChart.js';
import { CANDLE_TYPES, type CandleType } from '../../src/core/operations/futuresKline.js';
import type { ChartSettings } from '../../src/charts/types.js';
import { decodeChartUrl, HOSTED, makeCandles, makeFundRecords, PERIOD_MS, SELF_HOSTED } from './support.js';

const settingsArb = fc.constantFrom<ChartSettings>(
  HOSTED,
  { ...HOSTED, candlesticks: false },
  SELF_HOSTED,
  { ...SELF_HOSTED, host: 'https://charts.example-company.internal:8443/quickchart', width: 1200, height: 600 },
);
const zoneArb = fc.constantFrom('Asia/Shanghai', 'America/New_York', 'UTC', 'Asia/Kolkata');

describe('every chart URL fits in a Slack image block', () => {
  it('for 1…1000 candles of any period, price scale and server', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }), fc.constantFrom<CandleType>(...CANDLE_TYPES), fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 100, max: 90_000_000 }), settingsArb, zoneArb, fc.nat(),
        (count, type, decimals, start, settings, zone, seed) => {
          const candles = makeCandles({ count, decimals, start, periodMs: PERIOD_MS[type], seed });
          const plan = buildFuturesChart({ symbol: 'BRN', type, candles, tickUnit: 'ms' }, settings, zone);
          expect(plan.kind).toBe('image');
          if (plan.kind !== 'image') return;
          expect(plan.url.length).toBeLessThanOrEqual(3000);
          const drawn = decodeChartUrl(plan.url).config.data.labels.length;
          expect(drawn).toBeGreaterThanOrEqual(Math.min(count, 12));
          expect(/shown as/.test(plan.caption)).toBe(drawn < count);
        },
      ),
      { numRuns: 120 },
    );
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
          const drawn = decodeChartUrl(plan.url).config.data.labels.length;
          expect(drawn).toBeGreaterThanOrEqual(Math.min(count, 12));
          expect(/thinned/.test(plan.caption)).toBe(drawn < count);
        },
      ),
      { numRuns: 120 },
    );
  });
});
