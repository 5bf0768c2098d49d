// finance-external-futures-kline. Choices where the spec is silent: tick_at is the candle's start in
// UNIX seconds; candles are aligned to their period counted from the UNIX epoch (daily ones start at
// 00:00 UTC) and run Monday to Friday (UTC), none at weekends, as futures markets trade; limit is at
// most 1000; symbols are matched exactly, so a lowercase symbol is unknown (the real code table is
// uppercase; normalising is the client's job).
import { CANDLE_FIELDS, CANDLE_PERIOD_SECONDS, candleAt, isTradingCandle } from '../data/candles.js';
import { futuresContract } from '../data/futuresContracts.js';
import { changedCurrentCandle } from '../dataChanges.js';
import { countFromText, InvalidParameterError, requiredString } from '../wireFields.js';
import { simulatedOperation } from './types.js';

export const FUTURES_MAX_LIMIT = 1000;

export const futuresHandler = simulatedOperation({
  id: 'finance-external-futures-kline',
  typedName: 'futures',
  envelope: 'B',
  costInCoins: 5,
  defaultRateLimit: { count: 60, windowMs: 60_000 },
  handle: (body, { nowMs, changes = [] }) => {
    const contract = futuresContract(requiredString(body, 'symbol'));
    if (!contract) throw new InvalidParameterError('unknown symbol');
    const type = requiredString(body, 'type');
    const periodSeconds = CANDLE_PERIOD_SECONDS[type];
    if (periodSeconds === undefined) throw new InvalidParameterError('type must be one of 0, 1, 5, 30, 60, 120, 240');
    const limit = countFromText(body, 'limit', { defaultValue: 10, max: FUTURES_MAX_LIMIT });
    // The last candle is the one still forming at `now` on a trading day; at a weekend, Friday's last.
    const indices: number[] = [];
    for (let index = Math.floor(nowMs / 1000 / periodSeconds); indices.length < limit; index--) {
      if (isTradingCandle(type, index)) indices.unshift(index);
    }
    const lines = indices.map((index) => candleAt(contract, type, index));
    // A data change (the admin routes') moves the newest candle's close.
    lines[lines.length - 1] = changedCurrentCandle(contract.symbol, lines[lines.length - 1]!, changes, nowMs);
    return { fields: [...CANDLE_FIELDS], lines };
  },
  changedField: ({ lines, ...rest }) => ({ ...rest, kline: lines }),
});
