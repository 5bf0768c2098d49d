// thirdpartymarket-cmapi00069224-enterprise-search-bid-list. Every field is a string on the wire.
// Choices where the spec is silent: keyword is required; a missing publishEndTime means today
// (Asia/Shanghai) and a missing publishStartTime means 90 days before the end; province is one code;
// only notices published by the simulated instant of the call are found (data/bidNotices.ts).
import { bidRegionByCode, isGenericBidKeyword } from '../../core/operations/bidRegions.js';
import { dayOfIsoDate, sameDateNextYear, shanghaiDayNumber } from '../calendar.js';
import { type NoticeTypeCode, type SearchField, searchBidNotices } from '../data/bidNotices.js';
import { bidOrderAt, changedBidNotice, publishedBidNotices } from '../dataChanges.js';
import {
  countFromText,
  InvalidParameterError,
  optionalString,
  type RequestBody,
  requiredString,
} from '../wireFields.js';
import { simulatedOperation } from './types.js';

export const BID_MAX_PAGE_SIZE = 10;
const DEFAULT_PERIOD_DAYS = 90;

function checkedKeyword(body: RequestBody): string {
  const keyword = requiredString(body, 'keyword').trim();
  if ([...keyword].length <= 2) throw new InvalidParameterError('keyword must be longer than 2 characters');
  if (isGenericBidKeyword(keyword)) throw new InvalidParameterError('keyword too generic');
  return keyword;
}

function optionalDay(body: RequestBody, field: string): number | undefined {
  const text = optionalString(body, field);
  if (text === undefined) return undefined;
  const day = dayOfIsoDate(text);
  if (day === undefined) throw new InvalidParameterError(`${field} must be a real date in yyyy-mm-dd form`);
  return day;
}

function publicationPeriod(body: RequestBody, todayDay: number): { startDay: number; endDay: number } {
  const requestedStart = optionalDay(body, 'publishStartTime');
  const requestedEnd = optionalDay(body, 'publishEndTime');
  const endDay = requestedEnd ?? todayDay;
  const startDay = requestedStart ?? endDay - DEFAULT_PERIOD_DAYS;
  if (startDay > endDay) throw new InvalidParameterError('publishStartTime must not be after publishEndTime');
  if (endDay > sameDateNextYear(startDay))
    throw new InvalidParameterError('publication period must not exceed one year');
  return { startDay, endDay };
}

function optionalProvince(body: RequestBody): string | undefined {
  const code = optionalString(body, 'province');
  if (code !== undefined && !bidRegionByCode(code))
    throw new InvalidParameterError('province is not a known region code');
  return code;
}

function searchFields(body: RequestBody): Set<SearchField> {
  const text = optionalString(body, 'searchType');
  if (text === undefined) return new Set(['1', '2', '3']);
  const parts = text.split(',').map((part) => part.trim());
  if (!parts.every((part): part is SearchField => part === '1' || part === '2' || part === '3')) {
    throw new InvalidParameterError('searchType must be a comma separated list of 1, 2 and 3');
  }
  return new Set(parts);
}

function optionalNoticeType(body: RequestBody): NoticeTypeCode | undefined {
  const text = optionalString(body, 'type');
  if (text === undefined) return undefined;
  if (text !== '1' && text !== '2' && text !== '3') throw new InvalidParameterError('type must be 1, 2 or 3');
  return text;
}

export const bidsHandler = simulatedOperation({
  id: 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list',
  typedName: 'bids',
  // The spec shows neither the cost nor the rate limit of the bid search, nor its response body.
  // Our assumptions: 10 coins (like the fund operations), 60 per minute, and envelope B.
  envelope: 'B',
  costInCoins: 10,
  defaultRateLimit: { count: 60, windowMs: 60_000 },
  handle: (body, { nowMs, changes = [] }) => {
    const keyword = checkedKeyword(body);
    const pageSize = countFromText(body, 'pageSize', { defaultValue: 10, max: BID_MAX_PAGE_SIZE });
    const pageIndex = countFromText(body, 'pageIndex', { defaultValue: 1, max: Number.MAX_SAFE_INTEGER });
    const todayDay = shanghaiDayNumber(nowMs);
    const period = publicationPeriod(body, todayDay);
    const query = {
      keyword,
      provinceCode: optionalProvince(body),
      searchFields: searchFields(body),
      noticeType: optionalNoticeType(body),
      startDay: period.startDay,
      endDay: Math.min(period.endDay, todayDay), // nothing is published in the future
    };
    const found = searchBidNotices(
      query,
      nowMs,
      publishedBidNotices(changes, nowMs),
      { index: pageIndex, size: pageSize },
      bidOrderAt(changes, nowMs),
    );
    const list = found.notices.map((notice) => changedBidNotice(notice, changes, nowMs));
    return { total: found.total, pageIndex, pageSize, list };
  },
  changedField: ({ list, ...rest }) => ({ ...rest, records: list }),
});
