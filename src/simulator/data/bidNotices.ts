// Tender notices published over simulated time. For every keyword, region and Shanghai day, how many
// notices appeared and when each did follow from hashes of those three alone: a notice once published
// stays as it was, and moving `now` on only adds newer ones, so a search saved and run every morning
// finds what appeared since the last run. Working days carry most of the flow and office hours most
// of a day; about one day in eight is quiet for a keyword in a region, so a daily check finds
// something new on most days, not on all.
//
// The spec shows no field of a bid record; ours are invented, and each notice carries an `id` and a
// `url`. An award result mostly concerns a tender of the same stream published one to six weeks
// before: the same project (purchaser, name, project code) told by another notice with its own id.
import { BID_REGIONS, type BidRegion, bidRegionByCode } from '../../core/operations/bidRegions.js';
import { isoDateOfDay, isWeekend, shanghaiDayNumber, shanghaiDayStart } from '../calendar.js';
import { type HashPart, hash32, hashBetween, hashInt, hashPick, hashUnit, mixedUnit } from '../random.js';
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

/** A notice published through the admin endpoint (dataChanges.ts) rather than by the stream. */
export interface PublishedBidNotice {
  publishedAt: number;
  notice: BidNotice;
}

export const NOTICE_TYPE_LABELS: Record<NoticeTypeCode, string> = { '1': '招标公告', '2': '中标结果', '3': '拟建项目' };
const NOTICE_ENDINGS: Record<NoticeTypeCode, readonly string[]> = {
  '1': ['招标公告', '公开招标公告', '竞争性磋商公告', '询价公告'],
  '2': ['中标结果公告', '成交结果公告', '中标候选人公示'],
  '3': ['（拟建）', '审批信息', '可行性研究报告批复'],
};
const TENDER_ENDINGS_LONGEST_FIRST = [...NOTICE_ENDINGS['1']].sort((a, b) => b.length - a.length);
const PROJECT_NOUNS = ['采购项目', '项目', '服务项目', '供货及安装项目', '运维服务项目'] as const;
const PURCHASER_UNITS = [
  '人民医院',
  '教育局',
  '交通运输局',
  '自然资源和规划局',
  '城市建设投资集团有限公司',
  '大数据发展管理局',
  '水利局',
  '第一中学',
] as const;

const SILENT_KEYWORD_SHARE = 0.08; // that share of keywords finds nothing at all
const RARE_KEYWORD_SHARE = 0.2; // and up to that share finds little
const QUIET_DAY_SHARE = 0.12;
const WEEKEND_SHARE = 0.1;
const HOUR_S = 3600;

// Draws made from a cell's seed, each with its own salt.
const DRAW = { quiet: 1, busy: 2, count: 3, type: 4, band: 5, second: 6, id: 7, lag: 8, tender: 9 } as const;

/** A keyword's notices in a region on a day: how many, and the seed of everything drawn about them. */
interface Cell {
  keyword: string;
  region: BidRegion;
  day: number;
  seed: number;
  count: number;
}

/** One place in the stream: the `index`-th notice of its cell. */
interface Slot {
  cell: Cell;
  index: number;
}

const slotKey = ({ cell, index }: Slot): HashPart[] => [cell.keyword, cell.region.code, cell.day, index];

/**
 * Notices on an ordinary working day for the keyword in the region. Keywords differ as search words
 * do: some find nothing, some are rare (a few a month across the country), most are common (about 3
 * to 8 a day in each region).
 */
function workingDayRate(keyword: string, region: BidRegion): number {
  const keywordWeight = hashUnit('bid-keyword', keyword);
  if (keywordWeight < SILENT_KEYWORD_SHARE) return 0;
  const regionFactor = hashBetween(0.85, 1.35, 'bid-region-rate', keyword, region.code);
  if (keywordWeight < RARE_KEYWORD_SHARE) return 0.012 * regionFactor;
  return (3.5 + (2.5 * (keywordWeight - RARE_KEYWORD_SHARE)) / (1 - RARE_KEYWORD_SHARE)) * regionFactor;
}

/** A Poisson draw by inverting its distribution at `u`. */
function poisson(mean: number, u: number): number {
  let count = 0;
  let probability = Math.exp(-mean);
  let cumulative = probability;
  while (u > cumulative && count < 255) {
    count += 1;
    probability *= mean / count;
    cumulative += probability;
  }
  return count;
}

