import fc from 'fast-check';
import type { ChartPlan, ChartSettings } from '../../src/charts/chartRenderer.js';
import { type RenderedChart, readChartUrl, renderQuickChart } from '../../src/charts/renderQuickChart.js';
import type { FundAssetRecord, FundAssetResult } from '../../src/core/operations/fundAsset.js';
import { type Candle, type CandleType, type FuturesResult, toCandles } from '../../src/core/operations/futures.js';
import { OPERATION_PROFILES } from '../../src/simulator/operations.js';

export const HOSTED: ChartSettings = {
  host: 'https://quickchart.io',
  hosted: true,
  candlesticks: true,
  width: 700,
  height: 380,
};
export const SELF_HOSTED: ChartSettings = {
  host: 'http://charts.internal:3400',
  hosted: false,
  candlesticks: false,
  width: 700,
  height: 380,
};

/** Servers whose chart URLs differ in length: high-low bars or candlesticks, either colour scheme, a long host, a large canvas. */
export const EVERY_SERVER: ChartSettings[] = [
  HOSTED,
  { ...HOSTED, candlesticks: false, colors: 'cn' },
  SELF_HOSTED,
  { ...SELF_HOSTED, host: 'https://charts.example-company.internal:8443/quickchart', width: 1200, height: 600 },
];

/** The chart text and parameters of a QuickChart GET URL, as the server reads them. */
export function decodeChartUrl(url: string): { text: string; params: URLSearchParams } {
  const request = readChartUrl(url);
  return { text: request.chart, params: new URL(url).searchParams };
}

/** The picture QuickChart would draw for a plan's URL; the chart is destroyed after `check`. */
export function withRendered<T>(plan: ChartPlan, check: (rendered: RenderedChart) => T): T {
  if (plan.kind !== 'image') throw new Error(`expected an image plan, got ${JSON.stringify(plan).slice(0, 200)}`);
  const rendered = renderQuickChart(plan.url);
  try {
    return check(rendered);
  } finally {
    rendered.chart.destroy();
  }
}

export function image(plan: ChartPlan): Extract<ChartPlan, { kind: 'image' }> {
  if (plan.kind !== 'image') throw new Error(`expected an image plan, got ${JSON.stringify(plan).slice(0, 200)}`);
  return plan;
}

/** A fixed instant for the simulator's clock: any date works, none depends on today's. */
export const SIMULATED_NOW = Date.UTC(2024, 9, 30, 3, 7, 30);

/** Futures candles as the simulator answers them for `now`, read by the client's own normaliser. */
export function simulatedFutures(
  symbol: string,
  type: CandleType,
  limit: number,
  nowMs = SIMULATED_NOW,
): FuturesResult {
  const data = OPERATION_PROFILES['finance-external-futures-kline'].handle(
    { symbol, type, limit: String(limit) },
    { nowMs },
  ) as { lines: number[][]; fields: string[] };
  return { symbol, type, ...toCandles(data) };
}

/** A fund-asset page as the simulator answers it for `now`. */
export function simulatedFundAsset(
  fundCode: string,
  pageNo = 1,
  pageSize = 10,
  nowMs = SIMULATED_NOW,
): FundAssetResult {
  const data = OPERATION_PROFILES['fund-asset'].handle(
    { fundCode, pageNo: String(pageNo), pageSize: String(pageSize) },
    { nowMs },
  ) as { list: FundAssetRecord[] };
  return { fundCode, records: data.list };
}

export const PERIOD_MS: Record<CandleType, number> = {
  '0': 86_400_000,
  '1': 60_000,
  '5': 300_000,
  '30': 1_800_000,
  '60': 3_600_000,
  '120': 7_200_000,
  '240': 14_400_000,
};

function round(value: number, decimals: number): number {
  return Number(value.toFixed(decimals));
}

/**
 * Candles whose changes agree with their closes (change = close − previous close), as the service's
 * are, built from integer ticks so the decimals are exact.
 */
export function makeCandles(options: {
  count: number;
  decimals?: number;
  start?: number;
  periodMs?: number;
  firstAt?: number;
  seed?: number;
}): Candle[] {
  const decimals = options.decimals ?? 2;
  const unit = 10 ** -decimals;
  const periodMs = options.periodMs ?? 60_000;
  let seed = options.seed ?? 7;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  let previousClose = options.start ?? 7123;
  const candles: Candle[] = [];
  for (let index = 0; index < options.count; index += 1) {
    const open = previousClose + Math.round((next() - 0.5) * 10);
    const close = Math.max(1, open + Math.round((next() - 0.5) * 60));
    const high = Math.max(open, close) + Math.round(next() * 20);
    const low = Math.max(1, Math.min(open, close) - Math.round(next() * 20));
    candles.push({
      open: round(open * unit, decimals),
      close: round(close * unit, decimals),
      high: round(high * unit, decimals),
      low: round(low * unit, decimals),
      change: round((close - previousClose) * unit, decimals),
      changeRate: round(((close - previousClose) / previousClose) * 100, 2),
      volume: Math.round(next() * 500_000),
      at: (options.firstAt ?? Date.UTC(2024, 9, 30, 1, 0)) + index * periodMs,
    });
    previousClose = close;
  }
  return candles;
}

/** Any well-formed candle sequence: low ≤ open, close ≤ high; changes consistent with the closes. */
export const candleSequence = (maxLength: number) =>
  fc
    .record({
      decimals: fc.integer({ min: 0, max: 4 }),
      firstClose: fc.integer({ min: 1, max: 5_000_000 }),
      steps: fc.array(
        fc.record({
          gap: fc.integer({ min: -500, max: 500 }),
          body: fc.integer({ min: -5000, max: 5000 }),
          up: fc.nat(3000),
          down: fc.nat(3000),
          volume: fc.nat(50_000_000),
        }),
        { minLength: 1, maxLength },
      ),
    })
    .map(({ decimals, firstClose, steps }) => {
      const unit = 10 ** -decimals;
      let previousClose = firstClose;
      return steps.map((step, index): Candle => {
        const open = Math.max(1, previousClose + step.gap);
        const close = Math.max(1, open + step.body);
        const high = Math.max(open, close) + step.up;
        const low = Math.max(1, Math.min(open, close) - step.down);
        const candle = {
          open: round(open * unit, decimals),
          close: round(close * unit, decimals),
          high: round(high * unit, decimals),
          low: round(low * unit, decimals),
          change: round((close - previousClose) * unit, decimals),
          changeRate: round(((close - previousClose) / previousClose) * 100, 2),
          volume: step.volume,
          at: Date.UTC(2024, 0, 2) + index * 300_000,
        };
        previousClose = close;
        return candle;
      });
    });

/** Records as the service sends them: newest first, the oldest without a rate. */
export function makeFundRecords(
  count: number,
  options: { firstDate?: string; stepDays?: number; start?: number } = {},
): FundAssetRecord[] {
  const first = Date.parse(`${options.firstDate ?? '2015-03-31'}T00:00:00Z`);
  const oldestFirst: FundAssetRecord[] = [];
  let asset = options.start ?? 1_234_567_890.12;
  for (let index = 0; index < count; index += 1) {
    const previous = asset;
    if (index > 0) asset = Math.round(previous * (1 + Math.sin(index) * 0.05) * 100) / 100;
    oldestFirst.push({
      assetDate: new Date(first + index * (options.stepDays ?? 91) * 86_400_000).toISOString().slice(0, 10),
      asset,
      assetRate: index === 0 ? null : round(((asset - previous) / previous) * 100, 2),
    });
  }
  return oldestFirst.reverse();
}
