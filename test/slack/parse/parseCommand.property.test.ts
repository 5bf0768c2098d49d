import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/core/errors.js';
import { OPERATION_IDS } from '../../../src/core/operations/index.js';
import { validate } from '../../../src/core/operations/validate.js';
import { english, langFor } from '../../../src/i18n/lang.js';
import { SLASH_COMMANDS } from '../../../src/slack/flows/routeCommand.js';
import { invalidText } from '../../../src/slack/parse/invalidText.js';
import { type ParsedCommand, parseCommand } from '../../../src/slack/parse/parseCommand.js';
import { COMMAND_GRAMMAR } from '../../../src/slack/slackOperations/index.js';

const KINDS = ['query', 'open_modal', 'help', 'usage', 'digest', 'lang', 'invalid'];

// Words that reach the interesting branches: subcommands, option keys, quotes, full-width forms.
const interestingWord = fc.constantFrom(
  'help',
  'usage',
  'digest',
  'lang',
  'tax',
  'bids',
  'fund',
  'futures',
  'newfunds',
  'new-funds',
  'all',
  'onsale',
  '帮助',
  '用量',
  '摘要',
  '语言',
  '中文',
  'zh',
  'auto',
  '纳税人',
  '招标',
  '基金',
  '期货',
  'K线',
  '新基金',
  '在售',
  '全部',
  '5分钟',
  '日线',
  '地区:',
  '地区：浙江',
  '类型:中标',
  '从:2026-01-01',
  '到：',
  '范围:标题、供应商',
  '页:2',
  '每页：５０',
  '周期:1小时',
  '根数:3',
  '状态:停售',
  'region:',
  'region:ZJ',
  'type:award',
  'from:2026-01-01',
  'to:',
  'in:title、supplier',
  'page:2',
  'p:',
  'size:50',
  'period:5m',
  'n:3',
  '"',
  '“',
  '”',
  '「',
  '」',
  '『',
  '"a b"',
  'x:y',
  ':',
  '=',
  '：',
  '　',
  '\t',
  'ＣＬ',
  '５ｍ',
  '&amp;',
  '&lt;',
  '\u200B',
  '光伏组件',
  '000001',
  'CL',
);
// Any code point, lone surrogates too (more than `unit: 'binary'`, which leaves them out), from a unit
// that costs nothing to build: for 'binary' fast-check builds a reverse map of all 1.1 million code
// points in each worker that uses it (a second of CPU).
const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff }).map((code) => String.fromCodePoint(code));
const text = fc.oneof(
  fc.string({ unit: anyCodePoint, maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.array(fc.oneof(interestingWord, fc.string({ maxLength: 6 })), { maxLength: 10 }).map((words) => words.join(' ')),
);
const command = fc.oneof(
  fc.constantFrom(...SLASH_COMMANDS.map((entry) => entry.command)),
  fc.string({ maxLength: 12 }),
);

function checkShape(parsed: ParsedCommand, typed: string): void {
  expect(KINDS).toContain(parsed.kind);
  switch (parsed.kind) {
    case 'query':
      expect(OPERATION_IDS).toContain(parsed.operation);
      for (const value of Object.values(parsed.input)) expect(typeof value).toBe('string');
      break;
    case 'open_modal':
      expect(OPERATION_IDS).toContain(parsed.operation);
      break;
    case 'help':
      if (parsed.operation !== undefined) expect(OPERATION_IDS).toContain(parsed.operation);
      break;
    case 'digest':
      for (const word of parsed.words) expect(typeof word).toBe('string');
      break;
    case 'invalid':
      for (const lang of [english, langFor('zh-CN')]) {
        const text = invalidText(parsed, COMMAND_GRAMMAR, lang);
        expect(text.length).toBeGreaterThan(0);
        // Every key and placeholder resolved: a missing key would come back as the key itself.
        if (!/commands|\{\{/.test(typed)) expect(text).not.toMatch(/commands\.|\{\{/);
      }
      expect(parsed.example).toMatch(/^\//);
      break;
    case 'lang':
      if (parsed.choice !== undefined) expect(['en', 'zh-CN', 'auto']).toContain(parsed.choice);
      break;
    case 'usage':
      break;
  }
}

describe('parseCommand on any text', () => {
  it('never throws and gives exactly one well-formed result, the same each time', () => {
    fc.assert(
      fc.property(command, text, (name, words) => {
        const parsed = parseCommand(COMMAND_GRAMMAR, name, words);
        checkShape(parsed, `${name} ${words}`);
        expect(parseCommand(COMMAND_GRAMMAR, name, words)).toEqual(parsed);
      }),
      { numRuns: 2000 },
    );
  });

  it('a query is always something the core can judge: a wire request or a ValidationError', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SLASH_COMMANDS.map((entry) => entry.command)), text, (name, words) => {
        const parsed = parseCommand(COMMAND_GRAMMAR, name, words);
        if (parsed.kind !== 'query') return;
        try {
          validate(parsed.operation, parsed.input);
        } catch (error) {
          expect(error).toBeInstanceOf(ValidationError);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('any unquoted keyword without a colon reaches the taxpayer query whole', () => {
    const keyword = fc
      .array(fc.stringMatching(/^[A-Za-z0-9\u4e00-\u9fa5]{1,8}$/), { minLength: 1, maxLength: 4 })
      .map((words) => words.join(' '));
    fc.assert(
      fc.property(keyword, (words) => {
        const parsed = parseCommand(COMMAND_GRAMMAR, '/taxpayer', words);
        if (words.toLowerCase() === 'help') return;
        expect(parsed).toEqual({
          kind: 'query',
          operation: 'enterprise-general-taxpayer-query',
          input: { keyword: words },
        });
      }),
    );
  });
});
