// fund-new-list. The list covers funds whose subscription begins from 90 days before today to 14 days
// after it (Asia/Shanghai days), newest first, ties by code. Per the spec, limit and page come back as
// strings and count as a number.
import { shanghaiDayNumber } from '../calendar.js';
import { fundsBeginningOn, toWireRecord } from '../data/newFundCalendar.js';
import { countFromText, InvalidParameterError, optionalString, pageItems, type RequestBody } from '../wireFields.js';
import { simulatedOperation } from './types.js';

export const NEW_FUNDS_MAX_PAGE_SIZE = 50;
const DAYS_BACK = 90;
const DAYS_AHEAD = 14;

function saleStatusFilter(body: RequestBody): boolean | undefined {
  const text = optionalString(body, 'saleStatus');
  if (text === undefined) return undefined;
  if (text !== 'true' && text !== 'false') throw new InvalidParameterError('saleStatus must be "true" or "false"');
  return text === 'true';
}

export const newFundsHandler = simulatedOperation({
  id: 'fund-new-list',
  typedName: 'new-funds',
  envelope: 'B',
  costInCoins: 10,
  defaultRateLimit: { count: 60, windowMs: 60_000 },
  handle: (body, { nowMs }) => {
    const saleStatus = saleStatusFilter(body);
    const pageNo = countFromText(body, 'pageNo', { defaultValue: 1, max: Number.MAX_SAFE_INTEGER });
    const pageSize = countFromText(body, 'pageSize', { defaultValue: 10, max: NEW_FUNDS_MAX_PAGE_SIZE });
    const todayDay = shanghaiDayNumber(nowMs);
    const records = [];
    for (let day = todayDay + DAYS_AHEAD; day >= todayDay - DAYS_BACK; day--) {
      const sameDay = fundsBeginningOn(day).sort((a, b) => a.fundCode.localeCompare(b.fundCode));
      records.push(...sameDay.map((fund) => toWireRecord(fund, todayDay)));
    }
    const matching = saleStatus === undefined ? records : records.filter((record) => record.saleStatus === saleStatus);
    return {
      data: pageItems(matching, pageNo, pageSize),
      limit: String(pageSize),
      count: matching.length,
      page: String(pageNo),
    };
  },
  changedField: ({ count: _count, ...rest }) => rest,
});
