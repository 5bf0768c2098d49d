import type { OperationId } from '../operations.js';
import { bidsHandler } from './bidsHandler.js';
import { fundAssetHandler } from './fundAssetHandler.js';
import { futuresHandler } from './futuresHandler.js';
import { newFundsHandler } from './newFundsHandler.js';
import { taxpayerHandler } from './taxpayerHandler.js';
import type { OperationHandler } from './types.js';

export const OPERATION_HANDLERS: Record<OperationId, OperationHandler> = {
  'enterprise-general-taxpayer-query': taxpayerHandler,
  'thirdpartymarket-cmapi00069224-enterprise-search-bid-list': bidsHandler,
  'fund-asset': fundAssetHandler,
  'finance-external-futures-kline': futuresHandler,
  'fund-new-list': newFundsHandler,
};
