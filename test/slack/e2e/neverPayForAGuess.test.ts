import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { langFor } from '../../../src/i18n/lang.js';
import { CHAT_WORDS, FILLER_WORDS } from '../../../src/slack/parse/messageWords.js';
import type { RecordedCall } from '../../support/slack/index.js';
import { allText, startTestApp, type TestApp } from '../../support/slackApp.js';

/**
 * Never pay for a guess (issue 34): whatever a person writes, a message the app answers with a
 * question, a line of help or "cannot read" calls nothing. Property-tested over generated messages
 * sent as direct messages through the real app (signed events, the fake Slack, the simulator),
 * counting the simulator's calls before and after each one. The generator leans to what makes the
 * app unsure (names alone, bare operation words, periods without a contract, chit-chat, markup,
 * broadcasts, noise), mixed with words that make real lookups, so both kinds of answer come up.
 */

const NAMES = [
  '华为',
  '杭州华信',
  '上海恒远软件科技股份有限公司',
  '光伏组件',
  '铜陵有色',
  '金诚',
  '比特币',
  '平安银行',
  'Apple Inc',
  'Tencent Holdings',
  'Huawei',
];
const BARE_WORDS = [
  '招标',
  '期货',
  '纳税人',
  '规模',
  '基金',
  'fund',
  'tender',
  'K线',
  'taxpayer',
  '/taxpayer',
  'futures',
  '中标',
  'awards',
];
const HALF_LOOKUPS = [
  'CL',
  '黄金',
  'gold',
  '原油',
  '日K',
  'daily',
  '5分钟',
  '1h',
  '最近60根',
  'last 30',
  '第2页',
  'page 2',
  '浙江',
  'ZJ',
];
const LOOKUP_WORDS = [
  '000001',
  '110022',
  '91330106774738789M',
  'CL 日K 30',
  '新发基金',
  'new funds',
  '杭州华信 纳税人',
];
const HOSTILE = [
  '<!channel>',
  '<!here>',
  '<@U07ALICE>',
  '<#C0123ABCD|general>',
  '<https://example.com|百度>',
  '`rm -rf /`',
  '*bold*',
  '&lt;!everyone&gt;',
  '\u0000\u001b[31m',
  '🙂',
  '👍👍',
  '。。。',
  'DROP TABLE users; --',
];
const HAN = [
  ...'的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题',
];

const piece = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NAMES) },
  { weight: 3, arbitrary: fc.constantFrom(...BARE_WORDS) },
  { weight: 3, arbitrary: fc.constantFrom(...HALF_LOOKUPS) },
  { weight: 2, arbitrary: fc.constantFrom(...CHAT_WORDS) },
  { weight: 2, arbitrary: fc.constantFrom(...FILLER_WORDS) },
  { weight: 1, arbitrary: fc.constantFrom(...LOOKUP_WORDS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE) },
  {
    weight: 2,
    arbitrary: fc.array(fc.constantFrom(...HAN), { minLength: 1, maxLength: 6 }).map((chars) => chars.join('')),
  },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 99_999_999 }).map(String) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.stringMatching(/^[a-z]{2,9}$/) },
);

const messages = fc.oneof(
  {
    weight: 9,
    arbitrary: fc
      .tuple(fc.array(piece, { minLength: 1, maxLength: 4 }), fc.constantFrom(' ', '', '，', ', '))
      .map(([parts, joiner]) => parts.join(joiner)),
  },
  // Longer than the reader reads: never a lookup.
  { weight: 1, arbitrary: fc.array(piece, { minLength: 30, maxLength: 60 }).map((parts) => parts.join(' ')) },
);

type Outcome = 'question' | 'help' | 'unreadable' | 'other';

describe('never pay for a guess', () => {
  let app: TestApp;
  /** What the app answers a greeting and a message it cannot read, in both languages, up to the examples. */
  const notices: Array<[Outcome, string]> = [];

  beforeAll(async () => {
    app = await startTestApp();
    for (const locale of ['en', 'zh-CN'] as const) {
      const lang = langFor(locale);
      const values = { fund: '§', futures: '§', company: '§', help: '§' };
      notices.push(['help', lang.t('conversation.greeting', values).split('§')[0]!]);
      notices.push(['unreadable', lang.t('conversation.unreadable', values).split('§')[0]!]);
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  function outcomeOf(answer: RecordedCall): Outcome {
    const blocks = (answer.args.blocks as Array<{ block_id?: string }> | undefined) ?? [];
    if (blocks.some((block) => block.block_id?.startsWith('dq-keep-question'))) return 'question';
    const text = allText({ text: answer.args.text as string, blocks });
    return notices.find(([, start]) => text.startsWith(start))?.[0] ?? 'other';
  }

  it('a message answered with a question, help or "cannot read" calls nothing; every message gets one answer', async () => {
    const seen: Record<Outcome, number> = { question: 0, help: 0, unreadable: 0, other: 0 };
    await fc.assert(
      fc.asyncProperty(messages, async (text) => {
        const before = app.upstreamCalls().length;
        const sent = await app.directMessage(text);
        expect(sent.status).toBe(200);
        const answer = await app.nextCall('chat.postMessage', (call) => call.args.thread_ts === sent.ts);
        const outcome = outcomeOf(answer);
        seen[outcome]++;
        if (outcome !== 'other') expect(app.upstreamCalls().length, `${JSON.stringify(text)}: ${outcome}`).toBe(before);
      }),
      { numRuns: 300 },
    );
    await app.settle(200);
    // Both kinds came up: many guesses (the property's point) and some lookups.
    expect(seen.question + seen.help + seen.unreadable).toBeGreaterThan(150);
    expect(seen.question).toBeGreaterThan(30);
    expect(seen.help).toBeGreaterThan(5);
    expect(seen.unreadable).toBeGreaterThan(30);
    expect(seen.other).toBeGreaterThan(5);
    // Never two answers to one message, never a crash.
    const answered = app.fake.calls('chat.postMessage').map((call) => call.args.thread_ts);
    expect(new Set(answered).size).toBe(answered.length);
    expect(app.errorLogs()).toEqual([]);
    console.info(`never pay for a guess: ${JSON.stringify(seen)}`);
    // 300 messages through the real app: some 10 s on a quiet machine, several times that on a busy one.
  }, 120_000);
});
