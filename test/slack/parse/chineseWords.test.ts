import { describe, expect, it } from 'vitest';
import { BID_NOTICE_TYPE_SYNONYMS, BID_NOTICE_TYPE_WORDS } from '../../../src/core/operations/bids.js';
import { CANDLE_TYPE_SYNONYMS } from '../../../src/core/operations/futures.js';
import { OPERATION_IDS, type OperationId, operations } from '../../../src/core/operations/index.js';
import { SALE_STATUS_ANY, SALE_STATUS_SYNONYMS, SALE_STATUS_WORDS } from '../../../src/core/operations/newFunds.js';
import { pricesFrom } from '../../../src/core/operations/prices.js';
import { validate } from '../../../src/core/operations/validate.js';
import { english, isChinese, langFor } from '../../../src/i18n/lang.js';
import { DIGEST_WORDS, HELP_WORDS, LANG_WORDS, USAGE_WORDS } from '../../../src/slack/parse/commandGrammar.js';
import {
  examplesIn,
  operationSubcommand,
  optionKeys,
  positionalWords,
  subcommandWords,
} from '../../../src/slack/parse/commandSyntax.js';
import { exampleFor, userFieldName } from '../../../src/slack/parse/examples.js';
import { invalidText } from '../../../src/slack/parse/invalidText.js';
import { type InvalidCommand, parseCommand } from '../../../src/slack/parse/parseCommand.js';
import { shownWord } from '../../../src/slack/parse/shownWords.js';
import { lookupCostText } from '../../../src/slack/render/costText.js';
import { operationTitle } from '../../../src/slack/render/operationTitle.js';
import { COMMAND_GRAMMAR } from '../../../src/slack/slackOperations/index.js';
import { ENGLISH_TITLES } from '../../support/operationTitles.js';
import { wireRequest } from './wireRequest.js';

const zh = langFor('zh-CN');
const TAX = 'enterprise-general-taxpayer-query';
const BIDS = 'thirdpartymarket-cmapi00069224-enterprise-search-bid-list';
const FUND = 'fund-asset';
const FUTURES = 'finance-external-futures-kline';
const NEW_FUNDS = 'fund-new-list';

function invalid(command: string, text: string): InvalidCommand {
  const parsed = parseCommand(COMMAND_GRAMMAR, command, text);
  expect(parsed.kind, `${command} ${text}`).toBe('invalid');
  return parsed as InvalidCommand;
}

/** Arguments that leave every option free to be given (no positional word fills an option's field). */
/** The shape help shows for an option of an operation. */
function shapeOf(id: OperationId, field: string) {
  return COMMAND_GRAMMAR.syntaxOf(id).options.find((option) => option.field === field)!.shape;
}

const BASE: Record<OperationId, string> = {
  [TAX]: '杭州华信',
  [BIDS]: '光伏组件',
  [FUND]: '000001',
  [FUTURES]: 'CL',
  [NEW_FUNDS]: '',
};
const SAMPLE: Record<string, string> = {
  pageNo: '2',
  pageIndex: '2',
  pageSize: '5',
  province: '浙江',
  type: '中标',
  publishStartTime: '2026-01-01',
  publishEndTime: '2026-06-30',
  searchType: '标题、供应商',
  limit: '30',
  saleStatus: '在售',
};

