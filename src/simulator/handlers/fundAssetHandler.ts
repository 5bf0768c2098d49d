// fund-asset. The spec shows only data.list; total, pageNo and pageSize are our additions so a client
// can page without guessing. A well-formed code we do not know is not an error: it has no history.
import { shanghaiDayNumber } from '../calendar.js';
import { assetHistory } from '../data/assetHistory.js';
import { catalogueFund } from '../data/fundCatalogue.js';
import { changedAssetHistory } from '../dataChanges.js';
import { countFromText, InvalidParameterError, pageItems, requiredString } from '../wireFields.js';
import { type Payload, simulatedOperation } from './types.js';

export const FUND_ASSET_MAX_PAGE_SIZE = 50;

export const fundAssetHandler = simulatedOperation({
  id: 'fund-asset',
  typedName: 'fund-asset',
  envelope: 'B',
  costInCoins: 10,
  defaultRateLimit: { count: 60, windowMs: 60_000 },
  handle: (body, { nowMs, changes = [] }) => {
    const fundCode = requiredString(body, 'fundCode');
    if (!/^\d{6}$/.test(fundCode)) throw new InvalidParameterError('fundCode must be 6 digits');
    const pageNo = countFromText(body, 'pageNo', { defaultValue: 1, max: Number.MAX_SAFE_INTEGER });
    const pageSize = countFromText(body, 'pageSize', { defaultValue: 10, max: FUND_ASSET_MAX_PAGE_SIZE });
    const fund = catalogueFund(fundCode);
    const history = changedAssetHistory(
      fundCode,
      fund ? assetHistory(fund, shanghaiDayNumber(nowMs)) : [],
      changes,
      nowMs,
    );
    return { list: pageItems(history, pageNo, pageSize), total: history.length, pageNo, pageSize };
  },
  changedField: (data) => ({
    ...data,
    list: (data.list as Payload[]).map((record) => ({ ...record, asset: String(record.asset) })),
  }),
});
