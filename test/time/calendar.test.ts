import { describe, expect, it } from 'vitest';
import { localDate, startOfDay, startOfNextDay, startOfNextMonth, zonedTime } from '../../src/time/calendar.js';

describe('time zones', () => {
  it('days and months start at local midnight, across daylight saving', () => {
    const zone = 'America/New_York';
    // 2026-03-08 is the spring-forward day in New York: 23 hours long.
    const noon = zonedTime(2026, 3, 8, 12, 0, zone);
    expect(startOfNextDay(noon, zone) - startOfDay(noon, zone)).toBe(23 * 3_600_000);
    expect(localDate(startOfDay(noon, zone), zone)).toBe('2026-03-08');
    expect(new Date(startOfNextMonth(noon, zone)).toISOString()).toBe('2026-04-01T04:00:00.000Z');
    expect(new Date(startOfDay(Date.parse('2026-11-21T20:00:00Z'), 'Asia/Shanghai')).toISOString()).toBe(
      '2026-11-21T16:00:00.000Z',
    );
  });
});
