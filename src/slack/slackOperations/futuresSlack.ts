import type { KnownBlock } from '@slack/types';
import { buildFuturesChart, candlesOf, futuresNativeChart, periodWords } from '../../charts/futuresChart.js';
import type { CallResult } from '../../core/client/dataClient.js';
import {
  CANDLE_TYPE_SYNONYMS,
  type Candle,
  FUTURES_PERIODS,
  type FuturesPeriod,
  type FuturesResult,
  isFuturesPeriod,
  isIntraday,
  MAX_CANDLES,
  MONTH_WORD,
  periodEnd,
  periodOfType,
  periodStart,
} from '../../core/operations/futures.js';
import { isChinese, type Lang, type NamesUnder } from '../../i18n/lang.js';
import { localDate, usableTimeZone } from '../../time/calendar.js';
import { contextBlock, headerBlock, labelled, sectionBlock } from '../blockKit/blocks.js';
import { recordBlocks } from '../blockKit/fitToSlackLimits.js';
import { escapeMrkdwn, serviceText } from '../blockKit/mrkdwn.js';
import { option } from '../blockKit/slackText.js';
import { numberInput, staticSelect, textInput } from '../modals/elements.js';
import type { SearchForm } from '../modals/searchForm.js';
import { type CandleLength, type CandleSpan, candlesInSpan } from '../parse/candleSpans.js';
import { type CommandSyntax, directCommand } from '../parse/commandSyntax.js';
import { readNumberWord, readPeriodWord } from '../parse/naturalWords.js';
import type { CommandInput } from '../parse/parsedCommand.js';
import { isOneHanCharacter, type PlainValue, type PlainWords, phraseValues } from '../parse/plainWords.js';
import { renderChart } from '../render/chart.js';
import { dateTimeText, dayText, timeOfDayText, yearMonthText } from '../render/dateText.js';
import { formatChange, formatNumber, formatPercent, mostDecimalsOf } from '../render/format.js';
import type { RenderedResult, RenderOptions } from '../render/types.js';
import type { SlackOperation } from './slackOperation.js';
import { inputText, type OperationStep, RUN_BY, StepFailure } from './workflowStep.js';

const FUTURES_ID = 'finance-external-futures-kline';

/**
 * The contracts the app knows by name: what English and Chinese readers usually call each one, in
 * lower case. A name is read as its symbol in either language (gold, 黄金 → GC); a name of two or
 * three words (crude oil, lean hogs) may be typed with its spaces.
 */
const CONTRACT_NAMES: Readonly<Record<string, { en: readonly string[]; zh: readonly string[] }>> = {
  CL: { en: ['crude oil', 'crude', 'oil', 'wti', 'wti crude', 'us crude'], zh: ['原油', '美原油', 'wti原油'] },
  BRN: { en: ['brent', 'brent crude', 'brent oil'], zh: ['布油', '布伦特原油'] },
  GC: { en: ['gold'], zh: ['黄金', '金'] },
  SI: { en: ['silver'], zh: ['白银', '银'] },
  HG: { en: ['copper'], zh: ['铜', '美铜'] },
  NG: { en: ['natural gas', 'natgas', 'gas'], zh: ['天然气'] },
  ZS: { en: ['soybeans', 'soybean', 'soy'], zh: ['大豆', '美豆'] },
  ZC: { en: ['corn'], zh: ['玉米'] },
  ZW: { en: ['wheat'], zh: ['小麦'] },
  NQ: { en: ['nasdaq', 'nasdaq 100', 'nasdaq-100'], zh: ['纳指'] },
  ES: { en: ['s&p 500', 's&p', 'sp500', 's&p500'], zh: ['标普', '标普500'] },
  YM: { en: ['dow', 'dow jones'], zh: ['道指'] },
  PL: { en: ['platinum'], zh: ['铂金'] },
  PA: { en: ['palladium'], zh: ['钯金'] },
  CT: { en: ['cotton'], zh: ['棉花'] },
  KC: { en: ['coffee'], zh: ['咖啡'] },
  SB: { en: ['sugar', 'raw sugar'], zh: ['原糖', '白糖'] },
  LHC: { en: ['lean hogs', 'lean hog', 'hogs'], zh: ['瘦肉猪', '生猪'] },
};

