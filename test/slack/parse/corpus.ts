/**
 * The corpus of issue 44: messages as people in procurement and fund analysis write them to a group
 * bot, each with what the app must make of it, read at the suite's pinned clock (2026-11-22 in
 * Beijing, a Sunday). The test (messageCorpus.test.ts) reports the share read as labelled and the
 * paid misreads: a call made that the label does not say.
 *
 * - `call`: the one lookup it must run, as its command (`/bids 光伏组件 type:tender from:… to:…`);
 *   compared as requests after validation, so a call validation refuses (a period over one year)
 *   is refused free both ways.
 * - `ask`: a question, and the exact queries its buttons run (a bare `/bids` is the form).
 * - `free`: no call: the usage answer (`/dq usage`, `/dq usage last`), help (`/dq help`), a
 *   greeting (`greeting`) or what the app can do (`unreadable`).
 * - `offer`: no call: the digest or watch offered with Save, as the command that saves it
 *   (`/dq digest add daily 09:00 onsale type:bond`, `/dq watch add fund 000001 daily 09:00`).
 */

import { FUND_NAMES } from './corpusFunds.js';
import { NEW_FUNDS_CORPUS } from './corpusNewFunds.js';

export type Label = { call: string } | { ask: readonly string[] } | { free: string } | { offer: string };

export interface CorpusMessage {
  text: string;
  lang: 'zh' | 'en' | 'mixed';
  label: Label;
  why?: string;
}

/** Periods at 2026-11-22 (Beijing), worked out by hand, not by the reader. */
const P = {
  thisYear: ['2026-01-01', '2026-11-22'],
  lastYear: ['2025-01-01', '2025-12-31'],
  thisMonth: ['2026-11-01', '2026-11-22'],
  lastMonth: ['2026-10-01', '2026-10-31'],
  last3Months: ['2026-08-23', '2026-11-22'],
  last6Months: ['2026-05-23', '2026-11-22'],
  lastYearSpan: ['2025-11-23', '2026-11-22'],
  q1: ['2026-01-01', '2026-03-31'],
  q2: ['2026-04-01', '2026-06-30'],
  q3: ['2026-07-01', '2026-09-30'],
  h1: ['2026-01-01', '2026-06-30'],
  h2: ['2026-07-01', '2026-11-22'],
  march2025: ['2025-03-01', '2025-03-31'],
  march: ['2026-03-01', '2026-03-31'],
  sinceMarch: ['2026-03-01', '2026-11-22'],
  janToJun: ['2026-01-01', '2026-06-30'],
  lastWeek: ['2026-11-09', '2026-11-15'],
  last30Days: ['2026-10-24', '2026-11-22'],
  twoYears: ['2024-11-23', '2026-11-22'],
} as const satisfies Record<string, readonly [string, string]>;
type PeriodName = keyof typeof P;

const ZH_PERIODS: ReadonlyArray<[string, PeriodName]> = [
  ['今年', 'thisYear'],
  ['上个月', 'lastMonth'],
  ['近三个月', 'last3Months'],
  ['近半年', 'last6Months'],
  ['一季度', 'q1'],
  ['2025年3月', 'march2025'],
  ['3月以来', 'sinceMarch'],
  ['2026年1月至6月', 'janToJun'],
  ['上半年', 'h1'],
  ['去年', 'lastYear'],
  ['本月', 'thisMonth'],
  ['近一年', 'lastYearSpan'],
  ['3月份', 'march'],
  ['下半年', 'h2'],
  ['最近30天', 'last30Days'],
  ['二季度', 'q2'],
  ['上周', 'lastWeek'],
  ['第三季度', 'q3'],
];
const EN_PERIODS: ReadonlyArray<[string, PeriodName]> = [
  ['this year', 'thisYear'],
  ['last month', 'lastMonth'],
  ['the last 3 months', 'last3Months'],
  ['Q1 2026', 'q1'],
  ['since March', 'sinceMarch'],
  ['January to June', 'janToJun'],
  ['the past six months', 'last6Months'],
  ['last year', 'lastYear'],
  ['this month', 'thisMonth'],
  ['in March', 'march'],
  ['the first half of 2026', 'h1'],
  ['the last 30 days', 'last30Days'],
];

