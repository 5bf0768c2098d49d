import type { KnownBlock } from '@slack/types';
import type { CallResult } from '../../core/client/dataClient.js';
import { FUND_KIND_EXTRA_WORDS, FUND_KIND_WORDS, FUND_KINDS, type FundKind } from '../../core/digest/newFundFilter.js';
import {
  type NewFund,
  SALE_STATUS_ANY,
  SALE_STATUS_EXTRA_WORDS,
  SALE_STATUS_SYNONYMS,
  SALE_STATUS_WORDS,
} from '../../core/operations/newFunds.js';
import { inEveryLanguage, isChinese, type JoinedPhrases, type Lang } from '../../i18n/lang.js';
import { contextBlock, headerBlock, sectionBlock } from '../blockKit/blocks.js';
import { recordBlocks } from '../blockKit/fitToSlackLimits.js';
import { option } from '../blockKit/slackText.js';
import { radioButtons, staticSelect } from '../modals/elements.js';
import { ANY, PAGE_SIZES, type SearchForm, unlessAny } from '../modals/searchForm.js';
import { type CommandSyntax, directCommand } from '../parse/commandSyntax.js';
import { pageOption, pageSizeOption } from '../parse/pagingOptions.js';
import { type PlainWords, phraseValues } from '../parse/plainWords.js';
import { amountCell, columnUnit, type TableColumn, tableOrNothing, textCell } from '../render/dataTable.js';
import { NO_VALUE } from '../render/format.js';
import { valueText } from '../render/labels.js';
import { FUNDS_PER_SECTION, fundGroupText } from '../render/newFundSections.js';
import { emptyPageText } from '../render/paging.js';
import type { RenderedResult, RenderOptions } from '../render/types.js';
import type { SlackOperation } from './slackOperation.js';
import { inputText, type OperationStep, RUN_BY } from './workflowStep.js';

const NEW_FUNDS_ID = 'fund-new-list';

/** The words for a sale status in the reader's language, e.g. `onsale/on/yes/在售/true` or `在售`. */
function statusWords(value: 'true' | 'false', lang: Lang): string {
  const shown = inEveryLanguage(`newFunds.saleStatusWord.${value}`);
  // Chinese words read but no longer shown (停售, which misled) stay out of help.
  const words = [...shown, ...SALE_STATUS_EXTRA_WORDS[value].filter((word) => !isChinese(word))];
  // English readers have always been shown the Chinese words too; Chinese readers see only theirs.
  const chinese = words.filter((word) => isChinese(word));
  return lang.locale === 'zh-CN'
    ? chinese.join('/')
    : [...words.filter((word) => !isChinese(word)), ...chinese, value].join('/');
}

/** How Chinese readers say a sale status besides 在售/未在售 (the operation's own words). */
const MORE_STATUS_WORDS: Readonly<Record<string, string>> = {
  在售中: '在售',
  发售中: '在售',
  正在发售: '在售',
  认购中: '在售',
  募集中: '在售',
  正在募集: '在售',
  正在募集的: '在售',
  可购买: '在售',
  已停售: '未在售',
  停售中: '未在售',
  不在售: '未在售',
  已结束: '未在售',
  在卖: '在售',
  在卖的: '在售',
  还在卖: '在售',
  能买的: '在售',
  结束募集: '未在售',
  募集结束: '未在售',
  已结束募集: '未在售',
  停止募集: '未在售',
  已截止: '未在售',
  卖完了: '未在售',
};
const readStatus = (word: string) => (Object.hasOwn(MORE_STATUS_WORDS, word) ? MORE_STATUS_WORDS[word]! : word);

/** `bond|equity|…`, `债券型|股票型|…`: a kind's shape in help. */
const KIND_SHAPE: JoinedPhrases = { words: FUND_KIND_WORDS, joinedBy: 'common.wordList.alternatives' };

/** `onsale|offsale|all`, `在售|未在售|全部`: the word to type and its shape in help. */
const STATUS_SHAPE: JoinedPhrases = { words: SALE_STATUS_WORDS, joinedBy: 'common.wordList.alternatives' };

