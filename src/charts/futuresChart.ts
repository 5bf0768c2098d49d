import type { FuturesKlineResult } from '../core/operations/futuresKline.js';
import { mergeCandles } from './aggregate.js';
import { candleAxisLabels } from './axisLabels.js';
import { fitChartUrl } from './fitUrl.js';
import { candlestickConfig, highLowConfig } from './futuresConfig.js';
import { candlePeriodName, futuresAlt, futuresCaption } from './futuresText.js';
import { decimalsOf, visibleDecimals } from './numbers.js';
import type { ChartPlan } from './plan.js';
import type { ChartSettings } from './types.js';

/**
 * The candles as a chart: candlesticks on servers that have them, high-low bars otherwise, with volume.
 * Candles are merged a few at a time only when the URL would not fit in Slack, and the caption says so.
 */
export function buildFuturesChart(result: FuturesKlineResult, settings: ChartSettings, timeZone: string): ChartPlan {
  if (result.candles.length === 0) return { kind: 'none', note: 'Chart left out: there are no candles to draw.' };
  const candles = [...result.candles].sort((a, b) => a.at - b.at);
  const daily = result.type === '0';
  // A daily candle is a trading day, not a moment: shown in the reader's zone it would slip a day west of the exchange.
  const labelZone = daily ? 'UTC' : timeZone;
  const quotes = candles.flatMap((candle) => [candle.open, candle.high, candle.low, candle.close]);
  const quoteDecimals = Math.max(...quotes.map(decimalsOf));
  const priceRange = Math.max(...quotes) - Math.min(...quotes);
  const drawnDecimals = Math.min(quoteDecimals, visibleDecimals(priceRange, settings.height));
  const draw = settings.candlesticks ? candlestickConfig : highLowConfig;

  const fit = fitChartUrl(candles.length, (mergeSize) => {
    const merged = mergeCandles(candles, mergeSize);
    return draw({
      candles: merged,
      labels: candleAxisLabels(merged.map((candle) => candle.at), daily, labelZone),
      priceDecimals: drawnDecimals,
      title: `${result.symbol} ${candlePeriodName(result.type, mergeSize)}`,
    });
  }, settings);

  const text = {
    symbol: result.symbol, type: result.type, candles, candlesticks: settings.candlesticks, priceDecimals: quoteDecimals, timeZone: labelZone,
    mergeSize: fit.kind === 'fits' ? fit.groupSize : 1,
  };
  const alt = futuresAlt(text);
  const caption = futuresCaption(text);
  if (fit.kind === 'fits') return { kind: 'image', url: fit.url, alt, caption };
  return { kind: 'too_long', config: fit.config, alt, caption, width: settings.width, height: settings.height };
}