const ZH_KEYWORDS = ['光伏组件', '储能电站', '污水处理', '医疗设备', '充电桩', '风电塔筒', '变压器'];
const EN_KEYWORDS = ['solar panel', 'energy storage', 'sewage treatment', 'medical equipment', 'charging pile'];

const TYPE = { tender: 'type:tender', award: 'type:award', planned: 'type:planned', any: '' } as const;
type Kind = keyof typeof TYPE;

function bids(keyword: string, period: PeriodName, kind: Kind, extra = ''): string {
  const [from, to] = P[period];
  return ['/bids', keyword, TYPE[kind], extra, `from:${from}`, `to:${to}`].filter(Boolean).join(' ');
}

/** Tender searches, Chinese: subjects × options × periods × the ways people ask. */
const ZH_TENDER_TEMPLATES: ReadonlyArray<[template: (k: string, p: string) => string, kind: Kind, extra?: string]> = [
  [(k, p) => `${k} ${p} 招标`, 'tender'],
  [(k, p) => `帮我搜一下${k}${p}的招标`, 'tender'],
  [(k, p) => `${p}${k}的中标结果`, 'award'],
  [(k, p) => `查查${p}浙江的${k}中标`, 'award', 'region:ZJ'],
  [(k, p) => `有没有${k}相关的招标 ${p}`, 'tender'],
  [(k, p) => `${p}有哪些${k}招标`, 'tender'],
  [(k, p) => `${k}招标 ${p} 江苏`, 'tender', 'region:JS'],
  [(k, p) => `${p} ${k} 拟建项目`, 'planned'],
  [(k, p) => `请问${p}${k}有没有中标公告`, 'award'],
  [(k, p) => `看看${p}广东的${k}招标信息`, 'any', 'region:GD'],
];

const EN_TENDER_TEMPLATES: ReadonlyArray<[template: (k: string, p: string) => string, kind: Kind, extra?: string]> = [
  [(k, p) => `${k} tenders ${p}`, 'tender'],
  [(k, p) => `show me ${k} awards ${p}`, 'award'],
  [(k, p) => `are there any ${k} tenders ${p}?`, 'tender'],
  [(k, p) => `tenders related to ${k} ${p}`, 'tender'],
  [(k, p) => `${k} award results ${p} in ZJ`, 'award', 'region:ZJ'],
];

function generatedTenders(): CorpusMessage[] {
  const messages: CorpusMessage[] = [];
  ZH_TENDER_TEMPLATES.forEach(([template, kind, extra], t) => {
    ZH_KEYWORDS.forEach((keyword, k) => {
      for (let i = 0; i < 2; i++) {
        const [words, period] = ZH_PERIODS[(t * 7 + k * 3 + i * 5) % ZH_PERIODS.length]!;
        messages.push({
          text: template(keyword, words),
          lang: 'zh',
          label: { call: bids(keyword, period, kind, extra) },
        });
      }
    });
  });
  EN_TENDER_TEMPLATES.forEach(([template, kind, extra], t) => {
    EN_KEYWORDS.forEach((keyword, k) => {
      for (let i = 0; i < 2; i++) {
        const [words, period] = EN_PERIODS[(t * 5 + k * 3 + i * 7) % EN_PERIODS.length]!;
        messages.push({
          text: template(keyword, words),
          lang: 'en',
          label: { call: bids(keyword, period, kind, extra) },
        });
      }
    });
  });
  return messages;
}

const FUND_CODES = ['000001', '110022', '161725', '510300', '005827'];
const ZH_FUND_TEMPLATES = [
  (c: string) => `${c} 规模变化`,
  (c: string) => `${c}的规模多少`,
  (c: string) => `帮我查查${c}的基金规模`,
  (c: string) => `${c}现在规模有多大`,
  (c: string) => `${c} 规模走势`,
  (c: string) => `请问${c}净资产规模是多少`,
];
const EN_FUND_TEMPLATES = [
  (c: string) => `how big is fund ${c}`,
  (c: string) => `fund size of ${c}`,
  (c: string) => `what is the AUM of ${c}?`,
  (c: string) => `${c} size history please`,
];

