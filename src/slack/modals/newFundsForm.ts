import { radioButtons, staticSelect } from './elements.js';
import { ANY, PAGE_SIZES, unlessAny, type SearchForm } from './searchForm.js';
import { option } from './slackText.js';

const allFunds = option('All new funds', ANY);
const sizes = PAGE_SIZES.map((size) => option(String(size), String(size)));

export const newFundsForm: SearchForm = {
  operation: 'fund-new-list',
  fields: [
    {
      field: 'saleStatus',
      label: 'Sale status',
      optional: true,
      element: (actionId) => radioButtons(actionId, [allFunds, option('On sale now', 'true'), option('Not on sale', 'false')], allFunds),
      read: unlessAny,
    },
    {
      field: 'pageSize',
      label: 'Funds per page',
      optional: true,
      element: (actionId) => staticSelect(actionId, sizes, sizes[0]),
    },
  ],
};
