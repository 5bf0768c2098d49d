import type { DataTableBlock, KnownBlock } from '@slack/types';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallResult } from '../../../src/core/client/dataClient.js';
import type { OperationId } from '../../../src/core/operations/index.js';
import { langFor } from '../../../src/i18n/lang.js';
import { tableOrNothing, textCell } from '../../../src/slack/render/dataTable.js';
import { startVirtualDataService, TEAM } from '../../support/dataService.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import {
  messageTableProblems,
  numericColumns,
  TABLE_LIMITS,
  tableBlockProblems,
} from '../../support/slackTableLimits.js';
import { answerMessage, answerOf, OPTIONS, visibleText } from './fixtures.js';

const FUND_ASSET = 'fund-asset';
const NEW_FUNDS = 'fund-new-list';
const BIDS = 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list';
const TAXPAYER = 'enterprise-general-taxpayer-query';

function tablesOf(blocks: readonly KnownBlock[]): DataTableBlock[] {
  return blocks.filter((block): block is DataTableBlock => block.type === 'data_table');
}

/** The largest page of each list operation, as the simulator answers it (no size given: the default is the largest). */
const LARGEST: Array<{ operation: OperationId; input: Record<string, unknown>; rows: number; numeric: number[] }> = [
  { operation: FUND_ASSET, input: { fundCode: '000001' }, rows: 50, numeric: [1, 2] },
  { operation: NEW_FUNDS, input: {}, rows: 50, numeric: [7] },
  { operation: TAXPAYER, input: { keyword: '杭州' }, rows: 20, numeric: [] },
  { operation: BIDS, input: { keyword: '光伏组件' }, rows: 10, numeric: [] },
];