/**
 * Sale statuses in running text: the operation's words long enough not to be everyday words (`on`,
 * `no` are not), the ways of saying them above, `on sale` in words, and "every fund".
 */
const STATUS_PHRASES: ReadonlyMap<string, { saleStatus: string }> = new Map([
  ...Object.entries(SALE_STATUS_SYNONYMS)
    .filter(([word]) => word.length >= 4 || isChinese(word))
    .map(([word, status]) => [word, { saleStatus: status }] as const),
  ...Object.entries(MORE_STATUS_WORDS).map(([word, status]) => [word, { saleStatus: status }] as const),
  ...['on sale', 'for sale'].map((word) => [word, { saleStatus: 'true' }] as const),
  ...['off sale', 'not on sale', 'ended', 'closed', 'finished', 'no longer on sale'].map(
    (word) => [word, { saleStatus: 'false' }] as const,
  ),
  ...['selling', 'open for subscription', 'still on sale'].map((word) => [word, { saleStatus: 'true' }] as const),
  // `all` and `any` say too little in a sentence; 全部 and 不限 do.
  ...SALE_STATUS_ANY.filter((word) => isChinese(word)).map((word) => [word, { saleStatus: word }] as const),
]);

/**
 * Kinds of fund in running text (债券型, 债券基金, QDII, `bond funds`), read as digests read them
 * (digest/newFundFilter.ts): the page the service returns is filtered by it. 股票 and `stock` alone
 * stay what the app has no data for; 股票型 and 股票基金 are a kind.
 */
const KIND_PHRASES: ReadonlyMap<string, { fundKind: string }> = new Map(
  [
    ...FUND_KINDS.flatMap((kind) =>
      [...inEveryLanguage(`digests.fundKind.${kind}`), ...FUND_KIND_EXTRA_WORDS[kind]].map(
        (word) => [word, kind] as const,
      ),
    ),
    ...FUND_KINDS.flatMap((kind) =>
      inEveryLanguage(`digests.fundKind.${kind}`)
        .filter((word) => isChinese(word))
        .flatMap((word) => [`${word}基金`, `${word.replace(/型$/, '')}基金`].map((phrase) => [phrase, kind] as const)),
    ),
    // `bond funds`, `hybrid fund`, `stock funds`: every English word for a kind before `fund`.
    ...FUND_KINDS.flatMap((kind) =>
      [...inEveryLanguage(`digests.fundKind.${kind}`), ...FUND_KIND_EXTRA_WORDS[kind]]
        .filter((word) => !isChinese(word) && !/s$/i.test(word))
        .flatMap((word) => [`${word} fund`, `${word} funds`].map((phrase) => [phrase, kind] as const)),
    ),
  ]
    .filter(([word]) => !['股票', 'stock', 'stocks'].includes(word.toLowerCase()))
    .map(([word, kind]) => [word.toLowerCase(), { fundKind: kind }] as const),
);

/** How the list of new funds is asked for in a message: its name (新发基金, `new funds`) and a sale status. */
const newFundsPlain: PlainWords = {
  topics: [
    {
      words: [
        'new funds',
        'new fund',
        'new fund launches',
        'newly issued funds',
        'fund launches',
        'new-fund list',
        'new fund list',
        'new funds list',
        'list of new funds',
        '新发行基金',
        '新发',
        '新基金列表',
        '新发基金列表',
      ],
    },
  ],
  values: [phraseValues(STATUS_PHRASES), phraseValues(KIND_PHRASES)],
};