describe('every Chinese word reads as its English twin', () => {
  it.each(COMMAND_GRAMMAR.syntaxes.map((syntax) => [syntax.command, syntax] as const))(
    '%s: every subcommand after /dq, in either language and any case',
    (_, syntax) => {
      expect(subcommandWords(operationSubcommand(syntax)).some((word) => isChinese(word))).toBe(true);
      for (const args of [syntax.example, ...syntax.chineseExamples]) {
        const direct = parseCommand(COMMAND_GRAMMAR, syntax.command, args);
        for (const word of subcommandWords(operationSubcommand(syntax))) {
          expect(parseCommand(COMMAND_GRAMMAR, '/dq', `${word} ${args}`), `/dq ${word} ${args}`).toEqual(direct);
          expect(
            parseCommand(COMMAND_GRAMMAR, '/dq', `${word.toUpperCase()} ${args}`),
            `/dq ${word.toUpperCase()} ${args}`,
          ).toEqual(direct);
        }
        expect(
          parseCommand(COMMAND_GRAMMAR, '/dq', `${shownWord(subcommandWords(operationSubcommand(syntax)), zh)}`),
        ).toEqual({ kind: 'open_modal', operation: syntax.operation });
      }
    },
  );

  it('K线 in capitals names /futures', () => {
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', 'K线 CL 5分钟 30')).toEqual(
      parseCommand(COMMAND_GRAMMAR, '/futures', 'CL 5分钟 30'),
    );
    expect(wireRequest('/dq', 'K线 CL 5分钟 30', FUTURES)).toEqual(wireRequest('/futures', 'CL 5m 30', FUTURES));
  });

  it.each(COMMAND_GRAMMAR.syntaxes.map((syntax) => [syntax.command, syntax] as const))(
    '%s: every option key, with an ASCII or a full-width colon, a space or =',
    (_, syntax) => {
      const base = BASE[syntax.operation];
      for (const option of syntax.options) {
        const englishKey = english.t(option.keys[0]);
        expect(
          optionKeys(option).some((key) => isChinese(key)),
          `${syntax.command} ${englishKey}`,
        ).toBe(true);
        const value = option.field === 'type' && syntax.operation === FUTURES ? '1小时' : SAMPLE[option.field]!;
        const twin = parseCommand(COMMAND_GRAMMAR, syntax.command, `${base} ${englishKey}:${value}`);
        expect(twin, `${syntax.command} ${englishKey}:${value}`).toMatchObject({ kind: 'query' });
        for (const key of optionKeys(option)) {
          for (const typed of [`${key}:${value}`, `${key}：${value}`, `${key}: ${value}`, `${key}=${value}`]) {
            expect(
              parseCommand(COMMAND_GRAMMAR, syntax.command, `${base} ${typed}`),
              `${syntax.command} ${base} ${typed}`,
            ).toEqual(twin);
          }
        }
      }
    },
  );

  it('every period word, also with full-width digits', () => {
    for (const [word, type] of Object.entries(CANDLE_TYPE_SYNONYMS)) {
      expect(wireRequest('/futures', `CL ${word} 30`, FUTURES), word).toEqual({ symbol: 'CL', type, limit: '30' });
      expect(wireRequest('/futures', `CL 周期:${word}`, FUTURES), word).toMatchObject({ type });
    }
    expect(wireRequest('/futures', 'ＣＬ　５分钟　３０', FUTURES)).toEqual(
      wireRequest('/futures', 'CL 5m 30', FUTURES),
    );
    expect(wireRequest('/futures', 'CL 日K', FUTURES)).toMatchObject({ type: '0' });
    // Every period has a Chinese word.
    for (const type of new Set(Object.values(CANDLE_TYPE_SYNONYMS))) {
      expect(
        Object.keys(CANDLE_TYPE_SYNONYMS).some((word) => CANDLE_TYPE_SYNONYMS[word] === type && isChinese(word)),
        type,
      ).toBe(true);
    }
  });

  it('every notice type, matched field, sale status and "no filter" word', () => {
    for (const [word, type] of Object.entries(BID_NOTICE_TYPE_SYNONYMS))
      expect(wireRequest('/bids', `光伏组件 类型:${word}`, BIDS), word).toMatchObject({ type });
    expect(wireRequest('/bids', '光伏组件 范围:标题、采购人、供应商', BIDS)).toMatchObject({ searchType: '1,2,3' });
    expect(wireRequest('/bids', '光伏组件 范围:采购方', BIDS)).toEqual(
      wireRequest('/bids', `光伏组件 in:${english.t('bids.searchField.2')}`, BIDS),
    );
    for (const word of ['全部', '不限']) {
      expect(wireRequest('/bids', `光伏组件 类型:${word} 地区:${word} 范围:${word}`, BIDS)).toEqual(
        wireRequest('/bids', '光伏组件', BIDS),
      );
    }
    for (const [word, status] of Object.entries(SALE_STATUS_SYNONYMS)) {
      expect(wireRequest('/new-funds', word, NEW_FUNDS), word).toMatchObject({ saleStatus: status });
      expect(wireRequest('/new-funds', `状态:${word}`, NEW_FUNDS), word).toMatchObject({ saleStatus: status });
    }
    for (const word of SALE_STATUS_ANY)
      expect(wireRequest('/new-funds', `${word} 页:2`, NEW_FUNDS)).toEqual(
        wireRequest('/new-funds', 'all page:2', NEW_FUNDS),
      );
  });

  it('dates typed the Chinese way, after a Chinese key', () => {
    expect(wireRequest('/bids', '光伏组件 从:2026年1月5日 到:2026年6月30日', BIDS)).toMatchObject({
      publishStartTime: '2026-01-05',
      publishEndTime: '2026-06-30',
    });
  });

  it('CJK text with a colon is shaped like an option: refused free with the nearest key, or searched when quoted', () => {
    expect(parseCommand(COMMAND_GRAMMAR, '/bids', '"光伏：组件" 地区：浙江')).toEqual({
      kind: 'query',
      operation: BIDS,
      input: { keyword: '光伏:组件', province: '浙江' },
    });
    const mistyped = invalid('/bids', '光伏组件 地域：浙江');
    expect(mistyped.message).toMatchObject({
      key: 'commands.parse.unknownOptionGuess',
      values: { key: '地域', guess: '地区' },
    });
    expect(invalid('/bids', '光伏组件 日期：2026-01-01').message).toMatchObject({
      key: 'commands.parse.unknownOptionGuess',
      values: { key: '日期', guess: '从' },
    });
    expect(invalid('/bids', '光伏组件 date:2026-01-01').message).toMatchObject({ values: { guess: 'from' } });
    expect(invalid('/futures', 'CL 5m 30 地区:浙江').operation).toBe(FUTURES);
    // Quoted, a key is part of the keyword.
    expect(parseCommand(COMMAND_GRAMMAR, '/bids', '"地区:浙江 光伏"')).toEqual({
      kind: 'query',
      operation: BIDS,
      input: { keyword: '地区:浙江 光伏' },
    });
  });

  it('the help, usage, digest and language words', () => {
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', '帮助')).toEqual({ kind: 'help' });
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', '帮助 招标')).toEqual({ kind: 'help', operation: BIDS });
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', '帮助 期货')).toEqual({ kind: 'help', operation: FUTURES });
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', '帮助 用量')).toEqual({ kind: 'help', topic: 'usage' });
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', '帮助 摘要')).toEqual({ kind: 'help', topic: 'digest' });
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', '帮助 语言')).toEqual({ kind: 'help', topic: 'lang' });
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', 'help lang')).toEqual({ kind: 'help', topic: 'lang' });
    expect(parseCommand(COMMAND_GRAMMAR, '/bids', '帮助')).toEqual({ kind: 'help', operation: BIDS });
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', '基金 帮助')).toEqual({ kind: 'help', operation: FUND });
    for (const word of subcommandWords(USAGE_WORDS))
      expect(parseCommand(COMMAND_GRAMMAR, '/dq', word), word).toEqual({ kind: 'usage' });
    for (const word of subcommandWords(DIGEST_WORDS))
      expect(parseCommand(COMMAND_GRAMMAR, '/dq', `${word} add weekdays 08:30 在售`), word).toEqual({
        kind: 'digest',
        words: ['add', 'weekdays', '08:30', '在售'],
      });
    for (const word of subcommandWords(HELP_WORDS))
      expect(parseCommand(COMMAND_GRAMMAR, '/dq', word), word).toEqual({ kind: 'help' });
  });
});

