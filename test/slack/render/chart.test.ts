import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { futuresNativeChart, nativeCandleLabels } from '../../../src/charts/futuresChart.js';
import type { NativeChart } from '../../../src/charts/nativeChart.js';
import { PERIODS } from '../../../src/core/operations/futures.js';
import { english, langFor } from '../../../src/i18n/lang.js';
import { dataVisualizationBlock, renderChart } from '../../../src/slack/render/chart.js';
import { simulatedFutures } from '../../charts/support.js';
import { chartBlockProblems, surfaceChartProblems } from '../../support/slackChartLimits.js';

/** Charts Slack draws from values (data_visualization), checked against its reference page's rules. */

describe("a native chart as Slack's block", () => {
  it("draws the latest 20 closes of any period within the page's rules, in either language", () => {
    for (const type of ['1', '5', '15', '60', '240', '0', 'W', 'M'] as const) {
      for (const lang of [english, langFor('zh-CN')]) {
        const drawn = futuresNativeChart(
          simulatedFutures('GC', type === '15' ? '5' : type === 'W' || type === 'M' ? '0' : type, 60),
          'America/New_York',
          lang,
        );
        if (drawn.kind !== 'native') throw new Error(drawn.kind);
        const block = dataVisualizationBlock(drawn.chart);
        expect(chartBlockProblems(block), `${type} ${lang.locale}`).toEqual([]);
        expect(block!.chart.axis_config.categories).toHaveLength(20);
      }
    }
  });

  it("keeps any chart within the page's rules, whatever its builder gave: the latest 20 points, 6 series, texts cut", () => {
    const text = fc.string({ minLength: 1, maxLength: 80 });
    fc.assert(
      fc.property(
        fc.uniqueArray(text, { minLength: 1, maxLength: 40 }),
        fc.uniqueArray(text, { minLength: 1, maxLength: 9 }),
        text,
        fc.option(text, { nil: undefined }),
        (categories, names, title, xLabel) => {
          // Labels that stay distinct once cut to 20 characters, as the builders make them.
          const labels = categories.map((label, index) => `${index}:${label}`.slice(0, 20));
          const chart: NativeChart = {
            type: 'line',
            title: `t${title}`,
            categories: labels,
            series: names.map((name, index) => ({
              name: `${index}${name}`.slice(0, 20),
              values: labels.map((_, point) => point * (index + 1)),
            })),
            ...(xLabel === undefined ? {} : { xLabel }),
          };
          const block = dataVisualizationBlock(chart);
          expect(chartBlockProblems(block)).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('gives no block for values Slack could not draw, and the reply says the chart is left out', () => {
    const chart: NativeChart = {
      type: 'line',
      title: 'x',
      categories: ['a', 'b'],
      series: [{ name: 's', values: [1, Number.NaN] }],
    };
    expect(dataVisualizationBlock(chart)).toBeUndefined();
    const blocks = renderChart({ kind: 'native', chart }, english);
    expect(blocks.map((block) => block.type)).toEqual(['context']);
  });

  it('shows the chart and its caption in a Slack message, a line instead where the surface takes no native chart', () => {
    const drawn = futuresNativeChart(simulatedFutures('CL', '5', 30), 'UTC', english);
    const inMessage = renderChart(drawn, english, { nativeCharts: true });
    expect(inMessage.map((block) => block.type as string)).toEqual(['data_visualization', 'context']);
    expect(surfaceChartProblems(inMessage, 'message')).toEqual([]);
    expect(JSON.stringify(inMessage[1])).toContain('The latest 20 of 30 closes');
    const elsewhere = renderChart(drawn, english, { nativeCharts: false });
    expect(elsewhere.map((block) => block.type)).toEqual(['context']);
    expect(JSON.stringify(elsewhere)).toContain('Chart left out');
  });
});

describe('category labels of a native futures chart', () => {
  const at = (iso: string) => Date.parse(`${iso}Z`);

  it('are distinct and at most 20 characters: a time within a day, a date and time across days, days, months', () => {
    expect(
      nativeCandleLabels([at('2026-11-20T01:00:00'), at('2026-11-20T01:05:00')], PERIODS['5m'], 'Asia/Shanghai'),
    ).toEqual(['09:00', '09:05']);
    expect(
      nativeCandleLabels(
        [at('2026-11-20T12:00:00'), at('2026-11-20T16:00:00'), at('2026-11-21T12:00:00')],
        PERIODS['4h'],
        'Asia/Shanghai',
      ),
    ).toEqual(['11-20 20:00', '11-21 00:00', '11-21 20:00']);
    expect(
      nativeCandleLabels([at('2025-12-29T00:00:00'), at('2026-01-05T00:00:00')], PERIODS['1W'], 'Asia/Shanghai'),
    ).toEqual(['2025-12-29', '2026-01-05']);
    expect(nativeCandleLabels([at('2026-10-01T00:00:00'), at('2026-11-01T00:00:00')], PERIODS['1M'], 'UTC')).toEqual([
      '2026-10',
      '2026-11',
    ]);
  });
});
