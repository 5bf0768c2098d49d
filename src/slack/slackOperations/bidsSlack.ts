import type { KnownBlock, TextObject } from '@slack/types';
import type { CallResult } from '../../core/client/dataClient.js';
import {
  BID_REGION_LATIN_NAMES,
  BID_REGIONS,
  type BidRegion,
  bidRegionByCode,
  findBidRegion,
} from '../../core/operations/bidRegions.js';
import {
  BID_ANY,
  BID_NOTICE_TYPE_SYNONYMS,
  BID_NOTICE_TYPE_WORDS,
  BID_NOTICE_TYPES,
  type BidNoticeType,
  type BidRecord,
  type BidsRequest,
  SEARCHABLE_BID_FIELDS,
  type SearchableBidField,
  shiftYears,
} from '../../core/operations/bids.js';
import type { TenderSearch } from '../../core/watch/types.js';
import { isKeyOf, isOneOf } from '../../i18n/catalogueKeys.js';
import { inEveryLanguage, type Lang } from '../../i18n/lang.js';
import { contextBlock, dividerBlock, headerBlock, labelled, sectionBlock } from '../blockKit/blocks.js';
import { recordBlocks, SLACK_LIMITS } from '../blockKit/fitToSlackLimits.js';
import { bold, escapeMrkdwn, link, serviceText, truncateMrkdwn } from '../blockKit/mrkdwn.js';
import { option } from '../blockKit/slackText.js';
import { checkboxes, datepicker, radioButtons, staticSelect, textInput } from '../modals/elements.js';
import { ANY, type SearchForm, unlessAny } from '../modals/searchForm.js';
import {
  type CommandSyntax,
  directCommand,
  type OptionSyntax,
  optionKeys,
  readSynonym,
  type WordReader,
} from '../parse/commandSyntax.js';
import { pageOption, pageSizeOption } from '../parse/pagingOptions.js';
import type { CommandInput } from '../parse/parsedCommand.js';
import { type Period, periodAt, readPeriodWords, vaguePeriodAt } from '../parse/periodWords.js';
import { type PlainValue, type PlainWords, phraseValues } from '../parse/plainWords.js';
import { amountCell, columnUnit, numberCell, type TableColumn, tableOrNothing, textCell } from '../render/dataTable.js';
import { formatCny, toNumber } from '../render/format.js';
import { fieldLabel, valueText } from '../render/labels.js';
import { emptyPageText } from '../render/paging.js';
import type { RenderedResult, RenderOptions } from '../render/types.js';
import type { SlackOperation } from './slackOperation.js';

const BIDS_ID = 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list';

// Words for "no filter" (the notice type's own): the service's default is to match every region and field.
const ANY_WORDS: ReadonlySet<string> = new Set(BID_ANY);

/** Words for a matched field besides its name in every language's catalogue (`bids.searchField`: title, 标题 …). */
export const SEARCH_FIELD_EXTRA_WORDS: Readonly<Record<SearchableBidField, readonly string[]>> = {
  '1': [],
  '2': ['采购方'],
  '3': [],
};
const SEARCH_FIELD_WORDS = Object.fromEntries(
  SEARCHABLE_BID_FIELDS.map((code) => [
    code,
    [...inEveryLanguage(`bids.searchField.${code}`), ...SEARCH_FIELD_EXTRA_WORDS[code]].map((word) =>
      word.toLowerCase(),
    ),
  ]),
);
const NOTICE_TYPE_CODES: ReadonlySet<BidNoticeType> = new Set(BID_NOTICE_TYPES);
const SEARCH_FIELD_CODES: ReadonlySet<SearchableBidField> = new Set(SEARCHABLE_BID_FIELDS);

/** `title,purchaser` or `标题、采购人` → `1,2`. */
function readSearchFields(word: string): string | undefined {
  const parts = word.split(/[,、;\s]+/).filter(Boolean);
  if (parts.length === 0 || parts.some((part) => ANY_WORDS.has(part.toLowerCase()))) return undefined;
  return parts.map((part) => readSynonym(SEARCH_FIELD_WORDS, part) ?? part).join(',');
}

function readRegion(word: string): string | undefined {
  // Codes and names (ZJ, 浙江, 浙江省) are resolved by the operation itself.
  return ANY_WORDS.has(word.toLowerCase()) ? undefined : word;
}