export const newFundsSyntax: CommandSyntax = {
  operation: NEW_FUNDS_ID,
  command: directCommand(NEW_FUNDS_ID),
  subcommandSynonyms: ['new', '新发基金'],
  description: { key: 'newFunds.description' },
  positional: {
    kind: 'sequence',
    words: [{ field: 'saleStatus', name: STATUS_SHAPE, optional: true, read: readStatus }],
  },
  options: [
    { field: 'saleStatus', keys: ['newFunds.keys.status', 'sale', '销售状态'], shape: STATUS_SHAPE, read: readStatus },
    // Digests take this key too (`fundtype:bond`, `基金类型:债券型`); type, kind and 类型 are a tender's notice type.
    { field: 'fundKind', keys: ['newFunds.keys.kind'], shape: KIND_SHAPE },
    pageOption('pageNo'),
    pageSizeOption(),
  ],
  example: 'onsale',
  moreExamples: ['all page:2', 'offsale size:50'],
  chineseExamples: ['在售', '全部 页:2', '未在售 每页:50'],
  notes: (lang) => [
    lang.t('newFunds.notes.status', { onSale: statusWords('true', lang), offSale: statusWords('false', lang) }),
  ],
  plain: newFundsPlain,
};

const sizes = PAGE_SIZES.map((size) => option(String(size), String(size)));

export const newFundsForm: SearchForm = {
  operation: NEW_FUNDS_ID,
  fields: [
    {
      field: 'saleStatus',
      label: (lang) => lang.t('newFunds.form.saleStatus.label'),
      optional: true,
      element: (actionId, lang) => {
        const all = option(lang.t('newFunds.form.saleStatus.any'), ANY);
        return radioButtons(
          actionId,
          [
            all,
            option(lang.t('newFunds.form.saleStatus.onSale'), 'true'),
            option(lang.t('newFunds.form.saleStatus.notOnSale'), 'false'),
          ],
          all,
        );
      },
      read: unlessAny,
    },
    {
      field: 'pageSize',
      label: (lang) => lang.t('newFunds.form.pageSize.label'),
      optional: true,
      // Every call costs the same whatever its size: the form starts at the largest page the service gives.
      element: (actionId) => staticSelect(actionId, sizes, sizes.at(-1)),
    },
  ],
};

/** What the list was filtered by: its sale status, and a kind when one was asked for (`on sale · bond`, `bond`). */
function filterLabel(request: { saleStatus?: 'true' | 'false'; fundKind?: FundKind }, lang: Lang): string {
  const { saleStatus, fundKind } = request;
  const kind = fundKind ? lang.t(`digests.fundKind.${fundKind}`) : undefined;
  if (kind && saleStatus === undefined) return kind;
  const status = lang.t(
    saleStatus === 'true'
      ? 'newFunds.results.filter.onSale'
      : saleStatus === 'false'
        ? 'newFunds.results.filter.notOnSale'
        : 'newFunds.results.filter.all',
  );
  return kind ? lang.t('newFunds.results.filter.withKind', { status, kind }) : status;
}

/** The fee a buyer pays now, with the list price after it when there is a real discount (no strike-through in a cell). */
function feeCell(fund: NewFund) {
  const before = typeof fund.fundOriginalFee === 'string' ? fund.fundOriginalFee.trim() : '';
  const after = typeof fund.fundDiscountFee === 'string' ? fund.fundDiscountFee.trim() : '';
  return textCell(before && after && before !== after ? `${after} (${before})` : after || before, 30);
}

function newFundsTable(funds: readonly NewFund[], caption: string, lang: Lang) {
  const unit = columnUnit(
    funds.map((fund) => fund.minPurchase),
    lang,
  );
  const columns: TableColumn<NewFund>[] = [
    { header: lang.t('newFunds.table.name'), cell: (fund) => textCell(valueText(fund.fundName, lang)) },
    { header: lang.t('newFunds.table.code'), cell: (fund) => textCell(fund.fundCode, 12) },
    { header: lang.t('newFunds.table.type'), cell: (fund) => textCell(valueText(fund.fundType, lang), 20) },
    {
      header: lang.t('newFunds.table.status'),
      cell: (fund) =>
        textCell(
          fund.saleStatus === true
            ? lang.t('newFunds.results.onSale')
            : fund.saleStatus === false
              ? lang.t('newFunds.results.notOnSale')
              : NO_VALUE,
        ),
    },
    { header: lang.t('newFunds.table.manager'), cell: (fund) => textCell(valueText(fund.fundManagerName, lang), 30) },
    { header: lang.t('newFunds.table.from'), cell: (fund) => textCell(fund.beginDate, 20) },
    { header: lang.t('newFunds.table.to'), cell: (fund) => textCell(fund.endDate, 20) },
    {
      header: lang.t('newFunds.table.minimum', { unit: unit.axis }),
      cell: (fund) => amountCell(fund.minPurchase, unit),
    },
    { header: lang.t('newFunds.table.fee'), cell: feeCell },
  ];
  return tableOrNothing(caption, columns, funds);
}

