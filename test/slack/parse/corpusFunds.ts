import type { SeenNamesData } from '../../../src/core/names/nameDirectory.js';
import type { CorpusMessage, Label } from './corpus.js';

/**
 * Funds named in words and misspelt names (issue 44), read with the names a workspace has seen
 * (`SEEN_NAMES`: what its new-fund lists, taxpayer records and tender notices gave), at the suite's
 * pinned clock (2026-11-22 in Beijing). A fund the directory knows once is its code; its A and C
 * classes ask which; a name it does not know asks for the code (the form), unless one is close;
 * a company name close to one seen offers the seen one first, then the name as written.
 */

export const SEEN_NAMES: SeenNamesData = {
  funds: [
    ['000001', '华夏成长混合'],
    ['110022', '易方达消费行业股票'],
    ['161725', '招商中证白酒指数(LOF)A'],
    ['012414', '招商中证白酒指数(LOF)C'],
    ['005827', '易方达蓝筹精选混合'],
    ['003095', '中欧医疗健康混合A'],
    ['003096', '中欧医疗健康混合C'],
    ['260108', '景顺长城新兴成长混合'],
    ['163406', '兴全合润混合(LOF)'],
    ['320007', '诺安成长混合'],
    ['519674', '银河创新成长混合A'],
    ['510300', '华泰柏瑞沪深300ETF'],
    ['000198', '天弘余额宝货币'],
    ['110011', '易方达优质精选混合(QDII)'],
    ['270042', '广发纳斯达克100ETF联接人民币(QDII)A'],
  ],
  companies: [
    '杭州华信科技有限公司',
    '杭州华信光伏科技有限公司',
    '上海恒远软件科技股份有限公司',
    '深圳中联电子有限公司',
    '浙江正泰新能源开发有限公司',
    '国网浙江省电力有限公司',
  ],
};

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
const fund = (code: string) => `/fund-asset ${code}`;
const FORM = '/fund-asset';

/** A fund the directory knows by one name: read as its code, and run. */
const ONE_FUND: readonly CorpusMessage[] = [
  zh('易方达蓝筹精选混合的规模', call(fund('005827'))),
  zh('华夏成长混合规模多少', call(fund('000001'))),
  zh('帮我查查中欧医疗健康混合A的规模变化', call(fund('003095'))),
  zh('景顺长城新兴成长混合 规模走势', call(fund('260108'))),
  zh('兴全合润混合(LOF)的净资产规模', call(fund('163406'))),
  zh('兴全合润的规模', call(fund('163406')), 'the start of one fund’s name'),
  zh('诺安成长混合现在规模有多大', call(fund('320007'))),
  zh('银河创新成长规模', call(fund('519674'))),
  zh('易方达消费行业股票 规模变化', call(fund('110022'))),
  zh('华泰柏瑞沪深300ETF规模', call(fund('510300'))),
  zh('看一下易方达优质精选的规模', call(fund('110011'))),
  zh('广发纳斯达克100的规模', call(fund('270042'))),
  zh('华夏成长混合 规模 第2页', call('/fund-asset 000001 page:2')),
  zh('麻烦看下兴全合润混合(LOF)规模变化', call(fund('163406'))),
  zh('中欧医疗健康混合C 规模', call(fund('003096'))),
  zh('请问天弘余额宝货币净资产规模是多少', call(fund('000198'))),
  zh('易方达蓝筹精选混合', call(fund('005827')), 'a fund’s whole name alone is its code'),
  mixed('how big is 易方达蓝筹精选混合', call(fund('005827'))),
  mixed('fund size of 华夏成长混合', call(fund('000001'))),
  mixed('what is the AUM of 中欧医疗健康混合A?', call(fund('003095'))),
  mixed('景顺长城新兴成长混合 size history please', call(fund('260108'))),
  mixed('兴全合润 fund size', call(fund('163406'))),
  mixed('net assets of 天弘余额宝货币', call(fund('000198'))),
  mixed('how big is 银河创新成长', call(fund('519674'))),
];

/** A name several funds share the start of (their A and C classes): a button for each. */
const SEVERAL_FUNDS: readonly CorpusMessage[] = [
  zh('招商中证白酒的规模', ask(fund('161725'), fund('012414'))),
  zh('中欧医疗健康的规模', ask(fund('003095'), fund('003096'))),
  zh('招商中证白酒指数规模变化', ask(fund('161725'), fund('012414'))),
  zh('帮我看看中欧医疗健康 规模走势', ask(fund('003095'), fund('003096'))),
  mixed('how big is 招商中证白酒', ask(fund('161725'), fund('012414'))),
  mixed('how large is 中欧医疗健康', ask(fund('003095'), fund('003096'))),
];

