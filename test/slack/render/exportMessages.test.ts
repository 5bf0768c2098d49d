import { describe, expect, it } from 'vitest';
import type { ExportPlan } from '../../../src/core/export/exportPlan.js';
import type { ExportOutcome } from '../../../src/core/export/runExport.js';
import type { BudgetState } from '../../../src/core/ledger/budgets.js';
import { OPERATION_IDS } from '../../../src/core/operations/index.js';
import { english, langFor } from '../../../src/i18n/lang.js';
import {
  exportSubject,
  fileComment,
  finalMessage,
  missingNotes,
  planTexts,
  progressMessage,
} from '../../../src/slack/render/exportMessages.js';
import { mrkdwnToText } from '../../../src/slack/render/mrkdwnToText.js';
import { describeRequest } from '../../../src/slack/slackOperations/index.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';

const zh = langFor('zh-CN');
const TAXPAYER = 'enterprise-general-taxpayer-query';
const BIDS = 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list';

const plan = (overrides: Partial<ExportPlan> = {}): ExportPlan => ({
  operation: TAXPAYER,
  request: { keyword: '有限公司', pageNo: 1, pageSize: 20 },
  paged: true,
  pageSize: 20,
  total: 680,
  pageCount: 34,
  lastPage: 20,
  maxPages: 20,
  capped: true,
  cachedPages: [1],
  pagesToFetch: 19,
  costPerPage: 20,
  coins: 380,
  ...overrides,
});

const budgets: BudgetState = { team: { spent: 200, limit: 500 }, user: { spent: 20 }, resetsAt: new Date(0) };

const outcome = (overrides: Partial<ExportOutcome> = {}): ExportOutcome => ({
  plan: plan({
    operation: BIDS,
    request: { keyword: '光伏组件', pageIndex: '1', pageSize: '10' },
    pageSize: 10,
    total: 23,
    pageCount: 3,
    lastPage: 3,
    capped: false,
    costPerPage: 10,
  }),
  pages: [{}, {}] as ExportOutcome['pages'],
  coinsSpent: 10,
  coinsAtRisk: 0,
  pageCount: 3,
  capped: false,
  shortfall: {
    fromPage: 3,
    toPage: 3,
    reason: { key: 'export.reason.budgetTeam', values: { limit: 25, spent: 20, resetsAt: '2026-11-23 00:00' } },
    charged: 'no',
    coins: 0,
  },
  ...overrides,
});

