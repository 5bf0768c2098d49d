import { roundTo } from '../core/decimals.js';
import type { FundAssetRecord, FundAssetResult } from '../core/operations/fundAsset.js';
import type { Lang } from '../i18n/lang.js';
import type { ChartImage, ChartPlan, ChartSettings } from './chartRenderer.js';
import { latestPoints, NATIVE_CHART_LIMITS, type NativeChart } from './nativeChart.js';
import { cnyUnitFor, formatCnyAmount, signed, visibleDecimals } from './numbers.js';
import { compactJs, firstFitting, js, jsObject, planOf } from './quickChart.js';
import { clauses, sentences } from './sentences.js';

export interface AssetPoint {
  date: string;
  /** CNY. */
  asset: number;
  /** Percent change against the point before it; null when there is none to compare with. */
  rate: number | null;
}

const BAR_COLOR = '#7fa7d1';
const LATEST_BAR_COLOR = '#2f6db5';
const RATE_COLOR = '#e07b00';
const ZERO_LINE_COLOR = '#8c8c8c';
const GRID_COLOR = '#e6e6e6';
/** A "2024-09-30" label needs about this much room. */
const LABEL_SLOT_PX = 80;

/** The service lists newest first; charts read left to right, oldest first. */
export function assetPointsOldestFirst(records: readonly FundAssetRecord[]): AssetPoint[] {
  return records
    .map((record) => ({ date: record.assetDate, asset: record.asset, rate: record.assetRate }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/**
 * Every step-th point counted back from the newest. Asset size is a level, so a kept point shows its
 * true value; the rate, though, is recomputed against the previous kept point, because the service's
 * rate compares with a period that is no longer on the chart.
 */
export function thinAssetPoints(points: readonly AssetPoint[], step: number): AssetPoint[] {
  if (!Number.isInteger(step) || step < 1) throw new RangeError(`step must be a positive integer, not ${step}`);
  if (step === 1) return points.map((point) => ({ ...point }));
  const kept: AssetPoint[] = [];
  for (let index = points.length - 1; index >= 0; index -= step) kept.unshift({ ...points[index]! });
  return kept.map((point, index) => {
    const before = kept[index - 1];
    const rate =
      before === undefined || before.asset === 0 ? null : ((point.asset - before.asset) / before.asset) * 100;
    return { ...point, rate };
  });
}

/** The smallest of 1, 2, 2.5, 5 × 10^k that is at least `raw`. */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 2.5, 5, 10]) {
    if (factor * power >= raw * (1 - 1e-9)) return factor * power;
  }
  return 10 * power;
}

export interface AxisRange {
  min: number;
  max: number;
  step: number;
}

/**
 * Ranges for two value axes sharing one grid: both have the same number of steps below and above
 * zero, so their zero lines (and every grid line) meet. Each range must hold 0; among 4 to 6 steps
 * and every split of them around zero, the one that leaves the least of either axis empty wins.
 */
export function alignedRanges(
  first: readonly [number, number],
  second: readonly [number, number],
): [AxisRange, AxisRange] {
  const spans = [first, second].map(([low, high]) => {
    const lo = Math.min(0, low);
    const hi = Math.max(0, high);
    // A range too small to step through (nothing but zero, in effect) gets a unit one.
    return hi - lo < 1e-9 ? [Math.min(lo, 0), Math.max(hi, 1)] : [lo, hi];
  }) as Array<[number, number]>;
  let best: { score: number; ranges: [AxisRange, AxisRange] } | undefined;
  for (let total = 4; total <= 6; total += 1) {
    for (let below = 0; below <= total; below += 1) {
      const above = total - below;
      const ranges = spans.map(([lo, hi]) => {
        if ((lo < 0 && below === 0) || (hi > 0 && above === 0)) return undefined;
        const step = niceStep(Math.max(below > 0 ? -lo / below : 0, above > 0 ? hi / above : 0));
        return { min: -below * step, max: above * step, step };
      });
      if (ranges.some((range) => range === undefined)) continue;
      const [a, b] = ranges as [AxisRange, AxisRange];
      const used = Math.min(
        ...[a, b].map((range, index) => (spans[index]![1] - spans[index]![0]) / (range.max - range.min)),
      );
      // Fewer steps break ties: the same use of the height with less clutter.
      const score = used - total * 1e-3;
      if (!best || score > best.score) best = { score, ranges: [a, b] };
    }
  }
  return best!.ranges;
}

