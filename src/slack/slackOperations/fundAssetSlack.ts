import type { KnownBlock } from '@slack/types';
import { buildFundAssetChart, type FundChartOptions, fundAssetNativeChart } from '../../charts/fundAssetChart.js';
import type { CallResult } from '../../core/client/dataClient.js';
import { FUND_CODE_PATTERN, type FundAssetRecord } from '../../core/operations/fundAsset.js';
import type { Lang } from '../../i18n/lang.js';
import { contextBlock, headerBlock, sectionBlock } from '../blockKit/blocks.js';
import { recordBlocks } from '../blockKit/fitToSlackLimits.js';
import { displayWidth, escapeMrkdwn, padEndTo, padStartTo, serviceText } from '../blockKit/mrkdwn.js';
import { option } from '../blockKit/slackText.js';
import { staticSelect, textInput } from '../modals/elements.js';
import { PAGE_SIZES, type SearchForm } from '../modals/searchForm.js';
import { type CommandSyntax, directCommand } from '../parse/commandSyntax.js';
import { pageOption, pageSizeOption } from '../parse/pagingOptions.js';
import type { PlainWords } from '../parse/plainWords.js';
import { renderChart } from '../render/chart.js';
import { amountCell, columnUnit, numberCell, type TableColumn, tableOrNothing, textCell } from '../render/dataTable.js';
import { formatCny, formatPercent } from '../render/format.js';
import { emptyPageText } from '../render/paging.js';
import type { RenderedResult, RenderOptions } from '../render/types.js';
import type { SlackOperation } from './slackOperation.js';
import { inputText, type OperationStep, RUN_BY, StepFailure } from './workflowStep.js';

const FUND_ASSET_ID = 'fund-asset';

/** Six digits standing alone: a fund code (the app has no stocks, so nothing else is meant by them). */
const FUND_CODE_IN_TEXT = /\d{6}/y;

/** How a fund's size is asked for in a message: its code, and words for its size, in any order. */
const fundAssetPlain: PlainWords = {
  topics: [
    {
      words: [
        '规模',
        '资产规模',
        '净资产规模',
        '净资产',
        '规模历史',
        'fund size',
        'asset size',
        'net assets',
        'net asset',
        'aum',
        'size history',
        'fund assets',
        // How the size moved, and how big a fund is, asked in words (issue 44).
        '规模变化',
        '规模变动',
        '规模走势',
        '规模趋势',
        '规模有多大',
        '有多大',
        '多大规模',
        'how big',
        'how large',
        'size',
      ],
    },
  ],
  values: [
    (text, at) => {
      FUND_CODE_IN_TEXT.lastIndex = at;
      return FUND_CODE_IN_TEXT.test(text)
        ? { length: 6, input: { fundCode: text.slice(at, at + 6) }, subject: true }
        : undefined;
    },
  ],
  fundNamed: 'fundCode',
};

export const fundAssetSyntax: CommandSyntax = {
  operation: FUND_ASSET_ID,
  command: directCommand(FUND_ASSET_ID),
  subcommandSynonyms: ['fundasset', '基金规模'],
  description: { key: 'fundAsset.description' },
  positional: {
    kind: 'sequence',
    words: [
      { field: 'fundCode', name: { key: 'fundAsset.words.fundCode' } },
      { field: 'pageNo', name: { key: 'commands.words.page' }, optional: true },
    ],
  },
  options: [pageOption('pageNo'), pageSizeOption()],
  example: '000001 page:2',
  moreExamples: ['000001', '110022 2 size:50'],
  chineseExamples: ['000001 页:2', '000001', '110022 2 每页:50'],
  rejectedHint: (input) => ({ key: 'fundAsset.rejected', values: { code: String(input.fundCode ?? '') } }),
  demoNote: { key: 'fundAsset.demo' },
  notes: (lang) => [lang.t('fundAsset.notes.page')],
  plain: fundAssetPlain,
};

const sizes = PAGE_SIZES.map((size) => option(String(size), String(size)));

export const fundAssetForm: SearchForm = {
  operation: FUND_ASSET_ID,
  fields: [
    {
      field: 'fundCode',
      label: (lang) => lang.t('fundAsset.form.fundCode.label'),
      hint: (lang) => lang.t('fundAsset.form.fundCode.hint'),
      optional: false,
      element: (actionId, lang) => textInput(actionId, lang.t('fundAsset.form.fundCode.placeholder')),
    },
    {
      field: 'pageSize',
      label: (lang) => lang.t('fundAsset.form.pageSize.label'),
      optional: true,
      // Every call costs the same whatever its size: the form starts at the largest page the service gives.
      element: (actionId) => staticSelect(actionId, sizes, sizes.at(-1)),
    },
  ],
};

const GAP = '   ';
/** Under the 3000 a section allows, with room for the fences. */
const TABLE_SECTION_MAX = 2800;

interface Row {
  date: string;
  asset: string;
  rate: string;
}

