import type { OperationId } from '../../core/operations/index.js';
import { bidSearchForm } from './bidSearchForm.js';
import { fundAssetForm } from './fundAssetForm.js';
import { futuresForm } from './futuresForm.js';
import { newFundsForm } from './newFundsForm.js';
import type { SearchForm } from './searchForm.js';
import { taxpayerForm } from './taxpayerForm.js';

/** One form per operation; the Record type makes a missing one a compile error. */
export const SEARCH_FORMS: Readonly<Record<OperationId, SearchForm>> = {
  'enterprise-general-taxpayer-query': taxpayerForm,
  'thirdpartymarket-cmapi00069224-enterprise-search-bid-list': bidSearchForm,
  'fund-asset': fundAssetForm,
  'finance-external-futures-kline': futuresForm,
  'fund-new-list': newFundsForm,
};
