import { describe, expect, it } from 'vitest';
import { quickChartUrl } from '../../src/charts/quickChart.js';
import {
  ChartRenderError,
  CJK_FONT_FAMILY,
  readChartUrl,
  renderQuickChart,
} from '../../src/charts/renderQuickChart.js';
import { pixelAt } from './pictures.js';
import { HOSTED } from './support.js';

const BAR =
  "{type:'bar',data:{labels:['a','b'],datasets:[{data:[1,2]}]},options:{scales:{y:{ticks:{callback:v=>'#'+v}}}}}";

describe("renderQuickChart, a stand-in for QuickChart's GET /chart with v=3", () => {
  it('runs the chart text as JavaScript, functions and all, and draws it at twice the size on the background', () => {
    const rendered = renderQuickChart(
      `https://quickchart.io/chart?c=${encodeURIComponent(BAR)}&w=300&h=200&bkg=white&v=3`,
    );
    try {
      expect([rendered.imageWidth, rendered.imageHeight]).toEqual([600, 400]);
      expect(rendered.png.subarray(1, 4).toString()).toBe('PNG');
      expect(rendered.chart.scales.y!.ticks.map((tick) => tick.label)).toContain('#2');
      expect(pixelAt(rendered, 1, 1)).toEqual([255, 255, 255]);
    } finally {
      rendered.chart.destroy();
    }
  });

  it('encodes the PNG when it is read, and refuses a first read after destroy() (the canvas is cleared by then)', () => {
    const url = `https://quickchart.io/chart?c=${encodeURIComponent(BAR)}&w=300&h=200&bkg=white&v=3`;
    const kept = renderQuickChart(url);
    const png = kept.png;
    kept.chart.destroy();
    expect(kept.png).toBe(png);
    const late = renderQuickChart(url);
    late.chart.destroy();
    expect(() => late.png).toThrow(ChartRenderError);
  });

  it('draws Chinese text with a CJK font, not as boxes of a missing glyph', () => {
    // A font without the glyphs draws every character as the same box: two titles of different
    // characters then give the same pixels. The bundled Noto Sans SC draws them on any machine.
    const titleRow = (title: string, family?: string) => {
      const font = family ? `{size:20,family:${JSON.stringify(family)}}` : '{size:20}';
      const chart = `{type:'bar',data:{labels:['a'],datasets:[{data:[1]}]},options:{scales:{y:{}},plugins:{legend:{display:false},title:{display:true,text:${JSON.stringify(title)},font:${font}}}}}`;
      const rendered = renderQuickChart(
        `https://quickchart.io/chart?c=${encodeURIComponent(chart)}&w=300&h=120&bkg=white&v=3`,
      );
      try {
        const inked = (x: number, y: number) => pixelAt(rendered, x, y).some((channel) => channel < 200);
        return Array.from({ length: 40 * 300 }, (_, index) => inked(index % 300, Math.floor(index / 300)));
      } finally {
        rendered.chart.destroy();
      }
    };
    const gold = titleRow('基金规模');
    expect(gold.some(Boolean)).toBe(true);
    expect(
      titleRow('期货日线'),
      'Chinese draws as boxes: the bundled font (@fontsource-variable/noto-sans-sc) was not registered',
    ).not.toEqual(gold);
    // The bundled font draws it, not whatever CJK font the machine may have: naming it gives the same pixels.
    expect(titleRow('基金规模', CJK_FONT_FAMILY)).toEqual(gold);
  });

  it('reads base64 chart text (also the URL-safe alphabet without padding, as Node does)', () => {
    const long = { ...HOSTED };
    const padded = `https://quickchart.io/chart?c=${encodeURIComponent(Buffer.from(BAR).toString('base64'))}&encoding=base64&v=3`;
    const safe = `https://quickchart.io/chart?c=${Buffer.from(BAR).toString('base64url')}&encoding=base64&v=3`;
    expect(readChartUrl(padded).chart).toBe(BAR);
    expect(readChartUrl(safe).chart).toBe(BAR);
    const url = quickChartUrl(`(()=>(${BAR}))()/*${'{}'.repeat(500)}*/`, long);
    expect(url).toContain('encoding=base64');
    renderQuickChart(url).chart.destroy();
  });

  it('fails as the server would: bad JavaScript, another Chart.js version, or a config that needs a window', () => {
    expect(() => renderQuickChart('https://quickchart.io/chart?c={type:&v=3')).toThrow(ChartRenderError);
    expect(() => renderQuickChart(`https://quickchart.io/chart?c=${encodeURIComponent(BAR)}`)).toThrow(/v=2\.9\.4/);
    // main's candlestick config: the plugin's default x axis reads `window`.
    const candles =
      "{type:'candlestick',data:{labels:['a','b'],datasets:[{data:[{x:0,o:1,h:2,l:0.5,c:1.5},{x:1,o:1.5,h:2,l:1,c:1}]}]},options:{scales:{x:{type:'category'}}}}";
    expect(() => renderQuickChart(`https://quickchart.io/chart?c=${encodeURIComponent(candles)}&v=3`)).toThrow(
      /window is not defined/,
    );
  });
});
