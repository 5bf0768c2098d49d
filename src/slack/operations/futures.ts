import type { KnownBlock } from '@slack/types';
import type { CallResult } from '../../core/client/dataClient.js';
import { CANDLE_TYPES, CANDLE_TYPE_LABELS, CANDLE_TYPE_SYNONYMS, type Candle, type CandleType, MAX_CANDLES } from '../../core/operations/futuresKline.js';
import { operations } from '../../core/operations/index.js';
import { numberInput, staticSelect, textInput } from '../modals/elements.js';
import type { SearchForm } from '../modals/searchForm.js';
import { option } from '../modals/slackText.js';
import type { CommandSyntax } from '../parse/commandSyntax.js';
import { isChinese, type Lang } from '../../i18n/lang.js';
import { contextBlock, headerBlock, labelled, sectionBlock } from '../render/blocks.js';
import { renderChart } from '../render/chart.js';
import { decimalsOf, formatChange, formatCount, formatNumber, formatPercent, formatZonedTime, plural } from '../render/format.js';
import { recordBlocks } from '../render/fitToSlackLimits.js';
import { escapeMrkdwn, serviceText } from '../render/mrkdwn.js';
import type { RenderOptions, RenderedResult } from '../render/types.js';
import { buildFuturesChart } from '../../charts/futuresChart.js';
import type { SlackOperation } from './index.js';

const FUTURES_ID = 'finance-external-futures-kline';

// Period words (5m, daily, 5分钟, 日线 …) are the operation's own synonyms; only the symbol's case is ours.
const upperCase = (word: string) => word.toUpperCase();

/** `daily: daily/day/d/1d/0 · …` for English readers, `日线（日k/日/0） · …` for Chinese ones. */
function periodNotes(lang: Lang): string {
  const chinese = lang.locale === 'zh-CN';
  return CANDLE_TYPES.map((type) => {
    const words = Object.keys(CANDLE_TYPE_SYNONYMS).filter((word) => CANDLE_TYPE_SYNONYMS[word] === type && isChinese(word) === chinese);
    // A Chinese period is named by its first word (日线), so that word is not repeated after it.
    const [label, others] = chinese ? [words[0] ?? type, words.slice(1)] : [CANDLE_TYPE_LABELS[type], words];
    return lang.t('commands.notes.futures.period', { label, words: [...others, type].join('/') });
  }).join(' · ');
}

export const futuresSyntax: CommandSyntax = {
  operation: FUTURES_ID,
  command: '/futures',
  subcommands: ['futures', 'future', 'kline', '期货', 'k线'],
  description: { key: 'commands.descriptions.futures' },
  positional: {
    kind: 'sequence',
    words: [
      { field: 'symbol', name: { key: 'commands.words.symbol' }, read: upperCase },
      { field: 'type', name: { key: 'commands.words.period' } },
      { field: 'limit', name: { key: 'commands.words.count' }, optional: true },
    ],
  },
  options: [
    { field: 'type', keys: ['period', 'type', 'interval', '周期'], shape: { key: 'commands.shapes.period' } },
    { field: 'limit', keys: ['limit', 'count', 'n', '根数', '数量'], shape: { key: 'commands.shapes.count' } },
  ],
  example: 'CL 5m 30',
  moreExamples: ['GC daily', 'hg 1h 48', 'SI period:4h count:60'],
  chineseExamples: ['CL 5分钟 30', 'GC 日线', 'hg 1小时 48', 'SI 周期:4小时 根数:60'],
  notes: (lang) => [lang.t('commands.notes.futures.symbols'), lang.t('commands.notes.futures.periods', { periods: periodNotes(lang) }), lang.t('commands.notes.futures.count')],
};

const periods = CANDLE_TYPES.map((type) => option(CANDLE_TYPE_LABELS[type], type));

export const futuresForm: SearchForm = {
  operation: FUTURES_ID,
  fields: [
    {
      field: 'symbol',
      label: 'Futures symbol',
      hint: 'e.g. CL (crude oil), GC (gold), SI (silver), HG (copper).',
      optional: false,
      element: (actionId) => textInput(actionId, 'e.g. CL'),
    },
    {
      field: 'type',
      label: 'Candle period',
      optional: false,
      element: (actionId) => staticSelect(actionId, periods, periods[0]),
    },
    {
      field: 'limit',
      label: 'Number of candles',
      optional: true,
      element: (actionId) => numberInput(actionId, { initial: 30, min: 1, max: MAX_CANDLES }),
    },
  ],
};

function periodMs(type: CandleType): number {
  return type === '0' ? 86_400_000 : Number(type) * 60_000;
}

function periodLabel(type: CandleType): string {
  return Object.hasOwn(CANDLE_TYPE_LABELS, type) ? CANDLE_TYPE_LABELS[type] : `type ${String(type)}`;
}

/** The period as traders say it before "candle": a 5-minute candle, a 1-hour candle, a daily candle. */
const CANDLE_ADJECTIVES: Record<CandleType, string> = {
  '0': 'daily', '1': '1-minute', '5': '5-minute', '30': '30-minute', '60': '1-hour', '120': '2-hour', '240': '4-hour',
};

function candleAdjective(type: CandleType): string {
  return Object.hasOwn(CANDLE_ADJECTIVES, type) ? CANDLE_ADJECTIVES[type] : periodLabel(type);
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
    labelled('Period', escapeMrkdwn(periodLabel(type))),
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
  const label = periodLabel(type);
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
