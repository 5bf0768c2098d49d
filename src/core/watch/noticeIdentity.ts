// Which tender notice a bid record is, so that a saved search tells each notice once. The service's
// document shows no field of a bid record (its response example is an empty object), so the record
// is read defensively: any value in, an identity out, or undefined when nothing in it identifies a
// notice.
//
// A notice is known by what it says: a fingerprint of its title (`title`, `noticeTitle`,
// `projectName`, `name`), purchaser (`purchaser`, `purchaserName`, `buyer`, `buyerName`,
// `tenderee`), kind (`noticeType`, `infoType`, `type`, `kind`, `category`), publication date
// (`publishDate`, `publishTime`, `pubDate`, `releaseDate`, `date`) and region (`province`,
// `provinceName`, `region`, `regionName`, `area`, `city`). The first name of each is the
// simulator's; the others are names such services commonly use, so a service that calls them
// otherwise is still read. An id (`id`, `noticeId`, `bidId`, `infoId`, `articleId`, `uuid`) or a
// link (`url`, `detailUrl`, `noticeUrl`, `link`, `href`, `sourceUrl`) is trusted only where it is
// unique on the page, and only where the content cannot tell: to tell apart two records of one
// page that say the same, or to name a record without a title. A service may give every notice
// its list page as its link, or hand a row id to another notice: neither makes two notices one, or
// one notice two.
//
// A fingerprint is taken after Unicode NFKC (full-width letters, digits and spaces become ASCII),
// lower case, and without any space, punctuation or symbol (ASCII or CJK: （）【】《》，。、·“” …),
// and with the date read as a calendar date whatever its form: a notice re-served with cosmetic
// changes, or found on another page or in another order, keeps its identity, while an award result
// for a tender (another kind, a later date) has its own.
import { createHash } from 'node:crypto';
import { readerText } from '../readerText.js';

export type NoticeIdentity = string;

const ID_FIELDS = ['id', 'noticeId', 'bidId', 'infoId', 'articleId', 'uuid'];
const URL_FIELDS = ['url', 'detailUrl', 'noticeUrl', 'link', 'href', 'sourceUrl'];
const TITLE_FIELDS = ['title', 'noticeTitle', 'projectName', 'name'];
const PURCHASER_FIELDS = ['purchaser', 'purchaserName', 'buyer', 'buyerName', 'tenderee'];
const KIND_FIELDS = ['noticeType', 'infoType', 'type', 'kind', 'category'];
const DATE_FIELDS = ['publishDate', 'publishTime', 'pubDate', 'releaseDate', 'date'];
const REGION_FIELDS = ['province', 'provinceName', 'region', 'regionName', 'area', 'city'];

