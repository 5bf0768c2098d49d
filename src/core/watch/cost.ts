import { Cron } from 'croner';
import { LRUCache } from 'lru-cache';
import { localParts, offsetAt, zonedTime } from '../../time/calendar.js';
import { type Cadence, cronPattern, type Schedule, type Weekday } from '../jobs/schedule.js';
import { closesDaily } from '../operations/index.js';
import type { Prices } from '../operations/prices.js';
import { watchOperation } from './checks.js';
import type { Watch, WatchTarget } from './types.js';

/** The "month" a watch's cost is given for: the next 30 days of its schedule, counted run by run. */
export const MONTH_DAYS = 30;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const WEEKDAY_NUMBERS: Readonly<Record<Weekday, number>> = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };

/** The local hours of a day a schedule runs at (every hour, or its one hour on the days it runs). */
function hoursOn(schedule: Schedule, weekday: number): readonly number[] {
  const hour = Number(schedule.time.slice(0, 2));
  switch (schedule.cadence.kind) {
    case 'hourly':
      return EVERY_HOUR;
    case 'daily':
      return [hour];
    case 'weekdays':
      return weekday >= 1 && weekday <= 5 ? [hour] : [];
    case 'weekly':
      return weekday === WEEKDAY_NUMBERS[schedule.cadence.weekday] ? [hour] : [];
  }
}
const EVERY_HOUR: readonly number[] = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * Counted fresh, with a few Intl calls rather than croner's 0.15 ms a run (100 ms for an hourly
 * schedule's month). Where the zone keeps one offset over the whole window (no clock change), runs
 * are at local midnight plus their time, day after day. Otherwise each day is looked at: a day of 24
 * hours from midnight to midnight is counted the same way, and a day with a clock change (a time that
 * does not exist, or happens twice) is left to croner, as the scheduler runs it.
 */
function countChecks(schedule: Schedule, fromMs: number, untilMs: number): number {
  const { timeZone } = schedule;
  const offset = offsetAt(fromMs - DAY_MS, timeZone);
  if (offset === offsetAt(untilMs + DAY_MS, timeZone)) return countAtOffset(schedule, fromMs, untilMs, offset);
  const minute = Number(schedule.time.slice(3, 5));
  let count = 0;
  let cron: Cron | undefined;
  const first = localParts(fromMs, timeZone);
  let dayStart = zonedTime(first.year, first.month, first.day, 0, 0, timeZone);
  for (let day = 1; dayStart <= untilMs; day++) {
    const dayEnd = zonedTime(first.year, first.month, first.day + day, 0, 0, timeZone);
    if (dayEnd - dayStart === DAY_MS && localParts(dayStart, timeZone).hour === 0) {
      const weekday = new Date(Date.UTC(first.year, first.month - 1, first.day + day - 1)).getUTCDay();
      for (const hour of hoursOn(schedule, weekday)) {
        const at = dayStart + hour * HOUR_MS + minute * MINUTE_MS;
        if (at > fromMs && at <= untilMs) count++;
      }
    } else {
      cron ??= new Cron(cronPattern(schedule), { timezone: timeZone, paused: true });
      for (
        let at = cron.nextRun(new Date(Math.max(dayStart - 1, fromMs)))?.getTime();
        at !== undefined && at < dayEnd && at <= untilMs;
        at = cron.nextRun(new Date(at))?.getTime()
      )
        count++;
    }
    dayStart = dayEnd;
  }
  return count;
}

/** Runs in (fromMs, untilMs] in a zone `offset` ms east of UTC the whole time: local days are UTC days moved by it. */
function countAtOffset(schedule: Schedule, fromMs: number, untilMs: number, offset: number): number {
  const minute = Number(schedule.time.slice(3, 5));
  let count = 0;
  for (
    let localDay = Math.floor((fromMs + offset) / DAY_MS) * DAY_MS;
    localDay - offset <= untilMs;
    localDay += DAY_MS
  ) {
    for (const hour of hoursOn(schedule, new Date(localDay).getUTCDay())) {
      const at = localDay - offset + hour * HOUR_MS + minute * MINUTE_MS;
      if (at > fromMs && at <= untilMs) count++;
    }
  }
  return count;
}

