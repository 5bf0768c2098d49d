import { CANDLE_TYPE_LABELS, CANDLE_TYPE_SYNONYMS, CANDLE_TYPES } from '../../core/operations/futuresKline.js';
import type { CommandSyntax } from './commandSyntax.js';

// Period words (5m, daily, …) are the operation's own synonyms; only the symbol's case is ours.
const upperCase = (word: string) => word.toUpperCase();

function periodNotes(): string {
  return CANDLE_TYPES.map((type) => {
    const words = Object.keys(CANDLE_TYPE_SYNONYMS).filter((word) => CANDLE_TYPE_SYNONYMS[word] === type);
    return `${CANDLE_TYPE_LABELS[type]}: ${[...words, type].join('/')}`;
  }).join(' · ');
}

export const futuresSyntax: CommandSyntax = {
  operation: 'finance-external-futures-kline',
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
