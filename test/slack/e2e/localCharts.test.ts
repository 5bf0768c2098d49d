import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../support/slackApp.js';

// CHART_RENDERER=local end to end: the app draws the chart of a reply itself and serves it from the
// HTTP server that takes Slack's requests, at an address under PUBLIC_URL (a public host in front
// of the app; here the test reaches the app directly with the address's path).

const PUBLIC_URL = 'https://dq.example.test';
const DAY = 86_400_000;

type Block = { type: string; image_url?: string; title?: { text: string }; elements?: Array<{ text?: string }> };

describe('charts drawn and served by the app', () => {
  let app: Awaited<ReturnType<typeof startTestApp>>;
  // A QuickChart server the app is configured with but must never call.
  let quickChart: Server;
  const quickChartRequests: string[] = [];

  beforeAll(async () => {
    quickChart = createServer((request, response) => {
      quickChartRequests.push(`${request.method} ${request.url}`);
      response.writeHead(500).end();
    });
    await new Promise<void>((resolve) => quickChart.listen(0, '127.0.0.1', resolve));
    const host = `http://127.0.0.1:${(quickChart.address() as AddressInfo).port}`;
    app = await startTestApp({
      charts: {
        renderer: 'local',
        local: { publicUrl: PUBLIC_URL, secret: 'e2e-chart-secret', urlTtlMs: DAY },
        host,
        hosted: false,
        candlesticks: true,
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await new Promise<void>((resolve) => quickChart.close(() => resolve()));
  });

  it("a futures reply of 200 candles carries the app's own address, and the app serves the PNG, unmerged", async () => {
    const sent = await app.command('CL 5m 200', { command: '/futures' });
    expect(sent.status).toBe(200);
    const reply = await app.nextResponse(sent.responseId, undefined, 20_000);
    const blocks = reply.blocks as Block[];
    const image = blocks.find((block) => block.type === 'image');
    expect(image, JSON.stringify(blocks).slice(0, 500)).toBeDefined();
    const address = new URL(image!.image_url!);
    expect(address.origin).toBe(PUBLIC_URL);
    expect(address.pathname).toMatch(/^\/charts\/[A-Za-z0-9_-]{32}\.png$/);
    expect(image!.image_url).not.toMatch(/quickchart/i);
    expect(image!.title!.text).toMatch(/^CL 5-minute candles/);
    expect(image!.title!.text).not.toMatch(/shown as|merged/);

    const served = await fetch(`${app.url}${address.pathname}${address.search}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await served.arrayBuffer());
    const picture = await loadImage(png);
    expect([picture.width, picture.height]).toEqual([1400, 760]);
    // 200 candles of 5 minutes, not merged: the 5m period is in the drawn title.
    const canvas = createCanvas(picture.width, picture.height);
    canvas.getContext('2d').drawImage(picture, 0, 0);
    const pixels = canvas.getContext('2d').getImageData(0, 0, picture.width, picture.height).data;
    let inked = 0;
    for (let offset = 0; offset < pixels.length; offset += 4)
      if (pixels[offset]! < 200 || pixels[offset + 2]! < 200) inked += 1;
    expect(inked).toBeGreaterThan(picture.width * picture.height * 0.03);

    // A forged address is 404, and so is a path the app does not serve.
    const forged = `${app.url}${address.pathname}?exp=${address.searchParams.get('exp')}&sig=${'A'.repeat(32)}`;
    expect((await fetch(forged)).status).toBe(404);
  });

  it('answers any request to the chart route, however malformed, and goes on serving', async () => {
    const paths = [
      '/charts/%E0%A4%A.png',
      '/charts/%00.png?exp=1&sig=2',
      `/charts/${'A'.repeat(8000)}.png`,
      '/charts/..%2F..%2Fetc%2Fpasswd',
      '/charts/x.png?exp=-1&sig=&sig=',
      '/charts/%2e%2e/slack/events',
      '/charts/',
    ];
    for (const path of paths) {
      const answer = await fetch(`${app.url}${path}`);
      expect([400, 404, 431], path).toContain(answer.status);
      await answer.arrayBuffer();
    }
    expect((await fetch(`${app.url}/charts/x.png`, { method: 'POST', body: 'x' })).status).toBeGreaterThanOrEqual(400);
    const sent = await app.command('SI 5m 30', { command: '/futures' });
    const image = ((await app.nextResponse(sent.responseId, undefined, 20_000)).blocks as Block[]).find(
      (block) => block.type === 'image',
    );
    const address = new URL(image!.image_url!);
    expect((await fetch(`${app.url}${address.pathname}${address.search}`)).status).toBe(200);
  });

  it("1000 candles and a fund's history: drawn here, and no request ever reached QuickChart", async () => {
    for (const [command, text] of [
      ['/futures', 'NG 1m 1000'],
      ['/fund-asset', '000001 size:50'],
    ] as const) {
      const sent = await app.command(text, { command });
      const image = ((await app.nextResponse(sent.responseId, undefined, 20_000)).blocks as Block[]).find(
        (block) => block.type === 'image',
      );
      expect(new URL(image!.image_url!).origin, text).toBe(PUBLIC_URL);
    }
    expect(quickChartRequests).toEqual([]);
  });

  it('the same lookup again (from cache) points at the same drawing', async () => {
    const first = await app.command('GC 1h 48', { command: '/futures' });
    const firstImage = ((await app.nextResponse(first.responseId, undefined, 20_000)).blocks as Block[]).find(
      (block) => block.type === 'image',
    );
    const again = await app.command('GC 1h 48', { command: '/futures' });
    const againImage = ((await app.nextResponse(again.responseId, undefined, 20_000)).blocks as Block[]).find(
      (block) => block.type === 'image',
    );
    expect(againImage!.image_url).toBe(firstImage!.image_url);
  });
});

describe('a chart the app cannot draw', () => {
  it('gives way to the chart Slack draws in a Slack message, and leaves one line saying so where there is none', async () => {
    // A canvas past the renderer's 3000-pixel limit (the settings reader would refuse it) fails every drawing.
    const app = await startTestApp({
      charts: {
        renderer: 'local',
        local: { publicUrl: PUBLIC_URL, secret: 'e2e-chart-secret', urlTtlMs: DAY },
        hosted: false,
        candlesticks: true,
        width: 3200,
      },
    });
    try {
      const sent = await app.command('CL 5m 30', { command: '/futures' });
      expect(sent.status).toBe(200);
      const blocks = (await app.nextResponse(sent.responseId, undefined, 20_000)).blocks as Block[];
      expect(blocks.some((block) => block.type === 'image')).toBe(false);
      // The picture cannot reach Slack: the latest closes as a line Slack draws itself.
      expect(blocks.some((block) => block.type === 'data_visualization')).toBe(true);
      expect(JSON.stringify(blocks)).toMatch(/Close/);
      // A surface that takes no native chart (the same reply laid out for a Slack refusing it) says the picture is left out.
      app.fake.refuseBlockTypes('data_visualization');
      const again = await app.command('CL 5m 30', { command: '/futures' });
      await app.nextResponse(again.responseId, undefined, 20_000);
      const plain = (await app.nextResponse(again.responseId, undefined, 20_000)).blocks as Block[];
      expect(plain.some((block) => block.type === 'image' || block.type === 'data_visualization')).toBe(false);
      expect(JSON.stringify(plain)).toContain('Chart left out');
    } finally {
      await app.close();
    }
  });
});
