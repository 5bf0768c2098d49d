import type { OperationId } from '../operations.js';
import { bids } from './bids.js';
import { fundAsset } from './fundAsset.js';
import { futures } from './futures.js';
import { newFunds } from './newFunds.js';
import { taxpayer } from './taxpayer.js';
import type { OperationHandler } from './types.js';

export const OPERATION_HANDLERS: Record<OperationId, OperationHandler> = {
  'enterprise-general-taxpayer-query': taxpayer,
  'thirdpartymarket-cmapi00069224-enterprise-search-bid-list': bids,
  'fund-asset': fundAsset,
  'finance-external-futures-kline': futures,
  'fund-new-list': newFunds,
};