const SYMBOL_BY_NAME: ReadonlyMap<string, string> = new Map(
  Object.entries(CONTRACT_NAMES).flatMap(([symbol, names]) =>
    [...names.en, ...names.zh].map((name) => [name, symbol] as const),
  ),
);
/** The most words a contract's name has (`wti crude`, `nasdaq 100`: two). */
const LONGEST_NAME = Math.max(...[...SYMBOL_BY_NAME.keys()].map((name) => name.split(' ').length));

/** How many of these words, from the first, make one contract's name (1 when they name none). */
function contractNameLength(words: readonly string[]): number {
  for (let count = Math.min(LONGEST_NAME, words.length); count > 1; count--) {
    if (SYMBOL_BY_NAME.has(words.slice(0, count).join(' ').toLowerCase())) return count;
  }
  return 1;
}

// Period words (5m, daily, 5分钟, 日线 …) are the operation's own synonyms; the symbol's case and
// the ways of saying a contract, a period or a count are ours.
const readSymbol = (word: string) => SYMBOL_BY_NAME.get(word.trim().toLowerCase()) ?? word.toUpperCase();
const readCount = (word: string) => readNumberWord(word) ?? word;
const DAILY: FuturesPeriod = '0';
const MONTHLY: FuturesPeriod = 'M';
const readPeriod = (word: string) =>
  word === MONTH_WORD ? MONTHLY : readPeriodWord(word, CANDLE_TYPE_SYNONYMS, DAILY);

/** The longest period word worth trying in running text (`15分钟k线`, `4 hours`). */
const LONGEST_PERIOD_WORD = 10;

/** Whether a word reads as a period the operation has (`日K图`, `5 minutes`, `hourly`); pure numbers are counts, not periods. */
function knownPeriod(word: string): FuturesPeriod | undefined {
  if (/^\d+$/.test(word)) return undefined;
  const read = readPeriod(word);
  const type = read === DAILY || read === MONTHLY ? read : CANDLE_TYPE_SYNONYMS[read.toLowerCase()];
  return type && isFuturesPeriod(type) ? type : undefined;
}

/** A period in running text, the longest there (`日K线` before `日`); one character (日, 周) only standing alone. */
const periodValue: PlainValue = (text, at) => {
  for (let length = Math.min(LONGEST_PERIOD_WORD, text.length - at); length > 0; length--) {
    const word = text.slice(at, at + length);
    if (/^\s|\s$/.test(word)) continue;
    const type = knownPeriod(word);
    if (type) return { length, input: { type }, ...(isOneHanCharacter(word) ? { weak: true } : {}) };
  }
  return undefined;
};

/** A span of days, weeks or months: `最近30天`, `最近6个月`, `last 12 weeks`, `30 days`. */
const SPAN_UNITS: ReadonlyArray<[RegExp, CandleSpan['unit']]> = [
  [/^(?:天|日|days?)$/i, 'day'],
  [/^(?:周|个星期|星期|weeks?)$/i, 'week'],
  [/^(?:个月|月|months?)$/i, 'month'],
];
const SPAN =
  /(?:最近|过去|近|(?:the\s+)?(?:last|past)\s+)?([0-9零〇一二两三四五六七八九十百]+|[a-z]+(?:-[a-z]+)?)\s*(天|日|周|个星期|星期|个月|月|days?|weeks?|months?)/iy;
/** The span's count and unit, kept as one field until the whole message is read (`settleSpan`). */
const SPAN_FIELD = 'span';
/** 近半年, 最近半年, 过去半年: six months. */
const HALF_YEAR = /(?:最近|过去|近)半年/uy;
const spanValue: PlainValue = (text, at) => {
  HALF_YEAR.lastIndex = at;
  const half = HALF_YEAR.exec(text);
  if (half) return { length: half[0].length, input: { [SPAN_FIELD]: '6 month' }, weak: true };
  SPAN.lastIndex = at;
  const match = SPAN.exec(text);
  if (!match) return undefined;
  const count = readNumberWord(match[1]!);
  const unit = SPAN_UNITS.find(([pattern]) => pattern.test(match[2]!))?.[1];
  if (!count || !unit) return undefined;
  // In Chinese only standing alone: 十月 of 十月稻田 is a name's.
  const weak = isChinese(match[0]) ? { weak: true } : {};
  return { length: match[0].length, input: { [SPAN_FIELD]: `${count} ${unit}` }, ...weak };
};

