import { decimalsOf } from '../core/decimals.js';
import {
  type Candle,
  type CandlePeriod,
  changeRate,
  type FuturesResult,
  isIntraday,
  type MergedCandles,
  mergeCandles,
  PERIODS,
  periodEnd,
  periodOfType,
  periodStart,
  typedPeriod,
} from '../core/operations/futures.js';
import type { Lang } from '../i18n/lang.js';
import { dayText, zoneName } from '../i18n/timeText.js';
import { localParts } from '../time/calendar.js';
import {
  type ChartColors,
  type ChartFileName,
  type ChartImage,
  type ChartPlan,
  type ChartSettings,
  drawnLocally,
} from './chartRenderer.js';
import { latestPoints, type NativeChart } from './nativeChart.js';
import { formatFixed, signed } from './numbers.js';
import { compactJs, firstFitting, js, jsObject, planOf } from './quickChart.js';
import { clauses, sentences } from './sentences.js';

/** The period as a chart title names it: 5m, 1D (5分钟, 日线). */
export function periodName(p: CandlePeriod, lang: Lang): string {
  return lang.t(`futures.chart.period.name.${p.name}`);
}

/** The period in a sentence, before "candle": 5-minute, daily (5分钟, 日, before K线). */
export function periodWords(p: CandlePeriod, lang: Lang): string {
  return lang.t(`futures.chart.period.words.${p.name}`);
}

/** So many candles of a period: "one daily candle", "five 5-minute candles", "12 five-minute candles", "12 根5分钟K线". */
export function candlesOf(count: number, p: CandlePeriod, lang: Lang): string {
  return lang.t('futures.chart.candlesOf', { count, period: periodWords(p, lang) });
}

/**
 * The periods candles are merged into when there are too many to draw: the ones every trading screen
 * offers. 5m (for 1m candles) and 1M go past the usual 15m…1W: 100 1m candles would otherwise become
 * 7 15m ones, and 1000 daily candles are still 143 weekly ones, more than a Slack image URL holds.
 */
const MERGE_TARGETS: readonly CandlePeriod[] = [
  PERIODS['5m'],
  PERIODS['15m'],
  PERIODS['30m'],
  PERIODS['1h'],
  PERIODS['2h'],
  PERIODS['4h'],
  PERIODS['1D'],
  PERIODS['1W'],
  PERIODS['1M'],
];

/** The standard periods a candle of `base` merges into evenly, shortest first. */
export function longerPeriods(base: CandlePeriod): CandlePeriod[] {
  return MERGE_TARGETS.filter(
    (target) => target.ms > base.ms && (target.calendar !== undefined || target.ms % base.ms === 0),
  );
}

/** Candle colours: up, down, unchanged. */
export const CANDLE_COLORS: Record<ChartColors, { up: string; down: string; flat: string }> = {
  intl: { up: '#26a69a', down: '#ef5350', flat: '#8a8a8a' },
  cn: { up: '#ef5350', down: '#26a69a', flat: '#8a8a8a' },
};

/**
 * The colours a reader sees: CHART_COLORS when the operator fixed one for everybody, else by the
 * reader's language: a Chinese reader's rise is red and fall green (the A-share habit), an English
 * reader's the opposite. The legend names both.
 */
export function colorsFor(settings: ChartSettings, lang: Lang): ChartColors {
  return settings.colors ?? (lang.locale === 'zh-CN' ? 'cn' : 'intl');
}

/** Moving averages drawn over the closes, each once there are enough candles for it to say something. */
export const MOVING_AVERAGES = [
  { period: 5, color: '#e59400' },
  { period: 20, color: '#7e57c2' },
] as const;
/** An average is drawn when it has at least this many points. */
const MIN_AVERAGE_POINTS = 11;

/**
 * Price band : volume band, as stack weights: volume gets a fifth of the plot height. The volume
 * axis keeps Chart.js's default weight, 1, which the chart text therefore leaves out.
 */
