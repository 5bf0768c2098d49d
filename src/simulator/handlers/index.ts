import type { OperationId } from '../operations.js';
import { bidSearch } from './bidSearch.js';
import { fundAsset } from './fundAsset.js';
import { futuresKline } from './futuresKline.js';
import { newFundList } from './newFundList.js';
import { taxpayerQuery } from './taxpayerQuery.js';
import type { OperationHandler } from './types.js';

export const OPERATION_HANDLERS: Record<OperationId, OperationHandler> = {
  'enterprise-general-taxpayer-query': taxpayerQuery,
  'thirdpartymarket-cmapi00069224-enterprise-search-bid-list': bidSearch,
  'fund-asset': fundAsset,
  'finance-external-futures-kline': futuresKline,
  'fund-new-list': newFundList,
};
