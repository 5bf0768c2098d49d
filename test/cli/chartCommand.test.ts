import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultFileName, runChartCommand } from '../../src/cli/chartCommand.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/core/logger.js';
import { runEntryPoint } from '../support/entryPoints.js';

const dir = mkdtempSync(join(tmpdir(), 'dq-chart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function collector() {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

async function dqChart(line: string, env: Record<string, string> = {}) {
  const out = collector();
  const err = collector();
  const code = await runChartCommand({
    words: line.split(' ').filter(Boolean),
    config: loadConfig({ DEFAULT_TZ: 'Asia/Shanghai', STORE_URL: 'memory://', ...env }, { inSlack: false, demo: true }),
    logger: createLogger({ level: 'silent' }),
    output: out.stream,
    errorOutput: err.stream,
    cwd: dir,
  });
  return { code, stdout: out.text(), stderr: err.text() };
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): [number, number] {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('dq chart', () => {
  it("draws a futures reply's chart from the simulator into the named PNG and prints the caption", async () => {
    const { code, stdout, stderr } = await dqChart('futures CL 5m 30 --out cl.png');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(pngSize(join(dir, 'cl.png'))).toEqual([1400, 760]);
    expect(stdout).toContain(`${join(dir, 'cl.png')} (1400×760)`);
    expect(stdout).toMatch(/^CL 5-minute candles, .* GMT\+8 \(Asia\/Shanghai\)\.$/m);
    expect(stdout).toMatch(
      /^drawn by the app \(CHART_RENDERER=native\): in a Slack message, Slack draws the reply's chart itself from its values; simulated data$/m,
    );
    const quickChart = await dqChart('futures CL 5m 30 --out cl.png', { CHART_RENDERER: 'quickchart' });
    expect(quickChart.stdout).toMatch(/^image_url: \d{4} characters \(Slack allows 3000\); simulated data$/m);
  });

  it('takes the slash command with its /, names the file after it, and follows the chart settings', async () => {
    const fund = await dqChart('/fund-asset 000001 page:2');
    expect(fund.code).toBe(0);
    expect(existsSync(join(dir, 'fund-asset-000001-page-2.png'))).toBe(true);
    expect(fund.stdout).toMatch(/^Fund 000001 net assets from /m);
    const fallback = await dqChart('/futures GC 1h 40 --out gc.png', {
      CHART_RENDERER: 'quickchart',
      QUICKCHART_CANDLESTICK: 'false',
      CHART_COLORS: 'cn',
      QUICKCHART_WIDTH: '900',
    });
    expect(fallback.code).toBe(0);
    expect(fallback.stdout).toContain('Drawn as high-low bars with close ticks');
    expect(pngSize(join(dir, 'gc.png'))).toEqual([1800, 760]);
  });

  it('--out naming a folder draws into it under the command\'s name; a file it cannot write is said, not "logged"', async () => {
    const folder = mkdtempSync(join(dir, 'into-'));
    const into = await dqChart(`futures CL 1w 20 --out ${folder}`);
    expect(into.stderr).toBe('');
    expect(into.code).toBe(0);
    expect(pngSize(join(folder, 'futures-CL-1w-20.png'))).toEqual([1400, 760]);
    const slash = await dqChart(`futures CL 1w 20 --out ${join(dir, 'new-folder')}/`);
    expect(slash.code).toBe(1);
    expect(slash.stderr).toBe(`dq chart: could not write ${join(dir, 'new-folder', 'futures-CL-1w-20.png')}: ENOENT\n`);
  });

  it('says why in one line, with exit 2, for input that has no chart or is not valid', async () => {
    for (const [line, message] of [
      // The charted commands in the order the operations are listed (help's order).
      [
        'bids 光伏组件',
        /Tender and bid notices answers have no chart; charts come with \/fund-asset 000001 page:2 or \/futures CL 5m 30/,
      ],
      ['futures', /\/futures needs its arguments here, e.g. dq chart \/futures CL 5m 30/],
      ['futures CL 7m', /not valid[\s\S]*type[\s\S]*e\.g\. dq chart \/futures CL 5m 30/],
      ['', /which chart\?/],
      ['futures CL 5m --out', /--out needs a file name/],
      ['usage', /"usage" has no chart/],
      ['/dq usage', /has no chart/],
    ] as const) {
      const { code, stderr, stdout } = await dqChart(line);
      expect(code, line).toBe(2);
      expect(stderr).toMatch(message);
      expect(stdout).toBe('');
    }
  });

  it('draws the chart in the workspace’s language (DEFAULT_LOCALE), or the one --lang names', async () => {
    const zh = await dqChart('futures CL 5m 30 --lang zh --out cl-zh.png');
    expect(zh.stderr).toBe('');
    expect(zh.code).toBe(0);
    expect(zh.stdout).toMatch(/^CL 5分钟K线，.* 至 .*（北京时间）。$/m);
    const workspace = await dqChart('/fund-asset 000001 --out fund-zh.png', { DEFAULT_LOCALE: 'zh-CN' });
    expect(workspace.stdout).toMatch(/^基金 000001 净资产，\S+ 至 \S+。$/m);
    const english = await dqChart('/fund-asset 000001 --lang=en --out fund-en.png', { DEFAULT_LOCALE: 'zh-CN' });
    expect(english.stdout).toMatch(/^Fund 000001 net assets from /m);
    const one = await dqChart('futures CL 1m 1 --lang zh --out one-zh.png');
    expect(one.stderr).toContain('未附图表：只有一根K线，不足以绘图（数据见上文）。');
    const unknown = await dqChart('futures CL 5m 30 --lang fr');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--lang takes en or zh, not "fr"/);
  });

  it('draws nothing for one candle and says so', async () => {
    const { code, stderr } = await dqChart('futures CL 1m 1 --out one.png');
    expect(code).toBe(1);
    expect(stderr).toMatch(/one candle is not enough for a chart/);
    expect(existsSync(join(dir, 'one.png'))).toBe(false);
  });

  it('names files after the command', () => {
    expect(defaultFileName('futures CL 5m 30')).toBe('futures-CL-5m-30.png');
    expect(defaultFileName('/fund-asset 000001 page:2')).toBe('fund-asset-000001-page-2.png');
  });

  it('runs as `dq chart` from the command line', async () => {
    const file = join(dir, 'cli.png');
    const result = await runEntryPoint('dq', ['chart', 'futures', 'GC', 'daily', '20', '--demo', '--out', file], {
      STORE_URL: 'memory://',
      DEFAULT_TZ: 'UTC',
      LOG_LEVEL: 'error',
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('GC daily candles');
    expect(pngSize(file)).toEqual([1400, 760]);
  });
});
