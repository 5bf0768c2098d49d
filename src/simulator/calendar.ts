// Dates as the service speaks them: yyyy-mm-dd. Day numbers (days since 1970-01-01) make date
// arithmetic plain integer arithmetic. The service is Chinese, so "today" is the Asia/Shanghai day.

export const DAY_MS = 86_400_000;
const SHANGHAI_OFFSET_MS = 8 * 3_600_000; // China has no daylight saving time

export function shanghaiDayNumber(epochMs: number): number {
  return Math.floor((epochMs + SHANGHAI_OFFSET_MS) / DAY_MS);
}

/** The instant a Shanghai day begins. */
export function shanghaiDayStart(dayNumber: number): number {
  return dayNumber * DAY_MS - SHANGHAI_OFFSET_MS;
}

/** Saturday or Sunday (day 0, 1970-01-01, was a Thursday). */
export function isWeekend(dayNumber: number): boolean {
  const weekday = (dayNumber + 4) % 7; // 0 Sunday … 6 Saturday
  return weekday === 0 || weekday === 6;
}

export function isoDateOfDay(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/** The day number of a real calendar date in yyyy-mm-dd form, or undefined (e.g. 2025-02-30). */
export function dayOfIsoDate(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const epochMs = Date.UTC(year, month - 1, day);
  const date = new Date(epochMs);
  const roundTrips = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return roundTrips ? epochMs / DAY_MS : undefined;
}

/** The same calendar date one year later (29 February rolls to 1 March). */
export function sameDateNextYear(dayNumber: number): number {
  const date = new Date(dayNumber * DAY_MS);
  return Date.UTC(date.getUTCFullYear() + 1, date.getUTCMonth(), date.getUTCDate()) / DAY_MS;
}