/** People write dates as 2026/1/5, 2026.01.05 or 2026年1月5日; the service wants 2026-01-05. */
function readDate(word: string): string {
  const match = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(word);
  if (!match) return word;
  return `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}`;
}

/** A date, or a period in words (`from:上个月`, `from:今年`, `to:last-month`): its first or last day in Beijing. */
const readDateOrPeriod =
  (end: keyof Period): WordReader =>
  (word, now) => {
    const period = now === undefined ? undefined : readPeriodWords(word, now);
    return period ? period[end] : readDate(word);
  };

const FROM_OPTION: OptionSyntax = {
  field: 'publishStartTime',
  keys: ['bids.keys.from', 'start', 'since', '起', '开始'],
  shape: { key: 'bids.shapes.date' },
  read: readDateOrPeriod('start'),
};
const TO_OPTION: OptionSyntax = {
  field: 'publishEndTime',
  keys: ['bids.keys.to', 'end', 'until', '至', '截止'],
  shape: { key: 'bids.shapes.date' },
  read: readDateOrPeriod('end'),
};

/**
 * Regions by their Chinese names (浙江, 江苏省), only standing alone (上海恒远 is a company), and by
 * pinyin (`Zhejiang`, `Guangdong province`); by code or name after `in` (`in ZJ`, `in Zhejiang`).
 */
const regionValue: PlainValue = (() => {
  const byName = phraseValues(
    new Map(
      BID_REGIONS.flatMap((region) =>
        [region.name, region.fullName].map((name) => [name, { province: region.code }] as const),
      ),
    ),
    { weak: true },
  );
  const byPinyin = phraseValues(
    new Map([...BID_REGION_LATIN_NAMES].map(([name, code]) => [name, { province: code }] as const)),
  );
  const IN_REGION = /in\s+([A-Za-z]{2,3}|[A-Za-z]+(?: mongolia| province)?|\p{Script=Han}{2,8})(?![A-Za-z])/iuy;
  return (text, at, now) => {
    IN_REGION.lastIndex = at;
    const match = IN_REGION.exec(text);
    const region = match ? findBidRegion(match[1]!) : undefined;
    if (match && region) return { length: match[0].length, input: { province: region.code } };
    return byName(text, at, now) ?? byPinyin(text, at, now);
  };
})();

const DATE = '\\d{4}[-/.年]\\d{1,2}[-/.月]\\d{1,2}日?';
const keysPattern = (option: OptionSyntax) =>
  optionKeys(option)
    .map((key) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|');
const DATE_RANGE = new RegExp(
  `(?:(?:${keysPattern(FROM_OPTION)})\\s*)?(${DATE})\\s*(?:${keysPattern(TO_OPTION)}|-|~|–)\\s*(${DATE})`,
  'iy',
);
const DATE_FROM = new RegExp(`(?:(?:${keysPattern(FROM_OPTION)})\\s*[:：]?\\s*)?(${DATE})`, 'iy');
const DATE_TO = new RegExp(`(?:${keysPattern(TO_OPTION)})\\s*[:：]?\\s*(${DATE})`, 'iy');

/** A publication period in words: `从2026-03-01`, `since 2026-01-01`, `2026年1月1日到2026年6月30日`, `from … to …`; a date alone is where it starts. */
const dateValue: PlainValue = (text, at) => {
  for (const [pattern, fields] of [
    [DATE_RANGE, [FROM_OPTION.field, TO_OPTION.field]],
    [DATE_TO, [TO_OPTION.field]],
    [DATE_FROM, [FROM_OPTION.field]],
  ] as const) {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match) continue;
    const input: CommandInput = Object.fromEntries(fields.map((field, index) => [field, readDate(match[index + 1]!)]));
    return { length: match[0].length, input };
  }
  return undefined;
};

/** A period in words (今年, 上个月, 近三个月, 一季度, `last month`, `since March`): its first and last day in Beijing. */
const periodValue: PlainValue = (text, at, now) => {
  const match = periodAt(text, at, now);
  if (!match) return undefined;
  const said = text.slice(at, at + match.length);
  return {
    length: match.length,
    input: { [FROM_OPTION.field]: match.period.start, [TO_OPTION.field]: match.period.end },
    // A month named in Chinese numerals starts many names (十月稻田, 三月花开): glued to one, it is part of it.
    ...(MONTH_NAME.test(said) ? { weak: true } : {}),
  };
};

