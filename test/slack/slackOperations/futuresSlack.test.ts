import { describe, expect, it } from 'vitest';
import type { Candle, CandleType } from '../../../src/core/operations/futures.js';
import { langFor } from '../../../src/i18n/lang.js';
import { slackOperation } from '../../../src/slack/slackOperations/index.js';
import { unexpectedEnglish } from '../../support/englishWords.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';
import { answerMessage, answerOf, buttons, OPTIONS, visibleText } from '../render/fixtures.js';

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
  const answer = answerOf(
    'finance-external-futures-kline',
    { symbol: 'CL', type, limit: list.length || 1 },
    { symbol: 'CL', type, candles: list, tickUnit: 's' as const },
  );
  return answerMessage(answer, { ...OPTIONS, ...extra });
}

describe('futures candles', () => {
  it('summarises the latest candle: prices at one precision, signed change, volume, period', () => {
    const message = render(candles(1));
    assertWithinSlackLimits(message, 'message');
    const text = visibleText(message);
    for (const field of [
      '*Open*\n75.00',
      '*Close*\n75.54',
      '*High*\n76.07',
      '*Low*\n74.29',
      '*Change*\n−0.50',
      '*Change %*\n−0.66%',
      '*Volume*\n166,121',
      '*Period*\ndaily',
    ]) {
      expect(text).toContain(field);
    }
    expect(text).toContain('Futures candlesticks: CL, daily');
  });

  it('counts before a unit as English writes them: "1 candle", "five 15-minute candles merged from 15 five-minute candles"', () => {
    expect(render(candles(1)).text).toBe('CL daily: close 75.54 (−0.66%), 1 candle');
    expect(render(candles(2)).text).toBe('CL daily: close 75.55 (−0.66%), 2 candles');
    const answer = answerOf(
      'finance-external-futures-kline',
      { symbol: 'CL', type: '15', limit: 5 },
      {
        symbol: 'CL',
        type: '15',
        candles: candles(5, '15' as CandleType),
        tickUnit: 's' as const,
        merged: { type: '5', fetched: 15, mergedIn: 15, inNewest: 3 },
      },
    );
    const text = visibleText(answerMessage(answer, OPTIONS));
    expect(text).toContain('five 15-minute candles merged from 15 five-minute candles (first open');
    expect(text).not.toMatch(/\b\d+ \d+-(minute|hour)/);
    const chinese = visibleText(answerMessage(answer, { ...OPTIONS, lang: langFor('zh-CN') }));
    expect(chinese).toContain('5 根15分钟K线由 15 根5分钟K线合并而成');
  });

  it('gives an intraday candle’s time in the reader’s zone, with the zone named, and a daily one its trading day', () => {
    expect(visibleText(render(candles(1, '5'), { timeZone: 'Asia/Shanghai' }, '5'))).toContain(
      'opened 2026-05-20 08:00 GMT+8 (Asia/Shanghai)',
    );
    expect(visibleText(render(candles(1, '5'), { timeZone: 'America/Los_Angeles' }, '5'))).toContain(
      'opened 2026-05-19 17:00 PDT (America/Los_Angeles)',
    );
    expect(visibleText(render(candles(1, '5'), { timeZone: 'Not/AZone' }, '5'))).toContain(
      'opened 2026-05-20 00:00 UTC',
    );
    expect(visibleText(render(candles(1), { timeZone: 'America/Los_Angeles' }))).toContain(
      '*Latest daily candle*, trading day 2026-05-20',
    );
  });

  it('marks a candle that is still forming at `now`', () => {
    expect(visibleText(render(candles(1), { now: LAST_AT + 3_600_000 }))).toContain('(still forming)');
    expect(visibleText(render(candles(1), { now: LAST_AT + DAY + 1 }))).not.toContain('still forming');
  });

  it('labels intraday periods', () => {
    const text = visibleText(render(candles(3, '5'), { now: LAST_AT }, '5'));
    expect(text).toContain('Latest 5-minute candle');
    expect(text).toContain('3 candles from 2026-05-20 07:50 to 08:00 GMT+8 (Asia/Shanghai)');
  });

  it('renders 1000 candles with a chart within Slack limits, with Share but no paging', () => {
    const message = render(candles(1000), {
      chart: {
        kind: 'image',
        url: 'https://quickchart.io/chart/render/zz',
        alt: 'CL daily candles',
        caption: 'CL, daily',
      },
    });
    assertWithinSlackLimits(message, 'message');
    expect(visibleText(message)).toContain('1,000 candles from');
    expect(visibleText(message)).not.toContain('Page');
    expect(buttons(message).map((button) => button.action_id)).toEqual(['dq_share', 'dq_export_csv', 'dq_watch_this']);
    expect(message.blocks.some((block) => block.type === 'image')).toBe(true);
  });

  it('says so when no candles came back', () => {
    const message = render([]);
    assertWithinSlackLimits(message, 'message');
    expect(visibleText(message)).toContain('No daily candles came back for CL');
  });
});

