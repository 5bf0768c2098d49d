import { z } from 'zod';
import { inEveryLanguage, type NamesUnder, type Phrase } from '../../i18n/lang.js';
import { decimalsOf, roundTo } from '../decimals.js';
import { MINUTE, type OperationDefinition } from './definition.js';
import { addProblem, choiceField, integerField, textField } from './fields.js';

/** The candle types the service has (its `type`): 0 daily, then minutes. */
export const CANDLE_TYPES = ['0', '1', '5', '30', '60', '120', '240'] as const;
export type CandleType = (typeof CANDLE_TYPES)[number];

/**
 * Periods the app builds by merging the service's candles, as traders ask for them: 15-minute
 * candles from 5-minute ones, weekly and monthly from daily ones. `each` is how many of the
 * service's candles one of them can hold (a week has at most 7 trading days, a month 31), so
 * `each` × the count asked is what one call must fetch for the count asked to be the count shown.
 */
export const MERGED_PERIODS = {
  '15': { from: '5', each: 3 },
  W: { from: '0', each: 7 },
  M: { from: '0', each: 31 },
} as const satisfies Record<string, { from: CandleType; each: number }>;
export type MergedType = keyof typeof MERGED_PERIODS;

/** Every period a lookup can ask for: the service's types and the merged ones, in the order help and forms list them. */
export const FUTURES_PERIODS = ['0', '1', '5', '15', '30', '60', '120', '240', 'W', 'M'] as const;
export type FuturesPeriod = (typeof FUTURES_PERIODS)[number];

export function isFuturesPeriod(value: unknown): value is FuturesPeriod {
  return (FUTURES_PERIODS as readonly unknown[]).includes(value);
}

export function mergedPeriod(type: FuturesPeriod): (typeof MERGED_PERIODS)[MergedType] | undefined {
  return Object.hasOwn(MERGED_PERIODS, type) ? MERGED_PERIODS[type as MergedType] : undefined;
}

