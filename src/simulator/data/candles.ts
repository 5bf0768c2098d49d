// Candlesticks computed one at a time. A random walk would need every earlier candle (hopeless for
// 1-minute candles over years); instead the close of a candle is a smooth function of time, the sum of a
// few slow waves, plus noise hashed from (symbol, type, index). Any candle can then be computed
// directly, and the same candle has the same values whatever the limit and whenever it is asked.
import { isWeekend } from '../calendar.js';
import { hashBetween, hashUnit } from '../random.js';
import type { FuturesContract } from './futuresContracts.js';

export const CANDLE_FIELDS = ['open', 'close', 'high', 'low', 'change', 'changeRate', 'volume', 'tick_at'] as const;

/** Candle type codes and their length in seconds; type 0 is the daily candle. */
export const CANDLE_PERIOD_SECONDS: Readonly<Record<string, number>> = {
  '0': 86_400,
  '1': 60,
  '5': 300,
  '30': 1_800,
  '60': 3_600,
  '120': 7_200,
  '240': 14_400,
};

const DAY_SECONDS = 86_400;

/**
 * Whether the market trades in the candle `index` of a type: every candle starting Monday to Friday
 * (UTC), none on Saturday or Sunday. Futures exchanges have no weekend session (CME Globex closes
 * from Friday evening to Sunday evening), and the spec does not say the service has weekend candles.
 * Every period divides a day, so a candle lies within one day.
 */
export function isTradingCandle(type: string, index: number): boolean {
  const periodSeconds = CANDLE_PERIOD_SECONDS[type]!;
  return !isWeekend(Math.floor((index * periodSeconds) / DAY_SECONDS));
}

/** The trading candle before `index` (Monday's comes after Friday's). */
export function previousTradingIndex(type: string, index: number): number {
  let previous = index - 1;
  while (!isTradingCandle(type, previous)) previous--;
  return previous;
}
// Periods in days and weights (summing to 1) of the waves that make the smooth price.
const WAVES: ReadonlyArray<[number, number]> = [
  [411, 0.55],
  [67, 0.28],
  [9.3, 0.12],
  [1.37, 0.05],
];

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

function smoothPrice(contract: FuturesContract, epochSeconds: number): number {
  const middle = (contract.lowPrice + contract.highPrice) / 2;
  const halfRange = (contract.highPrice - contract.lowPrice) / 2;
  let wave = 0;
  for (const [periodDays, weight] of WAVES) {
    const phase = 2 * Math.PI * hashUnit('phase', contract.symbol, periodDays);
    wave += weight * Math.sin((2 * Math.PI * epochSeconds) / (periodDays * DAY_SECONDS) + phase);
  }
  return middle + halfRange * wave;
}

/** Roughly bell-shaped noise in [-2, 2] fixed by the parts. */
function noise(...parts: Array<string | number>): number {
  return hashBetween(-1, 1, 'noise-a', ...parts) + hashBetween(-1, 1, 'noise-b', ...parts);
}

function volatilityOver(contract: FuturesContract, periodSeconds: number): number {
  return contract.dailyVolatility * Math.sqrt(periodSeconds / DAY_SECONDS);
}

function rawClose(contract: FuturesContract, type: string, periodSeconds: number, index: number): number {
  const end = (index + 1) * periodSeconds;
  const volatility = volatilityOver(contract, periodSeconds);
  return smoothPrice(contract, end) * (1 + 0.5 * volatility * noise('close', contract.symbol, type, index));
}

/**
 * One candle, positioned as CANDLE_FIELDS says. `index` counts periods since the UNIX epoch and is
 * a trading candle's (see isTradingCandle); its change is against the trading candle before it.
 */
export function candleAt(contract: FuturesContract, type: string, index: number): number[] {
  const periodSeconds = CANDLE_PERIOD_SECONDS[type]!;
  const volatility = volatilityOver(contract, periodSeconds);
  const key = [contract.symbol, type, index] as const;
  const previousClose = roundTo(
    rawClose(contract, type, periodSeconds, previousTradingIndex(type, index)),
    contract.decimals,
  );
  const close = roundTo(rawClose(contract, type, periodSeconds, index), contract.decimals);
  // A candle opens near the previous close; its wicks reach a little beyond the body.
  const open = previousClose * (1 + 0.2 * volatility * noise('open', ...key));
  const high = Math.max(open, close) * (1 + 0.5 * volatility * hashUnit('high', ...key));
  const low = Math.min(open, close) * (1 - 0.5 * volatility * hashUnit('low', ...key));
  // Rounding is monotonic, so low <= open, close <= high survives it.
  return [
    roundTo(open, contract.decimals),
    close,
    roundTo(high, contract.decimals),
    roundTo(low, contract.decimals),
    roundTo(close - previousClose, contract.decimals),
    roundTo(((close - previousClose) / previousClose) * 100, 2),
    Math.max(
      1,
      Math.round(contract.dailyVolume * (periodSeconds / DAY_SECONDS) * hashBetween(0.5, 1.5, 'volume', ...key)),
    ),
    index * periodSeconds,
  ];
}