const SPAN_PERIOD: Readonly<Record<CandleSpan['unit'], FuturesPeriod>> = { day: DAILY, week: 'W', month: MONTHLY };

/**
 * A span alone is candles of its unit (最近30天: 30 daily candles); beside a period it is the candles
 * of that period in it (最近三个月 日K: its trading days). A count said as well is the count.
 */
function settleSpan(input: CommandInput, now: number): CommandInput {
  const { [SPAN_FIELD]: said, ...rest } = input;
  if (said === undefined) return input;
  const [count, unit] = said.split(' ') as [string, CandleSpan['unit']];
  if (rest.type === undefined) return { ...rest, type: SPAN_PERIOD[unit], limit: rest.limit ?? count };
  const type = isFuturesPeriod(rest.type) ? rest.type : knownPeriod(rest.type);
  if (rest.limit !== undefined || type === undefined) return rest;
  const candle: CandleLength =
    type === DAILY ? 'day' : type === 'W' ? 'week' : type === MONTHLY ? 'month' : { ms: periodOfType(type).ms };
  return { ...rest, limit: String(candlesInSpan({ count: Number(count), unit }, candle, now)) };
}

/** A contract by the name people call it (`crude oil`, 黄金): a word, so also a tender keyword; a Chinese name only standing alone (金诚 is a name). */
const contractNameValue: PlainValue = phraseValues(
  new Map([...SYMBOL_BY_NAME].map(([name, symbol]) => [name, { symbol }] as const)),
  (name) => ({ subject: true, word: true, ...(isChinese(name) ? { weak: true } : {}) }),
);

/** A symbol: a contract the app knows (CL, gc), or one typed in capitals beside a period (`BTC daily`, for the service to judge). */
const symbolValue: PlainValue = (text, at) => {
  const word = /^[A-Za-z]{1,5}/.exec(text.slice(at, at + 6))?.[0];
  if (!word) return undefined;
  if (Object.hasOwn(CONTRACT_NAMES, word.toUpperCase()))
    return { length: word.length, input: { symbol: word.toUpperCase() }, subject: true };
  return /^[A-Z]{2,5}$/.test(word)
    ? { length: word.length, input: { symbol: word }, subject: true, guess: true }
    : undefined;
};

/** How a futures lookup is written in a message: a contract, a period, a count, in any order. */
const futuresPlain: PlainWords = {
  topics: [
    {
      words: [
        'k线图',
        '行情',
        '走势',
        '价格',
        '分时',
        '分时图',
        'candles',
        'candle',
        'candlestick',
        'candlesticks',
        'price',
        'prices',
      ],
    },
  ],
  values: [contractNameValue, symbolValue, periodValue, spanValue],
  settle: settleSpan,
  // A bare number is the count once a period is there (`CL 日K 30`); before that it may be `30m` (ask).
  number: (input: CommandInput) => (input.type === undefined ? undefined : 'limit'),
  // A contract without a period: the periods people ask most, each a lookup.
  offer: { field: 'type', values: ['1d', '1h', '5m', '1w'] },
};

/** `daily: day/d/1d/0 · …` for English readers, `日线（日k/日/0） · …` for Chinese ones. */
function periodNotes(lang: Lang): string {
  const chinese = lang.locale === 'zh-CN';
  return FUTURES_PERIODS.map((type) => {
    // A period is named by its catalogue word (日线), so that word is not repeated after it.
    const label = lang.t(`futures.candlePeriod.${type}`);
    const others = Object.keys(CANDLE_TYPE_SYNONYMS).filter(
      (word) => CANDLE_TYPE_SYNONYMS[word] === type && isChinese(word) === chinese && word !== label,
    );
    const cased = type === MONTHLY && !chinese ? [MONTH_WORD] : [];
    return lang.t('futures.notes.period', { label, words: [...cased, ...others, type].join('/') });
  }).join(' · ');
}

