import { describe, expect, it } from 'vitest';
import type { FundAssetRecord } from '../../../src/core/operations/fundAsset.js';
import { langFor } from '../../../src/i18n/lang.js';
import { displayWidth } from '../../../src/slack/blockKit/mrkdwn.js';
import { slackOperation } from '../../../src/slack/slackOperations/index.js';
import { unexpectedEnglish } from '../../support/englishWords.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { answerMessage, answerOf, OPTIONS, visibleText } from '../render/fixtures.js';

const RECORDS: FundAssetRecord[] = [
  { assetDate: '2026-03-31', assetRate: 1.234, asset: 1_234_567_890 },
  { assetDate: '2025-12-31', assetRate: -0.45, asset: 56_789_000 },
  { assetDate: '2025-09-30', assetRate: null, asset: 5_678.9 },
];

function render(records: FundAssetRecord[], extra: Partial<typeof OPTIONS> = {}, total?: number) {
  const result = total === undefined ? { fundCode: '000001', records } : { fundCode: '000001', records, total };
  return answerMessage(answerOf('fund-asset', { fundCode: '000001', pageSize: 50 }, result), { ...OPTIONS, ...extra });
}

function tableLines(text: string): string[] {
  const table = /```\n([\s\S]*?)\n```/.exec(text)![1]!;
  return table.split('\n');
}

describe('fund asset history', () => {
  it('shows a monospace table of dates, sizes in the reader’s units and signed rates, — for a missing rate', () => {
    const message = render(RECORDS);
    assertWithinSlackLimits(message, 'message');
    const lines = tableLines(visibleText(message));
    expect(lines[0]).toMatch(/^Date\s+Asset size\s+Change$/);
    expect(lines[1]).toMatch(/^2026-03-31\s+CNY 1\.23 billion\s+\+1\.23%$/);
    expect(lines[2]).toMatch(/^2025-12-31\s+CNY 56\.79 million\s+−0\.45%$/);
    expect(lines[3]).toMatch(/^2025-09-30\s+CNY 5\.68 thousand\s+—$/);
    expect(visibleText(message)).toContain(
      '*Latest:* CNY 1.23 billion on 2026-03-31 (+1.23% against the period before)',
    );
  });

  it('aligns the columns by display width, CJK units counting double', () => {
    const lines = tableLines(visibleText(render(RECORDS)));
    const widths = new Set(lines.map((line) => displayWidth(line)));
    expect(widths.size).toBe(1);
  });

  it('adds the chart as an image block, or the note when there is none', () => {
    const withChart = render(RECORDS, {
      chart: {
        kind: 'image',
        url: 'https://quickchart.io/chart/render/abc',
        alt: 'Asset size of 000001',
        caption: 'Asset size (CNY)',
      },
    });
    const image = withChart.blocks.find((block) => block.type === 'image');
    expect(image).toMatchObject({
      type: 'image',
      image_url: 'https://quickchart.io/chart/render/abc',
      alt_text: 'Asset size of 000001',
      title: { type: 'plain_text', text: 'Asset size (CNY)' },
    });
    const withNote = render(RECORDS, { chart: { kind: 'none', note: 'Chart left out: only one date.' } });
    expect(withNote.blocks.some((block) => block.type === 'image')).toBe(false);
    expect(visibleText(withNote)).toContain('_Chart left out: only one date._');
  });

  it('keeps 50 rows (the largest page) whole', () => {
    const records = Array.from({ length: 50 }, (_, index) => ({
      assetDate: `20${String(50 - index).padStart(2, '0')}-12-31`,
      assetRate: index % 3 ? -index / 7 : index / 3,
      asset: 10 ** (3 + (index % 8)) * 1.2345,
    }));
    const message = render(records, {}, 400);
    assertWithinSlackLimits(message, 'message');
    const text = visibleText(message);
    for (const record of records) expect(text).toContain(record.assetDate);
    expect(text).toContain('Page 1 of 8 · 400 results');
  });

  it('on a later page, the newest date is "newest on this page", not the fund\'s latest', () => {
    const first = visibleText(render(RECORDS, {}, 30));
    expect(first).toMatch(/Latest:\*? CNY 1\.23 billion on 2026-03-31/);
    const later = visibleText(
      answerMessage(
        answerOf('fund-asset', { fundCode: '000001', pageNo: 2 }, { fundCode: '000001', records: RECORDS, total: 30 }),
        OPTIONS,
      ),
    );
    expect(later).toMatch(/Newest on this page:\*? CNY 1\.23 billion on 2026-03-31/);
    expect(later).not.toMatch(/Latest:/);
  });

  it('says so when the page is empty', () => {
    const message = render([]);
    assertWithinSlackLimits(message, 'message');
    expect(visibleText(message)).toContain('No asset history for fund 000001.');
  });
});

describe('fund asset history in Chinese', () => {
  const ZH = { ...OPTIONS, lang: langFor('zh-CN') };
  const answer = (records: FundAssetRecord[], pageNo = 1, total = 30) =>
    answerOf('fund-asset', { fundCode: '000001', pageNo, pageSize: 10 }, { fundCode: '000001', records, total });

  it('heads the table in Chinese, still aligned, and writes no English of its own', () => {
    const result = slackOperation('fund-asset').render(answer(RECORDS), ZH);
    const text = visibleText(result);
    expect(text).toContain('基金规模历史：000001');
    expect(text).toContain('*最新* 2026-03-31，规模 12.35亿元（较上期 +1.23%）');
    const lines = tableLines(text);
    expect(lines[0]).toMatch(/^日期\s+基金规模\s+变动$/);
    expect(new Set(lines.map((line) => displayWidth(line))).size).toBe(1);
    expect(result.text).toBe('基金规模历史：基金 000001，3 个日期');
    expect(unexpectedEnglish(`${text}\n${result.text}`)).toEqual([]);
  });

  it('on a later page says "newest on this page"; an empty first page says so', () => {
    expect(visibleText(slackOperation('fund-asset').render(answer(RECORDS, 2), ZH))).toContain('*本页最新* 2026-03-31');
    const empty = slackOperation('fund-asset').render(answer([], 1, 0), ZH);
    expect(visibleText(empty)).toContain('没有基金 000001 的规模历史。请检查基金代码（6 位数字，例如 000001）。');
    expect(empty.text).toBe('基金规模历史：基金 000001，未找到记录');
  });

  it('keeps 50 rows (the largest page) whole', () => {
    const records = Array.from({ length: 50 }, (_, index) => ({
      assetDate: `20${String(50 - index).padStart(2, '0')}-12-31`,
      assetRate: index % 3 ? -index / 7 : index / 3,
      asset: 10 ** (3 + (index % 8)) * 1.2345,
    }));
    const message = answerMessage(
      answerOf('fund-asset', { fundCode: '000001', pageSize: 50 }, { fundCode: '000001', records, total: 400 }),
      ZH,
    );
    assertWithinSlackLimits(message, 'message');
    const text = visibleText(message);
    for (const record of records) expect(text).toContain(record.assetDate);
    expect(text).not.toContain('未显示');
  });
});