function rowOf(record: FundAssetRecord, lang: Lang): Row {
  // Backticks would close the code block early; dates from the service should never have any.
  const date = String(record.assetDate).replace(/\s+/g, ' ').replaceAll('`', "'").slice(0, 20);
  return { date, asset: formatCny(record.asset, lang.locale), rate: formatPercent(record.assetRate) };
}

/** Monospace rows aligned by display width, so 亿 and 万 (two cells wide) still line up. */
function tableLines(rows: Row[], lang: Lang): { header: string; lines: string[] } {
  const columns = [
    lang.t('fundAsset.results.column.date'),
    lang.t('fundAsset.results.column.asset'),
    lang.t('fundAsset.results.column.change'),
  ] as const;
  const width = (pick: (row: Row) => string, title: string) =>
    Math.max(displayWidth(title), ...rows.map((row) => displayWidth(pick(row))));
  const dateWidth = width((row) => row.date, columns[0]);
  const assetWidth = width((row) => row.asset, columns[1]);
  const rateWidth = width((row) => row.rate, columns[2]);
  const line = (date: string, asset: string, rate: string) =>
    `${padEndTo(date, dateWidth)}${GAP}${padStartTo(asset, assetWidth)}${GAP}${padStartTo(rate, rateWidth)}`.trimEnd();
  return { header: line(...columns), lines: rows.map((row) => line(row.date, row.asset, row.rate)) };
}

/** The table in as few sections as fit, each a code block with its own column header. */
function tableBlocks(records: FundAssetRecord[], lang: Lang): KnownBlock[] {
  const table = tableLines(
    records.map((record) => rowOf(record, lang)),
    lang,
  );
  // Measured escaped, as sent: an "&" in a date would otherwise push a section past its limit.
  const header = escapeMrkdwn(table.header);
  const lines = table.lines.map(escapeMrkdwn);
  const blocks: KnownBlock[] = [];
  let first = 0;
  while (first < lines.length) {
    let last = first;
    let length = header.length + lines[first]!.length + 10;
    while (last + 1 < lines.length && length + lines[last + 1]!.length + 1 <= TABLE_SECTION_MAX) {
      last++;
      length += lines[last]!.length + 1;
    }
    const body = [header, ...lines.slice(first, last + 1)].join('\n');
    blocks.push(...recordBlocks(first, last, [sectionBlock(`\`\`\`\n${body}\n\`\`\``)]));
    first = last + 1;
  }
  return blocks;
}

/** On the first page the newest date is the fund's latest; further pages hold older dates only. */
function latestLine(records: FundAssetRecord[], firstPage: boolean, lang: Lang): string | undefined {
  const latest = records.reduce<FundAssetRecord | undefined>(
    (best, record) => (!best || String(record.assetDate) > String(best.assetDate) ? record : best),
    undefined,
  );
  if (!latest) return undefined;
  return lang.t(firstPage ? 'fundAsset.results.latest' : 'fundAsset.results.newestOnPage', {
    amount: formatCny(latest.asset, lang.locale),
    date: serviceText(String(latest.assetDate), { max: 20, oneLine: true }),
    rate: formatPercent(latest.assetRate),
  });
}

/** Date, amount in one unit for the column, change in percent: both numbers sort as numbers in Slack. */
function fundAssetTable(fundCode: string, records: FundAssetRecord[], lang: Lang) {
  const unit = columnUnit(
    records.map((record) => record.asset),
    lang,
  );
  const columns: TableColumn<FundAssetRecord>[] = [
    { header: lang.t('fundAsset.table.date'), cell: (record) => textCell(record.assetDate, 20) },
    { header: lang.t('fundAsset.table.asset', { unit: unit.axis }), cell: (record) => amountCell(record.asset, unit) },
    {
      header: lang.t('fundAsset.table.change'),
      cell: (record) =>
        record.assetRate === null
          ? numberCell(undefined, '')
          : numberCell(record.assetRate, formatPercent(record.assetRate).replace('%', '')),
    },
  ];
  return tableOrNothing(lang.t('fundAsset.table.caption', { code: fundCode, count: records.length }), columns, records);
}

