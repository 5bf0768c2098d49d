import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ChartPlan, type ChartSettings, chartSettingsFromEnv, resolveChart } from '../../src/charts/quickChart.js';
import { ConfigError } from '../../src/core/errors.js';
import { english, langFor } from '../../src/i18n/lang.js';
import { HOSTED, SELF_HOSTED } from './support.js';

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

interface Received {
  method: string | undefined;
  url: string | undefined;
  contentType: string | undefined;
  body: any;
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

let server: Server | undefined;

/** A stand-in for QuickChart on an ephemeral local port; records what it was sent. */
async function fakeQuickChart(handler: Handler): Promise<{ settings: ChartSettings; received: Received[] }> {
  const received: Received[] = [];
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({
        method: request.method,
        url: request.url,
        contentType: request.headers['content-type'],
        body: text ? JSON.parse(text) : undefined,
      });
      handler(request, response);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // hosted: true stands for "this server offers /chart/create", as quickchart.io does.
  return { settings: { ...HOSTED, host: `http://127.0.0.1:${port}` }, received };
}

afterEach(async () => {
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server!.close(resolve));
  server = undefined;
});

// Chart text with a function in it: it must reach QuickChart as text, which JSON of an object would lose.
const CHART =
  "{type:'candlestick',data:{datasets:[{data:[{x:0,o:1,h:2,l:0.5,c:1.5}]}]},options:{scales:{x:{ticks:{callback:v=>'a'}}}}}";
const TOO_LONG: ChartPlan = {
  kind: 'too_long',
  chart: CHART,
  alt: 'Candlestick chart of CL',
  caption: 'CL daily candles.',
  width: 700,
  height: 380,
};
const NOTE = { kind: 'none', note: 'Chart left out: too many points for a Slack image.' };

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

describe('resolveChart', () => {
  it('passes image and none plans through untouched', async () => {
    const image: ChartPlan = { kind: 'image', url: 'https://quickchart.io/chart?c=x', alt: 'a', caption: 'c' };
    const none: ChartPlan = { kind: 'none', note: 'Chart left out: no data.' };
    const fetchShortUrl = vi.fn();
    expect(await resolveChart(image, HOSTED, english, { fetchShortUrl })).toBe(image);
    expect(await resolveChart(none, HOSTED, english, { fetchShortUrl })).toBe(none);
    expect(fetchShortUrl).not.toHaveBeenCalled();
  });

  it('gets a short URL from /chart/create with the documented body, the chart as JavaScript text', async () => {
    const shortUrl = 'https://quickchart.io/chart/render/zm-0a1b2c3d-4e5f';
    const { settings, received } = await fakeQuickChart((_, response) =>
      json(response, 200, { success: true, url: shortUrl }),
    );
    const image = await resolveChart(TOO_LONG, settings, english);
    expect(image).toEqual({
      kind: 'image',
      url: shortUrl,
      alt: TOO_LONG.kind === 'too_long' ? TOO_LONG.alt : '',
      caption: 'CL daily candles.',
    });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/chart/create', contentType: 'application/json' });
    expect(received[0]!.body).toEqual({
      chart: CHART,
      width: 700,
      height: 380,
      version: '3',
      backgroundColor: 'white',
    });
  });

  it('gives a note when QuickChart answers with an error status', async () => {
    const { settings, received } = await fakeQuickChart((_, response) => json(response, 500, { error: 'boom' }));
    expect(await resolveChart(TOO_LONG, settings, english)).toEqual(NOTE);
    expect(received).toHaveLength(1);
  });

  it('gives a note when QuickChart reports failure or sends something else', async () => {
    for (const body of [
      { success: false },
      { success: true },
      { success: true, url: 'javascript:alert(1)' },
      'not json',
    ]) {
      const { settings } = await fakeQuickChart((_, response) => {
        if (typeof body === 'string') {
          response.writeHead(200, { 'content-type': 'text/plain' });
          response.end(body);
        } else json(response, 200, body);
      });
      expect(await resolveChart(TOO_LONG, settings, english)).toEqual(NOTE);
      server!.closeAllConnections();
      await new Promise((resolve) => server!.close(resolve));
      server = undefined;
    }
  });

  it('gives up at the deadline when QuickChart does not answer', async () => {
    const { settings, received } = await fakeQuickChart(() => {
      // Never answers.
    });
    const started = Date.now();
    expect(await resolveChart(TOO_LONG, settings, english, { timeoutMs: 200 })).toEqual(NOTE);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(received).toHaveLength(1);
  });

  it('gives up at the deadline when the answer stalls half-way', async () => {
    const { settings } = await fakeQuickChart((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"success":true,');
    });
    const started = Date.now();
    expect(await resolveChart(TOO_LONG, settings, english, { timeoutMs: 200 })).toEqual(NOTE);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('waits 2 s by default', async () => {
    const { settings } = await fakeQuickChart((_, response) => {
      setTimeout(() => json(response, 200, { success: true, url: 'https://quickchart.io/chart/render/late' }), 1000);
    });
    expect(await resolveChart(TOO_LONG, settings, english)).toMatchObject({
      kind: 'image',
      url: 'https://quickchart.io/chart/render/late',
    });
  });

  it('gives a note when nothing listens', async () => {
    const { settings } = await fakeQuickChart(() => undefined);
    server!.close();
    server = undefined;
    expect(await resolveChart(TOO_LONG, settings, english, { timeoutMs: 500 })).toEqual(NOTE);
  });

  it('does not call a self-hosted server, which has no short URLs', async () => {
    const { settings, received } = await fakeQuickChart((_, response) =>
      json(response, 200, { success: true, url: 'https://x/y' }),
    );
    const fetchShortUrl = vi.fn();
    expect(await resolveChart(TOO_LONG, { ...settings, hosted: false }, english)).toEqual(NOTE);
    expect(await resolveChart(TOO_LONG, SELF_HOSTED, english, { fetchShortUrl })).toEqual(NOTE);
    expect(received).toHaveLength(0);
    expect(fetchShortUrl).not.toHaveBeenCalled();
  });

  it('says in the reader’s language why a chart too long for a URL is left out', async () => {
    expect(await resolveChart(TOO_LONG, SELF_HOSTED, langFor('zh-CN'))).toEqual({
      kind: 'none',
      note: '未附图表：数据点过多，无法放入一张 Slack 图片。',
    });
  });

  it('never throws, even when the fetcher does', async () => {
    const fetchShortUrl = vi.fn(() => {
      throw new Error('synchronous failure');
    });
    expect(await resolveChart(TOO_LONG, HOSTED, english, { fetchShortUrl })).toEqual(NOTE);
    expect(fetchShortUrl).toHaveBeenCalledWith(
      'https://quickchart.io/chart/create',
      expect.objectContaining({ version: '3' }),
      2000,
    );
  });
});
