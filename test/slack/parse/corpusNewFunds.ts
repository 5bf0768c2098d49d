import type { CorpusMessage, Label } from './corpus.js';

/**
 * Issue 44's new funds in words, subscriptions in words, candle spans and the reader's small gaps,
 * as fund analysts and procurement officers write them (read at 2026-11-22 in Beijing, a Sunday).
 * `offer`: the digest or watch it is offered as, as the command that saves it (`/dq digest add …`,
 * `/dq watch add …`); nothing is called.
 */

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
const call = (command: string): Label => ({ call: command });
const ask = (...commands: string[]): Label => ({ ask: commands });
const offer = (command: string): Label => ({ offer: command });

/** The new-fund list by sale status and kind: the kind filters the page as digests filter. */
const NEW_FUND_KINDS: readonly CorpusMessage[] = [
  zh('在售的债券型新基金', call('/new-funds onsale fundtype:bond')),
  zh('最近新发的债基有哪些', call('/new-funds all fundtype:bond')),
  zh('新发基金有哪些混合型的', call('/new-funds all fundtype:mixed')),
  zh('正在募集的新基金', call('/new-funds onsale')),
  zh('正在募集的指数型新基金', call('/new-funds onsale fundtype:index')),
  zh('已经结束募集的股票型新基金', call('/new-funds offsale fundtype:equity')),
  zh('新发基金 货币型 在售', call('/new-funds onsale fundtype:money')),
  zh('新发的QDII基金', call('/new-funds all fundtype:qdii')),
  zh('看看新发的FOF', call('/new-funds all fundtype:fof')),
  zh('帮我查一下在卖的混合基金新发', call('/new-funds onsale fundtype:mixed')),
  zh('新基金 股票基金 已结束', call('/new-funds offsale fundtype:equity')),
  zh('在售的新发指数基金有哪些', call('/new-funds onsale fundtype:index')),
  zh('请问最近有没有新发的货币基金', call('/new-funds all fundtype:money')),
  zh('新发基金 债券 在售中', call('/new-funds onsale fundtype:bond')),
  zh('新发行基金 基金类型:债券型', call('/new-funds all fundtype:bond'), 'the option typed as in a command'),
  zh('募集中的新发基金 债券型', call('/new-funds onsale fundtype:bond')),
  en('new equity funds on sale', call('/new-funds onsale fundtype:equity')),
  en('new mixed funds', call('/new-funds all fundtype:mixed')),
  en('which new bond funds are still on sale?', call('/new-funds onsale fundtype:bond')),
  en('ended new index funds', call('/new-funds offsale fundtype:index')),
  en('new QDII funds', call('/new-funds all fundtype:qdii')),
  en('show me new money market funds', call('/new-funds all fundtype:money')),
  en('new funds, bond only, on sale', call('/new-funds onsale fundtype:bond')),
  en('any new hybrid funds open for subscription?', call('/new-funds onsale fundtype:mixed')),
  en('new fund launches equity', call('/new-funds all fundtype:equity')),
  en('new funds fundtype:index', call('/new-funds all fundtype:index'), 'the option typed as in a command'),
  en('closed new bond funds', call('/new-funds offsale fundtype:bond')),
  en('new funds on sale, fixed income', call('/new-funds onsale fundtype:bond')),
  zh('在售的货币基金', ask('/new-funds onsale fundtype:money'), 'no word for new funds: asked, the button the list'),
  en('equity funds on sale', ask('/new-funds onsale fundtype:equity'), 'no word for new funds: asked'),
];

/** A digest asked for in words: the one `/dq digest add` would save, offered with Save. */
const DIGESTS: readonly CorpusMessage[] = [
  en('push the bond funds on sale here every morning at 9', offer('/dq digest add daily 09:00 onsale type:bond')),
  zh('每天早上9点把在售的债券基金发到这个频道', offer('/dq digest add daily 09:00 onsale type:bond')),
  zh('每个工作日上午8点半推送新发基金', offer('/dq digest add weekdays 08:30 all')),
  zh('每周一早上9点把新发的指数基金推送到本频道', offer('/dq digest add weekly:周一 09:00 all type:index')),
  zh('每天下午3点推送在售的新基金', offer('/dq digest add daily 15:00 onsale')),
  zh('每天18:00把已结束募集的新基金发到这里', offer('/dq digest add daily 18:00 offsale')),
  zh('以后每天早上推送一下在卖的混合型新基金', offer('/dq digest add daily 09:00 onsale type:mixed')),
  zh('每个工作日9点把QDII新基金推到这个群', offer('/dq digest add weekdays 09:00 all type:qdii')),
  en('post new funds here every weekday at 8:30', offer('/dq digest add weekdays 08:30 all')),
  en(
    'send the new index funds to this channel every Monday at 10am',
    offer('/dq digest add weekly:mon 10:00 all type:index'),
  ),
  en('every morning at 9 post the new funds on sale here', offer('/dq digest add daily 09:00 onsale')),
  en('post the closed new funds here daily at 6pm', offer('/dq digest add daily 18:00 offsale')),
  en('push new money market funds here every day at 8', offer('/dq digest add daily 08:00 all type:money')),
  en(
    'every Friday at 4pm send the new equity funds on sale to this channel',
    offer('/dq digest add weekly:fri 16:00 onsale type:equity'),
  ),
];