function generatedFunds(): CorpusMessage[] {
  return [
    ...ZH_FUND_TEMPLATES.flatMap((template) =>
      FUND_CODES.map(
        (code): CorpusMessage => ({ text: template(code), lang: 'zh', label: { call: `/fund-asset ${code}` } }),
      ),
    ),
    ...EN_FUND_TEMPLATES.flatMap((template) =>
      FUND_CODES.map(
        (code): CorpusMessage => ({ text: template(code), lang: 'en', label: { call: `/fund-asset ${code}` } }),
      ),
    ),
  ];
}

const COMPANIES = ['杭州华信', '上海恒远', '深圳中联', '杭州华信光伏科技有限公司'];
const ZH_TAX_TEMPLATES = [
  (n: string) => `${n}是一般纳税人吗`,
  (n: string) => `${n}是A级纳税人吗`,
  (n: string) => `${n}还在经营吗`,
  (n: string) => `${n}的税号`,
  (n: string) => `帮我查查${n}的纳税信用等级`,
  (n: string) => `${n}是不是一般纳税人？`,
];
const EN_TAX_TEMPLATES = [
  (n: string) => `is ${n} a general taxpayer?`,
  (n: string) => `tax id of ${n}`,
  (n: string) => `is ${n} still in business?`,
];

function generatedTaxpayers(): CorpusMessage[] {
  return [
    ...ZH_TAX_TEMPLATES.flatMap((template) =>
      COMPANIES.map(
        (name): CorpusMessage => ({ text: template(name), lang: 'zh', label: { call: `/taxpayer ${name}` } }),
      ),
    ),
    ...EN_TAX_TEMPLATES.flatMap((template) =>
      COMPANIES.slice(0, 3).map(
        (name): CorpusMessage => ({ text: template(name), lang: 'mixed', label: { call: `/taxpayer ${name}` } }),
      ),
    ),
  ];
}

const zh = (text: string, label: Label, why?: string): CorpusMessage => ({
  text,
  lang: 'zh',
  label,
  ...(why ? { why } : {}),
});
const en = (text: string, label: Label, why?: string): CorpusMessage => ({
  text,
  lang: 'en',
  label,
  ...(why ? { why } : {}),
});
const mixed = (text: string, label: Label, why?: string): CorpusMessage => ({
  text,
  lang: 'mixed',
  label,
  ...(why ? { why } : {}),
});
const call = (command: string): Label => ({ call: command });
const ask = (...commands: string[]): Label => ({ ask: commands });
const free = (answer: string): Label => ({ free: answer });

/** The issue's own examples. */
const ISSUE: readonly CorpusMessage[] = [
  zh('帮我搜一下光伏组件今年的招标', call(bids('光伏组件', 'thisYear', 'tender')), 'was 搜 光伏组件 年, paid'),
  zh('光伏组件 今年', call(bids('光伏组件', 'thisYear', 'any')), 'was keyword 光伏组件 今年'),
  zh('2026年一季度 储能电站', call(bids('储能电站', 'q1', 'any')), 'was keyword 年一季度 储能电站'),
  zh('光伏组件 上个月', call(bids('光伏组件', 'lastMonth', 'any'))),
  zh('光伏组件 近半年 中标', call(bids('光伏组件', 'last6Months', 'award'))),
  zh('光伏组件 1月份 招标', call('/bids 光伏组件 type:tender from:2026-01-01 to:2026-01-31')),
  zh('光伏组件 2026年1月至6月 中标', call(bids('光伏组件', 'janToJun', 'award'))),
  en('solar panel tenders this year', call(bids('solar panel', 'thisYear', 'tender'))),
  en('solar panel tenders the last six months', call(bids('solar panel', 'last6Months', 'tender'))),
  en('solar panel tenders Q1', call(bids('solar panel', 'q1', 'tender'))),
  en('solar panel tenders January to June', call(bids('solar panel', 'janToJun', 'tender'))),
  zh('有没有储能电站相关的招标', call('/bids 储能电站 type:tender'), 'was keyword 有没有储能电站相关'),
  zh('杭州华信的税号', call('/taxpayer 杭州华信'), 'was keyword 杭州华信的税号'),
  zh('杭州华信 还在经营吗', call('/taxpayer 杭州华信'), 'was keyword 杭州华信 还在经营'),
  zh('杭州华信是A级纳税人吗', call('/taxpayer 杭州华信'), 'was keyword … 级'),
  zh('余额', free('/dq usage'), 'was a 20-coin taxpayer search'),
  zh('这个月花了多少', free('/dq usage this')),
  zh('价格', free('/dq help')),
  zh('000001 规模变化', call('/fund-asset 000001'), 'was a one-button question'),
  en('how big is fund 110022', call('/fund-asset 110022'), 'was a one-button question'),
  zh('在卖的新基金', call('/new-funds onsale'), 'was the whole list'),
  zh('结束募集的新基金', call('/new-funds offsale'), 'was the whole list'),
  zh('债券型新基金', call('/new-funds all fundtype:bond'), 'the kind filters the page, as digests filter'),
  zh('光伏组件 近两年 招标', call(bids('光伏组件', 'twoYears', 'tender')), 'over one year: refused free, and said so'),
];

