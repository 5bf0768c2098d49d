// Calendar arithmetic in an IANA time zone with nothing but Intl (budgets reset at local midnight,
// usage is summed per local day and month), on the ground floor: core and the languages both use it.

/** Replies are in the reader's zone when Slack tells it, else in DEFAULT_TZ, which defaults to this. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

// Formats are made once per zone (a map per kind, so the hottest lookup, localParts', builds no key):
// building one costs far more than using it. The cap keeps odd zones from growing a map.
export function keptFormat(
  formats: Map<string, Intl.DateTimeFormat>,
  key: string,
  make: () => Intl.DateTimeFormat,
): Intl.DateTimeFormat {
  let format = formats.get(key);
  if (!format) {
    format = make();
    if (formats.size < 1000) formats.set(key, format);
  }
  return format;
}

const PARTS_FORMATS = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  return keptFormat(
    PARTS_FORMATS,
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
