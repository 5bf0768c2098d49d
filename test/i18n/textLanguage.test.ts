import { describe, expect, it } from 'vitest';
import { textLanguage, writtenInChineseOnly } from '../../src/i18n/textLanguage.js';
import { commandLanguage } from '../../src/slack/parse/parseCommand.js';
import { COMMAND_GRAMMAR } from '../../src/slack/slackOperations/index.js';

describe('the language a text is written in', () => {
  it.each([
    ['下一页', 'zh-CN'],
    ['第3页', 'zh-CN'],
    ['帮我查一下 CL 的5分钟K线', 'zh-CN'],
    ['next', 'en'],
    ['page 2', 'en'],
    ['show me the gold candles', 'en'],
    ['find 杭州华信 in the taxpayer records please', 'en'],
  ] as const)('%s is clearly %s', (text, locale) => {
    expect(textLanguage(text)).toBe(locale);
  });

  it.each(['', '000001', 'CL 5m 30', '91330106774738789M', 'K', 'wti原油', '杭州 records'])('%j is unclear', (text) => {
    expect(textLanguage(text)).toBeUndefined();
  });
});

describe('a text in Chinese characters alone (demo trial: `@dq 华为` was asked in English)', () => {
  it.each(['华为', '杭州华信', '杭州华信 2024', 'CL 日K', '91330106774738789M 招标', '比特币？'])('%j is', (text) => {
    expect(writtenInChineseOnly(text)).toBe(true);
  });

  it.each(['', '000001', 'CL 5m 30', 'K', 'look up 华为', 'wti原油', '杭州 records'])('%j is not', (text) => {
    expect(writtenInChineseOnly(text)).toBe(false);
  });
});

describe('the language a command is written in: its grammar’s words, never the keyword it searches', () => {
  it.each([
    ['/dq', '帮助', 'zh-CN'],
    ['/fund-asset', '000001 第3页', 'zh-CN'],
    ['/futures', '黄金 日线', 'zh-CN'],
    ['/bids', 'solar panel 地区:浙江 类型:中标', 'zh-CN'],
    ['/dq', '纳税人 Apple Inc', 'zh-CN'],
    ['/dq', '关注 添加 基金 000001 每天 09:00', 'zh-CN'],
    ['/new-funds', '全部', 'zh-CN'],
  ] as const)('%s %s → %s', (command, text, locale) => {
    expect(commandLanguage(COMMAND_GRAMMAR, command, text)).toBe(locale);
  });

  it.each([
    ['/taxpayer', '杭州华信'],
    ['/taxpayer', 'Apple Inc'],
    ['/bids', '光伏组件'],
    ['/fund-asset', '000001'],
    ['/futures', 'CL 5m 30'],
    ['/dq', ''],
    // The grammar's English words are everyone's (issue 44): a zh-CN reader's `/dq help` is answered in Chinese.
    ['/dq', 'help'],
    ['/new-funds', 'all'],
    ['/new-funds', 'onsale page:2'],
    ['/fund-asset', '000001 page:3'],
    ['/futures', 'gold daily'],
    ['/futures', 'CL daily 5m'],
    ['/bids', '光伏组件 region:ZJ type:award'],
    ['/dq', 'tax 杭州华信光伏科技'],
  ])('%s %s is unclear: the saved language answers', (command, text) => {
    expect(commandLanguage(COMMAND_GRAMMAR, command, text)).toBeUndefined();
  });
});
