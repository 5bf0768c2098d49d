import type { KnownBlock } from '@slack/types';
import type { CallResult } from '../../core/client/dataClient.js';
import { CANDLE_TYPES, CANDLE_TYPE_LABELS, CANDLE_TYPE_SYNONYMS, type Candle, type CandleType, MAX_CANDLES } from '../../core/operations/futuresKline.js';
import { operations } from '../../core/operations/index.js';
import { numberInput, staticSelect, textInput } from '../modals/elements.js';
import type { SearchForm } from '../modals/searchForm.js';
import { option } from '../modals/slackText.js';
import { english, type Lang } from '../../i18n/lang.js';
import type { CommandSyntax } from '../parse/commandSyntax.js';
import { contextBlock, headerBlock, labelled, sectionBlock } from '../render/blocks.js';
import { renderChart } from '../render/chart.js';
import { decimalsOf, formatChange, formatCount, formatNumber, formatPercent, formatZonedTime, plural } from '../render/format.js';
import { recordBlocks } from '../render/fitToSlackLimits.js';
import { escapeMrkdwn, serviceText } from '../render/mrkdwn.js';
import type { RenderOptions, RenderedResult } from '../render/types.js';
import { buildFuturesChart } from '../../charts/futuresChart.js';
import type { SlackOperation } from './index.js';

const FUTURES_ID = 'finance-external-futures-kline';

// Period words (5m, daily, …) are the operation's own synonyms; only the symbol's case is ours.
const upperCase = (word: string) => word.toUpperCase();

function periodNotes(): string {
  return CANDLE_TYPES.map((type) => {
    const words = Object.keys(CANDLE_TYPE_SYNONYMS).filter((word) => CANDLE_TYPE_SYNONYMS[word] === type);
    return `${CANDLE_TYPE_LABELS[type]}: ${[...words, type].join('/')}`;
  }).join(' · ');
}

export const futuresSyntax: CommandSyntax = {
  operation: FUTURES_ID,
  command: '/futures',
  subcommands: ['futures', 'future', 'kline'],
  description: 'Candlestick chart of an international futures product (CL, GC, SI, HG …)',
  positional: {
    kind: 'sequence',
    words: [
      { field: 'symbol', name: 'symbol', read: upperCase },
      { field: 'type', name: 'period' },
      { field: 'limit', name: 'count', optional: true },
    ],
  },
  options: [
    { field: 'type', keys: ['period', 'type', 'interval'], shape: '<period>' },
    { field: 'limit', keys: ['limit', 'count', 'n'], shape: '<n>' },
  ],
  example: 'CL 5m 30',
  moreExamples: ['GC daily', 'hg 1h 48', 'SI period:4h count:60'],
  notes: () => [
    'Symbols: e.g. CL (crude oil), GC (gold), SI (silver), HG (copper); upper or lower case.',
    `Periods: ${periodNotes()}.`,
    'The count is how many candles to fetch (default 10).',
  ],
};

function periodOptions(lang: Lang) {
  return CANDLE_TYPES.map((type) => option(periodLabel(type, lang), type));
}

export const futuresForm: SearchForm = {
  operation: FUTURES_ID,
  fields: [
    {
      field: 'symbol',
      label: (lang) => lang.t('forms.futures.symbol.label'),
      hint: (lang) => lang.t('forms.futures.symbol.hint'),
      optional: false,
      element: (actionId, lang) => textInput(actionId, lang.t('forms.futures.symbol.placeholder')),
    },
    {
      field: 'type',
      label: (lang) => lang.t('forms.futures.type.label'),
      optional: false,
      element: (actionId, lang) => {
        const periods = periodOptions(lang);
        return staticSelect(actionId, periods, periods[0]);
      },
    },
    {
      field: 'limit',
      label: (lang) => lang.t('forms.futures.limit.label'),
      optional: true,
      element: (actionId) => numberInput(actionId, { initial: 30, min: 1, max: MAX_CANDLES }),
    },
  ],
};

function periodMs(type: CandleType): number {
  return type === '0' ? 86_400_000 : Number(type) * 60_000;
}

