import { describe, expect, it } from 'vitest';
import type { Candle, CandleType } from '../../../src/core/operations/futuresKline.js';
import { renderAnswer } from '../../../src/slack/render/answer.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { OPTIONS, answerOf, buttons, visibleText } from '../render/fixtures.js';

const DAY = 86_400_000;
const LAST_AT = Date.UTC(2026, 4, 20); // candles start at 00:00 UTC

function candles(count: number, type: CandleType = '0'): Candle[] {
  const step = type === '0' ? DAY : Number(type) * 60_000;
  return Array.from({ length: count }, (_, index) => ({
    open: 75 + index / 100,
    close: 75.54 + index / 100,
    high: 76.07 + index / 100,
    low: 74.29 + index / 100,
    change: -0.5,
    changeRate: -0.66,
    volume: 166_121,
    at: LAST_AT - (count - 1 - index) * step,
  }));
}

function render(list: Candle[], extra: Partial<typeof OPTIONS> = {}, type: CandleType = '0') {
  const answer = answerOf('finance-external-futures-kline', { symbol: 'CL', type, limit: list.length || 1 }, { symbol: 'CL', type, candles: list, tickUnit: 's' as const });
  return renderAnswer(answer, { ...OPTIONS, ...extra });
}

describe('futures candles', () => {
  it('summarises the latest candle: prices at one precision, signed change, volume, period', () => {
    const message = render(candles(1));
    assertWithinSlackLimits(message, 'message');
    const text = visibleText(message);
    for (const field of ['*Open*\n75.00', '*Close*\n75.54', '*High*\n76.07', '*Low*\n74.29', '*Change*\n−0.50', '*Change %*\n−0.66%', '*Volume*\n166,121', '*Period*\ndaily']) {
      expect(text).toContain(field);
    }
    expect(text).toContain('Futures candlesticks: CL, daily');
  });

  it('gives the candle time in the reader’s zone, with the zone named', () => {
    expect(visibleText(render(candles(1), { timeZone: 'Asia/Shanghai' }))).toContain('opened 2026-05-20 08:00 GMT+8 (Asia/Shanghai)');
    expect(visibleText(render(candles(1), { timeZone: 'America/Los_Angeles' }))).toContain('opened 2026-05-19 17:00 PDT (America/Los_Angeles)');
    expect(visibleText(render(candles(1), { timeZone: 'Not/AZone' }))).toContain('opened 2026-05-20 00:00 UTC');
  });

  it('marks a candle that is still forming at `now`', () => {
    expect(visibleText(render(candles(1), { now: LAST_AT + 3_600_000 }))).toContain('(still forming)');
    expect(visibleText(render(candles(1), { now: LAST_AT + DAY + 1 }))).not.toContain('still forming');
  });

  it('labels intraday periods', () => {
    const text = visibleText(render(candles(3, '5'), { now: LAST_AT }, '5'));
    expect(text).toContain('Latest 5-minute candle');
    expect(text).toContain('3 candles from 2026-05-20 07:50 to 2026-05-20 08:00 GMT+8 (Asia/Shanghai)');
  });

  it('renders 1000 candles with a chart within Slack limits, with Share but no paging', () => {
    const message = render(candles(1000), { chart: { kind: 'image', url: 'https://quickchart.io/chart/render/zz', alt: 'CL daily candles', caption: 'CL, daily' } });
    assertWithinSlackLimits(message, 'message');
    expect(visibleText(message)).toContain('1,000 candles from');
    expect(visibleText(message)).not.toContain('Page');
    expect(buttons(message).map((button) => button.action_id)).toEqual(['dq_share', 'dq_export_csv']);
    expect(message.blocks.some((block) => block.type === 'image')).toBe(true);
  });

  it('says so when no candles came back', () => {
    const message = render([]);
    assertWithinSlackLimits(message, 'message');
    expect(visibleText(message)).toContain('No daily candles came back for CL');
  });
});
