import { beijingDay } from './periodWords.js';

// A span said beside a candle period (最近三个月 日K, `daily for the last 3 months`): the candles in
// it, counted as the service counts them, so the count asked is the span's and not the span's number.

/** A span in words: so many days, weeks or months back from today, today included. */
export interface CandleSpan {
  count: number;
  unit: 'day' | 'week' | 'month';
}

const DAY_MS = 86_400_000;

/** The first day of the span, as a day number (days since 1970-01-01), in Beijing. */
function firstDay(span: CandleSpan, now: number): number {
  const today = beijingDay(now);
  const todayNumber = Date.UTC(today.year, today.month - 1, today.day) / DAY_MS;
  if (span.unit === 'day') return todayNumber - span.count + 1;
  if (span.unit === 'week') return todayNumber - span.count * 7 + 1;
  // The same day so many months back, the day after it first (近三个月 on 11-22: from 08-23), as tender periods read it.
  const back = new Date(Date.UTC(today.year, today.month - 1 - span.count, 1));
  const lastOfMonth = new Date(Date.UTC(back.getUTCFullYear(), back.getUTCMonth() + 1, 0)).getUTCDate();
  return Date.UTC(back.getUTCFullYear(), back.getUTCMonth(), Math.min(today.day, lastOfMonth)) / DAY_MS + 1;
}

/** Monday to Friday, the days a futures market makes a daily candle (holidays are not known here). */
function tradingDays(from: number, to: number): number {
  let count = 0;
  for (let day = from; day <= to; day++) {
    const weekday = new Date(day * DAY_MS).getUTCDay();
    if (weekday !== 0 && weekday !== 6) count++;
  }
  return count;
}

/** A candle as long as a day, a week or a month, or an intraday one of so many milliseconds. */
export type CandleLength = 'day' | 'week' | 'month' | { ms: number };

/**
 * How many candles the span holds: its trading days for daily candles, its weeks or months for
 * those, and for intraday ones its trading days of round-the-clock trading (the most there can be:
 * a span beyond what one call gives is then refused, free, as any count over the most is).
 */
export function candlesInSpan(span: CandleSpan, candle: CandleLength, now: number): number {
  const today = beijingDay(now);
  const last = Date.UTC(today.year, today.month - 1, today.day) / DAY_MS;
  const first = firstDay(span, now);
  const days = last - first + 1;
  if (candle === 'week') return span.unit === 'week' ? span.count : Math.ceil(days / 7);
  if (candle === 'month') return span.unit === 'month' ? span.count : Math.max(1, Math.round(days / 30.44));
  const trading = tradingDays(first, last);
  return candle === 'day' ? trading : trading * Math.floor(DAY_MS / candle.ms);
}
