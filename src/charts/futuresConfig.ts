import type { Candle } from '../core/operations/futuresKline.js';
import { roundTo, threeDigitUnit } from './numbers.js';

/** Candles ready to draw: merged if need be, with their axis labels and the price rounding to use. */
export interface PriceSeries {
  candles: readonly Candle[];
  labels: readonly string[];
  priceDecimals: number;
  title: string;
}

// Volume bars stay in the bottom quarter, under the prices, on an axis of their own.
const VOLUME_HEADROOM = 4;

function volumeDataset(candles: readonly Candle[]) {
  const unit = threeDigitUnit(Math.max(0, ...candles.map((candle) => candle.volume)));
  const data = candles.map((candle) => Math.round(candle.volume / unit));
  return {
    dataset: { label: unit === 1 ? 'Volume' : `Volume/${unit}`, data, yAxisID: 'y1', backgroundColor: 'silver' },
    axis: { display: false, min: 0, max: Math.max(1, ...data) * VOLUME_HEADROOM },
  };
}

// Keys are as short as Chart.js allows: every character of the config is paid for up to three times
// in the URL, and the URL has 3000 characters in all.
const X_AXIS_TICKS = { autoSkip: false, maxRotation: 0 };

/**
 * A Chart.js 3 candlestick chart (chartjs-chart-financial) over a category axis: the plugin's default
 * time axis would print times in the server's zone, and it needs epoch-millisecond x values, which are
 * long. The plugin turns parsing off for the whole chart, so points carry their category index as x
 * and the volume dataset turns parsing back on to stay a plain list of numbers.
 */
export function candlestickConfig(series: PriceSeries): object {
  const price = (value: number) => roundTo(value, series.priceDecimals);
  const volume = volumeDataset(series.candles);
  return {
    type: 'candlestick',
    data: {
      labels: series.labels,
      datasets: [
        {
          label: series.title,
          data: series.candles.map((candle, index) => ({
            x: index, o: price(candle.open), h: price(candle.high), l: price(candle.low), c: price(candle.close),
          })),
        },
        { type: 'bar', parsing: true, ...volume.dataset },
      ],
    },
    options: {
      plugins: { legend: { display: false }, title: { display: true, text: series.title } },
      scales: { x: { type: 'category', ticks: X_AXIS_TICKS }, y1: volume.axis },
    },
  };
}

/**
 * The same candles for servers without the financial plugin: a floating bar from low to high per candle
 * and a line through the closes, which plain Chart.js 3 draws. Bar charts start their value axes at
 * zero, which would flatten the prices, so the price axis opts out.
 */
export function highLowConfig(series: PriceSeries): object {
  const price = (value: number) => roundTo(value, series.priceDecimals);
  const volume = volumeDataset(series.candles);
  return {
    type: 'bar',
    data: {
      labels: series.labels,
      datasets: [
        { type: 'line', label: 'Close', data: series.candles.map((candle) => price(candle.close)), borderColor: 'navy', borderWidth: 1.5, pointRadius: 0 },
        { label: 'Low-high', data: series.candles.map((candle) => [price(candle.low), price(candle.high)]), backgroundColor: 'lightsteelblue' },
        volume.dataset,
      ],
    },
    options: {
      plugins: { legend: { display: false }, title: { display: true, text: series.title } },
      scales: { x: { ticks: X_AXIS_TICKS }, y: { beginAtZero: false }, y1: volume.axis },
    },
  };
}