/** The app's own matters: free, in both languages. */
const FREE: readonly CorpusMessage[] = [
  zh('还剩多少', free('/dq usage')),
  zh('还剩多少币', free('/dq usage')),
  zh('余额多少', free('/dq usage')),
  zh('查一下余额', free('/dq usage')),
  zh('我们的余额还有多少', free('/dq usage')),
  zh('上个月花了多少', free('/dq usage last')),
  zh('本月花了多少', free('/dq usage this')),
  zh('这个月用了多少', free('/dq usage this')),
  zh('账单', free('/dq usage')),
  zh('多少钱', free('/dq help')),
  zh('收费', free('/dq help')),
  zh('怎么收费', free('/dq help')),
  zh('查一次多少钱', free('/dq help')),
  zh('价格表', free('/dq help')),
  zh('你能做什么', free('/dq help')),
  zh('你会什么', free('/dq help')),
  zh('能查什么', free('/dq help')),
  zh('怎么用', free('/dq help')),
  zh('有什么功能', free('/dq help')),
  zh('帮助', free('/dq help')),
  zh('你好', free('greeting')),
  zh('谢谢', free('greeting')),
  en('balance', free('/dq usage')),
  en("what's my balance", free('/dq usage')),
  en('how much did we spend', free('/dq usage')),
  en('how much did we spend last month', free('/dq usage last')),
  en('how much have we spent this month', free('/dq usage this')),
  en('coins left', free('/dq usage')),
  en('price list', free('/dq help')),
  en('prices', free('/dq help')),
  en('how much does it cost', free('/dq help')),
  en('what does it cost?', free('/dq help')),
  en('pricing', free('/dq help')),
  en('what can you do', free('/dq help')),
  en('what can I ask', free('/dq help')),
  en('help', free('/dq help')),
  en('hi there', free('greeting')),
];

/** New funds in words: sale status placed; a kind placed, but asked (the list does not filter by kind). */
const NEW_FUNDS: readonly CorpusMessage[] = [
  zh('在卖的新基金有哪些', call('/new-funds onsale')),
  zh('新基金 在卖', call('/new-funds onsale')),
  zh('新发基金 在售', call('/new-funds onsale')),
  zh('新发基金 结束募集', call('/new-funds offsale')),
  zh('已结束的新发基金', call('/new-funds offsale')),
  zh('新基金 募集结束', call('/new-funds offsale')),
  zh('最近有什么新发基金', call('/new-funds all')),
  zh('新发基金 全部', call('/new-funds all')),
  zh('在售的债券基金', ask('/new-funds onsale fundtype:bond')),
  zh('新发基金 股票型', call('/new-funds all fundtype:equity')),
  zh('在卖的混合型新基金', call('/new-funds onsale fundtype:mixed')),
  zh('指数基金 新发', call('/new-funds all fundtype:index')),
  zh('货币基金 新发 在售', call('/new-funds onsale fundtype:money')),
  zh('QDII 新发基金', call('/new-funds all fundtype:qdii')),
  en('new funds on sale', call('/new-funds onsale')),
  en('new funds ended', call('/new-funds offsale')),
  en('closed new funds', call('/new-funds offsale')),
  en('new funds all', call('/new-funds all')),
  en('new bond funds on sale', call('/new-funds onsale fundtype:bond')),
  en('new funds equity', call('/new-funds all fundtype:equity')),
  en('new index funds', call('/new-funds all fundtype:index')),
  en('new money market funds on sale', call('/new-funds onsale fundtype:money')),
];

