import type { Candle, CandleType } from '../core/operations/futuresKline.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
// 1970-01-01 was a Thursday; weeks start on Monday, as they do on exchanges' weekly charts.
const FIRST_MONDAY = 4 * DAY;

/** A candle period in traders' words. Weeks and months are calendar periods (UTC). */
export interface CandlePeriod {
  /** 1m, 5m, 15m, 30m, 1h, 2h, 4h, 1D, 1W, 1M: the chart's title. */
  name: string;
  /** The same in a sentence: 5-minute, 1-hour, daily, weekly, monthly. */
  words: string;
  /** Length; for a month, its shortest (28 days). */
  ms: number;
  calendar?: 'week' | 'month';
}

const period = (name: string, words: string, ms: number, calendar?: 'week' | 'month'): CandlePeriod =>
  (calendar ? { name, words, ms, calendar } : { name, words, ms });

export const PERIODS = {
  '1m': period('1m', '1-minute', MINUTE),
  '5m': period('5m', '5-minute', 5 * MINUTE),
  '15m': period('15m', '15-minute', 15 * MINUTE),
  '30m': period('30m', '30-minute', 30 * MINUTE),
  '1h': period('1h', '1-hour', HOUR),
  '2h': period('2h', '2-hour', 2 * HOUR),
  '4h': period('4h', '4-hour', 4 * HOUR),
  '1D': period('1D', 'daily', DAY),
  '1W': period('1W', 'weekly', WEEK, 'week'),
  '1M': period('1M', 'monthly', 28 * DAY, 'month'),
} as const;

const OF_TYPE: Record<CandleType, CandlePeriod> = {
  '0': PERIODS['1D'], '1': PERIODS['1m'], '5': PERIODS['5m'], '30': PERIODS['30m'],
  '60': PERIODS['1h'], '120': PERIODS['2h'], '240': PERIODS['4h'],
};

/**
 * The periods candles are merged into when there are too many to draw: the ones every trading screen
 * offers. 5m (for 1m candles) and 1M go past the usual 15m…1W: 100 1m candles would otherwise become
 * 7 15m ones, and 1000 daily candles are still 143 weekly ones, more than a Slack image URL holds.
 */
const MERGE_TARGETS: readonly CandlePeriod[] = [
  PERIODS['5m'], PERIODS['15m'], PERIODS['30m'], PERIODS['1h'], PERIODS['2h'], PERIODS['4h'], PERIODS['1D'], PERIODS['1W'], PERIODS['1M'],
];

export function periodOfType(type: CandleType): CandlePeriod {
  return OF_TYPE[type];
}

/** The standard periods a candle of `base` merges into evenly, shortest first. */
export function longerPeriods(base: CandlePeriod): CandlePeriod[] {
  return MERGE_TARGETS.filter((target) => target.ms > base.ms && (target.calendar !== undefined || target.ms % base.ms === 0));
}

export function isIntraday(p: CandlePeriod): boolean {
  return p.ms < DAY;
}

/**
 * Start of the period holding `at`. Periods up to a day are counted from the UNIX epoch, so 1h
 * candles start on the hour and 1D candles at 00:00 UTC, the trading day the service's daily candles
 * are labelled with; weeks start on Monday, months on the 1st (UTC).
 */
export function periodStart(at: number, p: CandlePeriod): number {
  if (p.calendar === 'month') {
    const date = new Date(at);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  }
  if (p.calendar === 'week') return Math.floor((at - FIRST_MONDAY) / WEEK) * WEEK + FIRST_MONDAY;
  return Math.floor(at / p.ms) * p.ms;
}

export function periodEnd(start: number, p: CandlePeriod): number {
  if (p.calendar === 'month') {
    const date = new Date(start);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  }
  return start + p.ms;
}

function mergeGroup(members: readonly Candle[], at: number): Candle {
  const first = members[0]!;
  const last = members[members.length - 1]!;
  // Each member's change is against the close before it, so the sum is the change from the close
  // before the group to the group's close, which is what a candle of the longer period reports.
  const change = members.reduce((sum, candle) => sum + candle.change, 0);
  const closeBefore = last.close - change;
  return {
    open: first.open,
    close: last.close,
    high: Math.max(...members.map((candle) => candle.high)),
    low: Math.min(...members.map((candle) => candle.low)),
    change,
    // No rate can be stated against a zero close; 0 keeps the field numeric like the service's own.
    changeRate: closeBefore === 0 ? 0 : (change / closeBefore) * 100,
    volume: members.reduce((sum, candle) => sum + candle.volume, 0),
    at,
  };
}

export interface MergedCandles {
  /** Oldest first; each starts at its period's start. */
  candles: Candle[];
  /** Given candles left out with the oldest period, which began before them (0 if none). */
  droppedOldest: number;
  /** When the newest period goes on past the last given candle: how many candles it holds. */
  partialNewest?: number;
}

/**
 * Candles (oldest first) merged into candles of a longer period, aligned to that period's clock
 * (09:00, 09:15 … for 15m), as trading screens draw them: first open, highest high, lowest low,
 * last close, summed volume. The oldest period is left out when it began before the first candle
 * (its open, high and low would be wrong) unless that would leave fewer than two candles; the
 * newest one is kept, as it holds the latest prices, and reported when it is not over yet.
 */
export function mergeCandles(candles: readonly Candle[], from: CandlePeriod, to: CandlePeriod): MergedCandles {
  const groups: Array<{ start: number; members: Candle[] }> = [];
  for (const candle of candles) {
    const start = periodStart(candle.at, to);
    const group = groups[groups.length - 1];
    if (group && group.start === start) group.members.push(candle);
    else groups.push({ start, members: [candle] });
  }
  let droppedOldest = 0;
  const oldest = groups[0];
  if (oldest && oldest.members[0]!.at > oldest.start && groups.length > 2) {
    droppedOldest = oldest.members.length;
    groups.shift();
  }
  const merged: MergedCandles = { candles: groups.map((group) => mergeGroup(group.members, group.start)), droppedOldest };
  const newest = groups[groups.length - 1];
  if (newest) {
    const lastMember = newest.members[newest.members.length - 1]!;
    if (lastMember.at + from.ms < periodEnd(newest.start, to)) merged.partialNewest = newest.members.length;
  }
  return merged;
}
