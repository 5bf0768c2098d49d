import type { KnownBlock, TextObject } from '@slack/types';
import type { CallResult } from '../../core/client/dataClient.js';
import { operatingStatusOf, type TaxpayerRecord, taxCreditRatingOf } from '../../core/operations/taxpayer.js';
import { isValidCreditCode, looksLikeCreditCode } from '../../core/validation/creditCode.js';
import type { Lang } from '../../i18n/lang.js';
import {
  chunk,
  contextBlock,
  dividerBlock,
  fieldsBlock,
  headerBlock,
  labelled,
  sectionBlock,
} from '../blockKit/blocks.js';
import { recordBlocks, SLACK_LIMITS } from '../blockKit/fitToSlackLimits.js';
import { bold, escapeMrkdwn, serviceText, truncateMrkdwn } from '../blockKit/mrkdwn.js';
import { textInput } from '../modals/elements.js';
import type { SearchForm } from '../modals/searchForm.js';
import { type CommandSyntax, directCommand } from '../parse/commandSyntax.js';
import { pageOption, pageSizeOption } from '../parse/pagingOptions.js';
import type { PlainWords, RecordQuestion } from '../parse/plainWords.js';
import { type TableColumn, tableOrNothing, textCell } from '../render/dataTable.js';
import { fieldLabel, valueText } from '../render/labels.js';
import { emptyPageText } from '../render/paging.js';
import type { RenderedResult, RenderOptions } from '../render/types.js';
import type { SlackOperation } from './slackOperation.js';
import { taxpayerValueText } from './taxpayerValues.js';
import { inputText, type OperationStep, RUN_BY, StepFailure } from './workflowStep.js';

const TAXPAYER_ID = 'enterprise-general-taxpayer-query';

/**
 * A unified social credit code in running text: 18 letters and digits, mostly digits, or one
 * character too few or too many (the operation asks about those before spending).
 */
const CREDIT_CODE_IN_TEXT = /[0-9A-Za-z]{17,19}/y;

/** How a taxpayer record is asked for in a message: a credit code or a company's name, and words for the record. */
const taxpayerPlain: PlainWords = {
  topics: [
    {
      words: [
        '纳税人信息',
        '一般纳税人信息',
        '纳税人资质',
        '税务登记',
        '信用代码',
        '统一社会信用代码',
        '纳税资质',
        'taxpayer record',
        'tax record',
        'tax status',
        'credit code',
      ],
    },
    // Yes/no questions about the record and the parts of it people ask for (issue 44): the record answers them.
    { words: ['一般纳税人', 'general taxpayer', 'vat taxpayer', 'general vat taxpayer'], asks: 'generalTaxpayer' },
    {
      words: [
        'a级纳税人',
        'a级',
        '纳税信用等级',
        '纳税信用',
        '信用等级',
        '纳税等级',
        'credit rating',
        'tax rating',
        'a-rated',
      ],
      asks: 'creditRating',
    },
    {
      words: [
        '还在经营',
        '在经营',
        '正常经营',
        '经营状态',
        '存续',
        '还在吗',
        '注销了',
        '注销',
        '吊销',
        'still in business',
        'in business',
        'still operating',
      ],
      asks: 'operating',
    },
    {
      words: ['税号', '纳税人识别号', '识别号', '税务信息', '开票信息', 'tax id', 'tax number', 'taxpayer id'],
      asks: 'taxId',
    },
  ],
  values: [
    (text, at) => {
      CREDIT_CODE_IN_TEXT.lastIndex = at;
      const code = CREDIT_CODE_IN_TEXT.exec(text)?.[0];
      // A valid code whatever its letters; a mistyped one (a wrong check character, one too few) only when mostly digits.
      if (!code || !(isValidCreditCode(code) || (code.match(/\d/g)?.length ?? 0) >= 10)) return undefined;
      return { length: code.length, input: { keyword: code }, subject: true };
    },
  ],
  keyword: 'names',
};

export const taxpayerSyntax: CommandSyntax = {
  operation: TAXPAYER_ID,
  command: directCommand(TAXPAYER_ID),
  subcommandSynonyms: ['一般纳税人'],
  description: { key: 'taxpayer.description' },
  positional: {
    kind: 'joined',
    word: { field: 'keyword', name: { key: 'taxpayer.words.companyOrCode' }, keepQuotes: true },
  },
  options: [pageOption('pageNo'), pageSizeOption()],
  example: '91330106774738789M',
  moreExamples: ['杭州华信', '杭州 page:2', '恒远 size:20'],
  chineseExamples: ['91330106774738789M', '杭州华信', '杭州 页:2', '恒远 每页:20'],
  demoNote: { key: 'taxpayer.demo' },
  notes: (lang) => [lang.t('taxpayer.notes.keyword'), lang.t('taxpayer.notes.quotes')],
  plain: taxpayerPlain,
};

export const taxpayerForm: SearchForm = {
  operation: TAXPAYER_ID,
  fields: [
    {
      field: 'keyword',
      label: (lang) => lang.t('taxpayer.form.keyword.label'),
      hint: (lang) => lang.t('taxpayer.form.keyword.hint'),
      optional: false,
      element: (actionId, lang) => textInput(actionId, lang.t('taxpayer.form.keyword.placeholder')),
    },
  ],
};