/** Words of the app's own in Latin letters: none may be left in what a zh-CN reader sees (codes and ids aside). */
function englishWords(text: string): string[] {
  const withoutCodes = text
    .replace(/`[^`]*`/g, '')
    .replace(/<[@#][A-Z0-9]+>/g, '')
    .replace(/EXPORT_MAX_PAGES|CSV|Slack|API|\/dq usage/g, '');
  return withoutCodes.match(/[A-Za-z]{2,}/g) ?? [];
}

describe('what the export modal says', () => {
  it('names a result longer than EXPORT_MAX_PAGES in so many words', () => {
    const subject = exportSubject(TAXPAYER, plan().request, describeRequest, english);
    const texts = planTexts({ plan: plan(), budgets, subject, lang: english, channelId: 'C0GENERAL1' });
    expect(texts.heading).toBe('*Taxpayer records* “有限公司”');
    expect(texts.lines).toEqual([
      '*Pages:* 34 · 680 records · 20 per page',
      '*Cached, free:* 1 page',
      '*To fetch:* 19 pages × 20 coins = *380 coins*',
      '*Workspace budget left today:* 300 coins of 500 coins',
      '*Your budget:* no daily limit',
    ]);
    expect(texts.notes).toEqual([
      '⚠️ This result has 34 pages; exports stop at 20 (EXPORT_MAX_PAGES). The file will hold pages 1–20; narrow the search to get the rest.',
      "⚠️ That is more than the workspace's budget has left today (300 coins): the export will stop when it runs out, and the file will hold the pages fetched until then.",
      'The CSV file will be posted in <#C0GENERAL1>, for everyone there to see; the progress comes in your direct messages with the app.',
    ]);
  });

  it("names the service key's daily budget when it runs out first (issue 42.2)", () => {
    const subject = exportSubject(TAXPAYER, plan().request, describeRequest, english);
    const keyTight: BudgetState = { ...budgets, key: { spent: 1900, limit: 2000 } };
    const texts = planTexts({ plan: plan(), budgets: keyTight, subject, lang: english, channelId: 'C0GENERAL1' });
    expect(texts.notes).toContain(
      "⚠️ That is more than the data-service key's daily budget has left today (100 coins): the export will stop when it runs out, and the file will hold the pages fetched until then.",
    );
  });

  it("in Chinese, with no English of the app's own", () => {
    const subject = exportSubject(TAXPAYER, plan().request, describeRequest, zh);
    const texts = planTexts({
      plan: plan({ requestedPageSize: 10 }),
      budgets,
      subject,
      lang: zh,
      channelId: 'C0GENERAL1',
      runningBy: 'U0ALICE',
    });
    const all = [texts.heading, ...texts.lines, ...texts.notes].join('\n');
    expect(texts.lines[0]).toBe('*页数*：34 页 · 共 680 条记录 · 每页 20 条');
    expect(texts.lines[2]).toBe('*需获取*：19 页 × 20 币 = *380 币*');
    expect(texts.notes[1]).toBe(
      '⚠️ 该结果共 34 页；导出最多 20 页（EXPORT_MAX_PAGES）。文件将包含第 1–20 页；缩小搜索范围可获取其余部分。',
    );
    expect(englishWords(all)).toEqual([]);
  });

  it.each([english, zh])('marks its labels bold in a way Slack draws, next to Chinese too (%#)', (lang) => {
    const subject = exportSubject(TAXPAYER, plan().request, describeRequest, lang);
    const texts = planTexts({
      plan: plan({ requestedPageSize: 10 }),
      budgets: { ...budgets, user: { spent: 1, limit: 100 } },
      subject,
      lang,
      channelId: 'C0GENERAL1',
    });
    // A star left over is a marker Slack would show as a star: bold must end before punctuation or a space.
    for (const line of [texts.heading, ...texts.lines]) expect(mrkdwnToText(line), line).not.toContain('*');
  });
});

describe('progress and the end of an export', () => {
  const subject = exportSubject(
    BIDS,
    { keyword: '光伏组件', pageIndex: '2', pageSize: '10' },
    describeRequest,
    english,
  );

  it('says the page and the coins so far, and who started an export someone joined', () => {
    expect(progressMessage(subject, { page: 3, lastPage: 8, pagesDone: 2, coinsSpent: 20 }, english).text).toBe(
      'Exporting Tender and bid notices “光伏组件” to CSV: page 3 of 8…, 20 coins so far',
    );
    const joined = progressMessage(subject, { page: 3, pagesDone: 2, coinsSpent: 20 }, english, 'U0ALICE');
    expect(joined.text).toBe(
      'An export of Tender and bid notices “光伏组件” is already running (started by <@U0ALICE>): you will get the same file, at no extra cost.\nExporting Tender and bid notices “光伏组件” to CSV: page 3…, 20 coins so far',
    );
    assertWithinSlackLimits(joined, 'message');
  });

  it('an incomplete export says what it holds, where it is, what is missing and why, and what the failed page cost', () => {
    const message = finalMessage(
      { outcome: outcome(), rows: 20, file: { channelId: 'C0GENERAL1' }, askedIn: 'C0GENERAL1' },
      english,
    );
    expect(message.text).toBe(
      "⚠️ Export incomplete: 20 rows from 2 pages, 10 coins spent. The file is in <#C0GENERAL1>.\nMissing page 3: the workspace's daily budget of 25 coins would be passed (20 spent today; it resets at 2026-11-23 00:00).\nNothing was charged for page 3.",
    );
    const maybe = outcome({
      coinsAtRisk: 10,
      shortfall: { fromPage: 2, reason: { key: 'export.reason.timeout' }, charged: 'maybe', coins: 10 },
    });
    expect(missingNotes(maybe, english)).toEqual([
      'Missing page 2 and any after it: the data service did not answer in time.',
      'The data service may have charged 10 coins for page 2 (no readable answer came); it was not retried.',
    ]);
    expect(finalMessage({ outcome: outcome({ pages: [] }), rows: 0 }, english).text).toMatch(
      /^Nothing was exported\.\nMissing page 3/,
    );
    expect(
      finalMessage({ outcome: outcome({ shortfall: undefined }), rows: 20, uploadError: 'not_in_channel' }, english)
        .text,
    ).toBe(
      'The export fetched 20 rows (10 coins spent), but the file could not be posted: Slack answered `not_in_channel`.',
    );
    expect(
      finalMessage({ outcome: outcome({ shortfall: undefined }), rows: 23, file: { channelId: 'D0TESTUSER' } }, english)
        .text,
    ).toBe('✅ Export done: 23 rows from 2 pages, 10 coins spent. The file is in your direct messages with the app.');
  });

  it('in Chinese: progress, the end, and the comment the file is posted with', () => {
    const subjectZh = exportSubject(BIDS, { keyword: '光伏组件', pageIndex: '2', pageSize: '10' }, describeRequest, zh);
    const progress = progressMessage(subjectZh, { page: 3, lastPage: 8, pagesDone: 2, coinsSpent: 20 }, zh).text;
    expect(progress).toBe('正在将招投标公告（“光伏组件”）导出为 CSV：第 3 页，共 8 页，目前已花费 20 币…');
    const final = finalMessage(
      { outcome: outcome(), rows: 20, file: { channelId: 'C0GENERAL1' }, askedIn: 'C0GENERAL1' },
      zh,
    ).text;
    expect(final).toBe(
      '⚠️ 导出不完整：共 2 页，20 行，花费 10 币。文件已发布到<#C0GENERAL1>。\n缺少第 3 页：将超出工作区每日预算 25 币（今日已用 20 币；2026-11-23 00:00 重置）。\n第 3 页未扣费。',
    );
    const comment = fileComment(subjectZh, outcome({ capped: true, shortfall: undefined }), 20, 'U0ALICE', zh, true);
    expect(comment).toBe(
      '<@U0ALICE> 导出了招投标公告（“光伏组件”）：共 2 页，20 行 · 10 币 · 模拟数据\n该结果共 3 页；导出最多 20 页（EXPORT_MAX_PAGES）。',
    );
    for (const text of [progress, final, comment]) expect(englishWords(text)).toEqual([]);
  });
});

describe('what an export is called', () => {
  it('is the operation’s title unless its catalogue names exports otherwise, as each always read', () => {
    const what = (lang: typeof english) => OPERATION_IDS.map((id) => exportSubject(id, {}, describeRequest, lang).what);
    expect(what(english)).toEqual([
      'Taxpayer records',
      'Tender and bid notices',
      'Fund asset size history',
      'Futures candles',
      'Newly issued funds',
    ]);
    expect(what(langFor('zh-CN'))).toEqual(['纳税人信息', '招投标公告', '基金规模历史', '期货K线', '新发基金']);
  });
});

describe('what an export asked, in the reader’s words (issue 37, item 5)', () => {
  it.each([
    [
      'finance-external-futures-kline',
      { symbol: 'CL', type: '5', limit: '30' },
      'CL, 5-minute, 30 candles',
      'CL，5分钟，30 根K线',
    ],
    ['fund-asset', { fundCode: '000001', pageNo: '1', pageSize: '50' }, 'fund 000001', '基金 000001'],
    ['fund-new-list', { saleStatus: 'true', pageNo: '1', pageSize: '50' }, 'on sale', '在售'],
    [TAXPAYER, { keyword: '杭州华信', pageNo: 1, pageSize: 20 }, '“杭州华信”', '“杭州华信”'],
    [
      BIDS,
      {
        keyword: '光伏组件',
        pageSize: '10',
        pageIndex: '1',
        province: 'ZJ',
        type: '2',
        publishStartTime: '2026-01-01',
        publishEndTime: '2026-06-30',
      },
      '“光伏组件” · Award result · region 浙江 (ZJ) · published 2026-01-01 to 2026-06-30',
      '“光伏组件” · 中标结果 · 地区：浙江（ZJ） · 发布日期 2026-01-01 至 2026-06-30',
    ],
  ] as const)('%s', (operation, request, inEnglish, inChinese) => {
    expect(exportSubject(operation, request, describeRequest, english).queryPlain).toBe(inEnglish);
    expect(exportSubject(operation, request, describeRequest, zh).queryPlain).toBe(inChinese);
    for (const lang of [english, zh]) {
      const heading = planTexts({
        plan: plan({ operation, request }),
        budgets,
        subject: exportSubject(operation, request, describeRequest, lang),
        lang,
      }).heading;
      expect(heading).not.toMatch(/\w+=/);
    }
  });
});