/** 一月 … 十二月: a month's name, which is also the start of names. */
const MONTH_NAME = /^(?:[一二三四五六七八九十]|十[一二])月$/u;

/** A period said loosely (近几年, `recently`): placed, never a keyword, and asked about, since it names no dates. */
const vaguePeriodValue: PlainValue = (text, at) => {
  const length = vaguePeriodAt(text, at);
  return length > 0 ? { length, input: {}, unapplied: true } : undefined;
};

/** The field a search is limited to (采购人, `purchaser only`, 只看标题): its words in every language's catalogue. */
const searchFieldValue: PlainValue = phraseValues(
  new Map(
    SEARCHABLE_BID_FIELDS.flatMap((code) =>
      SEARCH_FIELD_WORDS[code]!.map((word) => [word, { searchType: code }] as const),
    ),
  ),
  { weak: true },
);

/** How a tender search is asked for in a message: a keyword with words for notices (招标, 中标, `awards`), a region, a period. */
const bidsPlain: PlainWords = {
  topics: [
    ...BID_NOTICE_TYPES.map((code) => ({
      words: Object.keys(BID_NOTICE_TYPE_SYNONYMS).filter((word) => BID_NOTICE_TYPE_SYNONYMS[word] === code),
      input: { type: code },
    })),
    { words: ['tender notices', 'bidding'], input: { type: '1' } },
    { words: ['award results', 'award result', 'winning bids'], input: { type: '2' } },
    { words: ['planned projects'], input: { type: '3' } },
    { words: ['项目', '新项目', '招标信息', 'bid notices', 'notices'] },
  ],
  values: [regionValue, dateValue, periodValue, vaguePeriodValue, searchFieldValue],
  keyword: 'any',
};

export const bidsSyntax: CommandSyntax = {
  operation: BIDS_ID,
  command: directCommand(BIDS_ID),
  subcommandSynonyms: ['bid', '招投标', '标讯'],
  description: { key: 'bids.description' },
  positional: { kind: 'joined', word: { field: 'keyword', name: { key: 'bids.words.keyword' } } },
  options: [
    {
      field: 'province',
      keys: ['bids.keys.region', 'province', 'prov', '省份', '省', '区域'],
      shape: { key: 'bids.shapes.region' },
      read: readRegion,
    },
    // tender, award, planned (招标, 中标, 拟建) and "all" are the operation's own words.
    {
      field: 'type',
      keys: ['bids.keys.type', 'kind', '公告类型'],
      shape: { words: BID_NOTICE_TYPE_WORDS, joinedBy: 'common.wordList.alternatives' },
    },
    FROM_OPTION,
    TO_OPTION,
    {
      field: 'searchType',
      keys: ['bids.keys.in', 'fields', 'match', '字段', '搜索范围'],
      shape: {
        words: SEARCHABLE_BID_FIELDS.map((code) => ({ key: `bids.searchField.${code}` })),
        joinedBy: 'common.wordList.several',
      },
      read: readSearchFields,
    },
    pageOption('pageIndex'),
    pageSizeOption(),
  ],
  example: '光伏组件 region:ZJ type:award from:2026-01-01 to:2026-06-30',
  moreExamples: ['"solar panel" in:title,purchaser page:2', '储能电站 type:tender from:2026-03-01'],
  chineseExamples: [
    '光伏组件 地区:浙江 类型:中标 从:2026-01-01 到:2026-06-30',
    '"solar panel" 范围:标题、采购人 页:2',
    '储能电站 类型:招标 从:2026-03-01',
  ],
  notes: (lang) => {
    const list = (regions: readonly BidRegion[]) =>
      regions.map((region) => `${region.code} ${region.name}`).join(lang.t('commands.list.separator'));
    return [
      lang.t('bids.notes.keyword'),
      lang.t('bids.notes.typeAndFields'),
      lang.t('bids.notes.period'),
      lang.t('bids.notes.regions', { regions: list(BID_REGIONS.filter((region) => region.published)) }),
      lang.t('bids.notes.assumedRegions', { regions: list(BID_REGIONS.filter((region) => !region.published)) }),
    ];
  },
  plain: bidsPlain,
};

