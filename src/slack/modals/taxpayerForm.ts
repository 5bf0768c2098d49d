import { textInput } from './elements.js';
import type { SearchForm } from './searchForm.js';

export const taxpayerForm: SearchForm = {
  operation: 'enterprise-general-taxpayer-query',
  fields: [
    {
      field: 'keyword',
      label: 'Company name or credit code',
      hint: 'Part of the company name (at least 2 characters), or its 18-character unified social credit code.',
      optional: false,
      element: (actionId) => textInput(actionId, 'e.g. 杭州华信 or 91330106774738789M'),
    },
  ],
};