/** The request as the app keeps it: `type` may be a merged period and `limit` is then the count shown; `body` gives what is sent. */
export interface FuturesRequest {
  symbol: string;
  type: FuturesPeriod;
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

/** How a merged period's candles were made from the service's. */
export interface MergedFrom {
  /** The service's candles they were merged from. */
  type: CandleType;
  /** How many of those one call fetched. */
  fetched: number;
  /**
   * How many of those the candles shown hold: fewer than fetched when the oldest period began before
   * the first of them, or when more were fetched than the count shown needed. Absent in an answer
   * cached before it was counted.
   */
  mergedIn?: number;
  /** How many of those the newest merged candle holds. */
  inNewest: number;
}

export interface FuturesResult {
  symbol: string;
  type: FuturesPeriod;
  /** Oldest first; for a merged period, the merged candles (at most the count asked). */
  candles: Candle[];
  /** The unit tick_at came in, as detected. */
  tickUnit: 's' | 'ms';
  /** Set for a merged period (15-minute, weekly, monthly). */
  merged?: MergedFrom;
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
  const position = Object.fromEntries(CANDLE_FIELDS.map((f) => [f, data.fields.indexOf(f)])) as Record<
    CandleField,
    number
  >;
  let tickUnit: 's' | 'ms' = 's';
  const candles = data.lines.map((line, index) => {
    if (line.length < data.fields.length)
      throw new Error(`line ${index} has ${line.length} values for ${data.fields.length} fields`);
    const value = (field: CandleField) => line[position[field]]!;
    const { at, unit } = tickToMillis(value('tick_at'));
    tickUnit = unit;
    return {
      open: value('open'),
      close: value('close'),
      high: value('high'),
      low: value('low'),
      change: value('change'),
      changeRate: value('changeRate'),
      volume: value('volume'),
      at,
    };
  });
  candles.sort((a, b) => a.at - b.at);
  return { candles, tickUnit };
}

/**
 * Traders write a month `1M` and a minute `1m`: the one period word the operation's own field reads
 * before words are lower-cased, so every reader of period words (a lookup's, a watch's, `dq call`'s)
 * gets a month.
 */
export const MONTH_WORD = '1M';

/** The periods as help, a refused lookup and a refused watch list them: one list, so none lists fewer. */
export const PERIOD_CHOICES: Phrase = { key: 'futures.choices.period' };

/**
 * Period words besides each period's name in every language's catalogue (`futures.candlePeriod`:
 * daily, 1-minute …, 日线, 1分钟 …, the Chinese one being what help shows), in lower case. `1M`
 * (MONTH_WORD) is read before words are lower-cased.
 */
export const CANDLE_TYPE_EXTRA_WORDS: Readonly<Record<FuturesPeriod, readonly string[]>> = {
  '0': ['day', 'd', '1d', '日k', '日'],
  '1': ['1m', '1min', '1分'],
  '5': ['5m', '5min', '5分'],
  '15': ['15m', '15min', '15分'],
  '30': ['30m', '30min', '30分', '半小时'],
  '60': ['1h', '60m', '60分钟', 'hourly', 'hour'],
  '120': ['2h', '120m', '120分钟'],
  '240': ['4h', '240m', '240分钟'],
  W: ['week', 'w', '1w', '周k', '周'],
  M: ['month', 'mo', '1mo', '月k', '月'],
};

/** Every period word read, in lower case (what is typed is lower-cased first): the catalogue's first, then the extra ones. */
export const CANDLE_TYPE_SYNONYMS: Readonly<Record<string, FuturesPeriod>> = Object.fromEntries(
  FUTURES_PERIODS.flatMap((type) =>
    [...inEveryLanguage(`futures.candlePeriod.${type}`), ...CANDLE_TYPE_EXTRA_WORDS[type]].map(
      (word) => [word.toLowerCase(), type] as const,
    ),
  ),
);

/**
 * The limit's upper bound is not shown in the spec; 1000 keeps a typo from ordering a huge call. A
 * merged period's count is bounded by it too: 333 15-minute candles, 142 weeks, 32 months.
 */
export const MAX_CANDLES = 1000;

/** The most candles of a period one call can give. */
export function mostCandles(type: FuturesPeriod): number {
  return Math.floor(MAX_CANDLES / (mergedPeriod(type)?.each ?? 1));
}

// Candle periods in traders' words, and merging candles into a longer period: the merged periods a
// lookup asks for (15m, 1W, 1M) are built here, and a chart merges further when it has more candles
// than it can draw (charts/futuresChart.ts).

const HOUR_MS = 60 * MINUTE;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;
// 1970-01-01 was a Thursday; weeks start on Monday, as they do on exchanges' weekly charts.
const FIRST_MONDAY = 4 * DAY_MS;

/** A candle period in traders' words. Weeks and months are calendar periods (UTC). */
export interface CandlePeriod {
  /**
   * 1m, 5m, 15m, 30m, 1h, 2h, 4h, 1D, 1W, 1M: names the period in the catalogue, where it has a
   * title (`futures.chart.period.name`: 5m, 5分钟) and the words a sentence uses (`…words`: 5-minute, 5分钟).
   */
  name: NamesUnder<'futures.chart.period.name'>;
  /** Length; for a month, its shortest (28 days). */
  ms: number;
  calendar?: 'week' | 'month';
}

const period = (name: CandlePeriod['name'], ms: number, calendar?: 'week' | 'month'): CandlePeriod =>
  calendar ? { name, ms, calendar } : { name, ms };

export const PERIODS = {
  '1m': period('1m', MINUTE),
  '5m': period('5m', 5 * MINUTE),
  '15m': period('15m', 15 * MINUTE),
  '30m': period('30m', 30 * MINUTE),
  '1h': period('1h', HOUR_MS),
  '2h': period('2h', 2 * HOUR_MS),
  '4h': period('4h', 4 * HOUR_MS),
  '1D': period('1D', DAY_MS),
  '1W': period('1W', WEEK_MS, 'week'),
  '1M': period('1M', 28 * DAY_MS, 'month'),
} as const;

const OF_TYPE: Record<FuturesPeriod, CandlePeriod> = {
  '0': PERIODS['1D'],
  '1': PERIODS['1m'],
  '5': PERIODS['5m'],
  '15': PERIODS['15m'],
  '30': PERIODS['30m'],
  '60': PERIODS['1h'],
  '120': PERIODS['2h'],
  '240': PERIODS['4h'],
  W: PERIODS['1W'],
  M: PERIODS['1M'],
};

export function periodOfType(type: FuturesPeriod): CandlePeriod {
  return OF_TYPE[type];
}

/** A period as people type it (1d, 15m, 1w, 1M): a minute is `1m` and a month `1M`, as traders write them. */
function periodWord(type: FuturesPeriod): string {
  return typedPeriod(periodOfType(type));
}

/** periodWord of a period already looked up (a merged one included). */
export function typedPeriod({ name, calendar }: CandlePeriod): string {
  return calendar === 'month' ? name : name.toLowerCase();
}

export function isIntraday(p: CandlePeriod): boolean {
  return p.ms < DAY_MS;
}

/** A period (the operation's `type`) whose latest close moves once a day at most: daily, and the weekly and monthly candles merged from them. */
export function closesDaily(type: string): boolean {
  return isFuturesPeriod(type) && !isIntraday(periodOfType(type));
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
  if (p.calendar === 'week') return Math.floor((at - FIRST_MONDAY) / WEEK_MS) * WEEK_MS + FIRST_MONDAY;
  return Math.floor(at / p.ms) * p.ms;
}

export function periodEnd(start: number, p: CandlePeriod): number {
  if (p.calendar === 'month') {
    const date = new Date(start);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  }
  return start + p.ms;
}

/** A candle's move against the close before it, in percent. */
export function changeRate(candle: Pick<Candle, 'close' | 'change'>): number {
  const closeBefore = candle.close - candle.change;
  // No rate can be stated against a zero close; 0 keeps the field numeric like the service's own.
  return closeBefore === 0 ? 0 : (candle.change / closeBefore) * 100;
}

/** Decimal places of a change in percent: the service's own (1.23 for 1.23 %), as replies show them. */
const RATE_DECIMALS = 2;

/** The places the candles' figures are written to: a merged candle's are written to the same. */
interface Precision {
  /** Of the quotes and their changes (CL 2, GC 1). */
  price: number;
  volume: number;
}

// A chart merges the same candles into several periods (and fewer of them when its URL is long):
// each candle's places are worked out once, not once per merge (they were half a chart's time).
const candlePrecisions = new WeakMap<Candle, Precision>();

function candlePrecision(candle: Candle): Precision {
  let precision = candlePrecisions.get(candle);
  if (!precision) {
    const { open, close, high, low, change, volume } = candle;
    precision = { price: Math.max(...[open, close, high, low, change].map(decimalsOf)), volume: decimalsOf(volume) };
    candlePrecisions.set(candle, precision);
  }
  return precision;
}

function precisionOf(candles: readonly Candle[]): Precision {
  const most: Precision = { price: 0, volume: 0 };
  for (const candle of candles) {
    const { price, volume } = candlePrecision(candle);
    most.price = Math.max(most.price, price);
    most.volume = Math.max(most.volume, volume);
  }
  return most;
}

function mergeGroup(members: readonly Candle[], at: number, precision: Precision): Candle {
  const first = members[0]!;
  const last = members[members.length - 1]!;
  // Each member's change is against the close before it, so the sum is the change from the close
  // before the group to the group's close, which is what a candle of the longer period reports.
  // Sums and the rate are rounded to the data's own places: binary arithmetic leaves noise
  // (-0.32000000000000023) that no quote ever had.
  const change = roundTo(
    members.reduce((sum, candle) => sum + candle.change, 0),
    precision.price,
  );
  return {
    open: first.open,
    close: last.close,
    high: Math.max(...members.map((candle) => candle.high)),
    low: Math.min(...members.map((candle) => candle.low)),
    change,
    changeRate: roundTo(changeRate({ close: last.close, change }), RATE_DECIMALS),
    volume: roundTo(
      members.reduce((sum, candle) => sum + candle.volume, 0),
      precision.volume,
    ),
    at,
  };
}

export interface MergedCandles {
  /** Oldest first; each starts at its period's start. */
  candles: Candle[];
  /** Given candles left out with the oldest period, which began before them (0 if none). */
  droppedOldest: number;
  /** How many given candles the newest merged one holds. */
  inNewest: number;
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
  const newest = groups[groups.length - 1];
  const precision = precisionOf(candles);
  const merged: MergedCandles = {
    candles: groups.map((group) => mergeGroup(group.members, group.start, precision)),
    droppedOldest,
    inNewest: newest?.members.length ?? 0,
  };
  if (newest) {
    const lastMember = newest.members[newest.members.length - 1]!;
    if (lastMember.at + from.ms < periodEnd(newest.start, to)) merged.partialNewest = newest.members.length;
  }
  return merged;
}

/**
 * The service's candles as candles of the period asked for: for a merged period, the newest
 * `count` merged candles (fewer only when the service had fewer), with how they were made.
 */
function inPeriodAsked(candles: Candle[], request: FuturesRequest): { candles: Candle[]; merged?: MergedFrom } {
  const merging = mergedPeriod(request.type);
  if (!merging) return { candles };
  const merged = mergeCandles(candles, periodOfType(merging.from), periodOfType(request.type));
  const shown = merged.candles.slice(-Number(request.limit));
  // A merged candle starts where its period does, so the candles it holds are those from there on.
  const firstShown = shown[0]?.at ?? Number.POSITIVE_INFINITY;
  return {
    candles: shown,
    merged: {
      type: merging.from,
      fetched: candles.length,
      mergedIn: candles.filter((candle) => candle.at >= firstShown).length,
      inNewest: merged.inNewest,
    },
  };
}

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
        check: (text) =>
          /^[A-Z][A-Z0-9]{0,9}$/.test(text) ? undefined : { key: 'futures.problems.symbol', values: { symbol: text } },
      }),
      type: choiceField(FUTURES_PERIODS, {
        required: true,
        synonyms: CANDLE_TYPE_SYNONYMS,
        exactSynonyms: { [MONTH_WORD]: 'M' },
        words: PERIOD_CHOICES,
      }),
      limit: integerField({ default: 10, max: MAX_CANDLES }),
    })
    .superRefine((v, ctx) => {
      const merging = mergedPeriod(v.type!);
      if (merging && v.limit > mostCandles(v.type!)) {
        const words = (type: FuturesPeriod) => ({ key: `futures.chart.period.words.${periodOfType(type).name}` });
        addProblem(
          ctx,
          {
            key: 'futures.problems.mergedCount',
            values: {
              most: mostCandles(v.type!),
              period: words(v.type!),
              sources: { key: 'futures.chart.candlesOf', values: { count: merging.each, period: words(merging.from) } },
              from: words(merging.from),
              max: MAX_CANDLES,
            },
          },
          ['limit'],
        );
      }
    })
    .transform((v): FuturesRequest => ({ symbol: v.symbol, type: v.type!, limit: String(v.limit) })),
  request: z.object({ symbol: z.string(), type: z.enum(FUTURES_PERIODS), limit: z.string() }),
  // A merged period is fetched as the service's own candles, as many as the count asked can take.
  body: (request) => {
    const merging = mergedPeriod(request.type);
    return merging
      ? { symbol: request.symbol, type: merging.from, limit: String(Number(request.limit) * merging.each) }
      : request;
  },
  data: futuresData,
  normalise: (data, request) => {
    const { candles, tickUnit } = toCandles(data);
    return { symbol: request.symbol, type: request.type, tickUnit, ...inPeriodAsked(candles, request) };
  },
  datedByDay: (result) => !isIntraday(periodOfType(result.type)),
  wordsOf: (request) => [request.symbol, periodWord(request.type), request.limit],
  cacheTtlMs: { daily: 5 * MINUTE, intraday: 30_000 },
  cacheVariant: (request) => (isIntraday(periodOfType(request.type)) ? 'intraday' : 'daily'),
  example: 'symbol=CL type=0 limit=30',
};