/** Busier and quieter days around the rate, a tenth of it at weekends, and now and then a day with none. */
function cellAt(keyword: string, region: BidRegion, day: number, rate = workingDayRate(keyword, region)): Cell {
  const seed = hash32('bid-cell', keyword, region.code, day);
  const quiet = rate === 0 || mixedUnit(seed, DRAW.quiet) < QUIET_DAY_SHARE;
  const mean = rate * (0.6 + 0.9 * mixedUnit(seed, DRAW.busy)) * (isWeekend(day) ? WEEKEND_SHARE : 1);
  return { keyword, region, day, seed, count: quiet ? 0 : poisson(mean, mixedUnit(seed, DRAW.count)) };
}

function slotType({ cell, index }: Slot): NoticeTypeCode {
  const u = mixedUnit(cell.seed, index, DRAW.type);
  return u < 0.5 ? '1' : u < 0.85 ? '2' : '3';
}

/** Mostly office hours (08:30–18:00), some evenings, a few early mornings; whole seconds. */
function publishedAt({ cell, index }: Slot): number {
  const band = mixedUnit(cell.seed, index, DRAW.band);
  const within = mixedUnit(cell.seed, index, DRAW.second);
  const [from, hours] = band < 0.85 ? [8.5, 9.5] : band < 0.95 ? [18, 4] : [7, 1.5];
  return shanghaiDayStart(cell.day) + Math.floor((from + within * hours) * HOUR_S) * 1000;
}

const hex = (value: number, digits: number) => value.toString(16).padStart(digits, '0');

/** A hash, then the day, region and index, so an id names its place in its keyword's stream. */
function slotId({ cell, index }: Slot): string {
  const hash = Math.floor(mixedUnit(cell.seed, index, DRAW.id) * 0x1_0000_0000);
  return hex(hash, 8) + hex(cell.day, 4) + hex(BID_REGIONS.indexOf(cell.region), 2) + hex(index, 2);
}

/** The stream's notice with this id under this keyword, if there is one. */
function slotOfId(keyword: string, id: string): Slot | undefined {
  const match = /^[0-9a-f]{8}([0-9a-f]{4})([0-9a-f]{2})([0-9a-f]{2})$/.exec(id);
  const region = match ? BID_REGIONS[parseInt(match[2]!, 16)] : undefined;
  if (!match || !region) return undefined;
  const slot: Slot = { cell: cellAt(keyword, region, parseInt(match[1]!, 16)), index: parseInt(match[3]!, 16) };
  return slot.index < slot.cell.count && slotId(slot) === id ? slot : undefined;
}

/**
 * The tender an award result concludes: one published 7 to 36 days before, or on the nearest earlier
 * day (within a week) that had one; none when that week had none.
 */
function awardedTender({ cell, index }: Slot): Slot | undefined {
  const lag = 7 + Math.floor(mixedUnit(cell.seed, index, DRAW.lag) * 30);
  for (let day = cell.day - lag; day > cell.day - lag - 7; day--) {
    const earlier = cellAt(cell.keyword, cell.region, day);
    const tenders = Array.from({ length: earlier.count }, (_, i): Slot => ({ cell: earlier, index: i })).filter(
      (slot) => slotType(slot) === '1',
    );
    if (tenders.length > 0) return tenders[Math.floor(mixedUnit(cell.seed, index, DRAW.tender) * tenders.length)];
  }
  return undefined;
}

/** The slot whose project a notice is about: its own, or for an award the tender's. */
function projectSlot(slot: Slot): Slot {
  return (slotType(slot) === '2' && awardedTender(slot)) || slot;
}

const keywordInPurchaser = (key: HashPart[]) => hashUnit('purchaser-has-keyword', ...key) < 0.15;
const keywordInSupplier = (key: HashPart[]) => hashUnit('supplier-has-keyword', ...key) < 0.3;

function moneyInYuan(key: HashPart[], scale: number): number {
  // Log-uniform between 50 thousand and 50 million yuan, times the scale.
  const exponent = hashBetween(Math.log10(5e4), Math.log10(5e7), 'money', ...key);
  return Math.round(10 ** exponent * scale * 100) / 100;
}

/** A tender announcement or planned project, invented from `key`. */
function projectNotice(
  keyword: string,
  region: BidRegion,
  day: number,
  typeCode: '1' | '3',
  key: HashPart[],
  id: string,
): BidNotice {
  const purchaser = keywordInPurchaser(key)
    ? `${region.fullName}${keyword}管理中心`
    : `${region.fullName}${hashPick(PURCHASER_UNITS, 'purchaser', ...key)}`;
  const name = `${purchaser}${keyword}${hashPick(PROJECT_NOUNS, 'project', ...key)}`;
  const ending = hashPick(NOTICE_ENDINGS[typeCode], 'ending', ...key);
  const code = `${region.code}${isoDateOfDay(day).slice(0, 4)}-${String(hashInt(10_000, 'project-code', ...key)).padStart(4, '0')}`;
  return {
    id,
    title: typeCode === '3' ? `${name}${ending}` : `${name}（${code}）${ending}`,
    noticeType: NOTICE_TYPE_LABELS[typeCode],
    purchaser,
    province: region.code,
    provinceName: region.name,
    publishDate: isoDateOfDay(day),
    budget: moneyInYuan(key, typeCode === '3' ? 20 : 1), // planned projects report total investment
    url: `https://example.invalid/notice/${id}`,
  };
}

