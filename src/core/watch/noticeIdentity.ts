// Which tender notice a bid record is, so that a saved search tells each notice once. The service's
// document shows no field of a bid record (its response example is an empty object), so the record
// is read defensively: any value in, an identity out, or undefined when nothing in it identifies a
// notice.
//
// Fields looked for, in order, the first one holding text or a number:
// - an id: `id` (what the simulator serves), then `noticeId`, `bidId`, `infoId`, `articleId`, `uuid`;
// - else a link: `url` (the simulator's), then `detailUrl`, `noticeUrl`, `link`, `href`, `sourceUrl`;
// - else a fingerprint of the title (`title`, `noticeTitle`, `projectName`, `name`), purchaser
//   (`purchaser`, `purchaserName`, `buyer`, `buyerName`, `tenderee`), kind (`noticeType`, `infoType`,
//   `type`, `kind`, `category`) and publication date (`publishDate`, `publishTime`, `pubDate`,
//   `releaseDate`, `date`). The first name of each is the simulator's; the others are names such
//   services commonly use, so a service that calls them otherwise is still read.
// An id or link names one notice wherever it is listed. A fingerprint is taken after Unicode NFKC
// (full-width letters, digits and spaces become ASCII), lower case, and without any space,
// punctuation or symbol (ASCII or CJK: （）【】《》，。、·“” …), and with the date read as a calendar
// date whatever its form: a notice re-served with cosmetic changes, or found on another page, keeps
// its identity, while an award result for a tender (another kind, a later date) has its own.
import { createHash } from 'node:crypto';
import { readerText } from '../readerText.js';

export type NoticeIdentity = string;

const ID_FIELDS = ['id', 'noticeId', 'bidId', 'infoId', 'articleId', 'uuid'];
const URL_FIELDS = ['url', 'detailUrl', 'noticeUrl', 'link', 'href', 'sourceUrl'];
const TITLE_FIELDS = ['title', 'noticeTitle', 'projectName', 'name'];
const PURCHASER_FIELDS = ['purchaser', 'purchaserName', 'buyer', 'buyerName', 'tenderee'];
const KIND_FIELDS = ['noticeType', 'infoType', 'type', 'kind', 'category'];
const DATE_FIELDS = ['publishDate', 'publishTime', 'pubDate', 'releaseDate', 'date'];

const SHANGHAI_OFFSET_MS = 8 * 3_600_000; // the service is Chinese: a bare instant is dated in Shanghai
const EPOCH_SECONDS_BELOW = 1e11; // 10^11 seconds is the year 5138; 10^11 milliseconds was 1973

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

function fingerprint(record: Record<string, unknown>): NoticeIdentity | undefined {
  const title = readerText(firstValue(record, TITLE_FIELDS) ?? '');
  if (title === '') return undefined; // a purchaser or a date alone names no notice
  const parts = [
    title,
    readerText(firstValue(record, PURCHASER_FIELDS) ?? ''),
    readerText(firstValue(record, KIND_FIELDS) ?? ''),
    calendarDate(record),
  ];
  return `fp:${createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22)}`;
}

/** What a notice's identity rests on: the service's id, its link, or the fingerprint of what it says. */
export type IdentityBasis = 'id' | 'url' | 'fp';

export interface NoticeIdentities {
  /** The strongest identity the record carries (`noticeIdentity`). */
  primary: NoticeIdentity;
  basis: IdentityBasis;
  /**
   * Every identity it carries, the primary first: a saved search stores them all, so a service that
   * stops (or starts) sending ids or links still recognises the notices it told by their fingerprint.
   */
  all: NoticeIdentity[];
}

/** The identities of a bid record, strongest first; undefined for anything that identifies no notice. */
export function noticeIdentities(record: unknown): NoticeIdentities | undefined {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return undefined;
  const fields = record as Record<string, unknown>;
  const id = firstValue(fields, ID_FIELDS);
  const url = firstValue(fields, URL_FIELDS);
  const found: Array<[IdentityBasis, NoticeIdentity | undefined]> = [
    ['id', id === undefined ? undefined : `id:${id}`],
    ['url', url === undefined ? undefined : `url:${normalisedUrl(url)}`],
    ['fp', fingerprint(fields)],
  ];
  const present = found.filter((entry): entry is [IdentityBasis, NoticeIdentity] => entry[1] !== undefined);
  const [strongest] = present;
  if (!strongest) return undefined;
  return { primary: strongest[1], basis: strongest[0], all: present.map(([, identity]) => identity) };
}

/** The identity of a bid record: `id:…`, `url:…` or `fp:…`; undefined for anything that identifies no notice. */
export function noticeIdentity(record: unknown): NoticeIdentity | undefined {
  return noticeIdentities(record)?.primary;
}