/** How far apart a fund's statistical dates are, so the % line says what it compares ("quarter on quarter"). */
export type ReportCadence = 'week' | 'month' | 'quarter' | 'halfYear' | 'year' | 'previous';

const CADENCE_DAYS: ReadonlyArray<[ReportCadence, number, number]> = [
  ['week', 6, 8],
  ['month', 27, 32],
  ['quarter', 85, 95],
  ['halfYear', 178, 188],
  ['year', 360, 370],
];

/** The cadence of dates (oldest first) from the typical gap between neighbours; `previous` when they keep none. */
export function cadenceOf(dates: readonly string[]): ReportCadence {
  const days = dates
    .slice(1)
    .map((date, index) => (Date.parse(date) - Date.parse(dates[index]!)) / 86_400_000)
    .sort((a, b) => a - b);
  const typical = days[Math.floor(days.length / 2)];
  if (typical === undefined || !Number.isFinite(typical)) return 'previous';
  return CADENCE_DAYS.find(([, least, most]) => typical >= least && typical <= most)?.[0] ?? 'previous';
}

/** The fund as titles name it: its code, and its name where the app knows one. */
export function fundTitle(fundCode: string, fundName: string | undefined, lang: Lang): string {
  return fundName ? lang.t('fundAsset.chart.fundNamed', { code: fundCode, name: fundName }) : fundCode;
}

/** The % line's name: the change against the date before, named by the dates' cadence. */
function changeLabel(points: readonly AssetPoint[], lang: Lang): string {
  return lang.t(`fundAsset.chart.changeOn.${cadenceOf(points.map((point) => point.date))}`);
}

/** Chart pixels a tick label and the latest amount's badge need between their middles not to overlap: half of each (a 12-pixel font; the badge adds its padding). */
const BADGE_CLEARANCE_PX = 15;
/** Chart pixels above and below the plot: the title, the legend, the date labels and the padding. */
const OUTSIDE_PLOT_PX = 114;

interface FundChartInput {
  fundCode: string;
  /** The fund's name, where the app knows it. */
  fundName?: string;
  points: readonly AssetPoint[];
  /** All points before thinning, for the title's latest figures. */
  latest: AssetPoint;
  /** Later pages hold older dates: their newest is not the fund's latest. */
  firstPage: boolean;
  step: number;
  settings: ChartSettings;
  lang: Lang;
}

/** Every step-th date counted back from the newest, by position: the others stay unlabelled. */
function sparseLabels(dates: readonly string[], maxLabels: number): Record<number, string> {
  const step = Math.max(1, Math.ceil(dates.length / Math.max(1, maxLabels)));
  const labels: Record<number, string> = {};
  dates.forEach((date, index) => {
    if ((dates.length - 1 - index) % step === 0) labels[index] = date;
  });
  return labels;
}

/**
 * Net assets as bars on a left axis in the reader's unit (亿元, CNY billion …) and the rate of change as a line on a right
 * axis in %, their zero lines aligned; the latest bar darker, its value marked on the left axis.
 */