const capitalised = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

/** A notice type's name (1 → Tender announcement, 招标公告), or the code as sent when unknown. */
/** A notice type by its code, or by the Chinese label the service may send (中标结果), in the reader's words. */
function noticeTypeName(value: string, lang: Lang): string {
  const code = isOneOf(NOTICE_TYPE_CODES, value)
    ? value
    : isKeyOf(BID_NOTICE_TYPE_SYNONYMS, value)
      ? BID_NOTICE_TYPE_SYNONYMS[value]
      : undefined;
  return code ? lang.t(`bids.noticeType.${code}`) : value;
}

function searchFieldName(code: string, lang: Lang): string {
  return isOneOf(SEARCH_FIELD_CODES, code) ? lang.t(`bids.searchField.${code}`) : code;
}

function typeOptions(lang: Lang) {
  const any = option(lang.t('bids.form.type.any'), ANY);
  return { any, all: [any, ...BID_NOTICE_TYPES.map((code) => option(noticeTypeName(code, lang), code))] };
}

function regionOptions(lang: Lang) {
  // Region names are the service's own Chinese names, the same for every reader.
  const any = option(lang.t('bids.form.province.any'), ANY);
  return { any, all: [any, ...BID_REGIONS.map((region) => option(`${region.name} · ${region.code}`, region.code))] };
}

export const bidsForm: SearchForm = {
  operation: BIDS_ID,
  fields: [
    {
      field: 'keyword',
      label: (lang) => lang.t('bids.form.keyword.label'),
      hint: (lang) => lang.t('bids.form.keyword.hint'),
      optional: false,
      element: (actionId, lang) => textInput(actionId, lang.t('bids.form.keyword.placeholder')),
    },
    {
      field: 'searchType',
      label: (lang) => lang.t('bids.form.searchType.label'),
      hint: (lang) => lang.t('bids.form.searchType.hint'),
      optional: true,
      element: (actionId, lang) =>
        checkboxes(
          actionId,
          SEARCHABLE_BID_FIELDS.map((code) => option(capitalised(searchFieldName(code, lang)), code)),
        ),
    },
    {
      field: 'type',
      label: (lang) => lang.t('bids.form.type.label'),
      optional: true,
      element: (actionId, lang) => {
        const types = typeOptions(lang);
        return radioButtons(actionId, types.all, types.any);
      },
      read: unlessAny,
    },
    {
      field: 'province',
      label: (lang) => lang.t('bids.form.province.label'),
      hint: (lang) => lang.t('bids.form.province.hint'),
      optional: true,
      element: (actionId, lang) => {
        const regions = regionOptions(lang);
        return staticSelect(actionId, regions.all, regions.any);
      },
      read: unlessAny,
    },
    {
      field: 'publishStartTime',
      label: (lang) => lang.t('bids.form.publishStartTime.label'),
      optional: true,
      element: (actionId, lang) => datepicker(actionId, lang.t('bids.form.anyDate')),
    },
    {
      field: 'publishEndTime',
      label: (lang) => lang.t('bids.form.publishEndTime.label'),
      hint: (lang) => lang.t('bids.form.publishEndTime.hint'),
      optional: true,
      element: (actionId, lang) => datepicker(actionId, lang.t('bids.form.anyDate')),
    },
  ],
};

// The response shape is not in the spec, so each role is looked up under the names services commonly use.
const TITLE_KEYS = ['title', 'noticeTitle', 'projectName', 'bidTitle', 'announcementTitle', 'subject', 'name'];
const URL_KEYS = ['url', 'link', 'href', 'detailUrl', 'noticeUrl', 'sourceUrl'];
const TYPE_KEYS = ['noticeType', 'type', 'infoType', 'bidType'];
const PURCHASER_KEYS = ['purchaser', 'buyer', 'tenderee', 'purchaserName'];
const SUPPLIER_KEYS = ['supplier', 'winner', 'winningBidder', 'supplierName'];
const REGION_NAME_KEYS = ['provinceName', 'regionName', 'areaName', 'area', 'region'];
const REGION_CODE_KEYS = ['province', 'provinceCode', 'regionCode'];
const DATE_KEYS = ['publishDate', 'publishTime', 'publish_date', 'publishedAt', 'releaseDate', 'date'];
const MONEY_KEYS = ['amount', 'budget', 'bidAmount', 'winningAmount', 'budgetAmount', 'money', 'price'];
/** Internal identifiers say nothing to a reader. */
const HIDDEN_KEYS = ['id', '_id', 'noticeId', 'uuid'];

