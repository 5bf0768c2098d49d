import { formatZonedTime, localParts, usableTimeZone, zoneName } from '../../core/time.js';
import type { Lang } from '../../i18n/lang.js';

const longDates = new Map<string, Intl.DateTimeFormat>();

/** The day in words: "November 23, 2026", "2026年11月23日". */
export function dateText(ms: number, timeZone: string, lang: Lang): string {
  const zone = usableTimeZone(timeZone);
  const key = `${lang.locale}|${zone}`;
  let format = longDates.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(lang.locale === 'zh-CN' ? 'zh-CN' : 'en-US', {
      dateStyle: 'long',
      timeZone: zone,
    });
    longDates.set(key, format);
  }
  return format.format(new Date(ms));
}

/** A day for the reader: `2026-06-01` in English replies, `2026年6月1日` in Chinese. */
export function dayText(ms: number, timeZone: string, lang: Lang): string {
  return lang.locale === 'zh-CN'
    ? dateText(ms, timeZone, lang)
    : formatZonedTime(ms, timeZone, { withZone: false }).slice(0, 10);
}

/**
 * A moment for the reader: English keeps the compact `2026-11-23 08:30 GMT+8 (Asia/Shanghai)` every
 * reply uses; Chinese readers get the date in words and the zone as they name it, `2026年11月23日 08:30（北京时间）`.
 */
/** The time of day with the zone, for the second end of a range within one day: `19:20（北京时间）`, `04:15 GMT+8 (Asia/Shanghai)`. */
export function timeOfDayText(ms: number, timeZone: string, lang: Lang): string {
  const full = dateTimeText(ms, timeZone, lang);
  return full.slice(full.indexOf(' ') + 1);
}

export function dateTimeText(ms: number, timeZone: string, lang: Lang, options: { withZone?: boolean } = {}): string {
  if (lang.locale !== 'zh-CN') return formatZonedTime(ms, timeZone, options);
  const zone = usableTimeZone(timeZone);
  const { hour, minute } = localParts(ms, zone);
  const local = `${dateText(ms, zone, lang)} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  if (options.withZone === false) return local;
  return `${local}（${zoneName(ms, zone, lang)}）`;
}
