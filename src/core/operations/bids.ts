import { z } from 'zod';
import { english, inEveryLanguage, type NamesUnder, type Phrase } from '../../i18n/lang.js';
import { localDate } from '../../time/calendar.js';
import { BID_REGIONS, findBidRegion, isGenericBidKeyword } from './bidRegions.js';
import { HOUR, type OperationDefinition, type PagingSpec, pagedBy, pageInfo, SERVICE_TIME_ZONE } from './definition.js';
import {
  addProblem,
  characterCount,
  choiceField,
  dateField,
  integerField,
  isCalendarDate,
  pageNumberField,
  textField,
  withinOneYear,
} from './fields.js';
import { keywordAsAsked } from './keyword.js';

export interface BidsRequest {
  keyword: string;
  pageSize: string;
  pageIndex: string;
  publishStartTime?: string;
  publishEndTime?: string;
  province?: string;
  searchType?: string;
  type?: string;
}

export type BidRecord = Record<string, unknown>;

export interface BidsResult {
  total?: number;
  records: BidRecord[];
}

/**
 * The service's codes of the notice types (tender, award, planned) and of the fields a keyword is
 * matched in (title, purchaser, supplier). Their names are the catalogue's (`bids.noticeType`,
 * `bids.noticeTypeWord`, `bids.searchField`): a code without one there fails `tsc`.
 */
export const BID_NOTICE_TYPES = ['1', '2', '3'] as const satisfies readonly NamesUnder<
  'bids.noticeType' | 'bids.noticeTypeWord'
>[];
export type BidNoticeType = (typeof BID_NOTICE_TYPES)[number];
export const SEARCHABLE_BID_FIELDS = ['1', '2', '3'] as const satisfies readonly NamesUnder<'bids.searchField'>[];
export type SearchableBidField = (typeof SEARCHABLE_BID_FIELDS)[number];

/** The word typed for each notice type, as help shows it (`tender`, `招标`). */
export const BID_NOTICE_TYPE_WORDS: readonly Phrase[] = BID_NOTICE_TYPES.map((code) => ({
  key: `bids.noticeTypeWord.${code}`,
}));

/** Words for the notice types besides their words and one-word names in every language's catalogue (`招标`, `招标公告`). */
export const BID_NOTICE_TYPE_EXTRA_WORDS: Readonly<Record<BidNoticeType, readonly string[]>> = {
  '1': ['tenders'],
  '2': ['awards', '中标公告'],
  '3': ['plan'],
};

/** Every word read for a notice type, in lower case. */
export const BID_NOTICE_TYPE_SYNONYMS: Readonly<Record<string, BidNoticeType>> = Object.fromEntries(
  BID_NOTICE_TYPES.flatMap((code) =>
    [
      ...inEveryLanguage(`bids.noticeTypeWord.${code}`),
      ...inEveryLanguage(`bids.noticeType.${code}`).filter((name) => !/\s/.test(name)),
      ...BID_NOTICE_TYPE_EXTRA_WORDS[code],
    ].map((word) => [word.toLowerCase(), code] as const),
  ),
);
export const BID_ANY = ['any', 'all', '全部', '不限'] as const;

/**
 * Longer than any product or company word; a pasted paragraph would be charged and match nothing.
 * The spec sets no maximum, so this is the app's own.
 */
const BIDS_KEYWORD_MAX = 60;

function checkKeyword(keyword: string): Phrase | undefined {
  const length = characterCount(keyword);
  if (length <= 2) return { key: 'bids.problems.keywordTooShort' };
  if (length > BIDS_KEYWORD_MAX)
    return { key: 'bids.problems.keywordTooLong', values: { length, max: BIDS_KEYWORD_MAX } };
  if (isGenericBidKeyword(keyword)) return { key: 'bids.problems.keywordTooGeneric', values: { keyword } };
  return undefined;
}

/** The same day `years` later (or earlier): 29 February lands on 28 February. */
export function shiftYears(date: string, years: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // 28 February rather than 1 March keeps a period filled in this way within one year either way.
  const shifted = new Date(Date.UTC(year + years, month - 1, day));
  if (shifted.getUTCMonth() !== month - 1) shifted.setUTCDate(0);
  return shifted.toISOString().slice(0, 10);
}

/**
 * The spec does not say what the service makes of a period with one end, so both are sent. Given
 * only `to:`, the period starts a year before it (the longest the service searches); given only
 * `from:`, it ends a year later or today, whichever is sooner: nothing is published in the future,
 * and a period reaching into it would say it searched days that do not exist yet.
 */
function completePeriod(request: BidsRequest, today: string): BidsRequest {
  const { publishStartTime: start, publishEndTime: end } = request;
  if (start && !end) {
    const yearOn = shiftYears(start, 1);
    return { ...request, publishEndTime: yearOn < today ? yearOn : start > today ? start : today };
  }
  if (end && !start) return { ...request, publishStartTime: shiftYears(end, -1) };
  return request;
}

function normaliseSearchType(text: string): string {
  const parts = text.split(/[,，\s]+/).filter(Boolean);
  return [...new Set(parts)].sort().join(',');
}

/** Notices are published, and dated, in China: "today" for a period is the day there. */

/** The spec: at most 10 notices a call; page number and size travel as strings. */
const BIDS_PAGES: PagingSpec = { pageField: 'pageIndex', sizeField: 'pageSize', wire: 'string', largest: 10 };