const FIELD_VALUE_MAX = 300;
const TITLE_MAX = 300;

function firstKey(record: BidRecord, keys: readonly string[]): string | undefined {
  return keys.find((key) => {
    const value = record[key];
    return (typeof value === 'string' && value.trim() !== '') || typeof value === 'number';
  });
}

function regionText(
  record: BidRecord,
  nameKey: string | undefined,
  codeKey: string | undefined,
  lang: Lang,
): string | undefined {
  const code = codeKey ? valueText(record[codeKey], lang) : undefined;
  const name = nameKey
    ? valueText(record[nameKey], lang)
    : code
      ? (bidRegionByCode(code.toUpperCase()) ?? findBidRegion(code))?.name
      : undefined;
  if (name && code && name !== code) return lang.t('results.regionWithCode', { name, code });
  return name ?? code;
}

function moneyText(value: unknown, lang: Lang): string {
  return toNumber(value) === undefined ? valueText(value, lang) : formatCny(value, lang.locale);
}

interface Field {
  label: string;
  /** Already mrkdwn-safe. */
  value: string;
}

function describe(record: BidRecord, lang: Lang): { heading: string; fields: Field[] } {
  const used = new Set<string>(HIDDEN_KEYS);
  const take = (keys: readonly string[]) => {
    const key = firstKey(record, keys);
    if (key) used.add(key);
    return key;
  };
  const titleKey = take(TITLE_KEYS);
  const urlKey = take(URL_KEYS);
  const fields: Field[] = [];
  const add = (label: string, text: string | undefined) => {
    if (text !== undefined) fields.push({ label, value: serviceText(text, { max: FIELD_VALUE_MAX }) });
  };

  // Each role gets the label of its usual field name, whatever this record called it.
  const typeKey = take(TYPE_KEYS);
  if (typeKey) add(fieldLabel('noticeType', lang), noticeTypeName(valueText(record[typeKey], lang), lang));
  const purchaserKey = take(PURCHASER_KEYS);
  if (purchaserKey) add(fieldLabel('purchaser', lang), valueText(record[purchaserKey], lang));
  const supplierKey = take(SUPPLIER_KEYS);
  if (supplierKey) add(fieldLabel('supplier', lang), valueText(record[supplierKey], lang));
  add(fieldLabel('provinceName', lang), regionText(record, take(REGION_NAME_KEYS), take(REGION_CODE_KEYS), lang));
  const dateKey = take(DATE_KEYS);
  if (dateKey) add(fieldLabel('publishDate', lang), valueText(record[dateKey], lang));
  for (const key of MONEY_KEYS) {
    if (record[key] === undefined || record[key] === null || used.has(key)) continue;
    used.add(key);
    add(fieldLabel(key, lang), moneyText(record[key], lang));
  }
  for (const [key, value] of Object.entries(record)) {
    if (used.has(key) || value === undefined || value === null || value === '') continue;
    add(fieldLabel(key, lang), valueText(value, lang));
  }

  const titleText = titleKey
    ? serviceText(valueText(record[titleKey], lang), { max: TITLE_MAX, oneLine: true })
    : undefined;
  const heading = titleText ? bold(urlKey ? link(record[urlKey], titleText) : titleText) : '';
  return { heading, fields };
}