describe('/dq lang', () => {
  it('reads the choice in either language', () => {
    const cases: Record<string, 'en' | 'zh-CN' | 'auto'> = {
      zh: 'zh-CN',
      'zh-CN': 'zh-CN',
      zh_cn: 'zh-CN',
      ZH: 'zh-CN',
      cn: 'zh-CN',
      chinese: 'zh-CN',
      中文: 'zh-CN',
      汉语: 'zh-CN',
      简体中文: 'zh-CN',
      ｚｈ: 'zh-CN',
      en: 'en',
      'en-GB': 'en',
      english: 'en',
      English: 'en',
      英文: 'en',
      英语: 'en',
      auto: 'auto',
      default: 'auto',
      reset: 'auto',
      自动: 'auto',
      默认: 'auto',
    };
    for (const [word, choice] of Object.entries(cases)) {
      for (const command of subcommandWords(LANG_WORDS))
        expect(parseCommand(COMMAND_GRAMMAR, '/dq', `${command} ${word}`), `${command} ${word}`).toEqual({
          kind: 'lang',
          choice,
        });
    }
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', 'LANG zh')).toEqual({ kind: 'lang', choice: 'zh-CN' });
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', '语言：中文')).toMatchObject({ kind: 'invalid' });
  });

  it('without a word asks what is set', () => {
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', 'lang')).toEqual({ kind: 'lang' });
    expect(parseCommand(COMMAND_GRAMMAR, '/dq', '语言')).toEqual({ kind: 'lang' });
  });

  it('a language it does not speak, or more words, is refused with an example, in the reader’s language', () => {
    const french = invalid('/dq', 'lang fr');
    expect(french.example).toBe('/dq lang zh');
    expect(invalidText(french, COMMAND_GRAMMAR, english)).toBe(
      '"fr" is not a language this app speaks: choose zh (Chinese), en (English) or auto (the workspace default, else your Slack language). Nothing was sent or charged.\nFor example: `/dq lang zh`',
    );
    expect(invalidText(french, COMMAND_GRAMMAR, zh)).toBe(
      '本应用不支持“fr”这种语言：可选中文、英文或自动（使用工作区默认语言，否则跟随你的 Slack 语言）。未发起查询，未扣费。\n例如：`/dq 语言 中文`',
    );
    expect(invalidText(invalid('/dq', '语言 中文 英文'), COMMAND_GRAMMAR, zh)).toBe(
      '`/dq 语言` 后面只接一个词：中文、英文或自动（你输入了“中文”“英文”）。未发起查询，未扣费。\n例如：`/dq 语言 中文`',
    );
    // Words typed beyond a command's own are quoted one after another, without 、 between the quotes (as Chinese does for quoted items); English keeps its spaces.
    expect(invalidText(invalid('/futures', 'CL 5m 30 甲 乙'), COMMAND_GRAMMAR, zh)).toMatch(/多出了“甲”“乙”。/);
    expect(invalidText(invalid('/dq', 'lang zh en'), COMMAND_GRAMMAR, english)).toContain('(got "zh" "en")');
    expect(invalidText(invalid('/dq', 'lang <!channel>'), COMMAND_GRAMMAR, english)).toContain(
      '"&lt;!channel&gt;" is not a language',
    );
  });

  it('is among the subcommands an unknown one is told about', () => {
    expect(english.t(invalid('/dq', 'langu zh').message)).toBe(
      'Unknown command "langu". /dq takes tax, bids, fund, futures, newfunds, usage, digest, watch, check, lang, help. Did you mean /dq lang?',
    );
    expect(english.t(invalid('/dq', 'help nonsense').message)).toBe(
      'There is no help on "nonsense". Try one of: tax, bids, fund, futures, newfunds, usage, digest, watch, check, lang.',
    );
  });
});