export function renderFundAsset(answer: CallResult<typeof FUND_ASSET_ID>, options: RenderOptions): RenderedResult {
  const { lang } = options;
  const { fundCode, records } = answer.result;
  const title = lang.t('fundAsset.title');
  // The fund's name is the service's text (a new-fund list's), shown as text only.
  const name = answer.subjectName ? serviceText(answer.subjectName, { max: 40, oneLine: true }) : undefined;
  const subject = name
    ? lang.t('fundAsset.results.fundNamed', { code: fundCode, name })
    : lang.t('fundAsset.results.fund', { code: fundCode });
  const blocks: KnownBlock[] = [headerBlock(lang.t('results.heading', { title, subject }))];
  const code = serviceText(fundCode, { max: 20, oneLine: true });
  const latest = latestLine(records, (answer.paging?.page ?? 1) <= 1, lang);
  const table = latest && options.tables ? fundAssetTable(code, records, lang) : undefined;
  if (latest) {
    blocks.push(sectionBlock(latest));
    if (table) blocks.push(table, contextBlock(lang.t('tables.browse', { count: records.length })));
    else blocks.push(...tableBlocks(records, lang));
  } else {
    const noHistory = lang.t('fundAsset.results.noHistory', { code });
    blocks.push(
      sectionBlock(
        emptyPageText(answer.paging, lang) ?? (options.demo ? `${noHistory}\n${lang.t('fundAsset.demo')}` : noHistory),
      ),
    );
  }
  blocks.push(...renderChart(options.chart, lang, { nativeCharts: options.tables === true }));
  const text = latest
    ? lang.t('fundAsset.results.summary', { title, code, count: records.length })
    : lang.t('fundAsset.results.nothingFound', { title, code });
  return { text, blocks };
}

function chartOptions(answer: CallResult<typeof FUND_ASSET_ID>): FundChartOptions {
  const name = answer.subjectName?.replace(/\s+/g, ' ').trim().slice(0, 40);
  return { firstPage: (answer.paging?.page ?? 1) <= 1, ...(name ? { fundName: name } : {}) };
}

/** The newest of the first page, which holds the newest dates: what `/fund-asset <code>` calls "Latest". */
function latest(records: readonly FundAssetRecord[]): FundAssetRecord | undefined {
  return records.reduce<FundAssetRecord | undefined>(
    (best, record) => (!best || String(record.assetDate) > String(best.assetDate) ? record : best),
    undefined,
  );
}

/** A fund's latest net asset size; the same call (and cache entry) as `/fund-asset <code>`. */
export const fundAssetStep: OperationStep = {
  callbackId: 'dq_fund_asset_latest',
  inputs: {
    fund_code: { type: 'string', required: true },
    run_by: RUN_BY,
  },
  outputs: {
    date: { type: 'slack#/types/date', required: true },
    asset: { type: 'number', required: true },
    rate: { type: 'number', required: false },
  },
  fieldNames: { fundCode: 'fundAsset.workflow.field.fundCode' },

  async run(data, { inputs, context }) {
    const fundCode = inputText(inputs, 'fund_code');
    // Said in the step's own words (the core check says the same), so a workflow's owner reads it in their language.
    if (!FUND_CODE_PATTERN.test(fundCode))
      throw new StepFailure({
        key: 'fundAsset.workflow.fail.badFundCode',
        values: { fundCode: serviceText(fundCode, { max: 40, oneLine: true }) },
      });
    const answer = await data.call('fund-asset', { fundCode }, context);
    const record = latest(answer.result.records);
    if (!record)
      throw new StepFailure({ key: 'fundAsset.workflow.fail.noFundAsset', values: { fundCode } }, answer.coinsSpent);
    return {
      date: record.assetDate,
      asset: record.asset,
      // The earliest period has nothing to compare with: no rate rather than a made-up zero.
      ...(typeof record.assetRate === 'number' ? { rate: record.assetRate } : {}),
    };
  },
};

export const fundAssetSlack: SlackOperation<typeof FUND_ASSET_ID> = {
  describe: (request, lang, name) =>
    name
      ? lang.t('fundAsset.results.fundNamed', {
          code: request.fundCode,
          name: name.replace(/\s+/g, ' ').trim().slice(0, 40),
        })
      : lang.t('fundAsset.asked', { code: request.fundCode }),
  syntax: fundAssetSyntax,
  form: fundAssetForm,
  step: fundAssetStep,
  render: renderFundAsset,
  // A later page holds older dates only: the chart marks the newest bar as the latest only on page 1.
  chart: (answer, settings, _timeZone, lang) =>
    buildFundAssetChart(answer.result, settings, lang, chartOptions(answer)),
  nativeChart: (answer, _timeZone, lang) => fundAssetNativeChart(answer.result, lang, chartOptions(answer)),
  watch: {
    target: (target, lang, name) => {
      // The fund's name is the service's text (a new-fund list's): inert in the post's mrkdwn.
      const fund = name
        ? lang.t('fundAsset.watch.fundNamed', {
            code: target.fundCode,
            name: serviceText(name, { max: 40, oneLine: true }),
          })
        : lang.t('fundAsset.watch.fund', { code: target.fundCode });
      return target.changePercent === undefined
        ? lang.t('fundAsset.watch.anyDate', { fund })
        : lang.t('fundAsset.watch.change', { fund, percent: target.changePercent });
    },
    fits: (_target, lang) => lang.t('fundAsset.watch.fits'),
    rowLabels: {
      asset: 'fundAsset.watch.field.asset',
      assetDate: 'fundAsset.watch.field.assetDate',
      assetChange: 'fundAsset.watch.field.assetChange',
    },
  },
};