/** A fund name the directory does not know, nor any close to it: the code is asked for, free. */
const UNKNOWN_FUNDS: readonly CorpusMessage[] = [
  zh('富国天惠成长混合的规模', ask(FORM), 'never seen: asks for the code'),
  zh('帮我看看睿远成长价值的规模', ask(FORM)),
  zh('工银前沿医疗规模多少', ask(FORM)),
  zh('鹏华中证酒的规模', ask(FORM)),
  zh('招商白酒规模', ask(FORM), 'not the start of a name seen, nor close to one'),
  en('how big is E Fund Blue Chip', ask(FORM), 'the service names funds in Chinese'),
  en('fund size of Fidelity China Focus', ask(FORM)),
  en('what is the AUM of Vanguard Total Stock?', { free: 'unreadable' }, 'what the app can do: fund sizes by code'),
  mixed('fund size of 富国天惠成长混合', ask(FORM)),
  mixed('how big is 睿远成长价值', ask(FORM)),
];

/** A fund name one or two characters off a seen one: "did you mean" it, free until pressed. */
const CLOSE_FUNDS: readonly CorpusMessage[] = [
  zh('华厦成长混合的规模', ask(fund('000001')), '厦 for 夏'),
  zh('景顺长成新兴成长混合 规模', ask(fund('260108')), '长成 for 长城'),
  zh('诺安成长混和规模多少', ask(fund('320007')), '混和 for 混合'),
  mixed('how big is 华厦成长混合', ask(fund('000001'))),
];

/** A company name close to one seen: the seen one first, then the name as written; nothing runs unasked. */
const CLOSE_COMPANIES: readonly CorpusMessage[] = [
  zh(
    '杭洲华信',
    ask('/taxpayer 杭州华信', '/bids 杭州华信', '/taxpayer 杭洲华信', '/bids 杭洲华信'),
    '洲 for 州: was 20 coins for nothing',
  ),
  zh('杭洲华信是一般纳税人吗', ask('/taxpayer 杭州华信', '/taxpayer 杭洲华信')),
  zh('查一下杭洲华信的纳税人资质', ask('/taxpayer 杭州华信', '/taxpayer 杭洲华信')),
  zh('上海恒运软件还在经营吗', ask('/taxpayer 上海恒远软件', '/taxpayer 上海恒运软件'), '运 for 远'),
  zh('浙江正太新能源的税号', ask('/taxpayer 浙江正泰新能源', '/taxpayer 浙江正太新能源'), '太 sounds as 泰'),
  zh(
    '杭洲华信 中标 去年',
    ask(
      '/bids 杭州华信 type:award from:2025-01-01 to:2025-12-31',
      '/bids 杭洲华信 type:award from:2025-01-01 to:2025-12-31',
    ),
  ),
  zh('深圳中连的纳税信用等级', ask('/taxpayer 深圳中联', '/taxpayer 深圳中连')),
  zh('杭洲华信光伏科技有限公司的税号', ask('/taxpayer 杭州华信光伏科技有限公司', '/taxpayer 杭洲华信光伏科技有限公司')),
  mixed('is 杭洲华信 a general taxpayer?', ask('/taxpayer 杭州华信', '/taxpayer 杭洲华信')),
  mixed('tax id of 浙江正太新能源', ask('/taxpayer 浙江正泰新能源', '/taxpayer 浙江正太新能源')),
  mixed('is 上海恒运软件 still in business?', ask('/taxpayer 上海恒远软件', '/taxpayer 上海恒运软件')),
  mixed(
    '杭洲华信 tenders last month',
    ask(
      '/bids 杭州华信 type:tender from:2026-10-01 to:2026-10-31',
      '/bids 杭洲华信 type:tender from:2026-10-01 to:2026-10-31',
    ),
  ),
];

/** A name seen as written, or with nothing close: read as before. */
const AS_BEFORE: readonly CorpusMessage[] = [
  zh('杭州华信是一般纳税人吗', call('/taxpayer 杭州华信'), 'seen as written: no question'),
  zh('宁波舜宇是一般纳税人吗', call('/taxpayer 宁波舜宇'), 'nothing close: as today'),
  zh('苏州天华超净的税号', call('/taxpayer 苏州天华超净')),
  zh('上海恒远软件科技股份有限公司还在经营吗', call('/taxpayer 上海恒远软件科技股份有限公司')),
  zh('深圳中联今年中标了哪些项目', call('/bids 深圳中联 type:award from:2026-01-01 to:2026-11-22')),
  zh('000001 的规模', call(fund('000001')), 'a code is a code, named or not'),
  mixed('is 杭州华信 still in business?', call('/taxpayer 杭州华信')),
  mixed('tax id of 宁波舜宇', call('/taxpayer 宁波舜宇')),
];

export const FUND_NAMES: readonly CorpusMessage[] = [
  ...ONE_FUND,
  ...SEVERAL_FUNDS,
  ...UNKNOWN_FUNDS,
  ...CLOSE_FUNDS,
  ...CLOSE_COMPANIES,
  ...AS_BEFORE,
];
