import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterEach, describe, expect, it } from 'vitest';
import { chartSettingsFromEnv } from '../../../src/charts/chartRenderer.js';
import type { LedgerEntry } from '../../../src/core/ledger/ledger.js';
import type { RecordedCall } from '../../support/slack/index.js';
import { DEFAULT_CHANNEL_ID, DEFAULT_WORKSPACE, dmChannelFor, UPLOAD_URL_CALL } from '../../support/slack/index.js';
import { startTestApp, type TestApp } from '../../support/slackApp.js';
import { OPS, simulatorCost } from './forms.js';

/**
 * With Slack's own charts (the default), a futures answer in a thread (an @mention's, a direct
 * message's) carries a line of the latest closes; the candlestick picture the app draws follows it
 * into the same thread as a file (files.getUploadURLExternal → upload → files.completeUploadExternal
 * with channel_id and thread_ts, https://docs.slack.dev/reference/methods/files.completeUploadExternal).
 * Never into a private reply; never another charge; a failed upload leaves the answer as it is.
 */

const TEAM = DEFAULT_WORKSPACE.teamId;
const CHINESE_USER = 'U0ZHUSER01';
/** A message in the channel under which the team talks about crude oil. */
const PARENT_TS = '1795700000.000100';
const FUTURES_COST = simulatorCost(OPS.futures);

async function ledger(app: TestApp): Promise<LedgerEntry[]> {
  await app.client.ledger.flush();
  return app.client.ledger.entries(TEAM, 0, app.clock.now() + 60_000);
}

function blockTypes(call: RecordedCall): string[] {
  return ((call.args.blocks as Array<{ type: string }> | undefined) ?? []).map((block) => block.type);
}

/** Pixels of exactly this colour in the rows from `top` to `bottom` (fractions of the height). */
function countColour(
  pixels: Uint8ClampedArray,
  width: number,
  height: number,
  hex: string,
  rows: [number, number] = [0, 1],
): number {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  let count = 0;
  for (let y = Math.floor(rows[0] * height); y < Math.floor(rows[1] * height); y++)
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 4;
      if (pixels[offset] === r && pixels[offset + 1] === g && pixels[offset + 2] === b) count++;
    }
  return count;
}

async function decode(png: Buffer) {
  const picture = await loadImage(png);
  const canvas = createCanvas(picture.width, picture.height);
  canvas.getContext('2d').drawImage(picture, 0, 0);
  const pixels = canvas.getContext('2d').getImageData(0, 0, picture.width, picture.height).data;
  return { width: picture.width, height: picture.height, pixels };
}

