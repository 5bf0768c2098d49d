import { describe, expect, it } from 'vitest';
import { chartSettingsFromEnv } from '../../src/charts/chartRenderer.js';
import { ConfigError } from '../../src/core/errors.js';

describe('chartSettingsFromEnv', () => {
  it('defaults to charts Slack draws itself, nothing sent to a third party, colours by reader, at 700×380', () => {
    expect(chartSettingsFromEnv({})).toEqual({
      renderer: 'native',
      host: 'https://quickchart.io',
      hosted: false,
      candlesticks: true,
      width: 700,
      height: 380,
      threadFiles: true,
    });
  });

  it('CHART_THREAD_FILES=false keeps the candlestick picture out of thread answers; anything but true or false is refused', () => {
    expect(chartSettingsFromEnv({ CHART_THREAD_FILES: 'false' }).threadFiles).toBe(false);
    expect(chartSettingsFromEnv({ CHART_THREAD_FILES: 'true' }).threadFiles).toBe(true);
    expect(() => chartSettingsFromEnv({ CHART_THREAD_FILES: 'sometimes' })).toThrow(
      /CHART_THREAD_FILES "sometimes" should be true or false/,
    );
    // Only Slack's own chart leaves the candlesticks out of an answer: with the others the picture is in it.
    expect(chartSettingsFromEnv({ CHART_RENDERER: 'quickchart' }).threadFiles).toBeUndefined();
  });

  it('sends charts to QuickChart only when the operator chooses it: CHART_RENDERER=quickchart, or a QUICKCHART_HOST', () => {
    expect(chartSettingsFromEnv({ CHART_RENDERER: 'quickchart' })).toEqual({
      renderer: 'quickchart',
      host: 'https://quickchart.io',
      hosted: true,
      candlesticks: true,
      width: 700,
      height: 380,
    });
    expect(chartSettingsFromEnv({ QUICKCHART_HOST: 'http://charts.internal:3400' })).toMatchObject({
      renderer: 'quickchart',
      hosted: false,
    });
    expect(
      chartSettingsFromEnv({ QUICKCHART_HOST: 'http://charts.internal:3400', CHART_RENDERER: 'native' }),
    ).toMatchObject({ renderer: 'native' });
    expect(chartSettingsFromEnv({ PUBLIC_URL: 'https://dq.example.com', CHART_RENDERER: 'native' })).toMatchObject({
      renderer: 'native',
    });
  });

  it('draws charts in the app once PUBLIC_URL says where Slack reaches it, with candlesticks and no QuickChart short URLs', () => {
    const settings = chartSettingsFromEnv({
      PUBLIC_URL: 'https://dq.example.com/',
      SLACK_SIGNING_SECRET: 'signing',
      QUICKCHART_CANDLESTICK: 'false',
    });
    expect(settings).toMatchObject({
      renderer: 'local',
      hosted: false,
      candlesticks: true,
      local: { publicUrl: 'https://dq.example.com', urlTtlMs: 7 * 86_400_000 },
    });
    // Replicas sharing the signing secret sign chart addresses alike, with neither secret appearing as such.
    const secret = settings.local!.secret;
    expect(
      chartSettingsFromEnv({ PUBLIC_URL: 'https://dq.example.com', SLACK_SIGNING_SECRET: 'signing' }).local!.secret,
    ).toBe(secret);
    expect(secret).not.toContain('signing');
    // In Socket Mode (no signing secret) the bot token, which every replica and every restart has, keys it:
    // the charts in earlier messages still load after a restart.
    const socketMode = {
      PUBLIC_URL: 'https://dq.example.com',
      SLACK_BOT_TOKEN: 'xoxb-bot',
      SLACK_APP_TOKEN: 'xapp-app',
    };
    expect(chartSettingsFromEnv(socketMode).local!.secret).toBe(chartSettingsFromEnv(socketMode).local!.secret);
    expect(chartSettingsFromEnv(socketMode).local!.secret).not.toContain('xoxb-bot');
    expect(
      chartSettingsFromEnv({ PUBLIC_URL: 'https://dq.example.com', CHART_URL_SECRET: 'mine', CHART_URL_TTL: '12h' })
        .local,
    ).toMatchObject({ secret: 'mine', urlTtlMs: 43_200_000 });
    expect(chartSettingsFromEnv({ PUBLIC_URL: 'https://dq.example.com', CHART_RENDERER: 'quickchart' })).toMatchObject({
      renderer: 'quickchart',
      hosted: true,
    });
    expect(
      chartSettingsFromEnv({ PUBLIC_URL: 'https://dq.example.com', CHART_RENDERER: 'quickchart' }).local,
    ).toBeUndefined();
  });

  it('refuses a local renderer with nowhere to serve from, and bad chart-URL settings', () => {
    expect(() => chartSettingsFromEnv({ CHART_RENDERER: 'local' })).toThrow(/CHART_RENDERER=local needs PUBLIC_URL/);
    try {
      chartSettingsFromEnv({ CHART_RENDERER: 'svg', PUBLIC_URL: 'dq.example.com', CHART_URL_TTL: 'soon' });
      expect.unreachable();
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of ['CHART_RENDERER "svg"', 'PUBLIC_URL "dq.example.com"']) expect(problems).toContain(name);
    }
    expect(() => chartSettingsFromEnv({ PUBLIC_URL: 'https://dq.example.com', CHART_URL_TTL: 'soon' })).toThrow(
      /CHART_URL_TTL "soon"/,
    );
    expect(() => chartSettingsFromEnv({ PUBLIC_URL: 'https://dq.example.com/?x=1' })).toThrow(/PUBLIC_URL/);
  });

  it('treats only quickchart.io as hosted', () => {
    expect(chartSettingsFromEnv({ QUICKCHART_HOST: 'https://quickchart.io/' })).toMatchObject({
      host: 'https://quickchart.io',
      hosted: true,
    });
    expect(chartSettingsFromEnv({ QUICKCHART_HOST: 'http://localhost:3400' })).toMatchObject({ hosted: false });
    expect(chartSettingsFromEnv({ QUICKCHART_HOST: 'https://quickchart.io.example.com' })).toMatchObject({
      hosted: false,
    });
  });

  it('draws no candlesticks on a self-hosted server unless told it can', () => {
    const selfHosted = { QUICKCHART_HOST: 'http://charts.internal:3400/qc/' };
    expect(chartSettingsFromEnv(selfHosted)).toMatchObject({
      host: 'http://charts.internal:3400/qc',
      candlesticks: false,
    });
    expect(chartSettingsFromEnv({ ...selfHosted, QUICKCHART_CANDLESTICK: 'true' })).toMatchObject({
      candlesticks: true,
      hosted: false,
    });
  });

  it('lets candlesticks be turned off on the hosted service', () => {
    const hosted = { CHART_RENDERER: 'quickchart' };
    expect(chartSettingsFromEnv({ ...hosted, QUICKCHART_CANDLESTICK: 'false' }).candlesticks).toBe(false);
    expect(chartSettingsFromEnv({ ...hosted, QUICKCHART_CANDLESTICK: '0' }).candlesticks).toBe(false);
    expect(chartSettingsFromEnv({ ...hosted, QUICKCHART_CANDLESTICK: '' }).candlesticks).toBe(true);
  });

  it('reads width and height', () => {
    expect(chartSettingsFromEnv({ QUICKCHART_WIDTH: '900', QUICKCHART_HEIGHT: ' 450 ' })).toMatchObject({
      width: 900,
      height: 450,
    });
  });

  it('reads CHART_COLORS: intl (green up) or cn (red up) for everybody, or by reader when unset', () => {
    expect(chartSettingsFromEnv({}).colors).toBeUndefined();
    expect(chartSettingsFromEnv({ CHART_COLORS: 'cn' }).colors).toBe('cn');
    expect(chartSettingsFromEnv({ CHART_COLORS: ' INTL ' }).colors).toBe('intl');
    expect(() => chartSettingsFromEnv({ CHART_COLORS: 'red' })).toThrow(/CHART_COLORS "red"/);
  });

  it('reports every bad value at once', () => {
    try {
      chartSettingsFromEnv({
        QUICKCHART_HOST: 'ftp://x',
        QUICKCHART_CANDLESTICK: 'maybe',
        QUICKCHART_WIDTH: '70.5',
        QUICKCHART_HEIGHT: '99999',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of ['QUICKCHART_HOST', 'QUICKCHART_CANDLESTICK', 'QUICKCHART_WIDTH', 'QUICKCHART_HEIGHT'])
        expect(problems).toContain(name);
    }
    expect(() => chartSettingsFromEnv({ QUICKCHART_HOST: 'not a url' })).toThrow(ConfigError);
  });
});
