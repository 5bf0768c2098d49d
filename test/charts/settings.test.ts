import { describe, expect, it } from 'vitest';
import { chartSettingsFromEnv } from '../../src/charts/settings.js';
import { ConfigError } from '../../src/core/config.js';

describe('chartSettingsFromEnv', () => {
  it('defaults to hosted QuickChart with candlesticks at 700×380', () => {
    expect(chartSettingsFromEnv({})).toEqual({ host: 'https://quickchart.io', hosted: true, candlesticks: true, width: 700, height: 380, colors: 'intl' });
  });

  it('treats only quickchart.io as hosted', () => {
    expect(chartSettingsFromEnv({ QUICKCHART_HOST: 'https://quickchart.io/' })).toMatchObject({ host: 'https://quickchart.io', hosted: true });
    expect(chartSettingsFromEnv({ QUICKCHART_HOST: 'http://localhost:3400' })).toMatchObject({ hosted: false });
    expect(chartSettingsFromEnv({ QUICKCHART_HOST: 'https://quickchart.io.example.com' })).toMatchObject({ hosted: false });
  });

  it('draws no candlesticks on a self-hosted server unless told it can', () => {
    const selfHosted = { QUICKCHART_HOST: 'http://charts.internal:3400/qc/' };
    expect(chartSettingsFromEnv(selfHosted)).toMatchObject({ host: 'http://charts.internal:3400/qc', candlesticks: false });
    expect(chartSettingsFromEnv({ ...selfHosted, QUICKCHART_CANDLESTICK: 'true' })).toMatchObject({ candlesticks: true, hosted: false });
  });

  it('lets candlesticks be turned off on the hosted service', () => {
    expect(chartSettingsFromEnv({ QUICKCHART_CANDLESTICK: 'false' }).candlesticks).toBe(false);
    expect(chartSettingsFromEnv({ QUICKCHART_CANDLESTICK: '0' }).candlesticks).toBe(false);
    expect(chartSettingsFromEnv({ QUICKCHART_CANDLESTICK: '' }).candlesticks).toBe(true);
  });

  it('reads width and height', () => {
    expect(chartSettingsFromEnv({ QUICKCHART_WIDTH: '900', QUICKCHART_HEIGHT: ' 450 ' })).toMatchObject({ width: 900, height: 450 });
  });

  it('reads CHART_COLORS: intl (green up) or cn (red up)', () => {
    expect(chartSettingsFromEnv({ CHART_COLORS: 'cn' }).colors).toBe('cn');
    expect(chartSettingsFromEnv({ CHART_COLORS: ' INTL ' }).colors).toBe('intl');
    expect(() => chartSettingsFromEnv({ CHART_COLORS: 'red' })).toThrow(/CHART_COLORS "red"/);
  });

  it('reports every bad value at once', () => {
    try {
      chartSettingsFromEnv({ QUICKCHART_HOST: 'ftp://x', QUICKCHART_CANDLESTICK: 'maybe', QUICKCHART_WIDTH: '70.5', QUICKCHART_HEIGHT: '99999' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of ['QUICKCHART_HOST', 'QUICKCHART_CANDLESTICK', 'QUICKCHART_WIDTH', 'QUICKCHART_HEIGHT']) expect(problems).toContain(name);
    }
    expect(() => chartSettingsFromEnv({ QUICKCHART_HOST: 'not a url' })).toThrow(ConfigError);
  });
});
