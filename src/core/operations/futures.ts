import { z } from 'zod';
import { MINUTE, type OperationDefinition } from './definition.js';
import { choiceField, integerField, textField } from './fields.js';
import { inEveryLanguage } from '../../i18n/lang.js';

export const CANDLE_TYPES = ['0', '1', '5', '30', '60', '120', '240'] as const;
export type CandleType = (typeof CANDLE_TYPES)[number];

export function isCandleType(value: unknown): value is CandleType {
  return (CANDLE_TYPES as readonly unknown[]).includes(value);
}

export interface FuturesRequest {
  symbol: string;
  type: CandleType;
  limit: string;
}

const CANDLE_FIELDS = ['open', 'close', 'high', 'low', 'change', 'changeRate', 'volume', 'tick_at'] as const;
type CandleField = (typeof CANDLE_FIELDS)[number];

const futuresData = z.looseObject({
  lines: z.array(z.array(z.number())),
  fields: z.array(z.string()).refine((fields) => CANDLE_FIELDS.every((f) => fields.includes(f)), {
    message: `fields must name ${CANDLE_FIELDS.join(', ')}`,
  }),
});

export interface Candle {
  open: number;
  close: number;
  high: number;
  low: number;
  change: number;
  changeRate: number;
  volume: number;
  /** Start of the candle, epoch milliseconds. */
  at: number;
}

export interface FuturesResult {
  symbol: string;
  type: CandleType;
  candles: Candle[];
  /** The unit tick_at came in, as detected. */
  tickUnit: 's' | 'ms';
}

/**
 * The spec does not give tick_at's unit. Epoch seconds stay below 1e11 until the year 5138 while
 * epoch milliseconds passed 1e11 in 1973, so any value at or above 1e11 is milliseconds.
 */
export const MILLISECONDS_THRESHOLD = 1e11;

export function tickToMillis(tick: number): { at: number; unit: 's' | 'ms' } {
  return tick >= MILLISECONDS_THRESHOLD ? { at: tick, unit: 'ms' } : { at: tick * 1000, unit: 's' };
}

/** Zips each line with data.fields, sorted oldest first whatever order the service used. */
export function toCandles(data: { lines: number[][]; fields: string[] }): { candles: Candle[]; tickUnit: 's' | 'ms' } {
  const position = Object.fromEntries(CANDLE_FIELDS.map((f) => [f, data.fields.indexOf(f)])) as Record<CandleField, number>;
  let tickUnit: 's' | 'ms' = 's';
  const candles = data.lines.map((line, index) => {
    if (line.length < data.fields.length) throw new Error(`line ${index} has ${line.length} values for ${data.fields.length} fields`);
    const value = (field: CandleField) => line[position[field]]!;
    const { at, unit } = tickToMillis(value('tick_at'));
    tickUnit = unit;
    return {
      open: value('open'), close: value('close'), high: value('high'), low: value('low'),
      change: value('change'), changeRate: value('changeRate'), volume: value('volume'), at,
    };
  });
  candles.sort((a, b) => a.at - b.at);
  return { candles, tickUnit };
}

/**
 * Period words besides each period's name in every language's catalogue (`futures.candlePeriod`:
 * daily, 1-minute …, 日线, 1分钟 …, the Chinese one being what help shows), in lower case.
 */
export const CANDLE_TYPE_EXTRA_WORDS: Readonly<Record<CandleType, readonly string[]>> = {
  '0': ['day', 'd', '1d', '日k', '日'],
  '1': ['1m', '1min', '1分'],
  '5': ['5m', '5min', '5分'],
  '30': ['30m', '30min', '30分'],
  '60': ['1h', '60m', '60分钟'],
  '120': ['2h', '120m', '120分钟'],
  '240': ['4h', '240m', '240分钟'],
};

/** Every period word read, in lower case (what is typed is lower-cased first): the catalogue's first, then the extra ones. */
export const CANDLE_TYPE_SYNONYMS: Readonly<Record<string, CandleType>> = Object.fromEntries(
  CANDLE_TYPES.flatMap((type) => [...inEveryLanguage(`futures.candlePeriod.${type}`), ...CANDLE_TYPE_EXTRA_WORDS[type]].map((word) => [word.toLowerCase(), type] as const)),
);

/** The limit's upper bound is not shown in the spec; 1000 keeps a typo from ordering a huge call. */
export const MAX_CANDLES = 1000;

export const futures: OperationDefinition<FuturesRequest, z.infer<typeof futuresData>, FuturesResult> = {
  id: 'finance-external-futures-kline',
  name: 'futures',
  path: '/v1/finance-external-futures-kline',
  cost: 5,
  costPublished: true,
  rateLimit: { count: 60, windowMs: 60_000 },
  envelope: 'B',
  input: z
    .object({
      symbol: textField({
        required: true,
        normalise: (text) => text.toUpperCase(),
        check: (text) => (/^[A-Z][A-Z0-9]{0,9}$/.test(text) ? undefined : { key: 'futures.problems.symbol', values: { symbol: text } }),
      }),
      type: choiceField(CANDLE_TYPES, { required: true, synonyms: CANDLE_TYPE_SYNONYMS, words: { key: 'futures.choices.period' } }),
      limit: integerField({ default: 10, max: MAX_CANDLES }),
    })
    .transform((v): FuturesRequest => ({ symbol: v.symbol, type: v.type!, limit: String(v.limit) })),
  request: z.object({ symbol: z.string(), type: z.enum(CANDLE_TYPES), limit: z.string() }),
  data: futuresData,
  normalise: (data, request) => ({ symbol: request.symbol, type: request.type, ...toCandles(data) }),
  cacheTtlMs: { daily: 5 * MINUTE, intraday: 30_000 },
  cacheVariant: (request) => (request.type === '0' ? 'daily' : 'intraday'),
  example: 'symbol=CL type=0 limit=30',
};