describe('what the parser refuses, said to a Chinese reader', () => {
  it('an unknown option, with the options and the example in Chinese words', () => {
    expect(invalidText(invalid('/bids', '光伏组件 regoin:ZJ'), COMMAND_GRAMMAR, zh)).toBe(
      '没有“regoin”这个选项。`/bids` 可用的选项：`地区:`、`类型:`、`从:`、`到:`、`范围:`、`页:`、`每页:`。是不是要输入 `region:`？未发起查询，未扣费。\n例如：`/bids 光伏组件 地区:浙江 类型:中标 从:2026-01-01 到:2026-06-30`',
    );
    expect(invalidText(invalid('/bids', 'https://example.com'), COMMAND_GRAMMAR, zh)).toMatch(
      /^没有“https”这个选项。.*关键词中含冒号时，请放在引号中/,
    );
  });

  it('an unknown /dq subcommand, with a suggestion among the words of both languages', () => {
    expect(invalidText(invalid('/dq', 'bidz 光伏组件'), COMMAND_GRAMMAR, zh)).toBe(
      '未知命令“bidz”。`/dq` 后面可以接：纳税人、招标、基金、期货、新基金、用量、推送、关注、核查、语言、帮助。是不是要输入 `/dq bids`？未发起查询，未扣费。\n例如：`/dq 帮助`',
    );
    expect(zh.t(invalid('/dq', '基 000001').message)).toMatch(/是不是要输入 `\/dq 基金`？$/);
    expect(zh.t(invalid('/dq', '帮助 什么').message)).toBe(
      '没有关于“什么”的帮助。可以查看：纳税人、招标、基金、期货、新基金、用量、推送、关注、核查、语言。',
    );
  });

  it('too many words, a field given twice, an option without a value', () => {
    expect(zh.t(invalid('/fund-asset', '000001 2 3').message)).toBe(
      '多出了“3”。`/fund-asset` 的写法是 <基金代码> [页码]，还可加选项 `页:`、`每页:`。',
    );
    expect(english.t(invalid('/fund-asset', '000001 2 3 4').message)).toBe(
      'Too many words: "3" "4". /fund-asset takes <fund code> [page] and options page:, size:.',
    );
    expect(zh.t(invalid('/bids', '光伏组件 页:2 p:3').message)).toBe('`页:`和`p:`指的是同一项，只需写一个。');
    expect(zh.t(invalid('/bids', '光伏组件 地区:浙江 地区:北京').message)).toBe('`地区:`写了两次，只需写一次。');
    expect(zh.t(invalid('/fund-asset', '000001 2 页:3').message)).toBe('`页:`和页码指的是同一项，只需写一个。');
    expect(english.t(invalid('/fund-asset', '000001 2 页:3').message)).toBe(
      'Both 页: and the page set the same thing; give only one.',
    );
    expect(zh.t(invalid('/bids', '光伏组件 地区:').message)).toBe('选项“地区”后面要写值（`地区:<代码或名称>`）。');
    expect(zh.t(invalid('/dq', '用量 今天').message)).toBe('“今天”不是月份：请写 2026-10、2026年10月，或“上月”。');
    expect(zh.t(invalid('/stocks', 'AAPL').message)).toBe('本应用没有 `/stocks` 这个命令。');
  });
});