export function renderNewFunds(
  answer: CallResult<typeof NEW_FUNDS_ID>,
  { lang, tables }: RenderOptions,
): RenderedResult {
  const { funds, total } = answer.result;
  const title = lang.t('newFunds.title');
  const filter = filterLabel(answer.request, lang);
  const blocks: KnownBlock[] = [headerBlock(lang.t('newFunds.results.heading', { title, filter }))];
  // The service lists every kind: say that the page was filtered here, and from how many.
  const { listed } = answer.result;
  if (answer.request.fundKind && listed !== undefined)
    blocks.push(
      contextBlock(
        lang.t('newFunds.results.kindApplied', {
          kind: lang.t(`digests.fundKind.${answer.request.fundKind}`),
          count: funds.length,
          listed,
        }),
      ),
    );
  const none =
    answer.request.saleStatus === undefined && answer.request.fundKind === undefined
      ? lang.t('newFunds.results.noneAtAll')
      : lang.t('newFunds.results.none', { filter });
  if (!funds.length) blocks.push(sectionBlock(emptyPageText(answer.paging, lang) ?? none));
  const table = tables
    ? newFundsTable(funds, lang.t('newFunds.table.caption', { title, filter, count: funds.length }), lang)
    : undefined;
  if (table) blocks.push(table, contextBlock(lang.t('tables.browse', { count: funds.length })));
  for (let first = 0; !table && first < funds.length; first += FUNDS_PER_SECTION) {
    const group = funds.slice(first, first + FUNDS_PER_SECTION);
    blocks.push(...recordBlocks(first, first + group.length - 1, [sectionBlock(fundGroupText(group, lang))]));
  }
  const count = answer.request.fundKind ? funds.length : total;
  return { text: lang.t('newFunds.results.summary', { title, filter, count }), blocks };
}

/** One page of 50, the most the service gives for one charge (and the page digests fetch, so they share the cache). */
const PAGE_SIZE = 50;

function line(fund: NewFund, lang: Lang): string {
  const oneLine = (value: unknown) =>
    String(value ?? '')
      .replace(/\s+/g, ' ')
      .trim();
  return lang.t('newFunds.workflow.line', {
    code: oneLine(fund.fundCode),
    name: oneLine(fund.fundName),
    type: oneLine(fund.fundType),
    begin: oneLine(fund.beginDate),
    end: oneLine(fund.endDate),
  });
}

/** Newly issued funds: how many there are, and the first page of them as lines of text for a message. */
export const newFundsStep: OperationStep = {
  callbackId: 'dq_new_funds',
  inputs: {
    sale_status: { type: 'string', required: false },
    run_by: RUN_BY,
  },
  outputs: {
    count: { type: 'number', required: true },
    funds: { type: 'string', required: true },
  },
  fieldNames: { saleStatus: 'newFunds.workflow.field.saleStatus' },

  async run(data, { inputs, context, lang }) {
    const saleStatus = inputText(inputs, 'sale_status');
    const answer = await data.call(
      'fund-new-list',
      { ...(saleStatus ? { saleStatus } : {}), pageSize: PAGE_SIZE },
      context,
    );
    const { funds, total } = answer.result;
    const lines = funds.map((fund) => line(fund, lang));
    if (total > funds.length) lines.push(lang.t('newFunds.workflow.more', { count: total - funds.length }));
    return { count: total, funds: lines.length ? lines.join('\n') : lang.t('newFunds.workflow.none') };
  },
};

export const newFundsSlack: SlackOperation<typeof NEW_FUNDS_ID> = {
  describe: (request, lang) => filterLabel(request, lang),
  syntax: newFundsSyntax,
  form: newFundsForm,
  step: newFundsStep,
  render: renderNewFunds,
};
