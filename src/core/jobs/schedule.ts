import { Cron } from 'croner';
import { type CatalogueKey, inEveryLanguage, type Phrase } from '../../i18n/lang.js';
import { isValidTimeZone } from '../../time/calendar.js';

/**
 * When a digest runs: every day, Monday to Friday, or one day a week, at a local time. `hourly`
 * (every hour at the time's minute) is for watches only: digests never parse it.
 */
export type Cadence =
  | { kind: 'daily' }
  | { kind: 'weekdays' }
  | { kind: 'weekly'; weekday: Weekday }
  | { kind: 'hourly' };
export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';

export interface Schedule {
  cadence: Cadence;
  /** Local wall-clock time, HH:MM (24 h). */
  time: string;
  /** IANA zone the time is in; daylight-saving changes follow it. */
  timeZone: string;
}

const WEEKDAYS: Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
/** Monday first, as the forms list them. */
export const WEEKDAYS_FROM_MONDAY: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
/** 周一 … 周日 (also 星期日, 周天): the character after 周/星期/礼拜 names the day. */
const CHINESE_DAYS: Record<string, Weekday> = {
  一: 'mon',
  二: 'tue',
  三: 'wed',
  四: 'thu',
  五: 'fri',
  六: 'sat',
  日: 'sun',
  天: 'sun',
};
/** Words for a cadence besides how every language's catalogue says it (`digests.cadence`: 每天, 周一至周五). */
export const CADENCE_EXTRA_WORDS = {
  daily: ['daily', 'day', 'everyday', '每日', '天天'],
  weekdays: ['weekdays', 'weekday', 'workdays', '工作日', '每个工作日', '周一到周五'],
} as const;

/** The catalogue's words for a cadence in every language and the extra ones, in lower case. */
export function cadenceWords(shown: CatalogueKey, extra: readonly string[]): ReadonlySet<string> {
  return new Set([...inEveryLanguage(shown), ...extra].map((word) => word.toLowerCase()));
}

const DAILY_WORDS = cadenceWords('digests.cadence.daily', CADENCE_EXTRA_WORDS.daily);
const WEEKDAYS_WORDS = cadenceWords('digests.cadence.weekdays', CADENCE_EXTRA_WORDS.weekdays);

function chineseWeekday(text: string): Weekday | undefined {
  const match = /^每?(?:周|星期|礼拜)([一二三四五六日天])$/u.exec(text);
  return match ? CHINESE_DAYS[match[1]!] : undefined;
}

/**
 * `daily`, `weekdays` or `weekly:mon` (also `weekly:monday`), or in Chinese 每天, 工作日, 每周一
 * (also `weekly:周一`); undefined when not one of those.
 */
export function parseCadence(text: string): Cadence | undefined {
  const lower = text.trim().toLowerCase();
  if (DAILY_WORDS.has(lower)) return { kind: 'daily' };
  if (WEEKDAYS_WORDS.has(lower)) return { kind: 'weekdays' };
  const weekly = /^weekly[:：](.+)$/u.exec(lower);
  const day = weekly ? weekly[1]! : lower;
  const weekday =
    (weekly && /^[a-z]+$/.test(day) ? WEEKDAYS.find((name) => day.startsWith(name)) : undefined) ?? chineseWeekday(day);
  return weekday ? { kind: 'weekly', weekday } : undefined;
}

