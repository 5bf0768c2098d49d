import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChartPlan, ChartSettings } from '../../src/charts/chartRenderer.js';
import { resolveChart } from '../../src/charts/quickChart.js';
import { english, langFor } from '../../src/i18n/lang.js';
import { HOSTED, SELF_HOSTED } from './support.js';

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
