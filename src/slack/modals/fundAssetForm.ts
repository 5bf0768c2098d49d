import { staticSelect, textInput } from './elements.js';
import { PAGE_SIZES, type SearchForm } from './searchForm.js';
import { option } from './slackText.js';

const sizes = PAGE_SIZES.map((size) => option(String(size), String(size)));

export const fundAssetForm: SearchForm = {
  operation: 'fund-asset',
  fields: [
    {
      field: 'fundCode',
      label: 'Fund code',
      hint: 'The 6-digit code of the fund.',
      optional: false,
      element: (actionId) => textInput(actionId, 'e.g. 000001'),
    },
    {
      field: 'pageSize',
      label: 'Dates per page',
      optional: true,
      element: (actionId) => staticSelect(actionId, sizes, sizes[0]),
    },
  ],
};