export const futuresSyntax: CommandSyntax = {
  operation: FUTURES_ID,
  command: directCommand(FUTURES_ID),
  subcommandSynonyms: ['future', 'kline', 'k线'],
  description: { key: 'futures.description' },
  positional: {
    kind: 'sequence',
    words: [
      { field: 'symbol', name: { key: 'futures.words.symbol' }, read: readSymbol, spans: contractNameLength },
      { field: 'type', name: { key: 'futures.words.period' }, read: readPeriod },
      { field: 'limit', name: { key: 'futures.words.count' }, optional: true, read: readCount },
    ],
  },
  options: [
    {
      field: 'type',
      keys: ['futures.keys.period', 'type', 'interval'],
      shape: { key: 'futures.shapes.period' },
      read: readPeriod,
    },
    {
      field: 'limit',
      keys: ['futures.keys.limit', 'count', 'n', '数量'],
      shape: { key: 'futures.shapes.count' },
      read: readCount,
    },
  ],
  example: 'CL 5m 30',
  moreExamples: ['GC daily', 'hg 1h 48', 'SI period:4h count:60'],
  chineseExamples: ['CL 5分钟 30', 'GC 日线', 'hg 1小时 48', 'SI 周期:4小时 根数:60'],
  rejectedHint: (input) => ({ key: 'futures.rejected', values: { symbol: readSymbol(String(input.symbol ?? '')) } }),
  demoNote: { key: 'futures.demo' },
  notes: (lang) => [
    lang.t('futures.notes.symbols'),
    lang.t('futures.notes.periods', { periods: periodNotes(lang) }),
    lang.t('futures.notes.count'),
  ],
  plain: futuresPlain,
};

function periodOptions(lang: Lang) {
  return FUTURES_PERIODS.map((type) => option(periodLabel(type, lang), type));
}

export const futuresForm: SearchForm = {
  operation: FUTURES_ID,
  fields: [
    {
      field: 'symbol',
      label: (lang) => lang.t('futures.form.symbol.label'),
      hint: (lang) => lang.t('futures.form.symbol.hint'),
      optional: false,
      element: (actionId, lang) => textInput(actionId, lang.t('futures.form.symbol.placeholder')),
      read: readSymbol,
    },
    {
      field: 'type',
      label: (lang) => lang.t('futures.form.type.label'),
      optional: false,
      element: (actionId, lang) => {
        const periods = periodOptions(lang);
        return staticSelect(actionId, periods, periods[0]);
      },
    },
    {
      field: 'limit',
      label: (lang) => lang.t('futures.form.limit.label'),
      optional: true,
      element: (actionId) => numberInput(actionId, { initial: 30, min: 1, max: MAX_CANDLES }),
    },
  ],
};

function periodLabel(type: FuturesPeriod, lang: Lang): string {
  return isFuturesPeriod(type)
    ? lang.t(`futures.candlePeriod.${type}`)
    : lang.t('futures.results.unknownPeriod', { type: String(type) });
}

/**
 * The period as traders say it before "candle": a 5-minute candle, a daily candle, a weekly candle
 * (日K线, 周K线: for a day Chinese says 日, not 日线).
 */
function candleAdjective(type: FuturesPeriod, lang: Lang): string {
  return isFuturesPeriod(type) ? periodWords(periodOfType(type), lang) : periodLabel(type, lang);
}

/** The last candle is usually still forming; saying so keeps its close from being read as final. */
function latestHeading(candle: Candle, type: FuturesPeriod, options: RenderOptions): string {
  const { lang } = options;
  const period = periodOfType(type);
  const inProgress = options.now >= candle.at && options.now < periodEnd(periodStart(candle.at, period), period);
  const candleName = escapeMrkdwn(candleAdjective(type, lang));
  // Days, weeks and months are the service's trading days, dated in UTC as the chart dates them: days, not moments.
  const day = dayText(candle.at, 'UTC', lang);
  if (period.calendar === 'month')
    return lang.t(inProgress ? 'futures.results.latestMonthForming' : 'futures.results.latestMonth', {
      candle: candleName,
      month: yearMonthText(candle.at, 'UTC', lang),
    });
  if (period.calendar === 'week')
    return lang.t(inProgress ? 'futures.results.latestWeekForming' : 'futures.results.latestWeek', {
      candle: candleName,
      day,
    });
  if (!isIntraday(period))
    return lang.t(inProgress ? 'futures.results.latestDayForming' : 'futures.results.latestDay', {
      candle: candleName,
      day,
    });
  const when = escapeMrkdwn(dateTimeText(candle.at, options.timeZone, lang));
  return lang.t(inProgress ? 'futures.results.latestForming' : 'futures.results.latest', { candle: candleName, when });
}