/** The award result of `tender`: same project and purchaser, its own id, date, supplier and amount. */
function awardNotice(tender: BidNotice, keyword: string, day: number, key: HashPart[], id: string): BidNotice {
  const tenderEnding = TENDER_ENDINGS_LONGEST_FIRST.find((ending) => tender.title.endsWith(ending)) ?? '';
  const region = bidRegionByCode(tender.province) ?? hashPick(BID_REGIONS, 'region', ...key);
  return {
    id,
    title: `${tender.title.slice(0, tender.title.length - tenderEnding.length)}${hashPick(NOTICE_ENDINGS['2'], 'ending', ...key)}`,
    noticeType: NOTICE_TYPE_LABELS['2'],
    purchaser: tender.purchaser,
    supplier: keywordInSupplier(key)
      ? `${region.name}${keyword}有限公司`
      : hashPick(TAXPAYER_CATALOGUE, 'supplier', ...key).enterpriseName,
    province: tender.province,
    provinceName: tender.provinceName,
    publishDate: isoDateOfDay(day),
    amount:
      Math.round((tender.budget ?? moneyInYuan(key, 1)) * hashBetween(0.82, 0.99, 'discount', ...key) * 100) / 100,
    url: `https://example.invalid/notice/${id}`,
  };
}

function slotNotice(slot: Slot): BidNotice {
  const { keyword, region, day } = slot.cell;
  const typeCode = slotType(slot);
  const id = slotId(slot);
  if (typeCode !== '2') return projectNotice(keyword, region, day, typeCode, slotKey(slot), id);
  const tender = projectSlot(slot);
  const tenderNotice = projectNotice(keyword, region, tender.cell.day, '1', slotKey(tender), slotId(tender));
  return awardNotice(tenderNotice, keyword, day, slotKey(slot), id);
}

function slotMatches(slot: Slot, query: BidQuery): boolean {
  const typeCode = slotType(slot);
  if (query.noticeType && typeCode !== query.noticeType) return false;
  // The keyword is in every title; in a purchaser or supplier only where one was made with it.
  if (query.searchFields.has('1')) return true;
  if (query.searchFields.has('2') && keywordInPurchaser(slotKey(projectSlot(slot)))) return true;
  return query.searchFields.has('3') && typeCode === '2' && keywordInSupplier(slotKey(slot));
}

function publishedMatches({ publishedAt: at, notice }: PublishedBidNotice, query: BidQuery): boolean {
  const day = shanghaiDayNumber(at);
  if (day < query.startDay || day > query.endDay) return false;
  if (query.provinceCode && notice.province !== query.provinceCode) return false;
  if (query.noticeType && notice.noticeType !== NOTICE_TYPE_LABELS[query.noticeType]) return false;
  const searched = { '1': notice.title, '2': notice.purchaser, '3': notice.supplier ?? '' };
  return [...query.searchFields].some((field) => searched[field].includes(query.keyword));
}

/** A hit of a search: when it appeared, and where it comes from. */
type Hit =
  | { publishedAt: number; slot: Slot; published?: undefined }
  | { publishedAt: number; published: BidNotice; slot?: undefined };

const hitId = (hit: Hit) => hit.published?.id ?? slotId(hit.slot!);
const newestFirst = (a: Hit, b: Hit) => b.publishedAt - a.publishedAt || (hitId(a) < hitId(b) ? -1 : 1);

/** The orders a search can list its notices in (the spec shows none): newest first unless told otherwise. */
export const BID_ORDERS = ['newestFirst', 'oldestFirst'] as const;
export type BidOrder = (typeof BID_ORDERS)[number];

/**
 * The notices the query finds as of `nowMs` (newest first, ties by id; or exactly the other way):
 * how many, and the page asked for. Days are walked in that order and only a day that reaches into
 * the page is sorted, so a search over a year of every region costs a pass over its cells rather
 * than building every notice.
 */
