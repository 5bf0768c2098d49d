import { keptFormat, localDate, localParts, usableTimeZone } from '../time/calendar.js';
import type { CatalogueKey } from './catalogueKeys.js';

/** What saying a time needs of a language (Lang is one), by shape so lang.ts can read this module. */
export interface TimeWords {
  readonly locale: string;
  t(key: CatalogueKey, values?: Record<string, unknown>): string;
}

const FORMATS = {
  zoned: new Map<string, Intl.DateTimeFormat>(),
  zoneName: new Map<string, Intl.DateTimeFormat>(),
  longDate: new Map<string, Intl.DateTimeFormat>(),
};

/** formatZonedTime's formatter for a zone. */
function zonedFormatter(zone: string): Intl.DateTimeFormat {
  return keptFormat(
    FORMATS.zoned,
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

/** The zone as its reader names it: `GMT+8 (Asia/Shanghai)` in English, 北京时间 in Chinese for China's, so every time says its zone. */
export function zoneName(ms: number, timeZone: string, lang: TimeWords): string {
  const zone = usableTimeZone(timeZone);
  if (lang.locale === 'zh-CN' && BEIJING_TIME_ZONES.has(zone)) return lang.t('common.zone.beijing');
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC';
  const style = lang.locale === 'zh-CN' ? 'shortOffset' : 'short';
  const format = keptFormat(
    FORMATS.zoneName,
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
    FORMATS.longDate,
    `${locale}|${zone}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: zone }),
  ).format(new Date(ms));
}

/** A day for the reader: `2026-06-01` in English replies, `2026年6月1日` in Chinese. */
export function dayText(ms: number, timeZone: string, lang: TimeWords): string {
  return lang.locale === 'zh-CN' ? dateText(ms, timeZone, lang) : localDate(ms, usableTimeZone(timeZone));
}

/** A calendar month for the reader: `2026-11` in English replies, `2026年11月` in Chinese. */
export function yearMonthText(ms: number, timeZone: string, lang: TimeWords): string {
  const { year, month } = localParts(ms, usableTimeZone(timeZone));
  return lang.locale === 'zh-CN' ? `${year}年${month}月` : `${year}-${String(month).padStart(2, '0')}`;
}

/** A moment for the reader, the one way replies write one: `2026-11-23 08:30 GMT+8 (Asia/Shanghai)`, `2026年11月23日 08:30（北京时间）`. */
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