function latestBlocks(candle: Candle, type: FuturesPeriod, decimals: number, options: RenderOptions): KnownBlock[] {
  const label = (field: NamesUnder<'futures.results.field'>) => options.lang.t(`futures.results.field.${field}`);
  const fields = [
    labelled(label('open'), formatNumber(candle.open, decimals)),
    labelled(label('close'), formatNumber(candle.close, decimals)),
    labelled(label('high'), formatNumber(candle.high, decimals)),
    labelled(label('low'), formatNumber(candle.low, decimals)),
    labelled(label('change'), formatChange(candle.change, decimals)),
    labelled(label('changeRate'), formatPercent(candle.changeRate)),
    labelled(label('volume'), formatNumber(candle.volume)),
    labelled(label('period'), escapeMrkdwn(periodLabel(type, options.lang))),
  ];
  return [sectionBlock(latestHeading(candle, type, options), fields)];
}

function rangeLine(candles: Candle[], type: FuturesPeriod, decimals: number, options: RenderOptions): string {
  const first = candles[0]!;
  const last = candles.at(-1)!;
  const high = Math.max(...candles.map((candle) => candle.high));
  const low = Math.min(...candles.map((candle) => candle.low));
  const daily = !isIntraday(periodOfType(type));
  const from = daily
    ? dayText(first.at, 'UTC', options.lang)
    : dateTimeText(first.at, options.timeZone, options.lang, { withZone: false });
  // Within one day the second end is only a time: 2026年11月26日 16:55–19:20, not the date twice.
  const zone = usableTimeZone(options.timeZone);
  const oneDay = !daily && localDate(first.at, zone) === localDate(last.at, zone);
  const to = daily
    ? dayText(last.at, 'UTC', options.lang)
    : oneDay
      ? timeOfDayText(last.at, options.timeZone, options.lang)
      : dateTimeText(last.at, options.timeZone, options.lang);
  return options.lang.t(oneDay ? 'futures.results.rangeOneDay' : 'futures.results.range', {
    count: candles.length,
    from: escapeMrkdwn(from),
    to: escapeMrkdwn(to),
    low: formatNumber(low, decimals),
    high: formatNumber(high, decimals),
  });
}

/**
 * How merged candles were made (15-minute from 5-minute, weekly and monthly from daily) and what that
 * one call cost; and, when the service had fewer candles than the count asked takes, how many came.
 */
function mergedLine(result: FuturesResult, asked: number, coins: number, lang: Lang): string | undefined {
  const { merged } = result;
  if (!merged) return undefined;
  const shown = result.candles.length;
  const line = lang.t('futures.results.merged', {
    candles: candlesOf(shown, periodOfType(result.type), lang),
    sources: candlesOf(merged.mergedIn ?? merged.fetched, periodOfType(merged.type), lang),
    coins: lang.t('common.coins', { count: coins }),
  });
  return shown < asked ? `${line}${lang.t('futures.results.mergedFewer', { shown, asked })}` : line;
}

