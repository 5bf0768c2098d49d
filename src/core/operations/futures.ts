import { z } from 'zod';
import { MINUTE, type OperationDefinition } from './definition.js';
import { choiceField, integerField, textField } from './fields.js';

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
 * Period words in English and Chinese, in lower case (what is typed is lower-cased first). The first
 * word of each language for a period is the one help shows (日线, 5分钟 …).
 */
export const CANDLE_TYPE_SYNONYMS: Record<string, CandleType> = {
  daily: '0', day: '0', d: '0', '1d': '0', 日线: '0', 日k: '0', 日: '0',
  '1m': '1', '1min': '1', '1分钟': '1', '1分': '1',
  '5m': '5', '5min': '5', '5分钟': '5', '5分': '5',
  '30m': '30', '30min': '30', '30分钟': '30', '30分': '30',
  '1h': '60', '60m': '60', '1小时': '60', '60分钟': '60',
  '2h': '120', '120m': '120', '2小时': '120', '120分钟': '120',
  '4h': '240', '240m': '240', '4小时': '240', '240分钟': '240',
};

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