describe('the candlestick picture in a thread answer', () => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('@dq CL 5m 30 in a thread: the answer, then one PNG of candlesticks completed into the same channel and thread; 5 coins in all', async () => {
    app = await startTestApp({ charts: chartSettingsFromEnv({}) });
    const mention = await app.mention('CL 5m 30', { threadTs: PARENT_TS });
    expect(mention.status).toBe(200);
    const answer = await app.nextCall('chat.postMessage', (call) => call.args.thread_ts === PARENT_TS);
    // The answer keeps Slack's own chart: the line of closes.
    expect(blockTypes(answer)).toContain('data_visualization');
    const completed = await app.nextCall('files.completeUploadExternal', undefined, 30_000);
    expect(completed.args.channel_id).toBe(DEFAULT_CHANNEL_ID);
    expect(completed.args.thread_ts).toBe(PARENT_TS);
    expect(completed.args.channels).toBeUndefined();
    expect(completed.response.ok).toBe(true);
    await app.settle();

    // The answer first, then the three steps of the upload, each once.
    const order = app.fake
      .calls()
      .map((call) => call.method)
      .filter((method) =>
        ['chat.postMessage', 'files.getUploadURLExternal', UPLOAD_URL_CALL, 'files.completeUploadExternal'].includes(
          method,
        ),
      );
    expect(order).toEqual([
      'chat.postMessage',
      'files.getUploadURLExternal',
      UPLOAD_URL_CALL,
      'files.completeUploadExternal',
    ]);
    const asked = app.fake.calls('files.getUploadURLExternal')[0]!;
    expect(asked.args.alt_txt).toMatch(/^Candlestick chart of CL futures, 30 five-minute candles/);

    const uploads = app.fake.uploads();
    expect(uploads).toHaveLength(1);
    const [upload] = uploads;
    expect(upload!.filename).toBe('CL-5m.png');
    expect(upload!.completed).toEqual({
      title: 'CL 5-minute candles, MA5 and MA20',
      channelId: DEFAULT_CHANNEL_ID,
      threadTs: PARENT_TS,
    });

    // A PNG of the app's candlesticks: 700×380 at twice the pixels, rising and falling candles in
    // the English reader's colours (green up) in the price band, both averages drawn.
    const png = upload!.bytes!;
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const { width, height, pixels } = await decode(png);
    expect([width, height]).toEqual([1400, 760]);
    // Below the legend (whose keys have the same colours), above the volume band.
    const priceBand: [number, number] = [0.25, 0.75];
    expect(countColour(pixels, width, height, '#26a69a', priceBand)).toBeGreaterThan(500);
    expect(countColour(pixels, width, height, '#ef5350', priceBand)).toBeGreaterThan(500);
    expect(countColour(pixels, width, height, '#e59400')).toBeGreaterThan(100);
    expect(countColour(pixels, width, height, '#7e57c2')).toBeGreaterThan(100);

    // The picture is drawn from the answer already paid for: one call, 5 coins.
    expect(app.upstreamCalls(OPS.futures)).toHaveLength(1);
    expect((await ledger(app)).map((entry) => [entry.operation, entry.coins, entry.outcome])).toEqual([
      [OPS.futures, FUTURES_COST, 'success'],
    ]);
    expect(FUTURES_COST).toBe(5);
    expect(app.errorLogs()).toEqual([]);
  });

  it('a direct message in Chinese: the picture goes into the message’s thread, titled in Chinese', async () => {
    app = await startTestApp({ charts: chartSettingsFromEnv({}) });
    app.fake.setUser(CHINESE_USER, { locale: 'zh-CN' });
    const dm = await app.directMessage('CL 5分钟 30', { userId: CHINESE_USER });
    await app.nextCall('chat.postMessage', (call) => call.args.thread_ts === dm.ts);
    const completed = await app.nextCall('files.completeUploadExternal', undefined, 30_000);
    expect([completed.args.channel_id, completed.args.thread_ts]).toEqual([dmChannelFor(CHINESE_USER), dm.ts]);
    expect(app.fake.uploads()[0]!.completed!.title).toBe('CL 5分钟K线，MA5和MA20');
    // A Chinese reader's rise is red.
    const { width, height, pixels } = await decode(app.fake.uploads()[0]!.bytes!);
    expect(countColour(pixels, width, height, '#ef5350', [0.25, 0.75])).toBeGreaterThan(500);
  });

  it('a slash command’s private reply uploads nothing, nor does a thread answer with the setting off', async () => {
    app = await startTestApp({ charts: chartSettingsFromEnv({}) });
    const sent = await app.command('CL 5m 30', { command: '/futures' });
    const reply = await app.nextResponse(sent.responseId);
    expect((reply.blocks ?? []).some((block) => block.type === 'data_visualization')).toBe(true);
    // A question's buttons and the answer a click brings are private too.
    await app.settle(300);
    expect(
      app.fake.calls().filter((call) => call.method.startsWith('files.') || call.method === UPLOAD_URL_CALL),
    ).toEqual([]);
    await app.close();

    app = await startTestApp({ charts: chartSettingsFromEnv({ CHART_THREAD_FILES: 'false' }) });
    await app.mention('CL 5m 30', { threadTs: PARENT_TS });
    const answer = await app.nextCall('chat.postMessage', (call) => call.args.thread_ts === PARENT_TS);
    expect(blockTypes(answer)).toContain('data_visualization');
    await app.settle(300);
    expect(app.fake.calls().filter((call) => call.method.startsWith('files.'))).toEqual([]);
  });

  it('Slack refusing the file (the app not in the channel) leaves the answer as it is, logged, nothing more charged', async () => {
    app = await startTestApp({ charts: chartSettingsFromEnv({}) });
    app.fake.failNext('files.completeUploadExternal', 'not_in_channel');
    await app.mention('CL 5m 30', { threadTs: PARENT_TS });
    const answer = await app.nextCall('chat.postMessage', (call) => call.args.thread_ts === PARENT_TS);
    expect(blockTypes(answer)).toContain('data_visualization');
    const refused = await app.nextCall('files.completeUploadExternal', undefined, 30_000);
    expect(refused.response.error).toBe('not_in_channel');
    await app.settle(300);
    expect(app.fake.calls('files.completeUploadExternal')).toHaveLength(1);
    expect(app.fake.uploads().filter((upload) => upload.completed)).toEqual([]);
    // One answer, nothing posted to say the picture is missing: the answer has its chart.
    expect(app.fake.calls('chat.postMessage').filter((call) => call.landed)).toHaveLength(1);
    expect(app.logs.some((line) => /could not upload the chart picture/.test(String(line.msg)))).toBe(true);
    expect((await ledger(app)).map((entry) => entry.coins)).toEqual([FUTURES_COST]);
    expect(app.upstreamCalls(OPS.futures)).toHaveLength(1);
    expect(app.errorLogs()).toEqual([]);
  });

  it('a completion Slack does not confirm (a 500 after sharing) is not made again, and is logged as unknown', async () => {
    app = await startTestApp({ charts: chartSettingsFromEnv({}) });
    app.fake.failAfterDoing('files.completeUploadExternal', 500);
    await app.mention('CL 5m 30', { threadTs: PARENT_TS });
    await app.nextCall('chat.postMessage', (call) => call.args.thread_ts === PARENT_TS);
    await app.nextCall('files.completeUploadExternal', undefined, 30_000);
    // Long enough for the policy's retries, had it made any.
    await app.settle(1_500);
    expect(app.fake.calls('files.completeUploadExternal')).toHaveLength(1);
    expect(app.fake.uploads().filter((upload) => upload.completed)).toHaveLength(1);
    const logged = app.logs.find((line) => /did not confirm the chart picture/.test(String(line.msg)));
    expect(logged).toMatchObject({ outcome: 'unknown' });
    expect((await ledger(app)).map((entry) => entry.coins)).toEqual([FUTURES_COST]);
  });
});