/** The spec promises these but does not name them; this order reads like a registration record. */
const PREFERRED_ORDER = [
  'legalPerson',
  'operatingStatus',
  'registeredCapital',
  'establishDate',
  'taxRegistrationStatus',
  'taxCreditRating',
  'registrationAuthority',
  'address',
];
/** Values this long read badly in a half-width field; they go in the card's text instead. */
const LONG_VALUE = 120;
const LONG_VALUE_MAX = 700;
const FIELD_VALUE_MAX = 300;
/** Sections of fields per card beyond the first; the rest of a very wide record is listed as text. */
const EXTRA_FIELD_SECTIONS = 3;
const OVERFLOW_TEXT_MAX = 2000;
const DIVIDED_CARDS_MAX = 10;

interface Entry {
  label: string;
  value: string;
}

function entriesOf(record: TaxpayerRecord, lang: Lang): { fields: Entry[]; long: Entry[] } {
  const { enterpriseName: _name, creditNo, taxpayerType, ...rest } = record;
  const keys = [
    ...PREFERRED_ORDER.filter((key) => key in rest),
    ...Object.keys(rest).filter((key) => !PREFERRED_ORDER.includes(key)),
  ];
  const fields: Entry[] = [
    { label: fieldLabel('creditNo', lang), value: valueText(creditNo, lang) },
    { label: fieldLabel('taxpayerType', lang), value: taxpayerValueText('taxpayerType', taxpayerType, lang) },
  ];
  const long: Entry[] = [];
  for (const key of keys) {
    const entry = { label: fieldLabel(key, lang), value: taxpayerValueText(key, rest[key], lang) };
    (key === 'businessScope' || entry.value.length > LONG_VALUE ? long : fields).push(entry);
  }
  return { fields, long };
}

function fieldObject(entry: Entry): TextObject {
  return labelled(escapeMrkdwn(entry.label), serviceText(entry.value, { max: FIELD_VALUE_MAX }));
}

function overflowText(entries: Entry[], lang: Lang): string {
  const lines = entries.map(
    (entry) => `${escapeMrkdwn(entry.label)}: ${serviceText(entry.value, { max: FIELD_VALUE_MAX, oneLine: true })}`,
  );
  const text = `*${lang.t('taxpayer.results.moreFields')}*\n${lines.join('\n')}`;
  return text.length <= OVERFLOW_TEXT_MAX
    ? text
    : truncateMrkdwn(text, OVERFLOW_TEXT_MAX) +
        `\n_${lang.t('taxpayer.results.moreFieldsInTotal', { count: entries.length })}_`;
}

/** One card: the company as heading, long values under it, every other returned field in two columns. */
function card(record: TaxpayerRecord, lang: Lang): KnownBlock[] {
  const { fields, long } = entriesOf(record, lang);
  const heading = bold(serviceText(valueText(record.enterpriseName, lang), { max: 200, oneLine: true }));
  const longText = long.map(
    (entry) => `*${escapeMrkdwn(entry.label)}*\n${serviceText(entry.value, { max: LONG_VALUE_MAX })}`,
  );
  const text = truncateMrkdwn([heading, ...longText].join('\n'), SLACK_LIMITS.sectionText);

  const perSection = SLACK_LIMITS.sectionFields;
  const shown = fields.slice(0, perSection * (1 + EXTRA_FIELD_SECTIONS));
  const [first = [], ...more] = chunk(shown.map(fieldObject), perSection);
  const blocks: KnownBlock[] = [sectionBlock(text, first), ...more.map(fieldsBlock)];
  const overflow = fields.slice(shown.length);
  if (overflow.length) blocks.push(sectionBlock(overflowText(overflow, lang)));
  return blocks;
}

/** Too long for a cell that fifty rows share; the cards (and the CSV export) carry them whole. */
const NOT_IN_TABLE = new Set(['businessScope']);
const TABLE_CELL_MAX = 40;

/** The company, its credit code and type, then the usual fields any record of the page has, in the cards' order. */
function taxpayerTable(records: TaxpayerRecord[], caption: string, lang: Lang) {
  const present = new Set(records.flatMap((record) => Object.keys(record)));
  const keys = ['enterpriseName', 'creditNo', 'taxpayerType', ...PREFERRED_ORDER].filter(
    (key) => present.has(key) && !NOT_IN_TABLE.has(key),
  );
  const columns: TableColumn<TaxpayerRecord>[] = keys.map((key) => ({
    header: fieldLabel(key, lang),
    cell: (record) => textCell(taxpayerValueText(key, record[key], lang), TABLE_CELL_MAX),
  }));
  return tableOrNothing(caption, columns, records);
}

