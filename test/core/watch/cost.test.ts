import { describe, expect, it } from 'vitest';
import type { Schedule } from '../../../src/core/jobs/schedule.js';
import { pricesFrom } from '../../../src/core/operations/prices.js';
import { fittingSchedule, watchCost } from '../../../src/core/watch/cost.js';
import type { WatchTarget } from '../../../src/core/watch/types.js';

/** Sunday 2026-11-22 10:00 in Shanghai. */
const SUNDAY = Date.parse('2026-11-22T10:00:00+08:00');
const at = (cadence: Schedule['cadence'], time = '09:00'): Schedule => ({ cadence, time, timeZone: 'Asia/Shanghai' });

const COMPANY: WatchTarget = { kind: 'company', keyword: '91330106774738789M' };
const FUND: WatchTarget = { kind: 'fund', fundCode: '000001' };
const DAILY_CANDLES: WatchTarget = { kind: 'contract', symbol: 'CL', type: '0', direction: 'above', level: 75 };
const FIVE_MINUTES: WatchTarget = { ...DAILY_CANDLES, type: '5' };
const TENDERS: WatchTarget = { kind: 'tenders', search: { keyword: '光伏组件' }, maxPages: 3 };

describe('the schedule that fits the data', () => {
  it('is weekly for fund assets (quarterly in practice), working days for records and notices, once a day for daily candles', () => {
    expect(fittingSchedule(FUND, at({ kind: 'weekdays' }, '18:00'))).toEqual(
      at({ kind: 'weekly', weekday: 'mon' }, '18:00'),
    );
    expect(fittingSchedule(COMPANY, at({ kind: 'daily' }))).toEqual(at({ kind: 'weekdays' }));
    expect(fittingSchedule(TENDERS, at({ kind: 'daily' }))).toEqual(at({ kind: 'weekdays' }));
    expect(fittingSchedule(DAILY_CANDLES, at({ kind: 'hourly' }, '00:15'))).toEqual(at({ kind: 'daily' }, '09:15'));
    // Weekly and monthly candles are merged from daily ones: their close moves once a day too.
    for (const type of ['W', 'M'])
      expect(fittingSchedule({ ...DAILY_CANDLES, type }, at({ kind: 'hourly' }, '00:15'))).toEqual(
        at({ kind: 'daily' }, '09:15'),
      );
  });

  it('is the one asked for when that one checks no more often than the data changes', () => {
    for (const [target, schedule] of [
      [FUND, at({ kind: 'weekly', weekday: 'fri' })],
      [COMPANY, at({ kind: 'weekdays' })],
      [COMPANY, at({ kind: 'weekly', weekday: 'mon' })],
      [TENDERS, at({ kind: 'weekdays' })],
      [DAILY_CANDLES, at({ kind: 'daily' })],
      [FIVE_MINUTES, at({ kind: 'hourly' }, '00:05')],
    ] as const)
      expect(fittingSchedule(target, schedule)).toBe(schedule);
  });

  it('costs what its checks cost: a tender search says its cap beside its first page', () => {
    const prices = pricesFrom();
    expect(watchCost({ target: TENDERS, schedule: at({ kind: 'weekdays' }) }, prices, SUNDAY)).toEqual({
      perCheck: 10,
      checksPerMonth: 22,
      perMonth: 220,
      assumed: true,
      cap: { pages: 3, perCheck: 30, perMonth: 660 },
    });
    expect(watchCost({ target: FUND, schedule: at({ kind: 'weekly', weekday: 'mon' }) }, prices, SUNDAY)).toMatchObject(
      {
        checksPerMonth: 5,
        perMonth: 50,
      },
    );
  });
});