describe('list results as Slack native tables', () => {
  let service: ReturnType<typeof startVirtualDataService>;
  const answers = new Map<OperationId, CallResult>();
  beforeAll(async () => {
    service = startVirtualDataService();
    for (const { operation, input } of LARGEST)
      answers.set(operation, (await service.client.call(operation, input, TEAM)) as CallResult);
  });
  afterAll(async () => {
    await service.close();
  });

  it.each(LARGEST.flatMap((entry) => (['en', 'zh-CN'] as const).map((locale) => ({ ...entry, locale }))))(
    "$operation in $locale: the whole fetched page is one data_table within Slack's published limits, and the fallback fits too",
    ({ operation, rows, numeric, locale }) => {
      const answer = answers.get(operation)!;
      const lang = langFor(locale);
      const message = answerMessage(answer, { ...OPTIONS, lang, tables: true });
      assertWithinSlackLimits(message, 'message');
      const [table, ...others] = tablesOf(message.blocks);
      expect(others).toHaveLength(0);
      expect(table!.rows).toHaveLength(rows + 1);
      expect(tableBlockProblems(table)).toEqual([]);
      // Amounts sort as numbers: every body cell of those columns is raw_number.
      expect(numericColumns(table as never)).toEqual(expect.arrayContaining(numeric));
      expect(table!.page_size).toBeLessThanOrEqual(TABLE_LIMITS.pageSizeMax);
      // The notification text stays a sentence, not the table.
      expect(message.text.length).toBeGreaterThan(10);
      expect(message.text).not.toContain('raw_');

      const fallback = message.withoutTable!;
      expect(fallback).toBeDefined();
      assertWithinSlackLimits(fallback, 'message');
      expect(tablesOf(fallback.blocks)).toHaveLength(0);
      expect(fallback.text).toBe(message.text);
    },
  );

  it('the console (a surface without tables) gets the sections layout, with no alternative to fall back to', () => {
    const message = answerMessage(answers.get(FUND_ASSET)!, { ...OPTIONS });
    expect(tablesOf(message.blocks)).toHaveLength(0);
    expect(message.withoutTable).toBeUndefined();
    expect(visibleText(message)).toContain('```');
  });

  it("fund asset: dates, amounts in one unit named in the header, changes in percent, in the reader's language", () => {
    const answer = answers.get(FUND_ASSET)!;
    const [english] = tablesOf(answerMessage(answer, { ...OPTIONS, tables: true }).blocks);
    const header = english!.rows[0]!.map((cell) => (cell as { text: string }).text);
    expect(header[0]).toBe('Date');
    expect(header[1]).toMatch(/^Asset size \(CNY( billion| million| thousand)?\)$/);
    expect(header[2]).toBe('Change (%)');
    const [chinese] = tablesOf(answerMessage(answer, { ...OPTIONS, lang: langFor('zh-CN'), tables: true }).blocks);
    expect(chinese!.rows[0]!.map((cell) => (cell as { text: string }).text)).toEqual([
      '日期',
      expect.stringMatching(/^基金规模（(亿元|万元|元)）$/),
      '变动（%）',
    ]);
    // A shown amount and the value Slack sorts by agree.
    for (const row of english!.rows.slice(1)) {
      const amount = row[1] as { value: number; text: string };
      expect(Number(amount.text.replaceAll(',', ''))).toBeCloseTo(amount.value, 2);
    }
  });

  it('a record without an amount shows "—" as text, never a made-up number standing in for it', () => {
    const answer = answers.get(BIDS)! as CallResult<typeof BIDS>;
    const list = answer.result.records.map((record, index) =>
      index === 0
        ? Object.fromEntries(Object.entries(record).filter(([key]) => key !== 'amount' && key !== 'budget'))
        : { ...record, amount: 1000 * (index + 1) },
    );
    for (const locale of ['en', 'zh-CN'] as const) {
      const [table] = tablesOf(
        answerMessage({ ...answer, result: { ...answer.result, records: list } } as CallResult, {
          ...OPTIONS,
          lang: langFor(locale),
          tables: true,
        }).blocks,
      );
      const amountColumn = table!.rows[0]!.length - 1;
      // Slack's reference: raw_number needs a number in `value`; the gap is text, so nothing invented is sorted by.
      expect(table!.rows[1]![amountColumn]).toEqual({ type: 'raw_text', text: '—' });
      const numbers = table!.rows
        .flat()
        .filter((cell): cell is { type: 'raw_number'; value: number; text: string } => cell.type === 'raw_number');
      expect(numbers.every((cell) => Math.abs(cell.value) < 1e15 && cell.text !== '—')).toBe(true);
      // With every amount there, the column sorts as numbers again.
      const whole = list.map((record, index) => ({ ...record, amount: 1000 * (index + 1) }));
      const [full] = tablesOf(
        answerMessage({ ...answer, result: { ...answer.result, records: whole } } as CallResult, {
          ...OPTIONS,
          lang: langFor(locale),
          tables: true,
        }).blocks,
      );
      expect(numericColumns(full as never)).toContain(amountColumn);
    }
  });

  it('service text stays inert in cells: raw_text, one line, never empty', () => {
    const hostile = { ...answers.get(NEW_FUNDS)! } as CallResult<typeof NEW_FUNDS>;
    const funds = hostile.result.funds.map((fund, index) =>
      index === 0 ? { ...fund, fundName: '<!channel> *bold*\nsecond line', fundManagerName: '' } : fund,
    );
    const message = answerMessage({ ...hostile, result: { ...hostile.result, funds } }, { ...OPTIONS, tables: true });
    assertWithinSlackLimits(message, 'message');
    const [table] = tablesOf(message.blocks);
    const first = table!.rows[1]!;
    expect(first[0]).toEqual({ type: 'raw_text', text: '<!channel> *bold* second line' });
    expect(first.every((cell) => (cell as { text: string }).text.length > 0)).toBe(true);
  });

  it("a page a table cannot hold by Slack's limits falls back to the sections layout, by rule", () => {
    const answer = answers.get(NEW_FUNDS)! as CallResult<typeof NEW_FUNDS>;
    // 50 funds with texts long enough (each cell cut to its column's length) to pass 10,000 characters across the cells.
    const long = (length: number) => '长'.repeat(length);
    const funds = answer.result.funds.map((fund, index) => ({
      ...fund,
      fundName: `${long(78)}${index}`,
      fundType: long(30),
      fundManagerName: long(40),
      beginDate: long(30),
      endDate: long(30),
      fundDiscountFee: long(40),
    }));
    const message = answerMessage({ ...answer, result: { ...answer.result, funds } }, { ...OPTIONS, tables: true });
    expect(tablesOf(message.blocks)).toHaveLength(0);
    assertWithinSlackLimits(message, 'message');
    expect(
      tableOrNothing(
        'x',
        [{ header: 'h', cell: () => textCell('v') }],
        Array.from({ length: 101 }, () => 0),
      ),
    ).toBeUndefined();
    expect(
      tableOrNothing(
        'x',
        Array.from({ length: 21 }, () => ({ header: 'h', cell: () => textCell('v') })),
        [0],
      ),
    ).toBeUndefined();
    expect(tableOrNothing('x', [{ header: 'h', cell: () => textCell('v') }], [])).toBeUndefined();
  });

  it('an empty page keeps the sentence that says why', () => {
    const empty = answerOf(
      FUND_ASSET,
      { fundCode: '000001', pageNo: 3 },
      { fundCode: '000001', total: 100, records: [] },
    );
    const message = answerMessage(empty, { ...OPTIONS, tables: true });
    expect(tablesOf(message.blocks)).toHaveLength(0);
    expect(visibleText(message)).toContain('past the end');
  });
});