const bidsInput = z
  .object({
    keyword: textField({ required: true, normalise: keywordAsAsked, check: checkKeyword }),
    pageSize: integerField({
      default: BIDS_PAGES.largest,
      max: BIDS_PAGES.largest,
      maxReason: { key: 'bids.reason.pageSizeMax' },
    }),
    pageIndex: pageNumberField(),
    publishStartTime: dateField(),
    publishEndTime: dateField(),
    province: textField({
      normalise: (text) => findBidRegion(text)?.code ?? text.toUpperCase(),
      check: (code) =>
        BID_REGIONS.some((r) => r.code === code) ? undefined : { key: 'bids.problems.unknownRegion', values: { code } },
    }),
    searchType: textField({
      normalise: normaliseSearchType,
      check: (text) => (/^[123](,[123])*$/.test(text) ? undefined : { key: 'bids.problems.searchType' }),
    }),
    type: choiceField(BID_NOTICE_TYPES, {
      synonyms: BID_NOTICE_TYPE_SYNONYMS,
      none: BID_ANY,
      words: { words: BID_NOTICE_TYPE_WORDS, joinedBy: 'common.wordList.choices' },
    }),
  })
  .superRefine(
    (value, ctx) => {
      const { publishStartTime: start, publishEndTime: end } = value;
      if (!isCalendarDate(start ?? '') || !isCalendarDate(end ?? '')) return;
      if (start! > end!)
        addProblem(ctx, { key: 'bids.problems.endBeforeStart', values: { start } }, ['publishEndTime']);
      else if (!withinOneYear(start!, end!)) addProblem(ctx, { key: 'bids.problems.overOneYear' }, ['publishEndTime']);
    },
    // Check the range even when another field is wrong, so a form shows every problem at once.
    {
      when: (payload) =>
        !payload.issues.some((issue) => ['publishStartTime', 'publishEndTime'].includes(String(issue.path?.[0]))),
    },
  )
  .transform((value): BidsRequest => {
    const request: BidsRequest = {
      keyword: value.keyword,
      pageSize: String(value.pageSize),
      pageIndex: String(value.pageIndex),
    };
    if (value.publishStartTime) request.publishStartTime = value.publishStartTime;
    if (value.publishEndTime) request.publishEndTime = value.publishEndTime;
    if (value.province) request.province = value.province;
    if (value.searchType) request.searchType = value.searchType;
    if (value.type) request.type = value.type;
    return request;
  });

/** The response body is not shown in the spec: take the first list of objects we can find. */
const bidsData = z.unknown();

const LIST_KEYS = ['list', 'records', 'rows', 'items', 'data', 'result'] as const;
const TOTAL_KEYS = ['total', 'count', 'totalCount', 'totalNum'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readBidData(data: unknown): BidsResult {
  if (Array.isArray(data)) return { records: data.filter(isRecord) };
  if (!isRecord(data)) return { records: [] };
  const listKey = LIST_KEYS.find((key) => Array.isArray(data[key]));
  const records = listKey ? (data[listKey] as unknown[]).filter(isRecord) : [];
  const totalValue = TOTAL_KEYS.map((key) => Number(data[key])).find((n) => Number.isFinite(n) && n >= 0);
  return totalValue === undefined ? { records } : { records, total: totalValue };
}

/** Fields a notice names a company in (its purchaser, its supplier), read as noticeIdentity.ts reads a record: defensively. */
const COMPANY_FIELDS = [
  'purchaser',
  'purchaserName',
  'buyer',
  'buyerName',
  'tenderee',
  'supplier',
  'supplierName',
  'winner',
  'winnerName',
];

function companiesIn(record: BidRecord): string[] {
  return COMPANY_FIELDS.flatMap((field) => {
    const value = record[field];
    return typeof value === 'string' && value.trim() !== '' ? [value] : [];
  });
}

export const bids: OperationDefinition<BidsRequest, unknown, BidsResult> = {
  id: 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list',
  name: 'bids',
  path: '/v1/thirdpartymarket-cmapi00069224-enterprise-search-bid-list',
  // Cost and rate limit are not shown in the spec: assume the fund operations' values until known.
  cost: 10,
  costPublished: false,
  rateLimit: { count: 60, windowMs: 60_000 },
  envelope: 'B',
  input: bidsInput,
  request: z.object({
    keyword: z.string(),
    pageSize: z.string(),
    pageIndex: z.string(),
    publishStartTime: z.string().optional(),
    publishEndTime: z.string().optional(),
    province: z.string().optional(),
    searchType: z.string().optional(),
    type: z.string().optional(),
  }),
  data: bidsData,
  normalise: (data) => readBidData(data),
  names: (result) => result.records.flatMap(companiesIn).map((name) => ({ subject: 'company', name })),
  cacheTtlMs: { default: HOUR },
  cacheVariant: () => 'default',
  paging: (request, result) =>
    pageInfo(Number(request.pageIndex), Number(request.pageSize), result.total, result.records.length),
  ...pagedBy<BidsRequest>(BIDS_PAGES),
  onDay: (request, now) => completePeriod(request, localDate(now, SERVICE_TIME_ZONE)),
  beyondToday: (request, today, input) => {
    const start = request.publishStartTime;
    if (start === undefined || start <= today) return undefined;
    // Notices are found once published: a period starting after today finds nothing, and one a year
    // on from a far date (9999-12-31) is not even a date the service can read.
    const typedStart =
      typeof (input as { publishStartTime?: unknown } | null)?.publishStartTime === 'string' &&
      (input as { publishStartTime: string }).publishStartTime.trim() !== '';
    const phrase: Phrase = typedStart
      ? { key: 'bids.problems.startsAfterToday', values: { today } }
      : { key: 'bids.problems.endPutsStartAfterToday', values: { start, today } };
    return { field: typedStart ? 'publishStartTime' : 'publishEndTime', message: english.t(phrase), phrase };
  },
  example: 'keyword=光伏组件 province=ZJ type=2 publishStartTime=2026-01-01 publishEndTime=2026-06-30',
};