/** A word the reader cannot place asks, and the buttons run exactly what they show. */
const ASKS: readonly CorpusMessage[] = [
  zh(
    '光伏组件 今年 储能电站 招标',
    ask(bids('光伏组件', 'thisYear', 'tender'), bids('储能电站', 'thisYear', 'tender')),
    'two runs of unknown words',
  ),
  zh('光伏组件、储能电站 中标', ask('/bids 光伏组件 type:award', '/bids 储能电站 type:award')),
  zh('杭州华信', ask('/taxpayer 杭州华信', '/bids 杭州华信'), 'a name alone'),
  zh(
    '看看今年广东光伏组件的招标信息',
    ask(bids('广东光伏组件', 'thisYear', 'any'), bids('光伏组件', 'thisYear', 'any', 'region:GD')),
    'a region glued before a keyword: 广东光伏组件, or 光伏组件 in 广东',
  ),
  zh('江苏污水处理 中标', ask('/bids 江苏污水处理 type:award', '/bids 污水处理 type:award region:JS')),
  zh('华为', ask('/taxpayer 华为'), 'too short for a tender search'),
  zh('招标', ask('/bids'), 'no keyword: the form'),
  zh('今年的招标', ask('/bids'), 'a period but no keyword: the form'),
  zh('上个月 中标', ask('/bids')),
  zh(
    '这个光伏新项目怎么样',
    ask('/bids'),
    '新项目 is the project, not part of the keyword; 光伏 alone is too short a keyword: the form',
  ),
  zh('这个储能电站新项目怎么样', ask('/bids 储能电站'), 'chit-chat around a keyword: asked'),
  zh('000001 110022 规模', ask('/fund-asset 000001', '/fund-asset 110022')),
  zh('000001 平安银行', ask('/fund-asset 000001', '/taxpayer 平安银行', '/bids 平安银行')),
  zh('原油价格', ask('/futures CL 1d', '/futures CL 1h', '/futures CL 5m', '/futures CL 1w')),
  en('gold', ask('/futures GC 1d', '/futures GC 1h', '/futures GC 5m', '/futures GC 1w')),
  en('tenders last month', ask('/bids'), 'no keyword'),
  en(
    'solar panel last month',
    ask(bids('solar panel', 'lastMonth', 'any')),
    'Latin words and a period, no word for tenders',
  ),
  zh('谢谢 000001', ask('/fund-asset 000001')),
];