export function renderTaxpayer(
  answer: CallResult<typeof TAXPAYER_ID>,
  { lang, tables, demo, asks }: RenderOptions,
): RenderedResult {
  const { keyword } = answer.request;
  const { records, total } = answer.result;
  const title = lang.t('taxpayer.title');
  const oneLineKeyword = keyword.replace(/\s+/g, ' ');
  const safeKeyword = serviceText(keyword, { max: 200, oneLine: true });
  const blocks: KnownBlock[] = [headerBlock(lang.t('results.heading', { title, subject: oneLineKeyword }))];
  // A yes/no question about one company (是A级纳税人吗) is answered first, from its record.
  const answerFirst = asks && records.length === 1 ? answerOf(asks, records[0]!, lang) : undefined;
  if (answerFirst) blocks.push(sectionBlock(bold(escapeMrkdwn(answerFirst))));
  if (!records.length) {
    // A name with Latin letters is matched as written (docs/data-service.md): say so, as what to try next.
    const asWritten =
      /[A-Za-z]/.test(keyword) && !looksLikeCreditCode(keyword)
        ? `\n${lang.t('taxpayer.results.lettersAsWritten')}`
        : '';
    const noMatch = `${lang.t('taxpayer.results.noMatch', { keyword: safeKeyword })}${asWritten}`;
    blocks.push(
      sectionBlock(emptyPageText(answer.paging, lang) ?? (demo ? `${noMatch}\n${lang.t('taxpayer.demo')}` : noMatch)),
    );
  }
  const table = tables
    ? taxpayerTable(records, lang.t('taxpayer.table.caption', { keyword: oneLineKeyword.slice(0, 100) }), lang)
    : undefined;
  if (table) blocks.push(table, contextBlock(lang.t('tables.browse', { count: records.length })));
  // On long pages every block counts (a message may have 50), so cards go without dividers there.
  const dividers = records.length <= DIVIDED_CARDS_MAX;
  if (!table)
    records.forEach((record, index) => {
      const cardBlocks = index > 0 && dividers ? [dividerBlock(), ...card(record, lang)] : card(record, lang);
      blocks.push(...recordBlocks(index, index, cardBlocks));
    });
  const text = lang.t('taxpayer.results.summary', { title, count: total, keyword: safeKeyword });
  return { text, blocks };
}

/** The answer to a yes/no question about one record, in a sentence, from its fields. */
function answerOf(asks: RecordQuestion, record: TaxpayerRecord, lang: Lang): string {
  const name = record.enterpriseName;
  switch (asks) {
    case 'generalTaxpayer': {
      const type = record.taxpayerType;
      if (type.includes('一般纳税人')) return lang.t('taxpayer.results.answerGeneral', { name, type });
      if (type.includes('小规模')) return lang.t('taxpayer.results.answerNotGeneral', { name, type });
      return lang.t('taxpayer.results.answerType', { name, type });
    }
    case 'creditRating': {
      const rating = taxCreditRatingOf(record);
      return rating
        ? lang.t('taxpayer.results.answerRating', { name, rating })
        : lang.t('taxpayer.results.answerNoRating', { name });
    }
    case 'operating': {
      const status = operatingStatusOf(record);
      return status
        ? lang.t('taxpayer.results.answerStatus', { name, status })
        : lang.t('taxpayer.results.answerNoStatus', { name });
    }
    case 'taxId':
      return lang.t('taxpayer.results.answerTaxId', { name, code: record.creditNo });
  }
}

/** The first match of a company name or credit code; its registration facts as the step's outputs. */
export const taxpayerStep: OperationStep = {
  callbackId: 'dq_taxpayer_lookup',
  inputs: {
    keyword: { type: 'string', required: true },
    run_by: RUN_BY,
  },
  outputs: {
    company_name: { type: 'string', required: true },
    credit_code: { type: 'string', required: true },
    taxpayer_type: { type: 'string', required: true },
    operating_status: { type: 'string', required: false },
    tax_credit_rating: { type: 'string', required: false },
  },
  fieldNames: { keyword: 'taxpayer.workflow.field.keyword' },

  async run(data, { inputs, context }) {
    const keyword = inputText(inputs, 'keyword');
    const answer = await data.call('enterprise-general-taxpayer-query', { keyword }, context);
    const first = answer.result.records[0];
    if (!first)
      throw new StepFailure(
        {
          key: 'taxpayer.workflow.fail.noTaxpayer',
          values: { keyword: serviceText(answer.request.keyword, { max: 100, oneLine: true }) },
        },
        answer.coinsSpent,
      );
    const status = operatingStatusOf(first);
    const rating = taxCreditRatingOf(first);
    return {
      company_name: first.enterpriseName,
      credit_code: first.creditNo,
      taxpayer_type: first.taxpayerType,
      ...(status ? { operating_status: status } : {}),
      ...(rating ? { tax_credit_rating: rating } : {}),
    };
  },
};

export const taxpayerSlack: SlackOperation<typeof TAXPAYER_ID> = {
  syntax: taxpayerSyntax,
  form: taxpayerForm,
  step: taxpayerStep,
  render: renderTaxpayer,
  describe: (request, lang) => lang.t('taxpayer.asked', { keyword: request.keyword }),
  watch: {
    target: (target, lang) =>
      lang.t('taxpayer.watch.target', { subject: serviceText(target.keyword, { max: 100, oneLine: true }) }),
    fits: (_target, lang) => lang.t('taxpayer.watch.fits'),
  },
};