describe('examples, field names, costs and titles in the reader’s words', () => {
  it.each(OPERATION_IDS)('%s: each Chinese example asks exactly what its English twin asks', (id) => {
    const syntax = COMMAND_GRAMMAR.syntaxOf(id);
    const englishExamples = examplesIn(syntax, 'en');
    const chineseExamples = examplesIn(syntax, 'zh-CN');
    expect(chineseExamples.length).toBe(englishExamples.length);
    chineseExamples.forEach((args, index) => {
      expect(wireRequest(syntax.command, args, id), args).toEqual(
        wireRequest(syntax.command, englishExamples[index]!, id),
      );
    });
    expect(exampleFor(COMMAND_GRAMMAR.syntaxOf(id), zh)).toBe(`${syntax.command} ${chineseExamples[0]}`);
    expect(exampleFor(COMMAND_GRAMMAR.syntaxOf(id), english)).toBe(`${syntax.command} ${syntax.example}`);
  });

  it('/futures CL 5分钟 30 is the Chinese example of the futures command', () => {
    expect(exampleFor(COMMAND_GRAMMAR.syntaxOf(FUTURES), zh)).toBe('/futures CL 5分钟 30');
    expect(wireRequest('/dq', '期货 CL 5分钟 30', FUTURES)).toEqual({ symbol: 'CL', type: '5', limit: '30' });
  });

  it('field names for validation errors', () => {
    expect(userFieldName(COMMAND_GRAMMAR.syntaxOf(BIDS), 'publishEndTime', zh)).toBe('“到”');
    expect(userFieldName(COMMAND_GRAMMAR.syntaxOf(BIDS), 'publishStartTime', zh)).toBe('“从”');
    expect(userFieldName(COMMAND_GRAMMAR.syntaxOf(BIDS), 'province', zh)).toBe('“地区”');
    expect(userFieldName(COMMAND_GRAMMAR.syntaxOf(BIDS), 'searchType', zh)).toBe('“范围”');
    expect(userFieldName(COMMAND_GRAMMAR.syntaxOf(BIDS), 'keyword', zh)).toBe('关键词');
    expect(userFieldName(COMMAND_GRAMMAR.syntaxOf(TAX), 'keyword', zh)).toBe('企业名称或信用代码');
    expect(userFieldName(COMMAND_GRAMMAR.syntaxOf(FUND), 'fundCode', zh)).toBe('基金代码');
    expect(userFieldName(COMMAND_GRAMMAR.syntaxOf(FUTURES), 'symbol', zh)).toBe('品种代码');
    expect(userFieldName(COMMAND_GRAMMAR.syntaxOf(FUTURES), 'type', zh)).toBe('“周期”');
    expect(userFieldName(COMMAND_GRAMMAR.syntaxOf(FUTURES), 'limit', zh)).toBe('“根数”');
    expect(userFieldName(COMMAND_GRAMMAR.syntaxOf(NEW_FUNDS), 'saleStatus', zh)).toBe('“状态”');
    expect(userFieldName(COMMAND_GRAMMAR.syntaxOf(NEW_FUNDS), 'pageSize', zh)).toBe('“每页”');
    expect(userFieldName(COMMAND_GRAMMAR.syntaxOf(BIDS), 'keyword', english)).toBe('the keyword');
  });

  it('what a lookup costs', () => {
    const prices = pricesFrom();
    expect(lookupCostText(operations[TAX], prices, zh)).toBe('每次查询 20 币');
    expect(lookupCostText(operations[BIDS], prices, zh)).toBe('每次查询 10 币（估计值，数据服务未公布此项费用）');
    expect(lookupCostText(operations[TAX], prices, english)).toBe('20 coins per lookup');
    expect(lookupCostText(operations[TAX], pricesFrom({ [TAX]: 1 }), english)).toBe('1 coin per lookup');
    expect(lookupCostText(operations[TAX], pricesFrom({ [TAX]: 1500 }), zh)).toBe('每次查询 1,500 币');
  });

  it('operation titles: the English is the definition’s own, the Chinese has no English', () => {
    for (const id of OPERATION_IDS) {
      expect(operationTitle(id, english)).toBe(ENGLISH_TITLES[id]);
      // K线 is how Chinese traders write candlesticks; no other Latin letter.
      expect(operationTitle(id, zh).replace('K线', '')).not.toMatch(/[a-z]/i);
      expect(operationTitle(id, zh).length).toBeLessThanOrEqual(24);
    }
  });
});