describe('futures candles in Chinese', () => {
  const ZH = { ...OPTIONS, lang: langFor('zh-CN') };
  const FUTURES = 'finance-external-futures-kline';
  const result = (list: Candle[], extra: Partial<typeof OPTIONS> = {}, type: CandleType = '0') =>
    slackOperation(FUTURES).render(
      answerOf(
        FUTURES,
        { symbol: 'CL', type, limit: list.length || 1 },
        { symbol: 'CL', type, candles: list, tickUnit: 's' as const },
      ),
      { ...ZH, ...extra },
    );

  it('names a monthly candle by its month as Chinese replies write one: 2026年5月, not 2026-05', () => {
    const text = visibleText(result(candles(1), {}, 'M' as CandleType));
    expect(text).toMatch(/\*最新月K线\*，2026年5月/);
    expect(text).not.toMatch(/2026-05/);
  });

  it('labels the latest candle in Chinese and writes no English of its own', () => {
    const rendered = result(candles(1));
    const text = visibleText(rendered);
    expect(text).toContain('期货K线：CL，日线');
    // Dates as every Chinese reply writes them, not 2026-05-20.
    expect(text).toContain('*最新日K线*，交易日 2026年5月20日');
    for (const field of [
      '*开盘*\n75.00',
      '*收盘*\n75.54',
      '*最高*\n76.07',
      '*最低*\n74.29',
      '*涨跌*\n−0.50',
      '*涨跌幅*\n−0.66%',
      '*成交量*\n166,121',
      '*周期*\n日线',
    ]) {
      expect(text).toContain(field);
    }
    expect(rendered.text).toBe('CL 日线：收盘 75.54（−0.66%），1 根K线');
    expect(unexpectedEnglish(`${text}\n${rendered.text}`, ['CL', 'GMT', 'Asia', 'Shanghai'])).toEqual([]);
  });

  it('names intraday periods and a candle still forming', () => {
    const text = visibleText(result(candles(3, '5'), { now: LAST_AT }, '5'));
    expect(text).toContain('*最新5分钟K线*，2026年5月20日 08:00（北京时间）开盘，尚未收盘');
    expect(text).toContain('3 根K线，2026年5月20日 07:50–08:00（北京时间） · 最低');
    expect(visibleText(result(candles(2, '60'), {}, '60'))).toContain('*最新1小时K线*');
  });

  it('says in Chinese that no candles came back', () => {
    const rendered = result([]);
    expect(visibleText(rendered)).toContain('没有返回 CL 的K线（日线）。请检查期货代码（例如 CL、GC、SI、HG）。');
    expect(rendered.text).toBe('CL 日线：无K线数据');
  });

  it('keeps 1000 candles with a chart within Slack limits', () => {
    const chart = {
      kind: 'image' as const,
      url: 'https://quickchart.io/chart/render/zz',
      alt: 'CL 期货K线图',
      caption: 'CL 日K线',
    };
    const answer = answerOf(
      FUTURES,
      { symbol: 'CL', type: '0', limit: 1000 },
      { symbol: 'CL', type: '0' as const, candles: candles(1000), tickUnit: 's' as const },
    );
    const message = answerMessage(answer, { ...ZH, chart });
    assertWithinSlackLimits(message, 'message');
    expect(visibleText(message)).toContain('1,000 根K线');
  });
});
