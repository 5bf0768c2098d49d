import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typedNameOf } from '../../../src/core/operations/index.js';
import { parseCommand } from '../../../src/slack/parse/parseCommand.js';
import { COMMAND_GRAMMAR } from '../../../src/slack/slackOperations/index.js';
import { SLACK_ACK_DEADLINE_MS } from '../../support/slack/index.js';
import { allText, STACK_TRACE, startTestApp, type TestApp, UNHANDLED_LISTENER_ERROR } from '../../support/slackApp.js';
import { assertWithinSlackLimits } from '../../support/slackLimits.js';

/**
 * Any text after any of the app's commands: Slack gets a 200 ack in time, and the person gets exactly
 * one reply on the response_url (or exactly one form, when the text asks for one). Never an exception.
 */

const COMMANDS = ['/dq', '/taxpayer', '/bids', '/fund-asset', '/futures', '/new-funds'] as const;

/** Words the parsers give meaning to, plus ones that have tripped parsers elsewhere. */
const WORDS = [
  'tax',
  'taxpayer',
  'bids',
  'bid',
  'fund',
  'fund-asset',
  'futures',
  'kline',
  'newfunds',
  'new',
  'usage',
  'spend',
  'digest',
  'digests',
  'help',
  '?',
  '帮助',
  'add',
  'list',
  'ls',
  'run',
  'remove',
  'rm',
  'daily',
  'weekdays',
  'weekly:mon',
  'weekly:xyz',
  '08:30',
  '8:30',
  '25:99',
  'onsale',
  'offsale',
  'all',
  '全部',
  '在售',
  'tz:Asia/Shanghai',
  'tz:Nowhere/City',
  'tz:',
  'page:2',
  'p:0',
  'page:-1',
  'page:1e3',
  'size:50',
  'size:999',
  'per:',
  'region:ZJ',
  'region:浙江',
  'region:XX',
  'type:award',
  'type:招标',
  'type:x',
  'from:2026-01-01',
  'to:2025-01-01',
  'from:2026/3/1',
  'to:2027-12-31',
  'in:title,purchaser',
  'in:、',
  'status:on',
  '杭州',
  '杭州华信',
  '光伏组件',
  '科技',
  '浙江',
  '000001',
  '110022',
  '12345',
  '91350100M000100Y43',
  '91350100M000100Y44',
  'CL',
  'gc',
  'ZZZ9',
  '5m',
  '1h',
  '4h',
  '30',
  '0',
  '-1',
  '1001',
  // Object.prototype names: they once reached built-in properties through plain-object lookups.
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
  '"',
  '"光伏 组件"',
  '“中文引号”',
  '：',
  'region：ZJ',
  '／bids',
  'ＢＩＤＳ',
  '\u3000',
  '\u0000',
  '\t',
  '*bold*',
  '<!channel>',
  '<@U123>',
  '`code`',
  '&lt;',
  'x:y',
  'a:b:c',
  '\n',
  '🙂',
  '🇨🇳',
  'é',
  'Ⅻ',
];

const word = fc.constantFrom(...WORDS);
const text = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.array(word, { maxLength: 7 }).map((words) => words.join(' ')),
  fc.array(fc.oneof(word, fc.string({ maxLength: 6 })), { maxLength: 6 }).map((words) => words.join(' ')),
  fc
    .tuple(
      fc.constantFrom('digest', 'help', 'usage', 'tax', 'bids', 'fund', 'futures', 'newfunds'),
      fc.array(word, { maxLength: 5 }),
    )
    .map(([first, rest]) => [first, ...rest].join(' ')),
);

describe('fuzzed command text', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('every command gets a 200 ack, and exactly one reply or one form; nothing throws', async () => {
    const sentReplies: Array<{ command: string; text: string; responseId: string }> = [];
    const sentForms: Array<{
      command: string;
      text: string;
      responseId: string;
      triggerId: string;
      typedName: string;
    }> = [];

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...COMMANDS),
        text,
        fc.constantFrom('U0FUZZ0001', 'U0FUZZ0002'),
        async (command, typed, userId) => {
          const parsed = parseCommand(COMMAND_GRAMMAR, command, typed);
          const sent = await app.command(typed, { command, userId });
          expect(sent.status).toBe(200);
          expect(sent.elapsedMs).toBeLessThan(SLACK_ACK_DEADLINE_MS);
          if (parsed.kind === 'open_modal') {
            const opened = await app.openedView(sent.triggerId);
            const typedName = typedNameOf(parsed.operation);
            expect(opened.view.callback_id).toBe(`dq_search:${typedName}`);
            assertWithinSlackLimits(opened.view, 'modal');
            sentForms.push({ command, text: typed, responseId: sent.responseId, triggerId: sent.triggerId, typedName });
            return;
          }
          const reply = await app.nextResponse(sent.responseId);
          expect(reply.response_type, `${command} ${JSON.stringify(typed)}`).toBe('ephemeral');
          assertWithinSlackLimits(reply, 'message');
          const shown = allText(reply);
          expect(shown.trim().length).toBeGreaterThan(0);
          expect(shown, `${command} ${JSON.stringify(typed)}`).not.toMatch(STACK_TRACE);
          expect(shown, `${command} ${JSON.stringify(typed)}`).not.toMatch(
            /\bundefined\b|\[object Object\]|\[native code\]|function \w*\(/,
          );
          sentReplies.push({ command, text: typed, responseId: sent.responseId });
        },
      ),
      { numRuns: 100 },
    );

    await app.settle(500);
    for (const { command, text: typed, responseId } of sentReplies) {
      expect(app.responses(responseId), `${command} ${JSON.stringify(typed)} got one reply`).toHaveLength(1);
    }
    for (const { command, text: typed, responseId, triggerId } of sentForms) {
      expect(app.responses(responseId), `${command} ${JSON.stringify(typed)} opened a form and said nothing`).toEqual(
        [],
      );
      expect(app.fake.calls('views.open').filter((call) => call.args.trigger_id === triggerId)).toHaveLength(1);
    }
    expect(app.fake.calls('views.open')).toHaveLength(sentForms.length);
    expect(app.fake.calls().filter((call) => !call.response.ok)).toEqual([]);
    expect(app.logs.filter((line) => line.msg === UNHANDLED_LISTENER_ERROR)).toEqual([]);
    expect(app.errorLogs()).toEqual([]);
  }, 120_000);
});
