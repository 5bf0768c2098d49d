import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHART_PIXEL_RATIO } from './chartDrawer.js';
import type { ChartPublisher } from './chartRenderer.js';
import { CHART_BACKGROUND, CHART_JS_VERSION } from './quickChart.js';
import { drawPng } from './renderQuickChart.js';

/**
 * Where the console puts the charts the app draws itself (CHART_RENDERER=local): it runs no HTTP
 * server, so each chart is a PNG file (named by a hash of the chart, so the same chart is one file)
 * and the reply shows its file:// address. Drawn in-process: a terminal has no acks to keep waiting.
 */
export function chartFilePublisher(folder = join(tmpdir(), 'dq-charts')): ChartPublisher {
  return async (plan, lang) => {
    try {
      const png = drawPng({
        chart: plan.chart,
        width: plan.width,
        height: plan.height,
        backgroundColor: CHART_BACKGROUND,
        devicePixelRatio: CHART_PIXEL_RATIO,
        version: CHART_JS_VERSION,
      });
      const name = createHash('sha256')
        .update(`${plan.width}x${plan.height}\n${plan.chart}`)
        .digest('hex')
        .slice(0, 24);
      await mkdir(folder, { recursive: true });
      const file = join(folder, `${name}.png`);
      await writeFile(file, png);
      return { kind: 'image', url: pathToFileURL(file).href, alt: plan.alt, caption: plan.caption };
    } catch {
      return { kind: 'none', note: lang.t('charts.renderFailed') };
    }
  };
}
