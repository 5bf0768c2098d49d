import { afterEach, describe, expect, it } from 'vitest';
import { chartSettingsFromEnv } from '../../../src/charts/chartRenderer.js';
import { recordConnections } from '../../support/outboundConnections.js';
import { DEFAULT_WORKSPACE } from '../../support/slack/index.js';
import {
  allText,
  buttonNamed,
  footerText,
  type SlackResponseBody,
  startTestApp,
  type TestApp,
} from '../../support/slackApp.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { OPS, simulatorCost } from './forms.js';

/**
 * Charts that stay in Slack: with the default settings (Socket Mode or HTTP, no PUBLIC_URL), a fund's
 * net assets and a contract's closes are drawn by Slack itself from values in the reply; nothing of
 * them goes to a third party, and a Slack that refuses the block still gets the reply, paid once.
 */

type Chart = {
  type: string;
  title: string;
  chart: {
    type: string;
    series: Array<{ name: string; data: Array<{ label: string; value: number }> }>;
    axis_config: { categories: string[] };
  };
};

function chartOf(message: SlackResponseBody): Chart | undefined {
  return (message.blocks ?? []).find((block) => block.type === 'data_visualization') as Chart | undefined;
}

/** Every address in a message that Slack would fetch or a reader would follow (images, buttons, links). */
function addressesIn(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) addressesIn(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if ((key === 'image_url' || key === 'url') && typeof child === 'string') into.push(child);
      else addressesIn(child, into);
    }
  } else if (typeof value === 'string') into.push(...(value.match(/https?:\/\/[^\s|>)"]+/g) ?? []));
  return into;
}

const coinsToday = async (app: TestApp) =>
  (await app.client.ledger.usage(DEFAULT_WORKSPACE.teamId, app.clock.now())).today.coins;

describe('native charts, with the default chart settings', () => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('/fund-asset 000001: the latest 20 dates as bars Slack draws, the table keeping all 50', async () => {
    app = await startTestApp({ charts: chartSettingsFromEnv({}) });
    const reply = await app.nextResponse((await app.command('000001', { command: '/fund-asset' })).responseId);
    assertWithinSlackLimits(reply, 'message');
    const chart = chartOf(reply)!;
    expect(chart.chart.type).toBe('bar');
    expect(chart.chart.axis_config.categories).toHaveLength(20);
    const table = (reply.blocks ?? []).find((block) => block.type === 'data_table') as { rows: unknown[] };
    expect(table.rows).toHaveLength(51);
    // The newest 20 of the 50, oldest first, as the table's newest rows.
    const dates = (table.rows.slice(1) as Array<Array<{ text: string }>>).map((row) => row[0]!.text).sort();
    expect(chart.chart.axis_config.categories).toEqual(dates.slice(-20));
    expect(chart.title).toMatch(/^000001 · latest CNY [\d.]+ (billion|million) on \d{4}-\d\d-\d\d$/);
    expect(allText(reply)).toContain('The latest 20 of 50 dates; the table has them all');
    expect(reply.blocks!.some((block) => block.type === 'image')).toBe(false);
  });

  it('/futures CL 15m 30: 30 15-minute candles from one call of 90 5-minute ones, the latest 20 closes drawn by Slack', async () => {
    app = await startTestApp({ charts: chartSettingsFromEnv({}) });
    const reply = await app.nextResponse((await app.command('CL 15m 30', { command: '/futures' })).responseId);
    assertWithinSlackLimits(reply, 'message');
    expect(app.upstreamCalls(OPS.futures).map((call) => call.request)).toEqual([
      { symbol: 'CL', type: '5', limit: '90' },
    ]);
    expect(await coinsToday(app)).toBe(simulatorCost(OPS.futures));
    const text = allText(reply);
    expect(text).toContain('Futures candlesticks: CL, 15-minute');
    expect(text).toMatch(/30 candles from \S+ \S+ to/);
    expect(text).toContain(
      `30 fifteen-minute candles merged from 90 five-minute candles (first open, highest high, lowest low, last close, summed volume), fetched in one call: ${simulatorCost(OPS.futures)} coins`,
    );
    const chart = chartOf(reply)!;
    expect(chart.chart.type).toBe('line');
    expect(chart.title).toMatch(/^CL · 15m · [\d.]+, last candle [−+]?\d+\.\d\d%$/);
    const closes = chart.chart.series[0]!.data;
    expect(closes).toHaveLength(20);
    // Quarter-hours, aligned to the clock.
    expect(chart.chart.axis_config.categories.every((label) => /(^|\s)\d\d:(00|15|30|45)$/.test(label))).toBe(true);
    expect(text).toContain('The latest 20 of 30 closes');
    // The same query again is answered from the cache, its chart the same.
    const again = await app.nextResponse((await app.command('CL 15m 30', { command: '/futures' })).responseId);
    expect(chartOf(again)!.chart.series).toEqual(chart.chart.series);
    expect(app.upstreamCalls(OPS.futures)).toHaveLength(1);
  });

  it('a Chinese reader gets the chart in Chinese: 周线 from daily candles', async () => {
    app = await startTestApp({ charts: chartSettingsFromEnv({}) });
    app.fake.setUser('UZH', { locale: 'zh-CN' });
    const reply = await app.nextResponse(
      (await app.command('CL 周线 20', { command: '/futures', userId: 'UZH' })).responseId,
    );
    assertWithinSlackLimits(reply, 'message');
    expect(app.upstreamCalls(OPS.futures).map((call) => call.request)).toEqual([
      { symbol: 'CL', type: '0', limit: '140' },
    ]);
    const chart = chartOf(reply)!;
    expect(chart.title).toMatch(/^CL · 周线 · [\d.]+，最新K线 [−+]?\d+\.\d\d%$/);
    expect(chart.chart.series[0]!.name).toBe('收盘价');
    // The daily candles the 20 weeks hold (5 a week at most), not the 140 fetched.
    const merged = /20 根周K线由 (\d+) 根日K线合并而成/.exec(allText(reply));
    expect(merged, allText(reply)).not.toBeNull();
    expect(Number(merged![1])).toBeGreaterThan(19 * 5);
    expect(Number(merged![1])).toBeLessThanOrEqual(20 * 5);
  });

  it('when Slack refuses the chart block, the reply is sent again without it, and nothing is fetched or charged twice', async () => {
    app = await startTestApp({ charts: chartSettingsFromEnv({}) });
    app.fake.refuseBlockTypes('data_visualization');
    const sent = await app.command('CL 15m 30', { command: '/futures' });
    const refused = await app.nextResponse(sent.responseId);
    expect(chartOf(refused)).toBeDefined();
    const resent = await app.nextResponse(sent.responseId);
    assertWithinSlackLimits(resent, 'message');
    expect(chartOf(resent)).toBeUndefined();
    expect(allText(resent)).toContain('Chart left out: this Slack does not show charts in messages yet');
    expect(allText(resent)).toContain('Futures candlesticks: CL, 15-minute');
    await app.settle();
    expect(app.responses(sent.responseId)).toHaveLength(2);
    expect(app.upstreamCalls(OPS.futures)).toHaveLength(1);
    expect(await coinsToday(app)).toBe(simulatorCost(OPS.futures));
  });

  it('sends no request to any host but the data service and Slack (a thread’s chart file included), and no address Slack would fetch from one', async () => {
    app = await startTestApp({ charts: chartSettingsFromEnv({}) });
    const called = [app.simulator.url, app.fake.url].map((url) => new URL(url).host);
    const allowed = new Set([...called, new URL(app.url).host]);
    const recording = recordConnections();
    const replies: SlackResponseBody[] = [];
    try {
      for (const [command, text] of [
        ['/fund-asset', '000001'],
        ['/futures', 'CL 15m 30'],
        ['/futures', 'GC 1w 20'],
        ['/futures', 'CL 5m 200'],
      ] as const) {
        const sent = await app.command(text, { command });
        const reply = await app.nextResponse(sent.responseId);
        replies.push(reply);
        const share = buttonNamed(reply, 'dq_share')!;
        await app.click('dq_share', share.value!, { responseUrlId: sent.responseId });
        replies.push(await app.nextResponse(sent.responseId));
      }
      // An answer in a thread, and the candlestick picture uploaded after it: to Slack's upload URL only.
      await app.mention('CL 5m 30', { threadTs: '1795700000.000100' });
      await app.nextCall('files.completeUploadExternal', undefined, 30_000);
      await app.settle();
    } finally {
      recording.stop();
    }
    // Everything this test runs listens on loopback; a third party (hosted QuickChart) would not. Other
    // loopback ports can show up, as the recording sees the whole worker (under test:any-day with a
    // busy core: two ports of no server of this test, six connections).
    const hosts = recording.hosts();
    expect(hosts).toEqual(expect.arrayContaining(called));
    expect(hosts.filter((host) => !/^(127\.0\.0\.1|localhost|\[::1\]|::1):\d+$/.test(host))).toEqual([]);
    const addresses = replies.flatMap((reply) => addressesIn(reply.blocks));
    expect(addresses.filter((address) => !allowed.has(new URL(address).host))).toEqual([]);
    for (const reply of replies) expect(chartOf(reply), footerText(reply)).toBeDefined();
  });

  it('names a fund by the name a new-fund list gave it', async () => {
    app = await startTestApp({ charts: chartSettingsFromEnv({}) });
    const list = await app.nextResponse((await app.command('all', { command: '/new-funds' })).responseId);
    const table = (list.blocks ?? []).find((block) => block.type === 'data_table') as {
      rows: Array<Array<{ text?: string }>>;
    };
    const header = table.rows[0]!.map((cell) => cell.text);
    const [first] = table.rows.slice(1);
    const name = first![header.indexOf('Fund')]!.text!;
    const code = first![header.indexOf('Code')]!.text!;
    const reply = await app.nextResponse((await app.command(code, { command: '/fund-asset' })).responseId);
    expect(allText(reply)).toContain(`Fund asset size history: fund ${code} ${name}`);
  });

  it('with CHART_RENDERER=quickchart the chart goes to QuickChart as the operator chose, the data in its address', async () => {
    app = await startTestApp({ charts: chartSettingsFromEnv({ CHART_RENDERER: 'quickchart' }) });
    const reply = await app.nextResponse((await app.command('CL 15m 30', { command: '/futures' })).responseId);
    const image = (reply.blocks ?? []).find((block) => block.type === 'image') as { image_url: string } | undefined;
    expect(new URL(image!.image_url).host).toBe('quickchart.io');
    expect(chartOf(reply)).toBeUndefined();
  });
});