export function fundAssetChartText(input: FundChartInput): string {
  const { points, settings, lang } = input;
  const unit = cnyUnitFor(Math.max(...points.map((point) => Math.abs(point.asset))), lang.locale);
  const sizes = points.map((point) => point.asset / unit.size);
  const plotHeight = settings.height - 120;
  const sizeDecimals = Math.min(4, visibleDecimals(Math.max(...sizes.map(Math.abs)), plotHeight));
  const rates = points.map((point) => (point.rate === null ? null : roundTo(point.rate, 2)));
  const knownRates = rates.filter((rate): rate is number => rate !== null);
  const [sizeAxis, rateAxis] = alignedRanges(
    [Math.min(0, ...sizes), Math.max(0, ...sizes)],
    knownRates.length > 0 ? [Math.min(...knownRates), Math.max(...knownRates)] : [-1, 1],
  );
  const latestSize = roundTo(sizes[sizes.length - 1]!, sizeDecimals);
  const labels = sparseLabels(
    points.map((point) => point.date),
    Math.floor((settings.width - 120) / LABEL_SLOT_PX),
  );
  const heading = lang.t(input.firstPage ? 'fundAsset.chart.title' : 'fundAsset.chart.titleOlder', {
    fund: fundTitle(input.fundCode, input.fundName, lang),
    amount: formatCnyAmount(input.latest.asset, lang.locale),
    date: input.latest.date,
  });
  const title =
    input.latest.rate === null
      ? heading
      : lang.t('fundAsset.chart.titleRate', { title: heading, rate: signed(input.latest.rate, 2) });
  const subtitle = input.step > 1 ? lang.t('fundAsset.chart.every', { count: input.step, ordinal: true }) : '';
  const change = changeLabel(points, lang);
  // The latest amount's badge on the left axis hides the tick labels it would overlap, and only those.
  const badgeReach =
    ((sizeAxis.max - sizeAxis.min) * BADGE_CLEARANCE_PX) / Math.max(50, settings.height - OUTSIDE_PLOT_PX);

  return compactJs(`
    (()=>{
    // Z: the latest net assets in the axis unit, marked on the left axis with its amount; the grid
    // line at zero is drawn darker.
    // L: date labels by position, the others blank.
    let Z=${latestSize},z=c=>!!(c.tick&&c.tick.z),L=${jsObject(labels)};
    return{type:'bar',data:{labels:Array.from({length:${points.length}},(_,i)=>L[i]||''),datasets:[
    {type:'line',label:${js(change)},data:${js(rates)},yAxisID:'r',borderColor:'${RATE_COLOR}',backgroundColor:'${RATE_COLOR}',borderWidth:2,pointRadius:${points.length > 30 ? 1.5 : 3},spanGaps:true},
    {label:${js(lang.t('fundAsset.chart.netAssets', { unit: unit.axis }))},data:${js(sizes.map((size) => roundTo(size, sizeDecimals)))},backgroundColor:c=>c.dataIndex===${points.length - 1}?'${LATEST_BAR_COLOR}':'${BAR_COLOR}',maxBarThickness:40}]},
    options:{layout:{padding:8},plugins:{title:{display:true,text:${js(title)},align:'start',color:'#222',font:{size:15}},
    subtitle:{display:${subtitle !== ''},text:${js(subtitle)},align:'start'},legend:{align:'end',labels:{boxWidth:14}}},
    scales:{x:{grid:{display:false},ticks:{autoSkip:false,maxRotation:0}},
    y:{position:'left',min:${sizeAxis.min},max:${sizeAxis.max},title:{display:true,text:${js(unit.axis)}},
    grid:{color:c=>c.tick&&c.tick.value===0?'${ZERO_LINE_COLOR}':'${GRID_COLOR}'},
    ticks:{stepSize:${sizeAxis.step},color:c=>z(c)?'#fff':'#666',showLabelBackdrop:z,backdropColor:'${LATEST_BAR_COLOR}',
    callback:v=>v<0?'':+v.toFixed(${sizeDecimals})},
    // The latest amount's label blanks the tick labels it would cover (their grid lines stay).
    beforeFit:s=>{s.ticks.forEach(t=>{if(Math.abs(t.value-Z)<${Number(badgeReach.toPrecision(3))})t.label=''});
    s.ticks=s.ticks.concat({value:Z,label:${js(formatCnyAmount(input.latest.asset, lang.locale))},z:1})}},
    r:{position:'right',min:${rateAxis.min},max:${rateAxis.max},title:{display:true,text:${js(change)},color:'${RATE_COLOR}'},
    grid:{drawOnChartArea:false},ticks:{stepSize:${rateAxis.step},color:'${RATE_COLOR}',callback:v=>+v.toFixed(2)+'%'}}}}}
    })()
  `);
}

function rangeOf(points: readonly AssetPoint[], lang: Lang): string {
  const first = points[0]!.date;
  const last = points[points.length - 1]!.date;
  return first === last
    ? lang.t('fundAsset.chart.onDate', { date: first })
    : lang.t('fundAsset.chart.fromTo', { from: first, to: last });
}

export interface FundChartOptions {
  /** Later pages hold older dates: their newest is not the fund's latest. */
  firstPage?: boolean;
  /** The fund's name, where the app knows it. */
  fundName?: string;
}

/**
 * Asset size over time with its rate of change. Thinned out (every n-th date, newest kept) only when
 * the URL would not fit in Slack, and the caption says so.
 */
