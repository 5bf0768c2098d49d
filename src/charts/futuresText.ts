import type { Candle, CandleType } from '../core/operations/futuresKline.js';
import { localDate, localParts } from '../core/time.js';
import { signed } from './numbers.js';

/** "daily", "5-minute"; merged: "3-day", "15-minute", "2-hour". */
export function candlePeriodName(type: CandleType, mergeSize = 1): string {
  if (type === '0') return mergeSize === 1 ? 'daily' : `${mergeSize}-day`;
  const minutes = Number(type) * mergeSize;
  if (mergeSize > 1 && minutes % 60 === 0) return `${minutes / 60}-hour`;
  return `${minutes}-minute`;
}

function clock(at: number, timeZone: string): string {
  const p = localParts(at, timeZone);
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
}

/** When the candles start, in the reader's zone: dates for daily candles, date and time otherwise. */
export function candleRangeText(first: number, last: number, daily: boolean, timeZone: string): string {
  const firstDate = localDate(first, timeZone);
  const lastDate = localDate(last, timeZone);
  if (daily) return first === last || firstDate === lastDate ? firstDate : `${firstDate} to ${lastDate}`;
  const start = `${firstDate} ${clock(first, timeZone)}`;
  if (first === last) return start;
  return `${start} to ${lastDate === firstDate ? '' : `${lastDate} `}${clock(last, timeZone)}`;
}

export interface FuturesTextInput {
  symbol: string;
  type: CandleType;
  /** The candles as the service sent them, oldest first, not merged. */
  candles: readonly Candle[];
  mergeSize: number;
  candlesticks: boolean;
  priceDecimals: number;
  timeZone: string;
}

function mergeSentence(input: FuturesTextInput): string | undefined {
  if (input.mergeSize === 1) return undefined;
  const count = input.candles.length;
  const mergedCount = Math.ceil(count / input.mergeSize);
  const shortGroup = count % input.mergeSize;
  const from = `${count} ${candlePeriodName(input.type)} candles`;
  const to = `${mergedCount} ${candlePeriodName(input.type, input.mergeSize)} candles`;
  const oldest = shortGroup === 0 ? '' : ` (the oldest merges only ${shortGroup})`;
  return `${from} shown as ${to}${oldest} to fit a Slack image`;
}

function closeSentence(input: FuturesTextInput): string {
  const first = input.candles[0]!;
  const last = input.candles[input.candles.length - 1]!;
  const digits = input.priceDecimals;
  const lastMove = `${signed(last.change, digits)} (${signed(last.changeRate, 2)}%) on the last candle`;
  const closeBefore = first.close - first.change;
  const rangeChange = last.close - closeBefore;
  const rangeRate = closeBefore === 0 ? '' : ` (${signed((rangeChange / closeBefore) * 100, 2)}%)`;
  const rangeMove = input.candles.length > 1 ? `, ${signed(rangeChange, digits)}${rangeRate} over the range` : '';
  return `Last close ${last.close.toFixed(digits)}, ${lastMove}${rangeMove}.`;
}

function rangeOf(input: FuturesTextInput): string {
  const first = input.candles[0]!;
  const last = input.candles[input.candles.length - 1]!;
  return `${candleRangeText(first.at, last.at, input.type === '0', input.timeZone)} (${input.timeZone})`;
}

/** Alt text: what is drawn, for which contract and period, over which time, and where it ended. */
export function futuresAlt(input: FuturesTextInput): string {
  const kind = input.candlesticks ? 'Candlestick chart' : 'High-low chart (a bar from low to high per candle, a line through the closes)';
  const merged = mergeSentence(input);
  const count = input.candles.length;
  const what = `${kind} of ${input.symbol} futures, ${count} ${candlePeriodName(input.type)} candle${count === 1 ? '' : 's'} from ${rangeOf(input)}, with volume bars`;
  return `${what}${merged ? `; ${merged}` : ''}. ${closeSentence(input)}`;
}

export function futuresCaption(input: FuturesTextInput): string {
  const parts = [`${input.symbol} ${candlePeriodName(input.type)} candles, ${rangeOf(input)}`];
  const merged = mergeSentence(input);
  if (merged) parts.push(merged);
  if (!input.candlesticks) parts.push('Drawn as low-high bars with a close line: candlesticks are off for this QuickChart server');
  return `${parts.join('. ')}.`;
}