/** A notice with a title: the title (linked) over two columns of fields. Without one: key: value lines. */
function noticeBlocks(record: BidRecord, number: number, lang: Lang): KnownBlock[] {
  const { heading, fields } = describe(record, lang);
  const escapedFields = fields.map((field) => ({ label: escapeMrkdwn(field.label), value: field.value }));
  if (!heading) {
    const lines = escapedFields.map((field) => `${field.label}: ${field.value}`);
    return [
      sectionBlock(
        truncateMrkdwn(
          [`*${lang.t('bids.results.notice', { number })}*`, ...lines].join('\n'),
          SLACK_LIMITS.sectionText,
        ),
      ),
    ];
  }
  const inFields = escapedFields.slice(0, SLACK_LIMITS.sectionFields);
  const rest = escapedFields.slice(SLACK_LIMITS.sectionFields).map((field) => `${field.label}: ${field.value}`);
  const text = truncateMrkdwn([heading, ...rest].join('\n'), SLACK_LIMITS.sectionText);
  const objects: TextObject[] = inFields.map((field) => labelled(field.label, field.value));
  return [sectionBlock(text, objects)];
}

/**
 * What was searched, in the help's words, so a reader knows what "no notices" covers. A period of
 * exactly one year says it is the longest the service allows: that is also what a period given by one
 * end only became (the service needs both).
 */
function filterLine(request: BidsRequest, lang: Lang): string | undefined {
  const parts = filterParts(request, lang);
  return parts.length ? parts.map((part) => serviceText(part, { max: 200, oneLine: true })).join(' · ') : undefined;
}

/** The filters of a search in the reader's words, plain text, each one part. */
function filterParts(request: BidsRequest, lang: Lang): string[] {
  const parts: string[] = [];
  if (request.type) parts.push(noticeTypeName(request.type, lang));
  if (request.province) parts.push(lang.t('bids.results.region', { region: regionName(request.province, lang) }));
  if (request.searchType) {
    const fields = request.searchType.split(',').map((code) => searchFieldName(code, lang));
    parts.push(lang.t('bids.results.keywordIn', { fields: fields.join(lang.t('results.listSeparator')) }));
  }
  const { publishStartTime: start, publishEndTime: end } = request;
  if (start && end) {
    const widest = shiftYears(start, 1) === end;
    parts.push(lang.t(widest ? 'bids.results.publishedWidest' : 'bids.results.published', { start, end }));
  }
  return parts;
}

/** `“光伏组件” · Award result · Region: 浙江 (ZJ) · published 2026-01-01 to 2026-06-30`. */
function describeBids(request: BidsRequest, lang: Lang): string {
  const { publishStartTime: start, publishEndTime: end } = request;
  // The period without the widest-period advice: here it only says what was asked.
  const parts = filterParts(
    { ...request, publishStartTime: undefined, publishEndTime: undefined } as BidsRequest,
    lang,
  );
  if (start && end) parts.push(lang.t('bids.results.published', { start, end }));
  return [lang.t('bids.asked', { keyword: request.keyword }), ...parts].join(' · ');
}

function regionName(code: string, lang: Lang): string {
  const region = bidRegionByCode(code);
  return region ? lang.t('results.regionWithCode', { name: region.name, code: region.code }) : code;
}

function roleText(record: BidRecord, keys: readonly string[], lang: Lang): string {
  const key = firstKey(record, keys);
  return key ? valueText(record[key], lang) : '';
}

/** The money a notice names, under whichever of the usual names it came. */
function moneyOf(record: BidRecord): unknown {
  const key = MONEY_KEYS.find((name) => toNumber(record[name]) !== undefined);
  return key ? record[key] : undefined;
}

/** One notice a row: its number, title, type, parties, region, date and amount (the response shape is not in the spec, so each role is looked up as the cards do). */
function bidsTable(records: BidRecord[], first: number, caption: string, lang: Lang) {
  const numbered = records.map((record, index) => ({ record, number: first + index + 1 }));
  const unit = columnUnit(records.map(moneyOf), lang);
  const columns: TableColumn<(typeof numbered)[number]>[] = [
    { header: lang.t('bids.table.number'), cell: ({ number }) => numberCell(number, String(number)) },
    { header: lang.t('bids.table.title'), cell: ({ record }) => textCell(roleText(record, TITLE_KEYS, lang)) },
    {
      header: fieldLabel('noticeType', lang),
      cell: ({ record }) => textCell(noticeTypeName(roleText(record, TYPE_KEYS, lang), lang), 20),
    },
    {
      header: fieldLabel('purchaser', lang),
      cell: ({ record }) => textCell(roleText(record, PURCHASER_KEYS, lang), 40),
    },
    { header: fieldLabel('supplier', lang), cell: ({ record }) => textCell(roleText(record, SUPPLIER_KEYS, lang), 40) },
    {
      header: fieldLabel('provinceName', lang),
      cell: ({ record }) =>
        textCell(regionText(record, firstKey(record, REGION_NAME_KEYS), firstKey(record, REGION_CODE_KEYS), lang), 20),
    },
    { header: fieldLabel('publishDate', lang), cell: ({ record }) => textCell(roleText(record, DATE_KEYS, lang), 20) },
    {
      header: lang.t('bids.table.amount', { unit: unit.axis }),
      cell: ({ record }) => amountCell(moneyOf(record), unit),
    },
  ];
  return tableOrNothing(caption, columns, numbered);
}