export function searchBidNotices(
  query: BidQuery,
  nowMs: number,
  published: readonly PublishedBidNotice[],
  page: { index: number; size: number },
  order: BidOrder = 'newestFirst',
): { total: number; notices: BidNotice[] } {
  const regions = (query.provinceCode === undefined ? BID_REGIONS : [bidRegionByCode(query.provinceCode)!]).map(
    (region) => ({ region, rate: workingDayRate(query.keyword, region) }),
  );
  const publishedByDay = new Map<number, PublishedBidNotice[]>();
  for (const entry of published.filter(
    (candidate) => candidate.publishedAt <= nowMs && publishedMatches(candidate, query),
  )) {
    const day = shanghaiDayNumber(entry.publishedAt);
    publishedByDay.set(day, [...(publishedByDay.get(day) ?? []), entry]);
  }
  const first = (page.index - 1) * page.size;
  const notices: BidNotice[] = [];
  let total = 0;
  const oldestFirst = order === 'oldestFirst';
  const inOrder = oldestFirst ? (a: Hit, b: Hit) => newestFirst(b, a) : newestFirst;
  for (let step = 0; step <= query.endDay - query.startDay; step++) {
    const day = oldestFirst ? query.startDay + step : query.endDay - step;
    const hits: Hit[] = (publishedByDay.get(day) ?? []).map((entry) => ({
      publishedAt: entry.publishedAt,
      published: entry.notice,
    }));
    for (const { region, rate } of regions) {
      if (rate === 0) continue;
      const cell = cellAt(query.keyword, region, day, rate);
      for (let index = 0; index < cell.count; index++) {
        const slot: Slot = { cell, index };
        const at = publishedAt(slot);
        if (at <= nowMs && slotMatches(slot, query)) hits.push({ publishedAt: at, slot });
      }
    }
    if (total + hits.length > first && total < first + page.size) {
      const wanted = hits.sort(inOrder).slice(Math.max(0, first - total), first + page.size - total);
      notices.push(...wanted.map((hit) => hit.published ?? slotNotice(hit.slot!)));
    }
    total += hits.length;
  }
  return { total, notices };
}

/** What the admin endpoint asks to publish (see dataChanges.ts). */
export interface BidNoticeOrder {
  keyword: string;
  province?: string | undefined;
  type?: NoticeTypeCode | undefined;
  count?: number | undefined;
  title?: string | undefined;
  purchaser?: string | undefined;
  supplier?: string | undefined;
  /** The id of a tender announcement (of the stream under `keyword`, or published before): publish its award result. */
  awardOf?: string | undefined;
}

function tenderToAward(order: BidNoticeOrder, at: number, earlier: readonly PublishedBidNotice[]): BidNotice {
  const id = order.awardOf!;
  const published = earlier.find((entry) => entry.notice.id === id);
  const slot = published ? undefined : slotOfId(order.keyword, id);
  const tender = published?.notice ?? (slot && slotNotice(slot));
  if (!tender) throw new Error(`no notice ${id} among those found by "${order.keyword}" or published before`);
  if (tender.noticeType !== NOTICE_TYPE_LABELS['1'])
    throw new Error(`notice ${id} is a ${tender.noticeType}, not a tender announcement`);
  if ((published?.publishedAt ?? publishedAt(slot!)) > at)
    throw new Error(`notice ${id} is not published yet at ${new Date(at).toISOString()}`);
  return tender;
}

/**
 * The notices an order publishes at `at`. `serial` (the change's place in the list) keeps the ids of
 * two identical orders apart; `earlier` are the notices published before, an `awardOf` may name one.
 */
export function orderedBidNotices(
  order: BidNoticeOrder,
  at: number,
  serial: number,
  earlier: readonly PublishedBidNotice[],
): PublishedBidNotice[] {
  const day = shanghaiDayNumber(at);
  const tender = order.awardOf === undefined ? undefined : tenderToAward(order, at, earlier);
  return Array.from({ length: order.count ?? 1 }, (_, n): PublishedBidNotice => {
    const key: HashPart[] = ['published', serial, n, order.keyword, at];
    const id = hex(hash32('published-id-high', ...key), 8) + hex(hash32('published-id-low', ...key), 8);
    const region = (order.province && bidRegionByCode(order.province)) || hashPick(BID_REGIONS, 'region', ...key);
    const typeCode = tender ? '2' : (order.type ?? '1');
    const invented = tender
      ? awardNotice(tender, order.keyword, day, key, id)
      : typeCode === '2'
        ? awardNotice(projectNotice(order.keyword, region, day, '1', key, id), order.keyword, day, key, id)
        : projectNotice(order.keyword, region, day, typeCode, key, id);
    const given = Object.entries({ title: order.title, purchaser: order.purchaser, supplier: order.supplier }).filter(
      ([, text]) => text !== undefined,
    );
    return { publishedAt: at, notice: { ...invented, ...Object.fromEntries(given) } };
  });
}
