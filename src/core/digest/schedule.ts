import { Cron } from 'croner';
import { isValidTimeZone } from '../time.js';

/** When a digest runs: every day, Monday to Friday, or one day a week, at a local time. */
export type Cadence = { kind: 'daily' } | { kind: 'weekdays' } | { kind: 'weekly'; weekday: Weekday };
export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';

export interface Schedule {
  cadence: Cadence;
  /** Local wall-clock time, HH:MM (24 h). */
  time: string;
  /** IANA zone the time is in; daylight-saving changes follow it. */
  timeZone: string;
}

const WEEKDAYS: Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const WEEKDAY_NAMES: Record<Weekday, string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };

/** `daily`, `weekdays` or `weekly:mon` (also `weekly:monday`); undefined when not one of those. */
export function parseCadence(text: string): Cadence | undefined {
  const lower = text.trim().toLowerCase();
  if (lower === 'daily' || lower === 'day' || lower === 'everyday') return { kind: 'daily' };
  if (lower === 'weekdays' || lower === 'weekday' || lower === 'workdays') return { kind: 'weekdays' };
  const weekly = /^weekly:([a-z]+)$/.exec(lower);
  const weekday = weekly ? WEEKDAYS.find((day) => weekly[1]!.startsWith(day)) : undefined;
  return weekday ? { kind: 'weekly', weekday } : undefined;
}

/** `8:30`, `08:30`, `0830` → `08:30`; undefined when not a time of day. */
export function parseTimeOfDay(text: string): string | undefined {
  const match = /^(\d{1,2}):?(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  if (hour > 23 || minute > 59) return undefined;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

export function cronPattern(schedule: Schedule): string {
  const [hour, minute] = schedule.time.split(':').map(Number) as [number, number];
  const days = schedule.cadence.kind === 'daily' ? '*' : schedule.cadence.kind === 'weekdays' ? '1-5' : String(WEEKDAYS.indexOf(schedule.cadence.weekday));
  return `${minute} ${hour} * * ${days}`;
}

function cron(schedule: Schedule): Cron {
  if (!isValidTimeZone(schedule.timeZone)) throw new Error(`unknown time zone ${schedule.timeZone}`);
  return new Cron(cronPattern(schedule), { timezone: schedule.timeZone, paused: true });
}

/** The first scheduled time strictly after `afterMs` (croner does the zone and DST arithmetic). */
export function nextRunAfter(schedule: Schedule, afterMs: number): number | undefined {
  return cron(schedule).nextRun(new Date(afterMs))?.getTime();
}

/** The latest scheduled time in (afterMs, atOrBeforeMs], if any. */
export function latestRunBetween(schedule: Schedule, afterMs: number, atOrBeforeMs: number): number | undefined {
  const job = cron(schedule);
  let latest: number | undefined;
  let cursor = new Date(afterMs);
  // Bounded: a daily schedule has at most one run per day of the window.
  for (let i = 0; i < 400; i++) {
    const next = job.nextRun(cursor);
    if (!next || next.getTime() > atOrBeforeMs) break;
    latest = next.getTime();
    cursor = next;
  }
  return latest;
}

export function describeSchedule(schedule: Schedule): string {
  const when = schedule.cadence.kind === 'daily' ? 'every day' : schedule.cadence.kind === 'weekdays' ? 'Monday to Friday' : `every ${WEEKDAY_NAMES[schedule.cadence.weekday]}`;
  return `${when} at ${schedule.time} (${schedule.timeZone})`;
}