/**
 * Counts already made, by schedule and minute: runs are on whole minutes, so every instant of one
 * minute has the same count. Lists, the form's choices and previews ask again and again.
 */
const counted = new LRUCache<string, number>({ max: 2000 });

/** Scheduled checks in (fromMs, fromMs + days]: the scheduler's own reading of the schedule, daylight-saving changes and all. */
export function checksWithin(schedule: Schedule, fromMs: number, days = MONTH_DAYS): number {
  const key = `${cronPattern(schedule)}|${schedule.timeZone}|${Math.floor(fromMs / MINUTE_MS)}|${days}`;
  let count = counted.get(key);
  if (count === undefined) {
    count = countChecks(schedule, fromMs, fromMs + days * DAY_MS);
    counted.set(key, count);
  }
  return count;
}

export interface WatchCost {
  /** Coins one check spends (one call, unless another watch's identical call is shared). */
  perCheck: number;
  checksPerMonth: number;
  perMonth: number;
  /** True when the price is the app's assumption rather than a published one. */
  assumed: boolean;
  /**
   * A saved search: the most one check may spend (its first page, and further pages while every
   * notice on one is new, up to its cap), and the pages that is. `perCheck` is its first page.
   */
  cap?: { pages: number; perCheck: number; perMonth: number };
}

/**
 * What a watch costs at today's prices: its checks in 30 days as counted when it was saved (stored
 * with it, so a list of many watches counts nothing), or from `fromMs` for one not yet saved.
 */
export function watchCost(
  watch: Pick<Watch, 'target' | 'schedule' | 'checksPerMonth'>,
  prices: Prices,
  fromMs: number,
): WatchCost {
  const price = prices.priceOf(watchOperation(watch.target as WatchTarget));
  const checksPerMonth = watch.checksPerMonth ?? checksWithin(watch.schedule, fromMs);
  const cost: WatchCost = {
    perCheck: price.coins,
    checksPerMonth,
    perMonth: price.coins * checksPerMonth,
    assumed: price.assumed,
  };
  if (watch.target.kind !== 'tenders') return cost;
  const pages = watch.target.maxPages;
  return { ...cost, cap: { pages, perCheck: pages * price.coins, perMonth: pages * price.coins * checksPerMonth } };
}

/**
 * The cadence that fits how often what is watched can change, given the one chosen: a company's
 * registration and tax records, and tender notices, change on working days (weekdays); a fund's net
 * assets are reported per statistical date, once a quarter in practice (weekly finds a new date within
 * a week); a daily candle closes once a day (daily). A cadence that checks no more often than that
 * fits as it is; so does any for intraday candles.
 */
export function fittingCadence(target: Pick<WatchTarget, 'kind'> & { type?: string }, chosen: Cadence): Cadence {
  switch (target.kind) {
    case 'company':
    case 'tenders':
      return chosen.kind === 'daily' || chosen.kind === 'hourly' ? { kind: 'weekdays' } : chosen;
    case 'fund':
      return chosen.kind === 'weekly' ? chosen : { kind: 'weekly', weekday: 'mon' };
    case 'contract':
      return closesDaily(target.type ?? '') && chosen.kind === 'hourly' ? { kind: 'daily' } : chosen;
  }
}

/** An hourly check made daily keeps its minute, in the morning. */
const MORNING_HOUR = '09';

/** The schedule that fits the data (fittingCadence) at the chosen time and zone; the chosen one when it fits. */
export function fittingSchedule(target: WatchTarget, chosen: Schedule): Schedule {
  const cadence = fittingCadence(target, chosen.cadence);
  if (JSON.stringify(cadence) === JSON.stringify(chosen.cadence)) return chosen;
  const time = chosen.cadence.kind === 'hourly' ? `${MORNING_HOUR}:${chosen.time.slice(3)}` : chosen.time;
  return { ...chosen, cadence, time };
}
