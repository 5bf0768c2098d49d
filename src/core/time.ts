import type { CatalogueKey } from '../i18n/catalogueKeys.js';

/**
 * What saying a time needs of a language (i18n's Lang is one): its locale and its words for zones.
 * Named by shape rather than by Lang, so the catalogues can say the moments in stored phrases
 * (lang.ts reads this module) without the two reading each other.
 */
export interface TimeWords {
  readonly locale: string;
  t(key: CatalogueKey, values?: Record<string, unknown>): string;
}

/**
 * Calendar arithmetic in an IANA time zone with nothing but Intl: budgets reset at local midnight
 * and usage is summed per local day and month.
 */

/** Replies are in the reader's zone when Slack tells it, else in DEFAULT_TZ, which defaults to this. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

// Every format this module uses, made once per zone (a map per kind, so the hottest lookup,
// localParts', builds no key): building one costs far more than using it, and replies, charts and
// schedules format hundreds of times. Zones come from profiles, a short list, but the cap keeps odd
// input from growing a map.
const FORMATS = {
  parts: new Map<string, Intl.DateTimeFormat>(),
  zoned: new Map<string, Intl.DateTimeFormat>(),
  zoneName: new Map<string, Intl.DateTimeFormat>(),
  longDate: new Map<string, Intl.DateTimeFormat>(),
};

function keptFormat(kind: keyof typeof FORMATS, key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  const formats = FORMATS[kind];
  let format = formats.get(key);
  if (!format) {
    format = make();
    if (formats.size < 1000) formats.set(key, format);
  }
  return format;
}

function formatter(timeZone: string): Intl.DateTimeFormat {
  return keptFormat(
    'parts',
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }),
  );
}

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function localParts(ms: number, timeZone: string): LocalParts {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The last day each zone was asked about: every paid call keys its budget counters by the local day. */
const lastDay = new Map<string, { from: number; to: number; date: string }>();

/** `yyyy-mm-dd` of the instant in the zone. */
export function localDate(ms: number, timeZone: string): string {
  const known = lastDay.get(timeZone);
  if (known && ms >= known.from && ms < known.to) return known.date;
  const p = localParts(ms, timeZone);
  const date = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  const from = zonedTime(p.year, p.month, p.day, 0, 0, timeZone);
  const to = zonedTime(p.year, p.month, p.day + 1, 0, 0, timeZone);
  // Kept only when both ends really are this day's (a zone whose midnight a clock change skips is not).
  if (from <= ms && ms < to && localParts(to - 1, timeZone).day === p.day && localParts(to, timeZone).day !== p.day)
    lastDay.set(timeZone, { from, to, date });
  return date;
}

/** The zone's offset from UTC at the instant, in milliseconds (east positive). */
export function offsetAt(ms: number, timeZone: string): number {
  const p = localParts(ms, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The instant at which the given local wall-clock time occurs (the later one when ambiguous). */
export function zonedTime(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  timeZone: string,
): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // Two passes settle the offset even when the guess crosses a daylight-saving change.
  let instant = wall - offsetAt(wall, timeZone);
  instant = wall - offsetAt(instant, timeZone);
  return instant;
}

export function startOfDay(ms: number, timeZone: string): number {
  const p = localParts(ms, timeZone);
  return zonedTime(p.year, p.month, p.day, 0, 0, timeZone);
}

export function startOfNextDay(ms: number, timeZone: string): number {
  const p = localParts(ms, timeZone);
  return zonedTime(p.year, p.month, p.day + 1, 0, 0, timeZone);
}

export function startOfMonth(ms: number, timeZone: string): number {
  const p = localParts(ms, timeZone);
  return zonedTime(p.year, p.month, 1, 0, 0, timeZone);
}

export function startOfNextMonth(ms: number, timeZone: string): number {
  const p = localParts(ms, timeZone);
  return zonedTime(p.year, p.month + 1, 1, 0, 0, timeZone);
}

/** An unknown zone would make Intl throw: times are then shown in UTC. */
export function usableTimeZone(timeZone: string): string {
  return isValidTimeZone(timeZone) ? timeZone : 'UTC';
}

/** formatZonedTime's formatter for a zone. */
function zonedFormatter(zone: string): Intl.DateTimeFormat {
  return keptFormat(
    'zoned',
    zone,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        timeZoneName: 'short',
      }),
  );
}