const SHANGHAI_OFFSET_MS = 8 * 3_600_000; // the service is Chinese: a bare instant is dated in Shanghai
const EPOCH_SECONDS_BELOW = 1e11; // 10^11 seconds is the year 5138; 10^11 milliseconds was 1973
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function firstValue(record: Record<string, unknown>, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = record[name];
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

/** A link without its fragment and with its scheme and host in lower case; other text as given. */
function normalisedUrl(text: string): string {
  try {
    const url = new URL(text.normalize('NFKC'));
    return `${url.protocol}//${url.host}${url.pathname}${url.search}`;
  } catch {
    return text;
  }
}

/** yyyy-mm-dd from `2026-11-22`, `2026/11/22 09:30`, `2026年11月22日` or an epoch instant; otherwise the reader's text. */
function calendarDate(record: Record<string, unknown>): string {
  const value = record[DATE_FIELDS.find((name) => record[name] !== undefined && record[name] !== null) ?? ''];
  if (typeof value === 'number' && Number.isFinite(value)) {
    const epochMs = Math.abs(value) < EPOCH_SECONDS_BELOW ? value * 1000 : value;
    return new Date(epochMs + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
  }
  if (typeof value !== 'string') return '';
  const parts = /(\d{4})\D{1,3}(\d{1,2})\D{1,3}(\d{1,2})/.exec(value.normalize('NFKC'));
  return parts ? `${parts[1]}-${parts[2]!.padStart(2, '0')}-${parts[3]!.padStart(2, '0')}` : readerText(value);
}

const digest = (parts: readonly string[]) =>
  createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22);

/** What one record says of itself: its content's parts (none without a title), its id and link. */
interface RecordMarks {
  content: string[] | undefined;
  date: string;
  id: string | undefined;
  url: string | undefined;
}

function marksOf(record: unknown): RecordMarks | undefined {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return undefined;
  const fields = record as Record<string, unknown>;
  const id = firstValue(fields, ID_FIELDS);
  const url = firstValue(fields, URL_FIELDS);
  const title = readerText(firstValue(fields, TITLE_FIELDS) ?? '');
  const date = calendarDate(fields);
  // A purchaser or a date alone names no notice.
  const content =
    title === ''
      ? undefined
      : [
          title,
          readerText(firstValue(fields, PURCHASER_FIELDS) ?? ''),
          readerText(firstValue(fields, KIND_FIELDS) ?? ''),
          date,
          readerText(firstValue(fields, REGION_FIELDS) ?? ''),
        ];
  if (!content && id === undefined && url === undefined) return undefined;
  return { content, date, id, url: url === undefined ? undefined : normalisedUrl(url) };
}

/** A notice as one page of a search shows it. */
export interface PageNotice {
  /** What the notice is known by from one check to the next: `c:…` (its content), else `id:…` or `url:…`. */
  identity: NoticeIdentity;
  /**
   * Records of this page saying the same are told apart by an id or link unique on the page:
   * `plain` is the identity of what they say, `twins` the identities of all of them, in page order.
   */
  plain?: NoticeIdentity;
  twins?: NoticeIdentity[];
  /**
   * The fingerprint earlier versions of the app stored (`fp:`: title, purchaser, kind and date), so
   * that the notices a saved search told before an upgrade stay told.
   */
  legacy?: NoticeIdentity;
  /** Its publication date (yyyy-mm-dd), when it has one. */
  date?: string;
}

/** The notices of one page, in its order; undefined for a record that names no notice. */
export function pageNotices(records: readonly unknown[]): Array<PageNotice | undefined> {
  const marks = records.map(marksOf);
  const count = (values: Array<string | undefined>) => {
    const counts = new Map<string, number>();
    for (const value of values) if (value !== undefined) counts.set(value, (counts.get(value) ?? 0) + 1);
    return counts;
  };
  const ids = count(marks.map((mark) => mark?.id));
  const urls = count(marks.map((mark) => mark?.url));
  const uniqueId = (mark: RecordMarks) => (mark.id !== undefined && ids.get(mark.id) === 1 ? mark.id : undefined);
  const uniqueUrl = (mark: RecordMarks) => (mark.url !== undefined && urls.get(mark.url) === 1 ? mark.url : undefined);
  const plainOf = (mark: RecordMarks | undefined) => (mark?.content ? `c:${digest(mark.content)}` : undefined);
  const sameContent = count(marks.map(plainOf));

  const notices = marks.map((mark): PageNotice | undefined => {
    if (!mark) return undefined;
    const date = ISO_DATE.test(mark.date) ? { date: mark.date } : {};
    const plain = plainOf(mark);
    if (!mark.content || !plain) {
      const id = uniqueId(mark);
      const url = uniqueUrl(mark);
      const identity = id !== undefined ? `id:${id}` : url !== undefined ? `url:${url}` : undefined;
      // Earlier versions knew a record without a title by the same id or link.
      return identity === undefined ? undefined : { identity, ...date };
    }
    const legacy = `fp:${digest(mark.content.slice(0, 4))}`;
    if (sameContent.get(plain) === 1) return { identity: plain, legacy, ...date };
    const id = uniqueId(mark);
    const url = uniqueUrl(mark);
    const by = id !== undefined ? ['id', id] : url !== undefined ? ['url', url] : undefined;
    // Two records saying the same, without an id or link of their own to tell them apart, are one notice.
    if (!by) return { identity: plain, legacy, ...date };
    return { identity: `c:${digest([...mark.content, ...by])}`, plain, legacy, ...date };
  });
  for (const notice of notices) {
    if (notice?.plain === undefined) continue;
    notice.twins = notices.filter((other) => other?.plain === notice.plain).map((other) => other!.identity);
  }
  return notices;
}

/** The identity of a record on a page of its own: `c:…`, `id:…` or `url:…`; undefined for anything that identifies no notice. */
export function noticeIdentity(record: unknown): NoticeIdentity | undefined {
  return pageNotices([record])[0]?.identity;
}