/** `8:30`, `08:30`, `0830`, `8：30` (a Chinese keyboard's colon) → `08:30`; undefined when not a time of day. */
export function parseTimeOfDay(text: string): string | undefined {
  const match = /^(\d{1,2})[:：]?(\d{2})$/u.exec(text.trim());
  if (!match) return undefined;
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  if (hour > 23 || minute > 59) return undefined;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

export function cronPattern(schedule: Schedule): string {
  const [hour, minute] = schedule.time.split(':').map(Number) as [number, number];
  if (schedule.cadence.kind === 'hourly') return `${minute} * * * *`;
  const days =
    schedule.cadence.kind === 'daily'
      ? '*'
      : schedule.cadence.kind === 'weekdays'
        ? '1-5'
        : String(WEEKDAYS.indexOf(schedule.cadence.weekday));
  return `${minute} ${hour} * * ${days}`;
}

// Answers kept for the scheduler, which asks every job the same at every tick until the job runs:
// croner spends some 0.24 ms on a next run (its zone arithmetic) and 0.08 ms on reading a pattern,
// which made a tick over hundreds of saved jobs hold the event loop. Both depend on nothing but their
// key; a full map starts over rather than growing.
const KEPT_ANSWERS = 5000;
const crons = new Map<string, Cron>();
const nextRuns = new Map<string, number | null>();

function cron(pattern: string, timeZone: string): Cron {
  const key = `${pattern}|${timeZone}`;
  let job = crons.get(key);
  if (!job) {
    if (!isValidTimeZone(timeZone)) throw new Error(`unknown time zone ${timeZone}`);
    job = new Cron(pattern, { timezone: timeZone, paused: true });
    if (crons.size >= KEPT_ANSWERS) crons.clear();
    crons.set(key, job);
  }
  return job;
}

/** The first scheduled time strictly after `afterMs` (croner does the zone and DST arithmetic). */
export function nextRunAfter(schedule: Schedule, afterMs: number): number | undefined {
  return cron(cronPattern(schedule), schedule.timeZone).nextRun(new Date(afterMs))?.getTime();
}

/** nextRunAfter, kept: the scheduler asks it from a job's last run (the same moment tick after tick), not from now. */
function keptNextRun(schedule: Schedule, afterMs: number): number | undefined {
  const key = `${cronPattern(schedule)}|${schedule.timeZone}|${afterMs}`;
  let next = nextRuns.get(key);
  if (next === undefined) {
    next = nextRunAfter(schedule, afterMs) ?? null;
    if (nextRuns.size >= KEPT_ANSWERS) nextRuns.clear();
    nextRuns.set(key, next);
  }
  return next ?? undefined;
}

/** The latest scheduled time in (afterMs, atOrBeforeMs], if any. */
export function latestRunBetween(schedule: Schedule, afterMs: number, atOrBeforeMs: number): number | undefined {
  let latest: number | undefined;
  let cursor = afterMs;
  // Bounded: a daily schedule has at most one run per day of the window (an hourly one, 24).
  for (let i = 0; i < 24 * 400; i++) {
    const next = keptNextRun(schedule, cursor);
    if (next === undefined || next > atOrBeforeMs) break;
    latest = next;
    cursor = next;
  }
  return latest;
}

/** The day of a weekly digest, e.g. "Monday" / "周一". */
export function weekdayPhrase(weekday: Weekday): Phrase {
  return { key: `digests.weekday.${weekday}` };
}

/** "every day", "Monday to Friday", "every Monday". */
export function cadencePhrase(cadence: Cadence): Phrase {
  if (cadence.kind === 'weekly')
    return { key: 'digests.cadence.weekly', values: { day: weekdayPhrase(cadence.weekday) } };
  if (cadence.kind === 'hourly') return { key: 'watch.cadence.hourly' };
  return { key: cadence.kind === 'daily' ? 'digests.cadence.daily' : 'digests.cadence.weekdays' };
}

/** "every Wednesday at 18:00 (Europe/London)", said in each reader's language. */
export function describeSchedule(schedule: Schedule): Phrase {
  return {
    key: 'digests.schedule',
    values: { when: cadencePhrase(schedule.cadence), time: schedule.time, timeZone: scheduleZone(schedule) },
  };
}

/** A schedule's zone as its reader names it: Chinese readers call China's zone 北京时间; every other zone goes by its IANA name. */
export function scheduleZone(schedule: Pick<Schedule, 'timeZone'>): Phrase | string {
  return schedule.timeZone === 'Asia/Shanghai' ? { key: 'digests.shanghaiZone' } : schedule.timeZone;
}
