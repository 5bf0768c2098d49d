/**
 * npm run bench:charts — charts the app draws itself (CHART_RENDERER=local), measured side by side:
 *  1. drawing: distinct futures charts of 200 candles and fund-asset charts of 50 dates, each
 *     published (drawn on the app's one chart thread, so on one core) and then fetched once over
 *     HTTP; ms per chart against the goal of 150 ms, as wall time and as the process's CPU time
 *     (what a chart takes with a core to itself: on a shared, busy machine the wall time also
 *     counts the waits for a core);
 *  2. serving from cache: every chart fetched again from the app's chart route over keep-alive
 *     HTTP, against a bare Node server sending a PNG held in memory (the floor); goal 5 ms.
 * Every chart is different (own candles, own fund) and every answer is checked: a 200, a PNG of
 * the chart's size, the very bytes drawn. A mismatch ends the run with exit code 1.
 * BENCH_CHARTS=n draws n futures charts (60 by default) and a third as many fund-asset charts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { Agent, request } from 'undici';
import { ChartDrawer } from '../src/charts/chartDrawer.js';
import type { ChartSettings, RenderPlan } from '../src/charts/chartRenderer.js';
import { buildFundAssetChart } from '../src/charts/fundAssetChart.js';
import { buildFuturesChart } from '../src/charts/futuresChart.js';
import { LocalCharts } from '../src/charts/localCharts.js';
import { langFor } from '../src/i18n/lang.js';
import { makeCandles, makeFundRecords } from '../test/charts/support.js';

const FUTURES = Number(process.env.BENCH_CHARTS ?? 60);
const FUNDS = Math.ceil(FUTURES / 3);
const FETCHES_PER_CHART = 10;
const SETTINGS: ChartSettings = {
  renderer: 'local',
  local: { publicUrl: 'https://dq.example.test', secret: 'bench-chart-secret', urlTtlMs: 86_400_000 },
  host: 'https://quickchart.io',
  hosted: false,
  candlesticks: true,
  width: 700,
  height: 380,
};

let failures = 0;
function check(ok: boolean, what: string): void {
  if (ok) return;
  failures += 1;
  if (failures <= 5) console.error(`MISMATCH: ${what}`);
}

function plans(): RenderPlan[] {
  const all: RenderPlan[] = [];
  for (let index = 0; index < FUTURES; index += 1) {
    const candles = makeCandles({ count: 200, periodMs: 300_000, seed: 100 + index });
    all.push(
      buildFuturesChart(
        { symbol: 'CL', type: '5', tickUnit: 's', candles },
        SETTINGS,
        'Asia/Shanghai',
        langFor(index % 2 ? 'en' : 'zh-CN'),
      ) as RenderPlan,
    );
  }
  for (let index = 0; index < FUNDS; index += 1) {
    const records = makeFundRecords(50, { start: 1e9 + index * 7_654_321 });
    all.push(
      buildFundAssetChart(
        { fundCode: String(100000 + index), records },
        SETTINGS,
        langFor(index % 2 ? 'en' : 'zh-CN'),
      ) as RenderPlan,
    );
  }
  for (const plan of all) if (plan.kind !== 'render') throw new Error(`expected charts to draw, got ${plan.kind}`);
  return all;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function get(agent: Agent, port: number, path: string): Promise<{ status: number; body: Buffer }> {
  const answer = await request(`http://127.0.0.1:${port}${path}`, { dispatcher: agent });
  return { status: answer.statusCode, body: Buffer.from(await answer.body.arrayBuffer()) };
}

function pngSize(png: Buffer): [number, number] {
  return png.subarray(1, 4).toString() === 'PNG' ? [png.readUInt32BE(16), png.readUInt32BE(20)] : [0, 0];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const drawer = new ChartDrawer();
  const charts = new LocalCharts({ settings: SETTINGS.local!, drawer });
  const chartServer = createServer(charts.handle);
  const chartPort = await listen(chartServer);
  const agent = new Agent({ keepAliveTimeout: 30_000, connections: 1 });
  try {
    const warmStart = performance.now();
    await drawer.warm();
    const warmMs = performance.now() - warmStart;

    // 1. Drawing: publish (draw) each chart, then fetch it once and keep the bytes.
    const drawn: Array<{ path: string; png: Buffer; plan: RenderPlan }> = [];
    const drawMs: number[] = [];
    const all = plans();
    const rssBefore = process.memoryUsage().rss;
    const cpuBefore = process.cpuUsage();
    for (const plan of all) {
      const started = performance.now();
      const image = await charts.publish(plan, langFor('en'));
      drawMs.push(performance.now() - started);
      if (image.kind !== 'image') {
        check(false, `a chart was not drawn: ${image.note}`);
        continue;
      }
      const url = new URL(image.url);
      const path = `${url.pathname}${url.search}`;
      const answer = await get(agent, chartPort, path);
      const [width, height] = pngSize(answer.body);
      check(
        answer.status === 200 && width === plan.width * 2 && height === plan.height * 2,
        `${path}: ${answer.status}, ${width}×${height}`,
      );
      drawn.push({ path, png: answer.body, plan });
    }
    const rssAfter = process.memoryUsage().rss;
    const drawCpu = process.cpuUsage(cpuBefore);
    check(new Set(drawn.map((chart) => chart.path)).size === drawn.length, 'two charts got one address');
    check(charts.stats.drawn === drawn.length, `${charts.stats.drawn} drawings for ${drawn.length} charts`);

    // 2. Serving from cache, interleaved with the floor: a bare server sending the same bytes.
    const floorServer = createServer((req, res) => {
      const chart = drawn[Number(new URL(req.url ?? '/', 'http://x').searchParams.get('i'))]!;
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': chart.png.length }).end(chart.png);
    });
    const floorPort = await listen(floorServer);
    const cachedMs: number[] = [];
    const floorMs: number[] = [];
    let bytes = 0;
    let cacheCpuUs = 0;
    for (let round = 0; round < FETCHES_PER_CHART; round += 1) {
      for (const [index, chart] of drawn.entries()) {
        let started = performance.now();
        const cpu = process.cpuUsage();
        const cached = await get(agent, chartPort, chart.path);
        cachedMs.push(performance.now() - started);
        const used = process.cpuUsage(cpu);
        cacheCpuUs += used.user + used.system;
        check(
          cached.status === 200 && cached.body.equals(chart.png),
          `${chart.path} from cache differs from what was drawn`,
        );
        bytes += cached.body.length;
        started = performance.now();
        const floor = await get(agent, floorPort, `/?i=${index}`);
        floorMs.push(performance.now() - started);
        check(floor.body.equals(chart.png), 'the floor server sent other bytes');
      }
    }
    floorServer.close();

    const futuresMs = drawMs.slice(0, FUTURES);
    const fundMs = drawMs.slice(FUTURES);
    const line = (label: string, value: string) => console.log(`${label.padEnd(52)} ${value}`);
    console.log(
      `load average ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')} on ${availableParallelism()} cores`,
    );
    console.log(
      `charts drawn by the app: ${FUTURES} futures charts (200 candles) and ${FUNDS} fund-asset charts (50 dates), 1400×760 PNGs`,
    );
    line('first chart of the thread (libraries, font)', `${warmMs.toFixed(0)} ms`);
    line(
      'draw a futures chart, median / mean',
      `${median(futuresMs).toFixed(1)} / ${(futuresMs.reduce((a, b) => a + b, 0) / futuresMs.length).toFixed(1)} ms  (goal ≤ 150 ms: ${(median(futuresMs) / 150).toFixed(2)} of it)`,
    );
    line('draw a fund-asset chart, median', `${median(fundMs).toFixed(1)} ms`);
    line(
      'CPU time per chart drawn and fetched (whole process)',
      `${((drawCpu.user + drawCpu.system) / 1000 / drawn.length).toFixed(1)} ms  (goal ≤ 150 ms: ${((drawCpu.user + drawCpu.system) / 1000 / drawn.length / 150).toFixed(2)} of it)`,
    );
    line(
      `serve from cache (${cachedMs.length} GETs), median / p99`,
      `${median(cachedMs).toFixed(2)} / ${[...cachedMs].sort((a, b) => a - b)[Math.floor(cachedMs.length * 0.99)]!.toFixed(2)} ms  (goal ≤ 5 ms: ${(median(cachedMs) / 5).toFixed(2)} of it)`,
    );
    line('CPU time per GET from cache (server and client)', `${(cacheCpuUs / 1000 / cachedMs.length).toFixed(2)} ms`);
    line(
      'bare server sending the same PNG, median',
      `${median(floorMs).toFixed(2)} ms  (cache / bare: ${(median(cachedMs) / median(floorMs)).toFixed(2)})`,
    );
    line(
      'PNG size, mean',
      `${(drawn.reduce((sum, chart) => sum + chart.png.length, 0) / drawn.length / 1024).toFixed(0)} KiB; ${(bytes / 2 ** 20).toFixed(0)} MiB served from cache`,
    );
    line(
      'RSS while drawing',
      `${(rssBefore / 2 ** 20).toFixed(0)} → ${(rssAfter / 2 ** 20).toFixed(0)} MiB (${(charts.stats.cachedBytes / 2 ** 20).toFixed(1)} MiB of PNGs kept)`,
    );
    if (failures > 0) {
      console.error(`${failures} answers differed from what was asked`);
      process.exitCode = 1;
    }
  } finally {
    chartServer.close();
    await agent.close();
    await drawer.close();
  }
}

await main();
