import { describe, expect, it } from 'vitest';
import {
  formatChange,
  formatCny,
  formatNumber,
  formatPercent,
  formatZonedTime,
  mostDecimalsOf,
} from '../../../src/slack/render/format.js';

describe('number formatting', () => {
  it.each([
    [1_234_567_890, '12.35亿元', 'CNY 1.23 billion'],
    [100_000_000, '1.00亿元', 'CNY 100.00 million'],
    [99_999_999.99, '1.00亿元', 'CNY 100.00 million'],
    [56_789_000, '5,678.90万元', 'CNY 56.79 million'],
    [10_000, '1.00万元', 'CNY 10.00 thousand'],
    [9_999.996, '1.00万元', 'CNY 10.00 thousand'],
    [9_999.99, '9,999.99元', 'CNY 10.00 thousand'],
    [999_999_999.999, '10.00亿元', 'CNY 1.00 billion'],
    [999_994, '100.00万元', 'CNY 999.99 thousand'],
    [999.99, '999.99元', 'CNY 999.99'],
    [0, '0.00元', 'CNY 0.00'],
    [12.3, '12.30元', 'CNY 12.30'],
    ['888300', '88.83万元', 'CNY 888.30 thousand'],
    [167_800, '16.78万元', 'CNY 167.80 thousand'],
    [374_000_000, '3.74亿元', 'CNY 374.00 million'],
    [-250_000_000, '−2.50亿元', 'CNY −250.00 million'],
    [Number.NaN, '—', '—'],
    [null, '—', '—'],
    ['lots', '—', '—'],
  ])('formatCny(%s) is %s in Chinese and %s in English', (value, chinese, english) => {
    expect(formatCny(value, 'zh-CN')).toBe(chinese);
    expect(formatCny(value, 'en')).toBe(english);
  });

  it.each([
    [1.234, '+1.23%'],
    [-0.45, '−0.45%'],
    [0, '0.00%'],
    [-0.001, '0.00%'],
    [12_345.6, '+12,345.60%'],
    [null, '—'],
    [undefined, '—'],
  ])('formatPercent(%s) is %s', (value, expected) => {
    expect(formatPercent(value)).toBe(expected);
  });

  it('signs price changes with a real minus', () => {
    expect(formatChange(0.52)).toBe('+0.52');
    expect(formatChange(-1234.5)).toBe('−1,234.5');
    expect(formatChange(-0.5, 2)).toBe('−0.50');
    expect(formatChange(0)).toBe('0');
  });

  it('shows prices of one contract at one precision', () => {
    expect(mostDecimalsOf([75, 75.54, 76.1])).toBe(2);
    expect(mostDecimalsOf([2345])).toBe(0);
    expect(formatNumber(75, 2)).toBe('75.00');
    expect(formatNumber(1234567)).toBe('1,234,567');
  });
});

describe('time formatting', () => {
  const instant = Date.UTC(2026, 0, 15, 0, 0); // midnight UTC, 15 January

  it('shows the local time with the zone, and follows daylight saving', () => {
    expect(formatZonedTime(instant, 'Asia/Shanghai')).toBe('2026-01-15 08:00 GMT+8 (Asia/Shanghai)');
    expect(formatZonedTime(instant, 'America/New_York')).toBe('2026-01-14 19:00 EST (America/New_York)');
    expect(formatZonedTime(Date.UTC(2026, 6, 15, 0, 0), 'America/New_York')).toBe(
      '2026-07-14 20:00 EDT (America/New_York)',
    );
    expect(formatZonedTime(instant, 'UTC')).toBe('2026-01-15 00:00 UTC');
  });

  it('falls back to UTC for a zone it does not know, and can leave the zone out', () => {
    expect(formatZonedTime(instant, 'Mars/Olympus')).toBe('2026-01-15 00:00 UTC');
    expect(formatZonedTime(instant, 'Asia/Shanghai', { withZone: false })).toBe('2026-01-15 08:00');
  });
});