describe("the table oracle (written from Slack's reference pages) refuses what the pages forbid", () => {
  const header = [{ type: 'raw_text', text: 'A' }];
  const row = [{ type: 'raw_number', value: 1, text: '1' }];
  const table = (extra: Record<string, unknown>) => ({
    type: 'data_table',
    caption: 'c',
    rows: [header, row],
    ...extra,
  });

  it.each([
    ['101 rows under the header', table({ rows: [header, ...Array.from({ length: 101 }, () => row)] })],
    ['no row under the header', table({ rows: [header] })],
    [
      '21 columns',
      table({ rows: [Array.from({ length: 21 }, () => header[0]), Array.from({ length: 21 }, () => row[0])] }),
    ],
    ['page_size 0', table({ page_size: 0 })],
    ['page_size 101', table({ page_size: 101 })],
    ['a missing caption', { type: 'data_table', rows: [header, row] }],
    [
      'rich_text in the header',
      table({ rows: [[{ type: 'rich_text', elements: [{ type: 'rich_text_section', elements: [] }] }], row] }),
    ],
    ['rows of different lengths', table({ rows: [header, [...row, ...row]] })],
    ['an empty cell', table({ rows: [header, [{ type: 'raw_text', text: '' }]] })],
    ['10,001 characters', table({ rows: [header, [{ type: 'raw_text', text: 'x'.repeat(10_000) }]] })],
  ])('%s', (_name, block) => {
    expect(tableBlockProblems(block)).not.toEqual([]);
    expect(() => assertWithinSlackLimits({ text: 't', blocks: [block] }, 'message')).toThrow();
  });

  it('one table per message, 10,000 table characters per message, and no tables in modals or on Home', () => {
    const big = (id: string) => table({ block_id: id, rows: [header, [{ type: 'raw_text', text: 'x'.repeat(6000) }]] });
    expect(messageTableProblems([big('a'), big('b')]).length).toBe(2);
    expect(() => assertWithinSlackLimits({ type: 'home', blocks: [table({})] }, 'home')).toThrow(
      /tables only in messages/,
    );
    expect(() => assertWithinSlackLimits({ text: 't', blocks: [table({ page_size: 10 })] }, 'message')).not.toThrow();
  });
});

describe('any fetched page, however odd its values', () => {
  it("renders as a table Slack's pages allow, or as the sections layout, never as a message Slack would refuse", () => {
    const serviceValue = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.string({ unit: 'grapheme', maxLength: 60 }),
      fc.constant(''),
      fc.constant('<!channel> *x* & <http://a|b>'),
    );
    const fund = fc.record({
      fundType: serviceValue,
      beginDate: serviceValue,
      endDate: serviceValue,
      fundCode: serviceValue,
      fundName: serviceValue,
      fundManagerName: serviceValue,
      minPurchase: fc.oneof(serviceValue, fc.integer({ min: -1e12, max: 1e12 }).map(String)),
      fundOriginalFee: serviceValue,
      fundDiscountFee: serviceValue,
      saleStatus: fc.boolean(),
    });
    const asset = fc.record({
      assetDate: serviceValue,
      assetRate: fc.oneof(fc.constant(null), fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 })),
      asset: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 }),
    });
    fc.assert(
      fc.property(
        fc.array(fund, { minLength: 1, maxLength: 50 }),
        fc.array(asset, { minLength: 1, maxLength: 50 }),
        fc.constantFrom('en' as const, 'zh-CN' as const),
        (funds, records, locale) => {
          const lang = langFor(locale);
          const messages = [
            answerMessage(answerOf(NEW_FUNDS, {}, { total: 200, funds }), { ...OPTIONS, lang, tables: true }),
            answerMessage(answerOf(FUND_ASSET, { fundCode: '000001' }, { fundCode: '000001', total: 200, records }), {
              ...OPTIONS,
              lang,
              tables: true,
            }),
          ];
          for (const message of messages) {
            assertWithinSlackLimits(message, 'message');
            if (message.withoutTable) assertWithinSlackLimits(message.withoutTable, 'message');
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