export function renderBids(answer: CallResult<typeof BIDS_ID>, { lang, tables }: RenderOptions): RenderedResult {
  const { keyword } = answer.request;
  const { records, total } = answer.result;
  const title = lang.t('bids.title');
  const blocks: KnownBlock[] = [headerBlock(lang.t('results.heading', { title, subject: keyword }))];
  const safeKeyword = serviceText(keyword, { max: 200, oneLine: true });
  const filters = filterLine(answer.request, lang);
  if (filters) blocks.push(contextBlock(filters));
  if (!records.length) {
    blocks.push(
      sectionBlock(emptyPageText(answer.paging, lang) ?? lang.t('bids.results.noMatch', { keyword: safeKeyword })),
    );
  }
  const first = (Number(answer.request.pageIndex) - 1) * Number(answer.request.pageSize);
  const table = tables
    ? bidsTable(
        records,
        Number.isFinite(first) ? first : 0,
        lang.t('bids.table.caption', { keyword: keyword.replace(/\s+/g, ' ').slice(0, 100) }),
        lang,
      )
    : undefined;
  if (table) blocks.push(table, contextBlock(lang.t('tables.browse', { count: records.length })));
  if (!table)
    records.forEach((record, index) => {
      const number = Number.isFinite(first) ? first + index + 1 : index + 1;
      const notice = noticeBlocks(record, number, lang);
      blocks.push(...recordBlocks(index, index, index > 0 ? [dividerBlock(), ...notice] : notice));
    });
  const count = total ?? records.length;
  return { text: lang.t('bids.results.summary', { title, count, keyword: safeKeyword }), blocks };
}

/** A saved search in the reader's words, plain text: its keyword and filters, and a period by whichever ends it has. */
function describeSearch(search: TenderSearch, lang: Lang): string {
  const { publishStartTime: start, publishEndTime: end, ...rest } = search;
  const described = describeBids(
    {
      ...rest,
      pageIndex: '1',
      pageSize: '10',
      ...(start && end ? { publishStartTime: start, publishEndTime: end } : {}),
    },
    lang,
  );
  if (start && !end) return `${described} · ${lang.t('bids.watch.from', { start })}`;
  if (end && !start) return `${described} · ${lang.t('bids.watch.until', { end })}`;
  return described;
}

/** A saved search's new notices: the /bids reply's table, or without tables its cards (each a record the fitter may drop). */
function noticeRecords(records: readonly unknown[], search: TenderSearch, lang: Lang, tables: boolean): KnownBlock[] {
  const notices = records.filter((record): record is BidRecord => typeof record === 'object' && record !== null);
  const caption = lang.t('bids.watch.caption', { keyword: search.keyword.replace(/\s+/g, ' ').slice(0, 100) });
  const table = tables ? bidsTable(notices, 0, caption, lang) : undefined;
  if (table) return [table];
  return notices.flatMap((record, index) => {
    const notice = noticeBlocks(record, index + 1, lang);
    return recordBlocks(index, index, index > 0 ? [dividerBlock(), ...notice] : notice);
  });
}

export const bidsSlack: SlackOperation<typeof BIDS_ID> = {
  describe: describeBids,
  syntax: bidsSyntax,
  form: bidsForm,
  render: renderBids,
  watch: {
    target: (target, lang) =>
      lang.t('bids.watch.target', {
        search: serviceText(describeSearch(target.search, lang), { max: 300, oneLine: true }),
      }),
    fits: (_target, lang) => lang.t('bids.watch.fits'),
    records: (records, target, lang, tables) => noticeRecords(records, target.search, lang, tables),
  },
};
