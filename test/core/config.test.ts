import { describe, expect, it } from 'vitest';
import { ConfigError, loadCoreConfig, parseRateLimits } from '../../src/core/config.js';
import { startOfDay, startOfNextDay, startOfNextMonth, zonedTime, localDate } from '../../src/core/time.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadCoreConfig(env);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems;
  }
}

describe('core configuration', () => {
  it('names every missing variable in one message', () => {
    const problems = problemsOf({});
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^DATA_API_BASE_URL is missing/);
    expect(problems[1]).toMatch(/^DATA_API_KEY is missing/);
  });

  it('reads limits, costs, TTLs and budgets, with defaults', () => {
    const config = loadCoreConfig({
      DATA_API_BASE_URL: 'https://api.example.com',
      DATA_API_KEY: 'k',
      DATA_API_RATE_LIMITS: 'fund-asset=6/10s,futures=5/1s,taxpayer=600/min',
      DATA_API_COSTS: 'bids=15',
      CACHE_TTLS: 'futures:daily=10m,fund-asset=1h',
      COIN_BUDGET_TEAM_DAILY: '500',
    });
    expect(config.rateLimits).toEqual({
      'fund-asset': { count: 6, windowMs: 10_000 },
      'finance-external-futures-kline': { count: 5, windowMs: 1000 },
      'enterprise-general-taxpayer-query': { count: 600, windowMs: 60_000 },
    });
    expect(config.costs).toEqual({ 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list': 15 });
    expect(config.cacheTtlMs).toEqual({ 'finance-external-futures-kline:daily': 600_000, 'fund-asset': 3_600_000 });
    expect(config.budgets).toEqual({ teamDaily: 500, timeZone: 'Asia/Shanghai' });
    expect(config.timeoutMs).toBe(5000);
    expect(config.storeUrl).toBe('sqlite://./data/dq.sqlite');
  });

  it('reports every malformed value', () => {
    const problems = problemsOf({
      DATA_API_BASE_URL: 'ftp://x',
      DATA_API_KEY: 'k',
      DATA_API_RATE_LIMITS: 'nope=1/1s,fund-asset=fast',
      CACHE_TTLS: 'futures:weekly=1m',
      COIN_BUDGET_USER_DAILY: 'lots',
      BUDGET_TZ: 'Mars/Olympus',
      STORE_URL: 'mongo://x',
    });
    expect(problems).toHaveLength(7);
  });

  it('parses rate limits by alias', () => {
    const problems: string[] = [];
    expect(parseRateLimits('new-funds=2/500ms', problems)).toEqual({ 'fund-new-list': { count: 2, windowMs: 500 } });
    expect(problems).toEqual([]);
  });
});

describe('time zones', () => {
  it('days and months start at local midnight, across daylight saving', () => {
    const zone = 'America/New_York';
    // 2026-03-08 is the spring-forward day in New York: 23 hours long.
    const noon = zonedTime(2026, 3, 8, 12, 0, zone);
    expect(startOfNextDay(noon, zone) - startOfDay(noon, zone)).toBe(23 * 3_600_000);
    expect(localDate(startOfDay(noon, zone), zone)).toBe('2026-03-08');
    expect(new Date(startOfNextMonth(noon, zone)).toISOString()).toBe('2026-04-01T04:00:00.000Z');
    expect(new Date(startOfDay(Date.parse('2026-11-21T20:00:00Z'), 'Asia/Shanghai')).toISOString()).toBe('2026-11-21T16:00:00.000Z');
  });
});
