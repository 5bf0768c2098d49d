// Tender notices invented on demand. A query has a fixed number of results (from hashes of the keyword
// and filters) and the notice at each position is computed directly, so any page costs the same.
import { BID_REGIONS, bidRegionByCode, type BidRegion } from '../../core/operations/bidRegions.js';
import { isoDateOfDay } from '../calendar.js';
import { hash32, hashBetween, hashPick, hashUnit, type HashPart } from '../random.js';
import { TAXPAYER_CATALOGUE } from './taxpayerCatalogue.js';

export type SearchField = '1' | '2' | '3'; // title, purchaser, supplier
export type NoticeTypeCode = '1' | '2' | '3'; // tender announcement, award result, planned project

export interface BidQuery {
  keyword: string;
  provinceCode: string | undefined;
  searchFields: ReadonlySet<SearchField>;
  noticeType: NoticeTypeCode | undefined;
  startDay: number;
  endDay: number;
}

export interface BidNotice {
  id: string;
  title: string;
  noticeType: string;
  purchaser: string;
  supplier?: string;
  province: string;
  provinceName: string;
  publishDate: string;
  budget?: number;
  amount?: number;
  url: string;
}

const NOTICE_TYPE_LABELS: Record<NoticeTypeCode, string> = { '1': '招标公告', '2': '中标结果', '3': '拟建项目' };
const TITLE_ENDINGS: Record<NoticeTypeCode, readonly string[]> = {
  '1': ['采购项目招标公告', '项目公开招标公告', '服务项目竞争性磋商公告'],
  '2': ['项目中标结果公告', '采购项目成交结果公告', '项目中标候选人公示'],
  '3': ['建设项目（拟建）', '工程项目审批信息', '项目可行性研究报告批复'],
};
const PURCHASER_UNITS = ['人民医院', '教育局', '交通运输局', '自然资源和规划局', '城市建设投资集团有限公司', '大数据发展管理局', '水利局', '第一中学'] as const;
const MAX_RESULTS = 80;
const FULL_RANGE_DAYS = 90;

function queryKey(query: BidQuery): HashPart[] {
  const fields = [...query.searchFields].sort().join(',');
  return [query.keyword, query.provinceCode ?? '*', fields, query.noticeType ?? '*', query.startDay, query.endDay];
}

/** Only award results name a supplier, so a supplier-only search finds nothing else. */
function isImpossible(query: BidQuery): boolean {
  const supplierOnly = query.searchFields.size === 1 && query.searchFields.has('3');
  return supplierOnly && query.noticeType !== undefined && query.noticeType !== '2';
}

export function countBidNotices(query: BidQuery): number {
  if (isImpossible(query) || query.startDay > query.endDay) return 0;
  const keywordWeight = hashUnit('bid-keyword', query.keyword);
  if (keywordWeight < 0.08) return 0; // some keywords simply find nothing
  const provinceShare = query.provinceCode ? hashBetween(0.3, 0.7, 'bid-province', query.keyword, query.provinceCode) : 1;
  const typeShare = query.noticeType ? hashBetween(0.25, 0.5, 'bid-type', query.keyword, query.noticeType) : 1;
  const rangeShare = Math.min(1, (query.endDay - query.startDay + 1) / FULL_RANGE_DAYS);
  return Math.round(MAX_RESULTS * keywordWeight * provinceShare * typeShare * (0.3 + 0.7 * rangeShare));
}

function noticeTypeAt(query: BidQuery, key: HashPart[]): NoticeTypeCode {
  if (query.noticeType) return query.noticeType;
  if (query.searchFields.size === 1 && query.searchFields.has('3')) return '2';
  const u = hashUnit('notice-type', ...key);
  return u < 0.5 ? '1' : u < 0.85 ? '2' : '3';
}

/** Newest first: position p falls in the p-th slice of the period, so dates never increase. */
function publishDayAt(query: BidQuery, total: number, position: number, key: HashPart[]): number {
  const spanDays = query.endDay - query.startDay + 1;
  const offset = Math.floor(((position + hashUnit('publish-day', ...key)) * spanDays) / total);
  return query.endDay - offset;
}

function noticeId(key: HashPart[]): string {
  const high = hash32('notice-id-high', ...key).toString(16).padStart(8, '0');
  const low = hash32('notice-id-low', ...key).toString(16).padStart(8, '0');
  return high + low;
}

function moneyInYuan(key: HashPart[], scale: number): number {
  // Log-uniform between 50 thousand and 50 million yuan, times the scale.
  const exponent = hashBetween(Math.log10(5e4), Math.log10(5e7), 'money', ...key);
  return Math.round(10 ** exponent * scale * 100) / 100;
}

export function bidNoticeAt(query: BidQuery, total: number, position: number): BidNotice {
  const key = [...queryKey(query), position];
  const typeCode = noticeTypeAt(query, key);
  const region: BidRegion = (query.provinceCode && bidRegionByCode(query.provinceCode)) || hashPick(BID_REGIONS, 'region', ...key);
  const keywordInPurchaser = !query.searchFields.has('1') && query.searchFields.has('2');
  const keywordInSupplier = !query.searchFields.has('1') && !query.searchFields.has('2');
  const purchaser = keywordInPurchaser
    ? `${region.fullName}${query.keyword}管理中心`
    : `${region.fullName}${hashPick(PURCHASER_UNITS, 'purchaser', ...key)}`;
  const title = `${purchaser}${query.keyword}${hashPick(TITLE_ENDINGS[typeCode], 'title', ...key)}`;
  const id = noticeId(key);
  const notice: BidNotice = {
    id,
    title,
    noticeType: NOTICE_TYPE_LABELS[typeCode],
    purchaser,
    province: region.code,
    provinceName: region.name,
    publishDate: isoDateOfDay(publishDayAt(query, total, position, key)),
    url: `https://example.invalid/notice/${id}`,
  };
  if (typeCode === '2') {
    notice.supplier = keywordInSupplier
      ? `${region.name}${query.keyword}有限公司`
      : hashPick(TAXPAYER_CATALOGUE, 'supplier', ...key).enterpriseName;
    notice.amount = moneyInYuan(key, 1);
  } else {
    notice.budget = moneyInYuan(key, typeCode === '3' ? 20 : 1); // planned projects report total investment
  }
  return notice;
}
