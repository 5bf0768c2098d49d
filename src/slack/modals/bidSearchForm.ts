import { BID_NOTICE_TYPES, BID_SEARCH_FIELDS } from '../../core/operations/bidSearch.js';
import { BID_REGIONS } from '../../core/operations/bidRegions.js';
import { checkboxes, datepicker, radioButtons, staticSelect, textInput } from './elements.js';
import { ANY, unlessAny, type SearchForm } from './searchForm.js';
import { option } from './slackText.js';

const capitalised = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

const anyType = option('Any kind', ANY);
const anyRegion = option('Any region', ANY);

function regionOptions() {
  return [anyRegion, ...BID_REGIONS.map((region) => option(`${region.name} · ${region.code}`, region.code))];
}

export const bidSearchForm: SearchForm = {
  operation: 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list',
  fields: [
    {
      field: 'keyword',
      label: 'Keyword',
      hint: 'More than 2 characters. A region name alone or 科技 is too generic for the service.',
      optional: false,
      element: (actionId) => textInput(actionId, 'e.g. 光伏组件'),
    },
    {
      field: 'searchType',
      label: 'Match the keyword in',
      hint: 'Nothing ticked: all three.',
      optional: true,
      element: (actionId) => checkboxes(actionId, Object.entries(BID_SEARCH_FIELDS).map(([value, name]) => option(capitalised(name), value))),
    },
    {
      field: 'type',
      label: 'Kind of notice',
      optional: true,
      element: (actionId) => radioButtons(actionId, [anyType, ...Object.entries(BID_NOTICE_TYPES).map(([value, name]) => option(name, value))], anyType),
      read: unlessAny,
    },
    {
      field: 'province',
      label: 'Region',
      hint: 'Codes after AH are not published by the service and are assumed.',
      optional: true,
      element: (actionId) => staticSelect(actionId, regionOptions(), anyRegion),
      read: unlessAny,
    },
    {
      field: 'publishStartTime',
      label: 'Published from',
      optional: true,
      element: (actionId) => datepicker(actionId, 'Any date'),
    },
    {
      field: 'publishEndTime',
      label: 'Published until',
      hint: 'The service searches at most one year between the two dates.',
      optional: true,
      element: (actionId) => datepicker(actionId, 'Any date'),
    },
  ],
};