const PRICE_WEIGHT = 4;
/** Width left for the plot beside the price axis and padding. */
const AXIS_ALLOWANCE_PX = 90;
/** Narrower candles than this cannot be told apart; more candles are merged even if the URL would fit. */
const MIN_CANDLE_SLOT_PX = 3;
/** An x-axis label ("10-30 21:00") needs about this much room. */
const LABEL_SLOT_PX = 95;
/** More labels say little more on a wide chart and cost URL characters. */
const MAX_LABELS = 7;

interface Drawn {
  period: CandlePeriod;
  merged: MergedCandles;
  /** The oldest candles of the answer left out so that the rest fits a Slack image (latestOnly). */
  leftOutToFit?: number;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** Which candles get an x-axis label: every step-th back from the newest, so the latest is labelled. */
export function labelledIndices(count: number, maxLabels: number): number[] {
  const step = Math.max(1, Math.ceil(count / Math.max(1, maxLabels)));
  const chosen: number[] = [];
  for (let index = count - 1; index >= 0; index -= step) chosen.unshift(index);
  return chosen;
}

/**
 * Labels for the chosen candles. Intraday: HH:mm in the reader's zone, with the date on the first
 * label and where a new day starts. Daily and weekly: MM-DD of the trading day (UTC), with the year
 * on the first label and where a new year starts. Monthly: YYYY-MM.
 */
export function candleLabels(
  ats: readonly number[],
  indices: readonly number[],
  p: CandlePeriod,
  timeZone: string,
): Record<number, string> {
  const zone = isIntraday(p) ? timeZone : 'UTC';
  const labels: Record<number, string> = {};
  let previous: { year: number; day: string } | undefined;
  for (const index of indices) {
    const parts = localParts(ats[index]!, zone);
    const day = `${parts.year}-${parts.month}-${parts.day}`;
    const date = `${pad(parts.month)}-${pad(parts.day)}`;
    if (p.calendar === 'month') labels[index] = `${parts.year}-${pad(parts.month)}`;
    else if (isIntraday(p))
      labels[index] = `${previous?.day === day ? '' : `${date} `}${pad(parts.hour)}:${pad(parts.minute)}`;
    else labels[index] = previous?.year === parts.year ? date : `${parts.year}-${date}`;
    previous = { year: parts.year, day };
  }
  return labels;
}

function drawnCandles(base: CandlePeriod, candles: readonly Candle[], target: CandlePeriod): Drawn {
  if (target === base) return { period: base, merged: { candles: [...candles], droppedOldest: 0, inNewest: 1 } };
  return { period: target, merged: mergeCandles(candles, base, target) };
}

/**
 * The latest candles only, merged into `target`, fewer at each step: for a QuickChart URL that even
 * the longest merge does not fit (large prices, many decimals, a long server address). The oldest
 * candles left out are counted, so the caption says so.
 */
function latestOnly(base: CandlePeriod, candles: readonly Candle[], target: CandlePeriod): Drawn[] {
  if (target === base) return [];
  const shorter: Drawn[] = [];
  for (let tenths = 9; tenths >= 1; tenths--) {
    const keep = Math.floor((candles.length * tenths) / 10);
    const drawn = drawnCandles(base, candles.slice(-keep), target);
    if (drawn.merged.candles.length < 2) break;
    shorter.push({ ...drawn, leftOutToFit: candles.length - keep });
  }
  return shorter;
}

interface ChartText {
  symbol: string;
  /** The candles' period in the answer. */
  base: CandlePeriod;
  /** The service's period they came in: the base, unless the answer's candles were merged from shorter ones (15m from 5m). */
  source: CandlePeriod;
  drawn: Drawn;
  settings: ChartSettings;
  timeZone: string;
  quoteDecimals: number;
  /** When the candles were fetched: a merged candle whose period had not ended then is partial. */
  fetchedAt?: number;
  lang: Lang;
}

/** A quote as the price axis and the reply write it: grouped, at the quote's own decimals (2,344.0). */
export function formatQuote(price: number, decimals: number): string {
  return formatFixed(price, decimals);
}

/** Symbol, period, last close and the last candle's change, said to be the last candle's: `CL · 5m · 75.93, last candle +0.35%`. */
function titleOf(symbol: string, period: CandlePeriod, last: Candle, quoteDecimals: number, lang: Lang): string {
  return lang.t('futures.chart.title', {
    symbol,
    period: periodName(period, lang),
    close: formatQuote(last.close, quoteDecimals),
    rate: signed(changeRate(last), 2),
  });
}

/**
 * Whether the newest drawn candle is merged from fewer candles than its period will hold: its
 * period had not ended when the candles were fetched (or, without that time, the candles stop
 * before its end). A candle drawn as the service gave it is not marked.
 */
function newestPartial(input: Pick<ChartText, 'drawn' | 'source' | 'fetchedAt'>): boolean {
  const { drawn } = input;
  if (drawn.period === input.source) return false;
  const newest = drawn.merged.candles[drawn.merged.candles.length - 1]!;
  if (input.fetchedAt !== undefined)
    return input.fetchedAt < periodEnd(periodStart(newest.at, drawn.period), drawn.period);
  return drawn.merged.partialNewest !== undefined;
}

function subtitleOf(input: ChartText): string {
  const { drawn, source, lang } = input;
  const candles = drawn.merged.candles;
  const parts = [
    isIntraday(drawn.period)
      ? lang.t('futures.chart.timesIn', { zone: zoneName(candles[candles.length - 1]!.at, input.timeZone, lang) })
      : lang.t('futures.chart.tradingDays'),
  ];
  if (drawn.period !== source) parts.push(lang.t('futures.chart.mergedFrom', { period: periodName(source, lang) }));
  if (newestPartial(input)) parts.push(lang.t('futures.chart.lastPartial'));
  return parts.join(' · ');
}

/**
 * A whole number as text the chart decodes: 5 bits per character (codes 48 to 111), the 6th bit
 * saying another character follows; `signed` numbers are zigzagged first (0, −1, 1, −2 … → 0, 1, 2, 3 …).
 * Differences between neighbouring prices are small, so most take one character.
 */
export function packNumber(value: number, signed: boolean): string {
  let rest = signed ? (value >= 0 ? 2 * value : -2 * value - 1) : value;
  let text = '';
  do {
    const digit = rest % 32;
    rest = Math.floor(rest / 32);
    text += String.fromCharCode(48 + digit + (rest > 0 ? 32 : 0));
  } while (rest > 0);
  return text;
}

/** Volume bars are about 60 pixels tall: 32 levels are as many as they can show. */
const VOLUME_LEVELS = 31;

/**
 * The chart as JavaScript that QuickChart runs. The data travel packed (see packNumber): per candle
 * the open's gap from the previous close, the body, the upper and lower wick in price ticks, and the
 * volume in 1/31 of the largest; the chart rebuilds the candles, the moving averages and the volume
 * colours itself. A 3000-character URL then holds about 200 candles instead of about 25 as plain data.
 */
export function futuresChartText(input: ChartText): string {
  const { settings, drawn } = input;
  const candles = drawn.merged.candles;
  const count = candles.length;
  const colors = CANDLE_COLORS[colorsFor(settings, input.lang)];
  const hosted = settings.candlesticks;

  const quotes = candles.flatMap((candle) => [candle.high, candle.low]);
  const unit = priceUnit(Math.max(...quotes) - Math.min(...quotes), settings.height, input.quoteDecimals);
  const units = (price: number) => Math.round(price / unit);
  const largestVolume = Math.max(0, ...candles.map((candle) => candle.volume));
  const volumeUnit = largestVolume > 0 ? Number((largestVolume / VOLUME_LEVELS).toPrecision(3)) : 1;
  const firstOpen = units(candles[0]!.open);
  let previousClose = firstOpen;
  let packed = '';
  for (const candle of candles) {
    const open = units(candle.open);
    const close = units(candle.close);
    packed +=
      packNumber(open - previousClose, true) +
      packNumber(close - open, true) +
      packNumber(Math.max(0, units(candle.high) - Math.max(open, close)), false) +
      packNumber(Math.max(0, Math.min(open, close) - units(candle.low)), false) +
      packNumber(Math.min(VOLUME_LEVELS, Math.round(candle.volume / volumeUnit)), false);
    previousClose = close;
  }

  // The price axis spans the candles with a little room above and below, set here rather than left
  // to Chart.js, whose "nice" bounds can leave a third of the band empty.
  const lowest = Math.min(...candles.map((candle) => units(candle.low)));
  const highest = Math.max(...candles.map((candle) => units(candle.high)));
  const margin = Math.max(1, Math.round((highest - lowest) * 0.06));
  const inUnits = (value: number) => Number((value * unit).toFixed(decimalsOf(unit)));

  const plotWidth = Math.max(100, settings.width - AXIS_ALLOWANCE_PX);
  const labels = candleLabels(
    candles.map((candle) => candle.at),
    labelledIndices(count, Math.min(MAX_LABELS, Math.floor(plotWidth / LABEL_SLOT_PX))),
    drawn.period,
    input.timeZone,
  );
  const last = candles[count - 1]!;
  // The variable holding the colour of the last close's direction.
  const lastColor = last.change > 0 ? 'u' : last.change < 0 ? 'd' : 'f';
  const slot = plotWidth / count;
  const candleWidth = Math.max(1, Math.min(14, Math.floor(slot * 0.7)));
  const averages = MOVING_AVERAGES.filter((average) => count - average.period + 1 >= MIN_AVERAGE_POINTS);

  const priceSets = hosted
    ? [`{data:K,color:o,borderColor:o,maxBarThickness:${candleWidth}}`]
    : [
        // Bar charts parse plain values by position: [low, high] is a floating bar, a number a point.
        `{type:'bar',data:K.map(k=>[k.l,k.h]),backgroundColor:K.map(h),grouped:false,minBarLength:1,maxBarThickness:${Math.max(1, Math.min(3, Math.floor(slot * 0.3)))}}`,
        `{type:'scatter',data:K.map(k=>k.c),pointStyle:'line',radius:${Math.max(1.5, Math.min(7, Math.round(slot * 0.8) / 2))},borderWidth:2,borderColor:K.map(h)}`,
      ];
  const averageSets = averages.map((average) => `A(${average.period},'${average.color}')`);
  // The legend names the colours (a rise is red for a Chinese reader, green for others) with two
  // series without data, drawn as nothing but their legend entry.
  const colorSets = [
    `A(0,u,${js(input.lang.t('futures.chart.up'))})`,
    `A(0,d,${js(input.lang.t('futures.chart.down'))})`,
  ];
  // Chart.js writes the volume axis's compact numbers in the chart's locale: 1.2万 rather than 12K.
  const locale = input.lang.locale === 'en' ? '' : `locale:${js(input.lang.locale)},`;
  const volumeSet = `{type:'bar',data:V,yAxisID:'v',backgroundColor:K.map(k=>h(k)+'99'),${hosted ? '' : 'grouped:false,'}maxBarThickness:${candleWidth}}`;

  // Every character is paid for in the URL, so options equal to what Chart.js and the financial
  // plugin already give are left out. Datasets name no y axis but the volume's: the price axis y,
  // declared first, is their default. The x axis is a category axis labelled only at L's candles.
  return compactJs(`
    (()=>{
    // S packed candles (see packNumber); prices are whole multiples of D, the first open p; volume
    // in units of U; L x-axis labels by candle; C the last close, T its label, w its colour.
    let S=${js(packed)},D=${unit},p=${firstOpen},U=${volumeUnit},L=${jsObject(labels)},C=${inUnits(units(last.close))},T=${js(formatQuote(last.close, input.quoteDecimals))},
    u='${colors.up}',d='${colors.down}',f='${colors.flat}',w=${lastColor},${hosted ? 'o={up:u,down:d,unchanged:f},' : ''}q=0,K=[],V=[],i,a,e,
    g=m=>{let z=0,s=1,c=64;for(;c>31;s*=32){c=S.charCodeAt(q++)-48;z+=(c&31)*s}return m?z:z%2?(-1-z)/2:z/2},
    h=k=>k.c>k.o?u:k.c<k.o?d:f,
    // A(m,c): the m-candle moving average in colour c; A(0,c,t): no line, only a legend entry t in c.
    A=(m,c,t)=>({type:'line',label:t||'MA'+m,borderColor:c,borderWidth:1.3,pointRadius:0,parsing:false,
    data:m?K.slice(m-1).map(k=>{let t=0,j=k.x;for(;j>k.x-m;)t+=K[j--].c;return{x:k.x,y:t/m}}):[]}),
    z=c=>c.tick?.z;
    for(i=0;i<${count};i++){a=p+g();e=a+g();
    K.push({x:i,o:a*D,c:e*D,h:(Math.max(a,e)+g(1))*D,l:(Math.min(a,e)-g(1))*D});V.push({x:i,y:g(1)*U});p=e}
    return{type:'${hosted ? 'candlestick' : 'bar'}',data:{labels:K.map(k=>L[k.x]||''),datasets:[${[...priceSets, ...averageSets, volumeSet, ...colorSets].join(',')}]},
    options:{${locale}layout:{padding:8},plugins:{title:{display:true,text:${js(titleOf(input.symbol, drawn.period, last, input.quoteDecimals, input.lang))},align:'start',font:{size:15}},
    subtitle:{display:true,text:${js(subtitleOf(input))},align:'start'},
    legend:{labels:{boxHeight:2,filter:t=>t.text}}},
    // The financial plugin's default x axis reads a window global in afterBuildTicks; QuickChart has none.
    scales:{x:{type:'category',${hosted ? 'afterBuildTicks:null,' : ''}grid:{offset:false,color:c=>L[c.index]?'#eee':''},ticks:{autoSkip:false,maxRotation:0}},
    y:{position:'right',stack:'s',stackWeight:${PRICE_WEIGHT},min:${inUnits(lowest - margin)},max:${inUnits(highest + margin)},
    grid:{color:c=>z(c)?w:'#eee'},ticks:{color:c=>z(c)?'#fff':'#666',showLabelBackdrop:z,backdropColor:w},
    // The last close's label replaces the ticks it would cover; ticks at the band's edges (its odd
    // bounds among them) would touch the legend or the volume axis's labels.
    beforeFit:s=>{let r=(s.max-s.min)/9,b=r/2;s.ticks=s.ticks.filter(t=>Math.abs(t.value-C)>r&&t.value-s.min>b&&s.max-t.value>b).concat({value:C,label:T,z:1})}},
    v:{position:'right',stack:'s',grace:'10%',ticks:{maxTicksLimit:3,format:{notation:'compact'}}}}}}
    })()
  `);
}

/**
 * The price step the chart is drawn in: about a pixel of the price axis (1, 2 or 5 × 10^k), never
 * finer than the quotes. Finer steps change no pixel and only lengthen the URL.
 */
export function priceUnit(range: number, height: number, quoteDecimals: number): number {
  const quote = 10 ** -quoteDecimals;
  if (!(range > 0)) return quote;
  // The price band is about 0.8 × 0.7 of the chart's height: about 210 pixels at 380, 340 at 600.
  // A 250th of the range is a pixel there and little more on taller charts.
  const pixel = range / Math.min(250, height * 0.7);
  const power = 10 ** Math.floor(Math.log10(pixel));
  // The step nearest a pixel (on a log scale), so at most about a pixel and a half.
  const nice = [1, 2, 5, 10]
    .map((factor) => factor * power)
    .reduce((best, step) => (Math.abs(Math.log(step / pixel)) < Math.abs(Math.log(best / pixel)) ? step : best));
  return Math.max(quote, Number(nice.toPrecision(1)));
}

function rangeText(candles: readonly Candle[], p: CandlePeriod, timeZone: string, lang: Lang): string {
  const first = candles[0]!;
  const last = candles[candles.length - 1]!;
  if (!isIntraday(p)) {
    const from = dayText(first.at, 'UTC', lang);
    const to = dayText(last.at, 'UTC', lang);
    // Trading days, as the service dates its daily candles: days, in no reader's zone.
    return from === to ? from : lang.t('futures.chart.dayRange', { from, to });
  }
  const clock = (at: number) => {
    const parts = localParts(at, timeZone);
    return `${pad(parts.hour)}:${pad(parts.minute)}`;
  };
  const firstDate = dayText(first.at, timeZone, lang);
  const lastDate = dayText(last.at, timeZone, lang);
  const from = `${firstDate} ${clock(first.at)}`;
  const to = `${lastDate === firstDate ? '' : `${lastDate} `}${clock(last.at)}`;
  return lang.t('futures.chart.inZone', {
    range: first.at === last.at ? from : lang.t('futures.chart.timeRange', { from, to }),
    zone: zoneName(last.at, timeZone, lang),
  });
}

function mergeSentence(
  candles: readonly Candle[],
  base: CandlePeriod,
  drawn: Drawn,
  settings: ChartSettings,
  lang: Lang,
): string | undefined {
  if (drawn.period === base) return undefined;
  const merged = periodWords(drawn.period, lang);
  const values = {
    candles: candlesOf(candles.length, base, lang),
    shown: candlesOf(drawn.merged.candles.length, drawn.period, lang),
  };
  // Drawn here, candles are merged only when too many to tell apart; for QuickChart, also to fit its URL.
  const parts = [
    drawnLocally(settings)
      ? lang.t('futures.chart.shownAsToTellApart', values)
      : lang.t('futures.chart.shownAs', values),
  ];
  if (drawn.merged.droppedOldest > 0)
    parts.push(
      lang.t('futures.chart.firstLeftOut', { merged, candles: candlesOf(drawn.merged.droppedOldest, base, lang) }),
    );
  if (drawn.merged.partialNewest !== undefined)
    parts.push(
      lang.t('futures.chart.lastPartialSentence', {
        merged,
        candles: candlesOf(drawn.merged.partialNewest, base, lang),
      }),
    );
  if (drawn.leftOutToFit)
    parts.push(lang.t('futures.chart.oldestLeftOutToFit', { candles: candlesOf(drawn.leftOutToFit, base, lang) }));
  return clauses(parts, lang);
}

/** How the answer's candles were made when the period asked for is merged: "30 fifteen-minute candles merged from 90 five-minute candles". */
function askedMergeSentence(result: FuturesResult, lang: Lang): string | undefined {
  if (!result.merged) return undefined;
  return lang.t('futures.chart.mergedPeriod', {
    candles: candlesOf(result.candles.length, periodOfType(result.type), lang),
    sources: candlesOf(result.merged.mergedIn ?? result.merged.fetched, periodOfType(result.merged.type), lang),
  });
}

function closeSentence(candles: readonly Candle[], decimals: number, lang: Lang): string {
  const first = candles[0]!;
  const last = candles[candles.length - 1]!;
  const lastMove = lang.t('futures.chart.move', {
    change: signed(last.change, decimals),
    rate: signed(last.changeRate, 2),
  });
  const closeBefore = first.close - first.change;
  const rangeChange = signed(last.close - closeBefore, decimals);
  const rangeMove =
    closeBefore === 0
      ? rangeChange
      : lang.t('futures.chart.move', {
          change: rangeChange,
          rate: signed(((last.close - closeBefore) / closeBefore) * 100, 2),
        });
  return lang.t('futures.chart.close', { close: formatQuote(last.close, decimals), lastMove, rangeMove });
}

function quoteDecimalsOf(candles: readonly Candle[]): number {
  return Math.max(...candles.flatMap((candle) => [candle.open, candle.high, candle.low, candle.close]).map(decimalsOf));
}

/**
 * The candles as a chart: candlesticks on servers that have them, high-low bars with close ticks
 * otherwise, with volume in a band below and moving averages. Candles are merged into a longer
 * standard period only when they would not fit in a Slack image URL or be too thin to see, and the
 * caption says so. Fewer than two candles make no chart. `fetchedAt` (when the candles were
 * fetched) tells whether a merged newest candle was still forming.
 */
export function buildFuturesChart(
  result: FuturesResult,
  settings: ChartSettings,
  timeZone: string,
  lang: Lang,
  fetchedAt?: number,
): ChartPlan {
  if (result.candles.length === 0) return { kind: 'none', note: lang.t('futures.chart.noCandles') };
  if (result.candles.length === 1) return { kind: 'none', note: lang.t('futures.chart.oneCandle') };
  const candles = [...result.candles].sort((a, b) => a.at - b.at);
  const base = periodOfType(result.type);
  const source = result.merged ? periodOfType(result.merged.type) : base;
  const quoteDecimals = quoteDecimalsOf(candles);
  const maxDrawn = Math.floor(Math.max(100, settings.width - AXIS_ALLOWANCE_PX) / MIN_CANDLE_SLOT_PX);
  const choices = [base, ...longerPeriods(base)]
    .map((target) => drawnCandles(base, candles, target))
    .filter((drawn) => drawn.merged.candles.length >= 2 && drawn.merged.candles.length <= maxDrawn);
  const textFor = (drawn: Drawn) =>
    futuresChartText({
      symbol: result.symbol,
      base,
      source,
      drawn,
      settings,
      timeZone,
      quoteDecimals,
      lang,
      ...(fetchedAt === undefined ? {} : { fetchedAt }),
    });

  const longest = choices.at(-1);
  const fit =
    firstFitting(choices, textFor, settings) ??
    (longest ? firstFitting(latestOnly(base, candles, longest.period), textFor, settings) : undefined);
  const drawn = fit?.choice ?? choices[0] ?? drawnCandles(base, candles, base);
  const kind = lang.t(settings.candlesticks ? 'futures.chart.kind.candlestick' : 'futures.chart.kind.highLow');
  const averages = MOVING_AVERAGES.filter(
    (average) => drawn.merged.candles.length - average.period + 1 >= MIN_AVERAGE_POINTS,
  ).map((average) => `MA${average.period}`);
  const merged = [askedMergeSentence(result, lang), mergeSentence(candles, base, drawn, settings, lang)].filter(
    (part): part is string => part !== undefined,
  );
  const range = rangeText(candles, base, timeZone, lang);
  const period = periodWords(base, lang);
  const described =
    averages.length > 0
      ? lang.t('futures.chart.altAverages', {
          kind,
          symbol: result.symbol,
          candles: candlesOf(candles.length, base, lang),
          range,
          averages: averages.join(lang.t('futures.chart.averagesSeparator')),
        })
      : lang.t('futures.chart.alt', {
          kind,
          symbol: result.symbol,
          candles: candlesOf(candles.length, base, lang),
          range,
        });
  const colors = lang.t(colorsFor(settings, lang) === 'cn' ? 'futures.chart.colorsCn' : 'futures.chart.colorsIntl');
  // The close sentence is a sentence already: it ends with its own full stop.
  const alt = lang.t('charts.nextSentence', {
    first: sentences([clauses([described, ...merged], lang), colors], lang),
    second: closeSentence(candles, quoteDecimals, lang),
  });
  const captionParts = [lang.t('futures.chart.caption', { symbol: result.symbol, period, range }), ...merged];
  if (!settings.candlesticks) captionParts.push(lang.t('futures.chart.highLowDrawn'));
  const caption = sentences(captionParts, lang);
  return planOf(
    fit,
    () => textFor(drawn),
    { alt, caption, file: fileName(result.symbol, base, averages, lang) },
    settings,
  );
}

/**
 * The picture as a file in a thread: `CL-5m.png`, titled "CL 5-minute candles, MA5 and MA20" (the
 * averages listed as the reader's language lists things).
 */
function fileName(symbol: string, period: CandlePeriod, averages: readonly string[], lang: Lang): ChartFileName {
  const values = { symbol, period: periodWords(period, lang) };
  const title =
    averages.length > 0
      ? lang.t('futures.chart.fileTitleAverages', {
          ...values,
          averages: new Intl.ListFormat(lang.locale, { type: 'conjunction' }).format(averages),
        })
      : lang.t('futures.chart.fileTitle', values);
  const safeSymbol = symbol.replace(/[^A-Za-z0-9]+/g, '') || 'futures';
  return { name: `${safeSymbol}-${typedPeriod(period)}.png`, title };
}

/**
 * Category labels a native chart can show: distinct and at most 20 characters. Intraday: HH:mm in
 * the reader's zone, with the date (MM-DD HH:mm) when the candles span more than a day; daily and
 * weekly: the trading day MM-DD, with the year when they span two; monthly: YYYY-MM.
 */
export function nativeCandleLabels(ats: readonly number[], p: CandlePeriod, timeZone: string): string[] {
  const zone = isIntraday(p) ? timeZone : 'UTC';
  const parts = ats.map((at) => localParts(at, zone));
  const date = (part: (typeof parts)[number]) => `${pad(part.month)}-${pad(part.day)}`;
  if (p.calendar === 'month') return parts.map((part) => `${part.year}-${pad(part.month)}`);
  if (!isIntraday(p)) {
    const oneYear = parts.every((part) => part.year === parts[0]!.year);
    return parts.map((part) => (oneYear ? date(part) : `${part.year}-${date(part)}`));
  }
  const oneDay = parts.every((part) => date(part) === date(parts[0]!));
  return parts.map((part) => `${oneDay ? '' : `${date(part)} `}${pad(part.hour)}:${pad(part.minute)}`);
}

/**
 * The latest closes as a line Slack draws itself (its data_visualization block): where no picture can
 * reach Slack, the reply still shows the move. At most the latest 20 (Slack's points per series);
 * the caption says how many of how many, and how merged candles were made.
 */
export function futuresNativeChart(
  result: FuturesResult,
  timeZone: string,
  lang: Lang,
  fetchedAt?: number,
): ChartImage {
  if (result.candles.length === 0) return { kind: 'none', note: lang.t('futures.chart.noCandles') };
  if (result.candles.length === 1) return { kind: 'none', note: lang.t('futures.chart.oneCandle') };
  const all = [...result.candles].sort((a, b) => a.at - b.at);
  const candles = latestPoints(all);
  const base = periodOfType(result.type);
  const last = candles[candles.length - 1]!;
  const source = result.merged ? periodOfType(result.merged.type) : base;
  const drawn: Drawn = { period: base, merged: { candles, droppedOldest: 0, inNewest: result.merged?.inNewest ?? 1 } };
  const captionParts = [
    lang.t(candles.length < all.length ? 'futures.chart.native.latest' : 'futures.chart.native.all', {
      shown: candles.length,
      count: all.length,
    }),
  ];
  const merged = askedMergeSentence(result, lang);
  if (merged) captionParts.push(merged);
  if (newestPartial({ drawn, source, ...(fetchedAt === undefined ? {} : { fetchedAt }) }))
    captionParts.push(lang.t('futures.chart.lastPartial'));
  const chart: NativeChart = {
    type: 'line',
    title: titleOf(result.symbol, base, last, quoteDecimalsOf(candles), lang),
    categories: nativeCandleLabels(
      candles.map((candle) => candle.at),
      base,
      timeZone,
    ),
    series: [{ name: lang.t('futures.chart.native.close'), values: candles.map((candle) => candle.close) }],
    xLabel: isIntraday(base)
      ? lang.t('futures.chart.timesIn', { zone: zoneName(last.at, timeZone, lang) })
      : lang.t('futures.chart.tradingDays'),
    caption: clauses(captionParts, lang),
  };
  return { kind: 'native', chart };
}