function periodLabel(type: CandleType, lang: Lang): string {
  return Object.hasOwn(CANDLE_TYPE_LABELS, type) ? lang.t(`fields.candlePeriod.${type}`) : `type ${String(type)}`;
}

/** The period as traders say it before "candle": a 5-minute candle, a 1-hour candle, a daily candle. */
const CANDLE_ADJECTIVES: Record<CandleType, string> = {
  '0': 'daily', '1': '1-minute', '5': '5-minute', '30': '30-minute', '60': '1-hour', '120': '2-hour', '240': '4-hour',
};

function candleAdjective(type: CandleType): string {
  return Object.hasOwn(CANDLE_ADJECTIVES, type) ? CANDLE_ADJECTIVES[type] : periodLabel(type, english);
}

/** The last candle is usually still forming; saying so keeps its close from being read as final. */
function latestHeading(candle: Candle, type: CandleType, options: RenderOptions): string {
  const inProgress = options.now >= candle.at && options.now < candle.at + periodMs(type);
  const when = escapeMrkdwn(formatZonedTime(candle.at, options.timeZone));
  return `*Latest ${escapeMrkdwn(candleAdjective(type))} candle*, opened ${when}${inProgress ? ' _(still forming)_' : ''}`;
}

function latestBlocks(candle: Candle, type: CandleType, decimals: number, options: RenderOptions): KnownBlock[] {
  const fields = [
    labelled('Open', formatNumber(candle.open, decimals)),
    labelled('Close', formatNumber(candle.close, decimals)),
    labelled('High', formatNumber(candle.high, decimals)),
    labelled('Low', formatNumber(candle.low, decimals)),
    labelled('Change', formatChange(candle.change, decimals)),
    labelled('Change %', formatPercent(candle.changeRate)),
    labelled('Volume', formatNumber(candle.volume)),
    labelled('Period', escapeMrkdwn(periodLabel(type, options.lang))),
  ];
  return [sectionBlock(latestHeading(candle, type, options), fields)];
}

function rangeLine(candles: Candle[], decimals: number, options: RenderOptions): string {
  const first = candles[0]!;
  const last = candles.at(-1)!;
  const high = Math.max(...candles.map((candle) => candle.high));
  const low = Math.min(...candles.map((candle) => candle.low));
  const from = formatZonedTime(first.at, options.timeZone, { withZone: false });
  const to = formatZonedTime(last.at, options.timeZone);
  return `${plural(candles.length, 'candle')} from ${escapeMrkdwn(from)} to ${escapeMrkdwn(to)} · low ${formatNumber(low, decimals)}, high ${formatNumber(high, decimals)}`;
}

export function renderFutures(answer: CallResult<typeof FUTURES_ID>, options: RenderOptions): RenderedResult {
  const { symbol, type, candles } = answer.result;
  const title = operations[FUTURES_ID].title;
  const label = periodLabel(type, options.lang);
  const blocks: KnownBlock[] = [headerBlock(`${title}: ${symbol}, ${label}`)];
  const safeSymbol = serviceText(symbol, { max: 20, oneLine: true });
  const latest = candles.at(-1);
  const decimals = decimalsOf(candles.flatMap((candle) => [candle.open, candle.close, candle.high, candle.low]));
  if (latest) {
    blocks.push(...recordBlocks(0, 0, latestBlocks(latest, type, decimals, options)));
    blocks.push(contextBlock(rangeLine(candles, decimals, options)));
  } else {
    blocks.push(sectionBlock(`No ${escapeMrkdwn(label)} candles came back for ${safeSymbol}. Check the symbol (e.g. CL, GC, SI, HG).`));
  }
  blocks.push(...renderChart(options.chart));
  const text = latest
    ? `${safeSymbol} ${escapeMrkdwn(label)}: close ${formatNumber(latest.close, decimals)} (${formatPercent(latest.changeRate)}), ${formatCount(candles.length)} candles`
    : `${safeSymbol} ${escapeMrkdwn(label)}: no candles`;
  return { text, blocks };
}

export const futuresSlack: SlackOperation<typeof FUTURES_ID> = {
  syntax: futuresSyntax,
  form: futuresForm,
  render: renderFutures,
  chart: (answer, settings, timeZone) => buildFuturesChart(answer.result, settings, timeZone),
};
