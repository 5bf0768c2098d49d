import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { Keyv } from 'keyv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChartDrawer, type ChartSpec, type PngDrawer } from '../../src/charts/chartDrawer.js';
import type { ChartSettings, Picture, RenderPlan } from '../../src/charts/chartRenderer.js';
import { buildFuturesChart } from '../../src/charts/futuresChart.js';
import { LocalCharts } from '../../src/charts/localCharts.js';
import { langFor } from '../../src/i18n/lang.js';
import { makeCandles, simulatedFutures } from './support.js';

const SECRET = 'chart-test-secret-0123456789';
const PUBLIC_URL = 'https://dq.example.test';
const DAY = 86_400_000;
const LOCAL: ChartSettings = {
  renderer: 'local',
  local: { publicUrl: PUBLIC_URL, secret: SECRET, urlTtlMs: DAY },
  host: 'https://quickchart.io',
  hosted: false,
  candlesticks: true,
  width: 700,
  height: 380,
};
const en = langFor('en');
const zh = langFor('zh-CN');

/** Counts what it is asked to draw, so a test can tell that a request drew nothing. */
class CountingDrawer implements PngDrawer {
  draws = 0;
  constructor(private readonly inner: PngDrawer) {}
  draw(spec: ChartSpec): Promise<Buffer> {
    this.draws += 1;
    return this.inner.draw(spec);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

interface Fetched {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** GET of a chart address, sent to the test server in place of PUBLIC_URL's host. */
function fetchChart(server: Server, address: string, method = 'GET'): Promise<Fetched> {
  const url = new URL(address);
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, path: `${url.pathname}${url.search}`, method },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function serve(charts: LocalCharts): Promise<Server> {
  const server = createServer(charts.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** The PNG read back as an image: its size and RGBA pixels. */
async function decode(png: Buffer): Promise<{ width: number; height: number; pixels: Uint8ClampedArray }> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return {
    width: image.width,
    height: image.height,
    pixels: context.getImageData(0, 0, image.width, image.height).data,
  };
}

function imageOf(chart: Picture): Extract<Picture, { kind: 'image' }> {
  if (chart.kind !== 'image') throw new Error(`expected an image, got the note "${chart.note}"`);
  return chart;
}

function futuresPlan(lang = en, count = 200, seed = 7): RenderPlan {
  const candles = makeCandles({ count, periodMs: 300_000, seed });
  const plan = buildFuturesChart({ symbol: 'CL', type: '5', tickUnit: 's', candles }, LOCAL, 'Asia/Shanghai', lang);
  if (plan.kind !== 'render') throw new Error(`expected a chart to draw, got ${plan.kind}`);
  return plan;
}

function titledBar(title: string): RenderPlan {
  const chart = `{type:'bar',data:{labels:['a'],datasets:[{data:[1]}]},options:{scales:{y:{}},plugins:{legend:{display:false},title:{display:true,text:${JSON.stringify(title)},font:{size:20}}}}}`;
  return { kind: 'render', chart, alt: title, caption: title, width: 300, height: 120 };
}

describe('charts drawn by the app and served at signed addresses', () => {
  let now = Date.UTC(2026, 10, 22, 3, 0);
  const drawer = new CountingDrawer(new ChartDrawer());
  const specs = new Keyv<ChartSpec>();
  const charts = new LocalCharts({ settings: LOCAL.local!, drawer, specs, now: () => now });
  let server: Server;

  beforeAll(async () => {
    server = await serve(charts);
  });
  afterAll(async () => {
    await close(server);
    await drawer.close();
  });

  it('serves a futures chart of 200 candles, unmerged, as a PNG at twice the chart size', async () => {
    const plan = futuresPlan();
    expect(plan.caption).not.toMatch(/shown as/);
    const image = imageOf(await charts.publish(plan, en));
    expect(image.url.startsWith(`${PUBLIC_URL}/charts/`)).toBe(true);
    const fetched = await fetchChart(server, image.url);
    expect(fetched.status).toBe(200);
    expect(fetched.headers['content-type']).toBe('image/png');
    const picture = await decode(fetched.body);
    expect([picture.width, picture.height]).toEqual([1400, 760]);
    // Not blank: white background, candles in both colours, dark text.
    const colours = new Set<number>();
    for (let offset = 0; offset < picture.pixels.length; offset += 4 * 7)
      colours.add((picture.pixels[offset]! << 16) | (picture.pixels[offset + 1]! << 8) | picture.pixels[offset + 2]!);
    expect(colours.size).toBeGreaterThan(50);
    expect(colours.has(0xffffff)).toBe(true);
  });

  it('draws Chinese with the bundled font in the served PNG, not as boxes of a missing glyph', async () => {
    const titleInk = async (title: string) => {
      const fetched = await fetchChart(server, imageOf(await charts.publish(titledBar(title), zh)).url);
      const picture = await decode(fetched.body);
      // The title's rows (top 40 chart pixels, 80 device pixels): which pixels are inked.
      return Array.from({ length: 80 * picture.width }, (_, index) =>
        picture.pixels.slice(index * 4, index * 4 + 3).some((channel) => channel < 200),
      );
    };
    const first = await titleInk('基金规模');
    expect(first.some(Boolean)).toBe(true);
    expect(await titleInk('期货日线'), 'Chinese draws as boxes: the bundled font was not registered').not.toEqual(
      first,
    );
  });

  it('draws a chart once: publishing it again and fetching it come from memory', async () => {
    const plan = futuresPlan(en, 60, 11);
    const first = imageOf(await charts.publish(plan, en));
    const draws = drawer.draws;
    const again = imageOf(await charts.publish(plan, en));
    expect(again.url).toBe(first.url);
    const served = charts.stats.servedFromMemory;
    expect((await fetchChart(server, again.url)).status).toBe(200);
    expect((await fetchChart(server, again.url, 'HEAD')).status).toBe(200);
    expect(drawer.draws).toBe(draws);
    expect(charts.stats.servedFromMemory).toBe(served + 2);
  });

  it('answers 404 without drawing to forged, altered, expired and malformed addresses', async () => {
    const image = imageOf(await charts.publish(futuresPlan(en, 40, 13), en));
    const url = new URL(image.url);
    const id = url.pathname.slice('/charts/'.length, -'.png'.length);
    const exp = Number(url.searchParams.get('exp'));
    const sig = url.searchParams.get('sig')!;
    const flip = (text: string) => `${text.slice(0, -1)}${text.endsWith('A') ? 'B' : 'A'}`;
    const forged = [
      `${PUBLIC_URL}/charts/${id}.png?exp=${exp}&sig=${flip(sig)}`,
      `${PUBLIC_URL}/charts/${flip(id)}.png?exp=${exp}&sig=${sig}`,
      `${PUBLIC_URL}/charts/${id}.png?exp=${exp + 3600}&sig=${sig}`,
      `${PUBLIC_URL}/charts/${id}.png?exp=${exp}`,
      `${PUBLIC_URL}/charts/${id}.png`,
      `${PUBLIC_URL}/charts/${id}.png?exp=1e99&sig=${sig}`,
      `${PUBLIC_URL}/charts/..%2F${id}.png?exp=${exp}&sig=${sig}`,
      `${PUBLIC_URL}/charts/${'A'.repeat(32)}.png?exp=${exp}&sig=${'A'.repeat(32)}`,
    ];
    const draws = drawer.draws;
    for (const address of forged) expect((await fetchChart(server, address)).status, address).toBe(404);
    expect((await fetchChart(server, image.url, 'DELETE')).status).toBe(404);
    // Expired: the same address once its time is past.
    expect((await fetchChart(server, image.url)).status).toBe(200);
    now = exp * 1000 + 1;
    try {
      expect((await fetchChart(server, image.url)).status).toBe(404);
    } finally {
      now = Date.UTC(2026, 10, 22, 3, 0);
    }
    expect(drawer.draws).toBe(draws);
  });

  it('an address carries no data and no secret: an id, an expiry and a signature', async () => {
    const result = simulatedFutures('BRN', '5', 120);
    const plan = buildFuturesChart(result, LOCAL, 'Asia/Shanghai', en);
    if (plan.kind !== 'render') throw new Error(plan.kind);
    const image = imageOf(await charts.publish(plan, en));
    const url = new URL(image.url);
    expect(`${url.origin}`).toBe(PUBLIC_URL);
    expect(url.pathname).toMatch(/^\/charts\/[A-Za-z0-9_-]{32}\.png$/);
    expect([...url.searchParams.keys()]).toEqual(['exp', 'sig']);
    expect(image.url.length).toBeLessThan(120);
    expect(image.url).not.toContain('BRN');
    expect(image.url).not.toContain(SECRET);
    for (const candle of result.candles.slice(-5)) expect(image.url).not.toContain(String(candle.close));
    // Expiry: the URL lifetime, rounded up to the hour.
    const exp = Number(url.searchParams.get('exp')) * 1000;
    expect(exp).toBeGreaterThanOrEqual(now + DAY);
    expect(exp).toBeLessThanOrEqual(now + DAY + 3_600_000);
  });

  it('another replica (or this one after the PNG left memory) draws a published chart again from the store', async () => {
    const image = imageOf(await charts.publish(futuresPlan(en, 30, 17), en));
    const otherDrawer = new CountingDrawer(drawer);
    const other = new LocalCharts({ settings: LOCAL.local!, drawer: otherDrawer, specs, now: () => now });
    const otherServer = await serve(other);
    try {
      const fetched = await fetchChart(otherServer, image.url);
      expect(fetched.status).toBe(200);
      expect((await decode(fetched.body)).width).toBe(1400);
      expect(otherDrawer.draws).toBe(1);
      // A spec altered in the store is not drawn (its text would be run).
      const tampered = new Keyv<ChartSpec>();
      const spec = (await specs.get(new URL(image.url).pathname.slice(8, 40)))!;
      await tampered.set(new URL(image.url).pathname.slice(8, 40), { ...spec, chart: spec.chart.replace('CL', 'XX') });
      const forger = new LocalCharts({ settings: LOCAL.local!, drawer: otherDrawer, specs: tampered, now: () => now });
      const forgerServer = await serve(forger);
      expect((await fetchChart(forgerServer, image.url)).status).toBe(404);
      expect(otherDrawer.draws).toBe(1);
      await close(forgerServer);
      // A replica whose store does not know the chart has nothing to draw.
      const stranger = new LocalCharts({
        settings: LOCAL.local!,
        drawer: otherDrawer,
        specs: new Keyv<ChartSpec>(),
        now: () => now,
      });
      const strangerServer = await serve(stranger);
      expect((await fetchChart(strangerServer, image.url)).status).toBe(404);
      await close(strangerServer);
    } finally {
      await close(otherServer);
    }
  });

  it("a chart that cannot be drawn is a one-line note in the reader's language, never an error", async () => {
    const broken: RenderPlan = { kind: 'render', chart: '{type:', alt: 'x', caption: 'x', width: 300, height: 200 };
    const note = await charts.publish(broken, zh);
    expect(note).toEqual({ kind: 'none', note: zh.t('charts.renderFailed') });
    const failing = new LocalCharts({
      settings: LOCAL.local!,
      drawer: { draw: () => Promise.reject(new Error('thread gone')), close: async () => {} },
    });
    expect(await failing.publish(futuresPlan(), en)).toEqual({ kind: 'none', note: en.t('charts.renderFailed') });
  });

  it('a drawing that hangs is given up and the next one gets a new thread', async () => {
    // The limit starts once the thread has loaded, so a busy machine's slow loading does not count.
    // It is as long as the small bar drawn after it may take as a new thread's first chart on a busy
    // CI machine (a second and more at a load of 20), while the endless one is given up all the same.
    const hasty = new ChartDrawer(5000);
    try {
      const endless: ChartSpec = { chart: '(()=>{for(;;){}})()', width: 100, height: 100 };
      await expect(hasty.draw(endless)).rejects.toThrow(/longer than 5000 ms/);
      const png = await hasty.draw({
        chart: "{type:'bar',data:{labels:['a'],datasets:[{data:[1]}]}}",
        width: 100,
        height: 100,
      });
      expect(png.subarray(1, 4).toString()).toBe('PNG');
    } finally {
      await hasty.close();
    }
  });
});

describe('many distinct charts', () => {
  // Enough charts to pass a small cache more than twice over (a chart's PNG is some 100 KB): memory is
  // bounded by the cache, not by how many charts were drawn (bench:charts draws more and times them).
  const CHARTS = 20;
  const CACHE_BYTES = 2 ** 19;

  it('are each drawn and served, the oldest PNGs dropped past the cache size, within a memory ceiling', async () => {
    const drawer = new ChartDrawer();
    const charts = new LocalCharts({ settings: LOCAL.local!, drawer, cacheBytes: CACHE_BYTES });
    const server = await serve(charts);
    try {
      await drawer.warm();
      const before = process.memoryUsage().rss;
      const started = performance.now();
      const sizes = new Set<number>();
      let bytesDrawn = 0;
      for (let index = 0; index < CHARTS; index += 1) {
        const image = imageOf(await charts.publish(futuresPlan(index % 2 ? en : zh, 200, 1000 + index), en));
        const fetched = await fetchChart(server, image.url);
        expect(fetched.status).toBe(200);
        expect(fetched.body.readUInt32BE(16)).toBe(1400);
        sizes.add(fetched.body.length);
        bytesDrawn += fetched.body.length;
      }
      const msPerChart = (performance.now() - started) / CHARTS;
      const rss = process.memoryUsage().rss;
      // Reported, not asserted (timing belongs in bench/charts.ts).
      console.info(
        `${CHARTS} charts: ${msPerChart.toFixed(1)} ms per chart drawn and fetched; RSS ${(before / 2 ** 20).toFixed(0)} → ${(rss / 2 ** 20).toFixed(0)} MiB; ${(charts.stats.cachedBytes / 2 ** 20).toFixed(1)} MiB of PNGs kept`,
      );
      expect(charts.stats.drawn).toBe(CHARTS);
      expect(sizes.size).toBeGreaterThan(CHARTS * 0.75);
      expect(bytesDrawn, 'the charts drawn pass the cache size more than twice').toBeGreaterThan(2 * CACHE_BYTES);
      expect(charts.stats.cachedBytes).toBeLessThanOrEqual(CACHE_BYTES);
      expect(charts.stats.cachedBytes).toBeGreaterThan(CACHE_BYTES / 2);
      expect(rss - before, 'RSS grew past the ceiling').toBeLessThan(256 * 2 ** 20);
    } finally {
      await close(server);
      await drawer.close();
    }
  }, 180_000);
});