/**
 * `2026-05-01 08:00 GMT+8 (Asia/Shanghai)`: the short zone name shows the offset at that instant,
 * the IANA name says which zone the reader's profile is set to. An unknown zone falls back to UTC.
 */
export function formatZonedTime(ms: number, timeZone: string, options: { withZone?: boolean } = {}): string {
  const zone = usableTimeZone(timeZone);
  const parts = Object.fromEntries(
    zonedFormatter(zone)
      .formatToParts(new Date(ms))
      .map((part) => [part.type, part.value]),
  );
  const local = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
  if (options.withZone === false) return local;
  const shortName = parts.timeZoneName ?? zone;
  return shortName === zone ? `${local} ${zone}` : `${local} ${shortName} (${zone})`;
}

/** Zones Chinese readers know as Beijing time (China has one time zone, with no daylight saving). */
const BEIJING_TIME_ZONES = new Set(['Asia/Shanghai', 'Asia/Chongqing', 'Asia/Harbin', 'PRC']);

/**
 * The zone a time is given in, as its reader names it: `GMT+8 (Asia/Shanghai)`, `PDT (America/Los_Angeles)`
 * in English (the zone's short name at that instant, as formatZonedTime writes it, then the zone the
 * reader's profile is set to), 北京时间 in Chinese for China's zone, `GMT+9，Asia/Tokyo` for another
 * (abbreviations such as PDT are English). Every time in a reply, its chart included, names its zone this way.
 */
export function zoneName(ms: number, timeZone: string, lang: TimeWords): string {
  const zone = usableTimeZone(timeZone);
  if (lang.locale === 'zh-CN' && BEIJING_TIME_ZONES.has(zone)) return lang.t('common.zone.beijing');
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC';
  const style = lang.locale === 'zh-CN' ? 'shortOffset' : 'short';
  const format = keptFormat(
    'zoneName',
    `${style}|${zone}`,
    () => new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: style }),
  );
  const offset = format.formatToParts(new Date(ms)).find((part) => part.type === 'timeZoneName')?.value ?? zone;
  return offset === zone ? zone : lang.t('common.zone.offset', { offset, zone });
}

/** The day in words: "November 23, 2026", "2026年11月23日". */
export function dateText(ms: number, timeZone: string, lang: TimeWords): string {
  const zone = usableTimeZone(timeZone);
  const locale = lang.locale === 'zh-CN' ? 'zh-CN' : 'en-US';
  return keptFormat(
    'longDate',
    `${locale}|${zone}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: zone }),
  ).format(new Date(ms));
}

/** A day for the reader: `2026-06-01` in English replies, `2026年6月1日` in Chinese. */
export function dayText(ms: number, timeZone: string, lang: TimeWords): string {
  return lang.locale === 'zh-CN' ? dateText(ms, timeZone, lang) : localDate(ms, usableTimeZone(timeZone));
}

/** A calendar month for the reader: `2026-11` in English replies, `2026年11月` in Chinese. */
export function monthText(ms: number, timeZone: string, lang: TimeWords): string {
  const { year, month } = localParts(ms, usableTimeZone(timeZone));
  return lang.locale === 'zh-CN' ? `${year}年${month}月` : `${year}-${String(month).padStart(2, '0')}`;
}

/**
 * A moment for the reader, the one way every reply writes one: English keeps the compact
 * `2026-11-23 08:30 GMT+8 (Asia/Shanghai)`; Chinese readers get the date in words and the zone as
 * they name it, `2026年11月23日 08:30（北京时间）`.
 */
export function dateTimeText(
  ms: number,
  timeZone: string,
  lang: TimeWords,
  options: { withZone?: boolean } = {},
): string {
  if (lang.locale !== 'zh-CN') return formatZonedTime(ms, timeZone, options);
  const zone = usableTimeZone(timeZone);
  const { hour, minute } = localParts(ms, zone);
  const local = `${dateText(ms, zone, lang)} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  if (options.withZone === false) return local;
  return `${local}（${zoneName(ms, zone, lang)}）`;
}

/** The time of day with the zone, for the second end of a range within one day: `19:20（北京时间）`, `04:15 GMT+8 (Asia/Shanghai)`. */
export function timeOfDayText(ms: number, timeZone: string, lang: TimeWords): string {
  const full = dateTimeText(ms, timeZone, lang);
  return full.slice(full.indexOf(' ') + 1);
}