/** "Watch the new-fund list": new funds come as digests; a digest is offered. */
const NEW_FUND_WATCHES: readonly CorpusMessage[] = [
  en('watch the new-fund list', offer('/dq digest add daily 09:00 all')),
  zh('新基金有新的就告诉我', offer('/dq digest add daily 09:00 all')),
  zh('帮我盯着新发的债券基金，有新的就通知我', offer('/dq digest add daily 09:00 all type:bond')),
  en('let me know when there are new bond funds on sale', offer('/dq digest add daily 09:00 onsale type:bond')),
  zh('关注一下新发基金列表', offer('/dq digest add daily 09:00 all')),
];

/** A watch asked for in words: `/dq watch add`'s own preview, with Save. */
const WATCHES: readonly CorpusMessage[] = [
  en('watch tenders for 光伏组件 in 浙江', offer('/dq watch add tenders 光伏组件 type:tender region:ZJ daily 09:00')),
  zh('盯着000001的规模，有变化告诉我', offer('/dq watch add fund 000001 daily 09:00')),
  zh('浙江的光伏组件招标有新的就通知我', offer('/dq watch add tenders 光伏组件 type:tender region:ZJ daily 09:00')),
  zh('帮我盯一下储能电站的中标公告', offer('/dq watch add tenders 储能电站 type:award daily 09:00')),
  zh('每天早上8点盯着江苏的污水处理招标', offer('/dq watch add tenders 污水处理 type:tender region:JS daily 08:00')),
  zh('关注110022的规模变化，有变化提醒我', offer('/dq watch add fund 110022 daily 09:00')),
  zh('监控一下医疗设备的拟建项目', offer('/dq watch add tenders 医疗设备 type:planned daily 09:00')),
  zh('每小时盯着充电桩招标', offer('/dq watch add tenders 充电桩 type:tender hourly')),
  en('keep an eye on fund 110022 and let me know when it changes', offer('/dq watch add fund 110022 daily 09:00')),
  en(
    'monitor solar panel tenders in Jiangsu',
    offer('/dq watch add tenders solar panel type:tender region:JS daily 09:00'),
  ),
  en('notify me of new energy storage awards', offer('/dq watch add tenders energy storage type:award daily 09:00')),
  en(
    'watch charging pile tenders in Guangdong every weekday at 8',
    offer('/dq watch add tenders charging pile type:tender region:GD weekdays 08:00'),
  ),
  en('track the size of fund 000001 every Monday at 9', offer('/dq watch add fund 000001 weekly:mon 09:00')),
];

/** Spans of candles: the candles of the period asked for in the span (trading days for daily ones). */
const CANDLE_SPANS: readonly CorpusMessage[] = [
  zh('原油 日K 最近三个月', call('/futures CL 1d 65'), '08-23 to 11-22: 65 weekdays'),
  zh('黄金最近三个月的日线', call('/futures GC 1d 65')),
  zh('CL 近半年 日K', call('/futures CL 1d 130')),
  zh('CL 最近30天 日线', call('/futures CL 1d 20'), '10-24 to 11-22: 20 weekdays'),
  zh('黄金 周K 最近三个月', call('/futures GC 1w 14')),
  zh('原油 5分钟 最近三个月', call('/futures CL 5m 18720'), 'beyond one call: refused, free'),
  en('crude oil daily candles for the last 3 months', call('/futures CL 1d 65')),
  en('gold daily, the past six months', call('/futures GC 1d 130')),
  en('CL weekly last 3 months', call('/futures CL 1w 14')),
  en('CL daily last 60 months', call('/futures CL 1d 1304'), 'beyond one call: refused, free'),
  en('gold last 30 days', call('/futures GC 1d 30'), 'a span alone: candles of its unit'),
];

/** The reader's small gaps: names that start with a month, regions in pinyin, words at a message's edge, 新项目. */
const SMALL_GAPS: readonly CorpusMessage[] = [
  zh('十月稻田', ask('/taxpayer 十月稻田', '/bids 十月稻田'), 'a company, not October'),
  zh('十月稻田 纳税人', call('/taxpayer 十月稻田')),
  zh('十月稻田是一般纳税人吗', call('/taxpayer 十月稻田')),
  zh(
    '十月光伏组件招标',
    ask('/bids 十月光伏组件 type:tender', '/bids 光伏组件 type:tender from:2026-10-01 to:2026-10-31'),
    'a month glued to a keyword: asked which',
  ),
  zh(
    '十月 光伏组件 招标',
    call('/bids 光伏组件 type:tender from:2026-10-01 to:2026-10-31'),
    'standing alone it is October',
  ),
  en('solar panel tenders in Zhejiang', call('/bids solar panel type:tender region:ZJ')),
  en('sewage treatment awards Guangdong', call('/bids sewage treatment type:award region:GD')),
  en(
    'energy storage tenders in Jiangsu province last month',
    call('/bids energy storage type:tender region:JS from:2026-10-01 to:2026-10-31'),
  ),
  zh('光伏组件招标 Zhejiang', call('/bids 光伏组件 type:tender region:ZJ')),
  zh('有无人机的招标没', call('/bids 无人机 type:tender'), '没 closing a 有… question is no part of the keyword'),
  zh('有储能电站的中标公告吗？', call('/bids 储能电站 type:award')),
  zh('储能电站新项目', call('/bids 储能电站'), '新项目 is the word for a project'),
];

export const NEW_FUNDS_CORPUS: readonly CorpusMessage[] = [
  ...NEW_FUND_KINDS,
  ...DIGESTS,
  ...NEW_FUND_WATCHES,
  ...WATCHES,
  ...CANDLE_SPANS,
  ...SMALL_GAPS,
];