/** Written as a procurement officer and a fund analyst write to a group bot. */
const REAL_WORLD: readonly CorpusMessage[] = [
  zh('帮忙看下最近三个月浙江有没有储能电站的招标', call(bids('储能电站', 'last3Months', 'tender', 'region:ZJ'))),
  zh('上个月光伏组件中标结果有哪些', call(bids('光伏组件', 'lastMonth', 'award'))),
  zh('2026年1月至6月江苏 污水处理 拟建项目', call(bids('污水处理', 'janToJun', 'planned', 'region:JS'))),
  zh('今年一季度医疗设备的招标公告', call(bids('医疗设备', 'q1', 'tender'))),
  zh('有没有变压器相关的招标', call('/bids 变压器 type:tender')),
  zh('最近半年 数据中心 中标 广东', call(bids('数据中心', 'last6Months', 'award', 'region:GD'))),
  zh('查查3月以来充电桩的招标', call(bids('充电桩', 'sinceMarch', 'tender'))),
  zh('近一年 风电塔筒 中标', call(bids('风电塔筒', 'lastYearSpan', 'award'))),
  zh('去年下半年的光伏组件招标', call('/bids 光伏组件 type:tender from:2025-07-01 to:2025-12-31')),
  zh('今年上半年的储能电站中标', call(bids('储能电站', 'h1', 'award'))),
  zh('去年12月 变压器 招标', call('/bids 变压器 type:tender from:2025-12-01 to:2025-12-31')),
  zh('2025年下半年的光伏组件招标', call('/bids 光伏组件 type:tender from:2025-07-01 to:2025-12-31')),
  zh('本月 浙江 光伏组件 中标', call(bids('光伏组件', 'thisMonth', 'award', 'region:ZJ'))),
  zh('麻烦搜一下上周的污水处理招标', call(bids('污水处理', 'lastWeek', 'tender'))),
  zh('储能电站 中标 只看标题 今年', call(bids('储能电站', 'thisYear', 'award', 'in:title'))),
  zh('今年广东有哪些充电桩中标', call(bids('充电桩', 'thisYear', 'award', 'region:GD'))),
  zh('近三个月的医疗设备招标 第2页', call(bids('医疗设备', 'last3Months', 'tender', 'page:2'))),
  zh('上海恒远今年中标了哪些项目', call(bids('上海恒远', 'thisYear', 'award'))),
  zh('杭州华信 中标 去年', call(bids('杭州华信', 'lastYear', 'award'))),
  zh('帮我查一下深圳中联是不是一般纳税人', call('/taxpayer 深圳中联')),
  zh('上海恒远软件科技股份有限公司的税号是多少', call('/taxpayer 上海恒远软件科技股份有限公司')),
  zh('杭州华信现在还在经营吗？', call('/taxpayer 杭州华信')),
  zh('91330106774738789M 是一般纳税人吗', call('/taxpayer 91330106774738789M')),
  zh('161725 最近规模变化大吗', ask('/fund-asset 161725'), '大 is no word the reader places'),
  zh('看一下 510300 的规模变化', call('/fund-asset 510300')),
  zh('005827规模多少了', call('/fund-asset 005827')),
  zh('110022 基金规模 第2页', call('/fund-asset 110022 page:2')),
  zh('原油 日K 最近30根', call('/futures CL 1d 30')),
  zh('现在有哪些在卖的新基金', call('/new-funds onsale')),
  zh('发一下已结束募集的新发基金', call('/new-funds offsale')),
  en(
    'any energy storage tenders in ZJ the last 3 months?',
    call(bids('energy storage', 'last3Months', 'tender', 'region:ZJ')),
  ),
  en(
    'any energy storage tenders in Zhejiang the last 3 months?',
    call(bids('energy storage', 'last3Months', 'tender', 'region:ZJ')),
    'a region in pinyin is the region option (bidRegions.ts)',
  ),
  en('solar panel award results last month', call(bids('solar panel', 'lastMonth', 'award'))),
  en('medical equipment tenders since March', call(bids('medical equipment', 'sinceMarch', 'tender'))),
  en('charging pile tenders Q1 2026 in GD', call(bids('charging pile', 'q1', 'tender', 'region:GD'))),
  en('show me data center awards this year', call(bids('data center', 'thisYear', 'award'))),
  en('sewage treatment planned projects this year', call(bids('sewage treatment', 'thisYear', 'planned'))),
  en('how big is 000001', call('/fund-asset 000001')),
  en('what is the fund size of 161725 now', call('/fund-asset 161725')),
  en('is 上海恒远 still in business', call('/taxpayer 上海恒远')),
  en('CL daily 60', call('/futures CL 1d 60')),
  en('which new funds are on sale?', call('/new-funds onsale')),
  mixed('光伏组件 tenders last month', call(bids('光伏组件', 'lastMonth', 'tender'))),
  // Written after the reader, to try it: each label what the writer meant, or a question where it is not sure.
  zh('最近一个月有没有光伏组件的招标', call('/bids 光伏组件 type:tender from:2026-10-23 to:2026-11-22')),
  zh('帮我看看今年上半年储能电站的中标情况', call(bids('储能电站', 'h1', 'award'))),
  zh('浙江省近三个月的污水处理招标', call(bids('污水处理', 'last3Months', 'tender', 'region:ZJ'))),
  zh('近期有什么充电桩项目招标', call('/bids 充电桩 type:tender'), '近期 names no period: the service’s own'),
  zh('今年光伏组件中标的有哪些公司', ask(bids('光伏组件', 'thisYear', 'award')), '公司 is no word the reader places'),
  zh('查一下杭州华信有没有中标', call('/bids 杭州华信 type:award')),
  zh('上个月江苏的变压器中标公告', call(bids('变压器', 'lastMonth', 'award', 'region:JS'))),
  zh('2026年3月的医疗设备招标', call(bids('医疗设备', 'march', 'tender'))),
  zh('光伏组件招标，今年的', call(bids('光伏组件', 'thisYear', 'tender'))),
  zh('麻烦看下本月风电塔筒的招标公告，谢谢', call(bids('风电塔筒', 'thisMonth', 'tender'))),
  zh('储能 招标 本周', call('/bids 储能 type:tender from:2026-11-16 to:2026-11-22')),
  en('what solar panel tenders are there this year?', call(bids('solar panel', 'thisYear', 'tender'))),
  en('tenders for solar panel in the last 3 months', call(bids('solar panel', 'last3Months', 'tender'))),
  mixed('any award results for 光伏组件 last month?', call(bids('光伏组件', 'lastMonth', 'award'))),
  en('show me the energy storage tenders from last month please', call(bids('energy storage', 'lastMonth', 'tender'))),
  en('are there any tenders about charging piles since March', call(bids('charging piles', 'sinceMarch', 'tender'))),
  en('solar panel tenders in Q1', call(bids('solar panel', 'q1', 'tender'))),
  en('solar panel tenders from January to June 2026', call(bids('solar panel', 'janToJun', 'tender'))),
  zh('000001规模', call('/fund-asset 000001')),
  zh('000001 最近规模', call('/fund-asset 000001')),
  zh('000001的规模变化大吗', ask('/fund-asset 000001')),
  zh('帮我看下110022基金现在多大规模', call('/fund-asset 110022')),
  en("what's the size of fund 000001", call('/fund-asset 000001')),
  en('how large is 161725 now', call('/fund-asset 161725')),
  zh('杭州华信是一般纳税人么', call('/taxpayer 杭州华信')),
  zh('杭州华信 一般纳税人吗', call('/taxpayer 杭州华信')),
  zh('杭州华信是不是A级', call('/taxpayer 杭州华信')),
  zh('上海恒远的纳税信用是A吗', call('/taxpayer 上海恒远')),
  mixed('is 杭州华信 a general taxpayer or not', call('/taxpayer 杭州华信')),
  zh('深圳中联注销了吗', call('/taxpayer 深圳中联')),
  zh('我们还有多少余额', free('/dq usage')),
  zh('这个月用了多少币', free('/dq usage this'), 'was a tender search for 用了多少币 this month'),
  zh('本月的费用', free('/dq usage this')),
  zh('上个月的账单', free('/dq usage last')),
  zh('查询一次要多少钱', free('/dq help')),
  zh('收费标准是什么', free('/dq help')),
  en('what’s the price of a tender search', ask('/bids', '/futures'), 'not sure: prices or a search; free either way'),
  en('how much is left', free('/dq usage')),
  en('what can this bot do', free('/dq help')),
  zh('现在有哪些债券基金在卖', ask('/new-funds onsale fundtype:bond')),
  zh('最近新发的指数基金', call('/new-funds all fundtype:index')),
  zh('在售的新基金有哪些', call('/new-funds onsale')),
  zh('有没有在卖的新基金', call('/new-funds onsale')),
  zh('已经结束募集的新基金', call('/new-funds offsale')),
  en('new bond funds', call('/new-funds all fundtype:bond')),
  en('which new funds are closed', call('/new-funds offsale')),
  zh('000001 规模 多少钱', ask('/fund-asset 000001'), 'the size, or the price of asking it? asked'),
  zh('光伏组件今年', call(bids('光伏组件', 'thisYear', 'any'))),
  zh('光伏组件 今年 浙江', call(bids('光伏组件', 'thisYear', 'any', 'region:ZJ'))),
  zh('华为 今年 中标', call(bids('华为', 'thisYear', 'award')), 'refused free: too short a keyword'),
  zh('帮我查下华为今年中标了什么', call(bids('华为', 'thisYear', 'award')), 'was keyword 下华为'),
  zh('光伏 近3个月 招标 江苏省', call(bids('光伏', 'last3Months', 'tender', 'region:JS'))),
  zh('今年以来储能电站中标', call(bids('储能电站', 'thisYear', 'award')), 'was keyword 以来储能电站'),
  zh('Q3 储能电站 中标', call(bids('储能电站', 'q3', 'award'))),
  zh('2025年全年 光伏组件 招标', call(bids('光伏组件', 'lastYear', 'tender'))),
  zh(
    '光伏组件 2024年1月至2026年6月',
    call('/bids 光伏组件 from:2024-01-01 to:2026-06-30'),
    'over one year: refused free',
  ),
  zh('光伏组件 从上个月开始', call('/bids 光伏组件 from:2026-10-01 to:2026-11-22')),
  zh('光伏组件 去年至今', call('/bids 光伏组件 from:2025-01-01 to:2026-11-22'), 'over one year: refused free'),
  en('last quarter solar panel awards', call('/bids solar panel type:award from:2026-07-01 to:2026-09-30')),
  en('solar panel tenders in 2025', call(bids('solar panel', 'lastYear', 'tender'))),
  en('tenders for wind turbines last year', call(bids('wind turbines', 'lastYear', 'tender'))),
  en('help me find solar panel tenders this year', call(bids('solar panel', 'thisYear', 'tender'))),
  en('find tenders for solar panel since January', call(bids('solar panel', 'thisYear', 'tender'))),
  en('what is the balance', free('/dq usage')),
  en('what did we spend last month', free('/dq usage last')),
  en('bond funds on sale', ask('/new-funds onsale fundtype:bond')),
  mixed('bids 光伏组件 this year', call(bids('光伏组件', 'thisYear', 'any'))),
];