export function renderFutures(answer: CallResult<typeof FUTURES_ID>, options: RenderOptions): RenderedResult {
  const { lang } = options;
  const { symbol, type, candles } = answer.result;
  const title = lang.t('futures.title');
  const label = periodLabel(type, lang);
  const blocks: KnownBlock[] = [
    headerBlock(
      lang.t('results.heading', { title, subject: lang.t('futures.results.subject', { symbol, period: label }) }),
    ),
  ];
  const safeSymbol = serviceText(symbol, { max: 20, oneLine: true });
  const latest = candles.at(-1);
  const decimals = mostDecimalsOf(candles.flatMap((candle) => [candle.open, candle.close, candle.high, candle.low]));
  if (latest) {
    blocks.push(...recordBlocks(0, 0, latestBlocks(latest, type, decimals, options)));
    blocks.push(contextBlock(rangeLine(candles, type, decimals, options)));
    const merged = mergedLine(answer.result, Number(answer.request.limit), answer.cost, lang);
    if (merged) blocks.push(contextBlock(merged));
  } else {
    blocks.push(sectionBlock(lang.t('futures.results.noCandles', { period: escapeMrkdwn(label), symbol: safeSymbol })));
  }
  blocks.push(...renderChart(options.chart, lang, { nativeCharts: options.tables === true }));
  const text = latest
    ? lang.t('futures.results.summary', {
        symbol: safeSymbol,
        period: escapeMrkdwn(label),
        close: formatNumber(latest.close, decimals),
        rate: formatPercent(latest.changeRate),
        count: candles.length,
      })
    : lang.t('futures.results.summaryNone', { symbol: safeSymbol, period: escapeMrkdwn(label) });
  return { text, blocks };
}

/** The newest candle of a futures product; the same call (and cache entry) as `/futures <symbol> <period>`. */
export const futuresStep: OperationStep = {
  callbackId: 'dq_futures_latest_candle',
  inputs: {
    symbol: { type: 'string', required: true },
    period: { type: 'string', required: true },
    run_by: RUN_BY,
  },
  outputs: {
    open: { type: 'number', required: true },
    high: { type: 'number', required: true },
    low: { type: 'number', required: true },
    close: { type: 'number', required: true },
    change: { type: 'number', required: true },
    time: { type: 'slack#/types/timestamp', required: true },
  },
  fieldNames: { symbol: 'futures.workflow.field.symbol', type: 'futures.workflow.field.period' },

  async run(data, { inputs, context }) {
    const answer = await data.call(
      'finance-external-futures-kline',
      { symbol: inputText(inputs, 'symbol'), type: inputText(inputs, 'period') },
      context,
    );
    // Candles come oldest first; the last one may still be forming, and it is the latest there is.
    const candle = answer.result.candles.at(-1);
    if (!candle)
      throw new StepFailure(
        {
          key: 'futures.workflow.fail.noCandles',
          values: { symbol: serviceText(answer.request.symbol, { max: 20, oneLine: true }) },
        },
        answer.coinsSpent,
      );
    return {
      open: candle.open,
      high: candle.high,
      low: candle.low,
      close: candle.close,
      change: candle.change,
      time: Math.floor(candle.at / 1000),
    };
  },
};

export const futuresSlack: SlackOperation<typeof FUTURES_ID> = {
  syntax: futuresSyntax,
  form: futuresForm,
  step: futuresStep,
  render: renderFutures,
  describe: (request, lang) =>
    lang.t('futures.asked', {
      symbol: request.symbol,
      period: periodLabel(request.type, lang),
      count: Number(request.limit),
    }),
  // The latest candle is "forming" until its period ends.
  rendersWithClock: true,
  // When the candles were fetched tells whether a merged newest candle (a week, a 15-minute period) was still forming.
  chart: (answer, settings, timeZone, lang) =>
    buildFuturesChart(answer.result, settings, timeZone, lang, answer.storedAt),
  nativeChart: (answer, timeZone, lang) => futuresNativeChart(answer.result, timeZone, lang, answer.storedAt),
  watch: {
    target: (target, lang) =>
      lang.t(target.direction === 'above' ? 'futures.watch.above' : 'futures.watch.below', {
        symbol: target.symbol,
        period: lang.t('futures.watch.periodCandles', {
          period: candleAdjective(isFuturesPeriod(target.type) ? target.type : DAILY, lang),
        }),
        level: target.level,
      }),
    rowLabels: {
      close: 'futures.watch.field.close',
      levelAbove: 'futures.watch.field.levelAbove',
      levelBelow: 'futures.watch.field.levelBelow',
    },
    readSubject: readSymbol,
    fits: (target, lang) =>
      lang.t(
        target.type === DAILY
          ? 'futures.watch.fitsDaily'
          : target.type === 'W' || target.type === MONTHLY
            ? 'futures.watch.fitsFromDaily'
            : 'futures.watch.fitsIntraday',
      ),
  },
};
