import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CallResult } from '../../../src/core/client/dataClient.js';
import { pricesFrom } from '../../../src/core/operations/prices.js';
import { LOCALES, langFor } from '../../../src/i18n/lang.js';
import { RenderedAnswers } from '../../../src/slack/render/renderedAnswers.js';
import type { RenderOptions } from '../../../src/slack/render/types.js';
import type { SlackMessage } from '../../../src/slack/reply/slackMessage.js';
import { knownSlackOperation } from '../../../src/slack/slackOperations/index.js';
import { answerMessage, answerOf, footerText, NOW, OPTIONS } from './fixtures.js';

const MINUTE = 60_000;

/** One result per (page, storedAt), as the store keeps one result per query and time it was stored. */
function newFunds(pageNo: number, storedAt: number, extra: Partial<CallResult> = {}): CallResult {
  const count = Math.max(0, Math.min(10, 35 - (pageNo - 1) * 10));
  const funds = Array.from({ length: count }, (_, index) => ({
    fundType: '混合型',
    beginDate: '2026-05-01',
    endDate: '2026-05-20',
    fundCode: String(100000 + pageNo * 100 + index + (storedAt % 7)),
    fundName: `Fund ${index} <b> & *x*`,
    fundManagerName: 'M',
    minPurchase: String(10 * index + 0.5),
    fundOriginalFee: '1.50%',
    fundDiscountFee: '0.15%',
    saleStatus: index % 2 === 0,
  }));
  return answerOf(
    'fund-new-list',
    { pageNo, pageSize: 10 },
    { total: 35, funds },
    { source: 'cache', coinsSpent: 0, storedAt, ageMs: NOW - storedAt, ...extra },
  );
}

const same = (a: unknown, b: unknown) => expect(JSON.stringify(a)).toBe(JSON.stringify(b));

/** What the cache gives for an answer, framed with its own operation's rendering (as runQuery asks). */
function renderedBy(cache: RenderedAnswers, answer: CallResult, options: RenderOptions): SlackMessage {
  return cache.render(answer, knownSlackOperation(answer.operation), options);
}

describe('RenderedAnswers', () => {
  it('gives byte for byte what a fresh render gives, across languages, zones, pages, ages, surfaces, shares and a next page in the cache or not', () => {
    const cache = new RenderedAnswers();
    const reader = fc.record({
      locale: fc.constantFrom(...LOCALES),
      timeZone: fc.constantFrom('Asia/Shanghai', 'UTC', 'America/New_York', 'Asia/Kolkata'),
      pageNo: fc.integer({ min: 1, max: 5 }),
      storedMinutesAgo: fc.constantFrom(0, 3),
      // Ages around the footer's steps: under a minute, one minute, an hour, a day.
      ageMs: fc.constantFrom(0, 59_999, MINUTE, 61 * MINUTE, 59 * MINUTE + 59_999, 25 * 60 * MINUTE),
      source: fc.constantFrom('cache' as const, 'shared' as const),
      sharedBy: fc.option(fc.constantFrom('U1', 'U2'), { nil: undefined }),
      tables: fc.boolean(),
      demo: fc.boolean(),
      nextPageFree: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(reader, { minLength: 1, maxLength: 30 }), (readers) => {
        for (const r of readers) {
          const answer = newFunds(r.pageNo, NOW - r.storedMinutesAgo * MINUTE, { source: r.source, ageMs: r.ageMs });
          const options: RenderOptions = {
            ...OPTIONS,
            lang: langFor(r.locale),
            timeZone: r.timeZone,
            demo: r.demo,
            tables: r.tables,
            now: NOW + r.ageMs,
            nextPageFree: r.nextPageFree,
            ...(r.sharedBy ? { sharedBy: r.sharedBy } : {}),
          };
          same(renderedBy(cache, answer, options), answerMessage(answer, options));
        }
      }),
      { numRuns: 60 },
    );
    expect(cache.size).toBeGreaterThan(0);
  });

  it('reuses a reply while its footer reads the same, and renders again once the age moves on', () => {
    const cache = new RenderedAnswers();
    const first = renderedBy(cache, newFunds(1, NOW, { ageMs: 2 * MINUTE + 5_000 }), OPTIONS);
    const sameMinute = renderedBy(cache, newFunds(1, NOW, { ageMs: 2 * MINUTE + 20_000 }), OPTIONS);
    expect(sameMinute).toBe(first);
    const later = renderedBy(cache, newFunds(1, NOW, { ageMs: 3 * MINUTE }), OPTIONS);
    expect(later).not.toBe(first);
    expect(footerText(later)).not.toBe(footerText(first));
    same(later, answerMessage(newFunds(1, NOW, { ageMs: 3 * MINUTE }), OPTIONS));
  });

  it('tells results apart by when they were stored, and prices by what the operator set', () => {
    const cache = new RenderedAnswers();
    const older = newFunds(1, NOW - MINUTE);
    const newer = newFunds(1, NOW);
    same(renderedBy(cache, older, OPTIONS), answerMessage(older, OPTIONS));
    same(renderedBy(cache, newer, OPTIONS), answerMessage(newer, OPTIONS));
    const repriced = { ...OPTIONS, prices: pricesFrom({ 'fund-new-list': 7 }) };
    same(renderedBy(cache, newer, repriced), answerMessage(newer, repriced));
  });

  it('keeps neither answers fresh from the service nor renderings that read the clock', () => {
    const cache = new RenderedAnswers();
    renderedBy(cache, newFunds(1, NOW, { source: 'upstream', taskNo: 'T1' }), OPTIONS);
    const candle = { open: 1, close: 2, high: 3, low: 0.5, change: 1, changeRate: 100, volume: 10, at: NOW - MINUTE };
    const futures = answerOf(
      'finance-external-futures-kline',
      { symbol: 'CL', type: '5' },
      { symbol: 'CL', type: '5', tickUnit: 's', candles: [candle] },
      { source: 'cache', coinsSpent: 0 },
    );
    // The candle is forming at NOW and closed ten minutes later: the same answer reads differently.
    same(renderedBy(cache, futures, OPTIONS), answerMessage(futures, OPTIONS));
    const later = { ...OPTIONS, now: NOW + 10 * MINUTE };
    same(renderedBy(cache, futures, later), answerMessage(futures, later));
    expect(cache.size).toBe(0);
  });

  it('holds no more than its bound, dropping the least recently read', () => {
    const one = JSON.stringify(answerMessage(newFunds(1, NOW), OPTIONS)).length;
    const cache = new RenderedAnswers(Math.floor(one * 3.5));
    for (let minute = 0; minute < 20; minute++) renderedBy(cache, newFunds(1, NOW - minute * MINUTE), OPTIONS);
    expect(cache.bytes).toBeLessThanOrEqual(one * 3.5);
    expect(cache.size).toBeGreaterThan(0);
    expect(cache.size).toBeLessThanOrEqual(3);
  });

  it('hands out replies that cannot be changed by whoever posts them', () => {
    const message = renderedBy(new RenderedAnswers(), newFunds(1, NOW), OPTIONS);
    expect(() => {
      (message.blocks as unknown[]).push({ type: 'divider' });
    }).toThrow();
  });
});