/**
 * From a native reader's pass over the reader's words: filler that cut names apart (里, 有无, 一次,
 * 所有), periods said loosely, and periods the first rules missed.
 */
const NATIVE_READER: readonly CorpusMessage[] = [
  zh('阿里巴巴 招标', call('/bids 阿里巴巴 type:tender'), '里 is no filler: it cut the name'),
  zh('有无人机的招标吗', call('/bids 无人机 type:tender'), '有…吗 asks whether there is any; 无人机 stays whole'),
  zh('一次性医用耗材 招标', call('/bids 一次性医用耗材 type:tender'), 'was 性医用耗材, paid'),
  zh('所有权登记 招标', call('/bids 所有权登记 type:tender'), 'was 权登记, paid'),
  zh('收费站 招标', ask('/bids 收费站 type:tender'), '收费 may ask about prices: asked, the button naming 收费站'),
  zh('光伏组件 近几年 招标', ask('/bids 光伏组件 type:tender'), 'a loose period: placed, asked, never a keyword'),
  zh('最近几个月 光伏组件招标', ask('/bids 光伏组件 type:tender')),
  zh('光伏组件 这两天 招标', ask('/bids 光伏组件 type:tender')),
  zh(
    '近年来 储能电站的招标',
    ask('/bids 储能电站 type:tender'),
    '近年来 means several years, not the last twelve months',
  ),
  zh('光伏组件 年初以来 招标', call('/bids 光伏组件 type:tender from:2026-01-01 to:2026-11-22')),
  zh('今年前三季度 光伏组件 招标', call('/bids 光伏组件 type:tender from:2026-01-01 to:2026-09-30')),
  en('solar panel tenders recently', ask('/bids solar panel type:tender')),
  zh('我的余额', free('/dq usage'), 'was: cannot read'),
  zh('我们还剩多少币', free('/dq usage')),
];

export const corpus: readonly CorpusMessage[] = [
  ...ISSUE,
  ...generatedTenders(),
  ...generatedFunds(),
  ...generatedTaxpayers(),
  ...FREE,
  ...NEW_FUNDS,
  ...ASKS,
  ...REAL_WORLD,
  ...NATIVE_READER,
  ...FUND_NAMES,
  ...NEW_FUNDS_CORPUS,
];