export function buildFundAssetChart(
  result: FundAssetResult,
  settings: ChartSettings,
  lang: Lang,
  options: FundChartOptions = {},
): ChartPlan {
  const firstPage = options.firstPage ?? true;
  if (result.records.length === 0) return { kind: 'none', note: lang.t('fundAsset.chart.noRecords') };
  const points = assetPointsOldestFirst(result.records);
  const latest = points[points.length - 1]!;
  const named = options.fundName ? { fundName: options.fundName } : {};
  const steps = Array.from({ length: points.length }, (_, index) => index + 1);
  const textFor = (step: number) =>
    fundAssetChartText({
      fundCode: result.fundCode,
      ...named,
      points: thinAssetPoints(points, step),
      latest,
      firstPage,
      step,
      settings,
      lang,
    });
  const fit = firstFitting(steps, textFor, settings);
  const step = fit?.choice ?? 1;

  const shown = Math.ceil(points.length / step);
  const thinned =
    step > 1
      ? lang.t('fundAsset.chart.thinned', { count: step, ordinal: true, dates: points.length, shown })
      : undefined;
  const latestRate =
    latest.rate === null
      ? lang.t('fundAsset.chart.noRate')
      : lang.t('fundAsset.chart.rate', { rate: signed(latest.rate, 2) });
  const latestSentence = lang.t(firstPage ? 'fundAsset.chart.latest' : 'fundAsset.chart.newestOnPage', {
    amount: formatCnyAmount(latest.asset, lang.locale),
    date: latest.date,
    rate: latestRate,
  });
  const range = rangeOf(points, lang);
  const fund = fundTitle(result.fundCode, options.fundName, lang);
  const described = lang.t('fundAsset.chart.alt', {
    fund,
    dates: lang.t('fundAsset.chart.dates', { count: points.length }),
    range,
  });
  // The latest sentence is a sentence already: it ends with its own full stop.
  const alt = lang.t('charts.nextSentence', {
    first: sentences([thinned ? clauses([described, thinned], lang) : described], lang),
    second: latestSentence,
  });
  const caption = sentences([lang.t('fundAsset.chart.caption', { fund, range }), ...(thinned ? [thinned] : [])], lang);
  return planOf(fit, () => textFor(1), { alt, caption }, settings);
}

/** The longest fund name a native chart's title keeps (its title holds 50 characters). */
function titleFitting(
  build: (fund: string) => string,
  fundCode: string,
  fundName: string | undefined,
  lang: Lang,
): string {
  const full = build(fundTitle(fundCode, fundName, lang));
  if (!fundName || full.length <= NATIVE_CHART_LIMITS.title) return full;
  const room = fundName.length - (full.length - NATIVE_CHART_LIMITS.title) - 1;
  return build(room >= 2 ? fundTitle(fundCode, `${fundName.slice(0, room)}…`, lang) : fundCode);
}

/**
 * Net assets as bars Slack draws itself (its data_visualization block), in the reader's unit: the
 * latest dates within Slack's points per series (20), the table holding them all.
 */
export function fundAssetNativeChart(result: FundAssetResult, lang: Lang, options: FundChartOptions = {}): ChartImage {
  if (result.records.length === 0) return { kind: 'none', note: lang.t('fundAsset.chart.noRecords') };
  const all = assetPointsOldestFirst(result.records);
  const points = latestPoints(all);
  const latest = all[all.length - 1]!;
  const unit = cnyUnitFor(Math.max(...points.map((point) => Math.abs(point.asset))), lang.locale);
  const decimals = Math.min(
    4,
    visibleDecimals(Math.max(...points.map((point) => Math.abs(point.asset / unit.size))), 200),
  );
  const titleKey = (options.firstPage ?? true) ? 'fundAsset.chart.nativeTitle' : 'fundAsset.chart.nativeTitleOlder';
  const chart: NativeChart = {
    type: 'bar',
    title: titleFitting(
      (fund) => lang.t(titleKey, { fund, amount: formatCnyAmount(latest.asset, lang.locale), date: latest.date }),
      result.fundCode,
      options.fundName,
      lang,
    ),
    categories: points.map((point) => point.date),
    series: [
      {
        name: lang.t('fundAsset.chart.native.series'),
        values: points.map((point) => roundTo(point.asset / unit.size, decimals)),
      },
    ],
    xLabel: lang.t('fundAsset.chart.native.dates'),
    yLabel: unit.axis,
    caption: lang.t(points.length < all.length ? 'fundAsset.chart.native.latest' : 'fundAsset.chart.native.all', {
      shown: points.length,
      count: all.length,
    }),
  };
  return { kind: 'native', chart };
}
