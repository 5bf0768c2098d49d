import { expect } from 'vitest';
import type { DatasetMeta, RenderedChart } from '../../src/charts/renderQuickChart.js';

/**
 * Checks on what a chart drew, read from the Chart.js instance QuickChart's libraries built
 * (scales, elements, chart area, in chart pixels) and from the PNG's pixels.
 */

export function metas(rendered: RenderedChart): DatasetMeta[] {
  return rendered.chart.data.datasets.map((_, index) => rendered.chart.getDatasetMeta(index));
}

/** The RGB of the image at a chart pixel. */
export function pixelAt(rendered: RenderedChart, x: number, y: number): [number, number, number] {
  const column = Math.round(x * rendered.pixelRatio);
  const row = Math.round(y * rendered.pixelRatio);
  const offset = (row * rendered.imageWidth + column) * 4;
  return [rendered.pixels[offset]!, rendered.pixels[offset + 1]!, rendered.pixels[offset + 2]!];
}

export function rgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Whether two colours are the same to the eye (antialiasing and rounding aside). */
export function sameColor(a: readonly number[], b: readonly number[], tolerance = 12): boolean {
  return a.every((channel, index) => Math.abs(channel - b[index]!) <= tolerance);
}

/** Every point of the elements of a dataset lies in the chart area, the band an axis gives it. */
export function expectInside(values: number[], low: number, high: number, what: string): void {
  for (const value of values) {
    expect(value, `${what} at ${value} should be within ${low}…${high}`).toBeGreaterThanOrEqual(low - 0.5);
    expect(value, `${what} at ${value} should be within ${low}…${high}`).toBeLessThanOrEqual(high + 0.5);
  }
}

export function visibleLabels(rendered: RenderedChart, axis: string): string[] {
  return rendered.chart.scales[axis]!.ticks.map((tick) => String(tick.label ?? '')).filter((label) => label !== '');
}

/**
 * Every text the chart drew: title, subtitle, legend entries, axis titles and tick labels, as
 * Chart.js laid them out (an option turned off draws nothing and is left out).
 */
export function drawnTexts(rendered: RenderedChart): string[] {
  const { chart } = rendered;
  const plugins = chart.options.plugins ?? {};
  const texts: string[] = [];
  for (const name of ['title', 'subtitle']) {
    const option = plugins[name];
    if (option?.display && option.text) texts.push(String(option.text));
  }
  const legend = (
    chart as unknown as { legend?: { options: { display: boolean }; legendItems?: Array<{ text: string }> } }
  ).legend;
  if (legend?.options.display) texts.push(...(legend.legendItems ?? []).map((item) => item.text).filter(Boolean));
  for (const [axis, scale] of Object.entries(chart.scales)) {
    if (scale.options.title?.display && scale.options.title.text) texts.push(String(scale.options.title.text));
    texts.push(...visibleLabels(rendered, axis));
  }
  return texts;
}