describe('the catalogue’s words are the syntax’s words', () => {
  it('each option key and subcommand has its catalogue twin, the word help shows', () => {
    for (const syntax of COMMAND_GRAMMAR.syntaxes) {
      expect(zh.t(operationSubcommand(syntax)[0])).toBe(shownWord(subcommandWords(operationSubcommand(syntax)), zh));
      expect(english.t(operationSubcommand(syntax)[0])).toBe(
        shownWord(subcommandWords(operationSubcommand(syntax)), english),
      );
      for (const word of syntax.subcommandSynonyms) expect(word, syntax.command).toBe(word.toLowerCase());
      for (const option of syntax.options) {
        expect(zh.t(option.keys[0])).toBe(shownWord(optionKeys(option), zh));
        expect(english.t(option.keys[0])).toBe(shownWord(optionKeys(option), english));
        for (const key of option.keys.slice(1)) expect(key).toBe(key.toLowerCase());
      }
      for (const word of positionalWords(syntax)) expect(zh.t(word.name)).toMatch(/\p{Script=Han}/u);
    }
    for (const words of [USAGE_WORDS, DIGEST_WORDS, LANG_WORDS, HELP_WORDS]) {
      expect(zh.t(words[0])).toBe(shownWord(subcommandWords(words), zh));
      expect(english.t(words[0])).toBe(shownWord(subcommandWords(words), english));
      for (const word of words.slice(1)) expect(word).toBe(word.toLowerCase());
    }
  });

  it('shows each choice list and shape as it always read, built from one word per value', () => {
    expect([english, zh].map((lang) => lang.t(shapeOf(BIDS, 'type')))).toEqual([
      'tender|award|planned',
      '招标|中标|拟建',
    ]);
    expect([english, zh].map((lang) => lang.t(shapeOf(BIDS, 'searchType')))).toEqual([
      'title,purchaser,supplier',
      '标题、采购人、供应商',
    ]);
    expect([english, zh].map((lang) => lang.t(shapeOf(NEW_FUNDS, 'saleStatus')))).toEqual([
      'onsale|offsale|all',
      '在售|未在售|全部',
    ]);
    expect(
      [english, zh].map((lang) => lang.t({ words: BID_NOTICE_TYPE_WORDS, joinedBy: 'common.wordList.choices' })),
    ).toEqual(['tender, award, planned', '招标、中标、拟建']);
    expect(
      [english, zh].map((lang) => lang.t({ words: SALE_STATUS_WORDS, joinedBy: 'common.wordList.choices' })),
    ).toEqual(['onsale, offsale, all', '在售、未在售、全部']);
  });

  it('every choice the help or an error names is read as that choice', () => {
    for (const lang of [english, zh]) {
      const bidTypes = lang.t({ words: BID_NOTICE_TYPE_WORDS, joinedBy: 'common.wordList.choices' }).split(/, |、/);
      expect(bidTypes).toEqual(lang.t(shapeOf(BIDS, 'type')).split('|'));
      for (const [index, word] of bidTypes.entries()) {
        expect(wireRequest('/bids', `光伏组件 type:${word}`, BIDS), word).toMatchObject({ type: String(index + 1) });
      }
      const periods = lang.t('futures.choices.period').split(/, |、/);
      expect(periods.map((word) => (validate(FUTURES, { symbol: 'CL', type: word }) as { type: string }).type)).toEqual(
        ['0', '1', '5', '15', '30', '60', '120', '240', 'W', 'M'],
      );
      const statuses = lang.t({ words: SALE_STATUS_WORDS, joinedBy: 'common.wordList.choices' }).split(/, |、/);
      expect(statuses).toEqual(lang.t(shapeOf(NEW_FUNDS, 'saleStatus')).split('|'));
      expect(
        statuses.map((word) => (validate(NEW_FUNDS, { saleStatus: word }) as { saleStatus?: string }).saleStatus),
      ).toEqual(['true', 'false', undefined]);
      const fields = lang.t(shapeOf(BIDS, 'searchType'));
      expect(wireRequest('/bids', `光伏组件 in:${fields}`, BIDS)).toMatchObject({ searchType: '1,2,3' });
    }
  });
});
