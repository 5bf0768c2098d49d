import { CANDLE_TYPE_LABELS, CANDLE_TYPES, MAX_CANDLES } from '../../core/operations/futuresKline.js';
import { numberInput, staticSelect, textInput } from './elements.js';
import type { SearchForm } from './searchForm.js';
import { option } from './slackText.js';

const periods = CANDLE_TYPES.map((type) => option(CANDLE_TYPE_LABELS[type], type));

export const futuresForm: SearchForm = {
  operation: 'finance-external-futures-kline',
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
