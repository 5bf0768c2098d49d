import { readNumberWord } from './naturalWords.js';

/**
 * Periods in words, Chinese and English (今年, 上个月, 近三个月, 一季度, 2026年1月至6月, `last month`,
 * `the last 3 months`, `Q1 2026`, `since March`, `January to June`), as Beijing dates at an instant:
 * a tender search's publication period. Pure; `now` is the reading's clock. A period never ends
 * after today (nothing is published later); one that would start after today is the latest such
 * period that has begun (3月 said in November is this March, 12月 is last December). chrono-node was
 * tried against the corpus first: it reads none of the Chinese relative periods and reads months as
 * single days, so the grammar is written here. 今天 and `today` are left out: they are chit-chat far
 * more often than a period (今天天气怎么样).
 */

export interface Period {
  /** YYYY-MM-DD, the first day, in Beijing. */
  start: string;
  /** YYYY-MM-DD, the last day, in Beijing. */
  end: string;
}

export interface PeriodMatch {
  /** How many characters of the text it takes. */
  length: number;
  period: Period;
}

interface Day {
  year: number;
  month: number;
  day: number;
}

/** China keeps one offset all year: UTC+8. */
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The day it is in Beijing at `now`. */
export function beijingDay(now: number): Day {
  const date = new Date(now + BEIJING_OFFSET_MS);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

function lastDayOf(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function dayText({ year, month, day }: Day): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function compare(a: Day, b: Day): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

function addDays(day: Day, days: number): Day {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The same day `months` later (or earlier), the month's last day where it has fewer. */
function addMonths(day: Day, months: number): Day {
  const index = day.year * 12 + (day.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(day.day, lastDayOf(year, month)) };
}

/** From one day to another, cut at today. */
function span(start: Day, end: Day, today: Day): Period {
  return { start: dayText(start), end: dayText(compare(end, today) > 0 ? today : end) };
}

function monthSpan(year: number, month: number, today: Day, lastMonth = month, lastYear = year): Period {
  return span(
    { year, month, day: 1 },
    { year: lastYear, month: lastMonth, day: lastDayOf(lastYear, lastMonth) },
    today,
  );
}

/** The year of a month named without one: this year's, unless it has not begun yet. */
function yearOfMonth(month: number, today: Day): number {
  return month > today.month ? today.year - 1 : today.year;
}

/** Back `count` units from today: the days since the same day then, today included. */
function lastUnits(count: number, unit: Unit, today: Day): Period {
  const start =
    unit === 'day'
      ? addDays(today, -(count - 1))
      : unit === 'week'
        ? addDays(today, -(count * 7 - 1))
        : addDays(addMonths(today, -(unit === 'year' ? count * 12 : unit === 'quarter' ? count * 3 : count)), 1);
  return span(start, today, today);
}

type Unit = 'day' | 'week' | 'month' | 'quarter' | 'year';

function weekStart(day: Day): Day {
  const weekday = new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

function quarterSpan(quarter: number, year: number | undefined, today: Day): Period {
  const first = (quarter - 1) * 3 + 1;
  const y = year ?? (first > today.month ? today.year - 1 : today.year);
  return monthSpan(y, first, today, first + 2);
}

function halfSpan(half: 1 | 2, year: number | undefined, today: Day): Period {
  const first = half === 1 ? 1 : 7;
  const y = year ?? (first > today.month ? today.year - 1 : today.year);
  return monthSpan(y, first, today, first + 5);
}

// ── Words ──────────────────────────────────────────────────────────────────────────────────────────

const HAN_NUMBER = '[0-9零〇一二两三四五六七八九十百]+';
const HAN_MONTH = '(1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九])';
const YEAR = '(20\\d{2})';
/** A month number not followed by a day (3月5日 is a date). */
const NOT_A_DAY = '(?![0-9零〇一二三四五六七八九十]|日|号)';

const ENGLISH_MONTHS: ReadonlyArray<readonly string[]> = [
  ['january', 'jan'],
  ['february', 'feb'],
  ['march', 'mar'],
  ['april', 'apr'],
  ['may'],
  ['june', 'jun'],
  ['july', 'jul'],
  ['august', 'aug'],
  ['september', 'sept', 'sep'],
  ['october', 'oct'],
  ['november', 'nov'],
  ['december', 'dec'],
];
const MONTH_NUMBER: ReadonlyMap<string, number> = new Map(
  ENGLISH_MONTHS.flatMap((names, index) => names.map((name) => [name, index + 1] as const)),
);
const MONTH_NAME = `(${ENGLISH_MONTHS.flat()
  .sort((a, b) => b.length - a.length)
  .join('|')})\\.?`;
/** `May` is also a verb: alone, a month only after `in`, `since`, `from` or before a year. */
const MONTH_NAME_NOT_MAY = `(${ENGLISH_MONTHS.flat()
  .filter((name) => name !== 'may')
  .sort((a, b) => b.length - a.length)
  .join('|')})\\.?`;

const ENGLISH_COUNT = '(\\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)';
const ORDINAL: Readonly<Record<string, number>> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
};

function hanMonth(text: string): number | undefined {
  const value = Number(readNumberWord(text));
  return Number.isInteger(value) && value >= 1 && value <= 12 ? value : undefined;
}

function count(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return 1;
  if (text === '半') return undefined;
  if (/^an?$/i.test(text)) return 1;
  const value = Number(readNumberWord(text.toLowerCase()));
  return Number.isInteger(value) && value >= 1 ? value : undefined;
}

function unitOf(word: string): Unit {
  const lower = word.toLowerCase();
  if (/^(?:天|日|day)/.test(lower)) return 'day';
  if (/^(?:周|星期|个星期|礼拜|week)/.test(lower)) return 'week';
  if (/^(?:季度|个季度|quarter)/.test(lower)) return 'quarter';
  if (/^(?:年|year)/.test(lower)) return 'year';
  return 'month';
}

/** `2026`, `2026年`, or a year in words (今年, 去年, 前年) before a quarter, half or month. */
function yearOf(text: string | undefined, today: Day): number | undefined {
  if (text === undefined) return undefined;
  if (text === '今年' || text === '本年') return today.year;
  if (text === '去年') return today.year - 1;
  if (text === '前年') return today.year - 2;
  return Number(text.replace(/年$/, ''));
}
const year = (text: string | undefined) => (text === undefined ? undefined : Number(text));
/** A year before a Chinese quarter, half or month: `2026年`, 今年, 去年, 前年. */
const YEAR_ZH = '(20\\d{2}年|今年|本年|去年|前年)';

type Rule = readonly [pattern: RegExp, read: (match: RegExpExecArray, today: Day) => Period | undefined];

const rule = (source: string, read: Rule[1]): Rule => [new RegExp(source, 'iuy'), read];

const RULES: readonly Rule[] = [
  // 近三个月, 最近半年, 过去30天, 近两周以来 (前三个月 may be the year’s first three: not read)
  rule(
    `(?:最近|近|过去)(${HAN_NUMBER}|半)?个?(年|月|季度|周|星期|礼拜|天|日)(?:以来|以内|之内|内|来)?`,
    (match, today) => {
      const unit = unitOf(match[2]!);
      if (match[1] === '半') return unit === 'year' ? lastUnits(6, 'month', today) : undefined;
      const n = count(match[1]);
      // 近月, 近日 alone say too little.
      if (match[1] === undefined && unit !== 'year') return undefined;
      // 近年来 is several years, said loosely (vaguePeriodAt); 近一年来 is the last twelve months.
      if (match[1] === undefined && match[0].endsWith('年来')) return undefined;
      return n === undefined ? undefined : lastUnits(n, unit, today);
    },
  ),
  rule('(?:今年以来|今年年初以来|年初以来|年初至今|本年度|今年|本年|年内)', (_, today) =>
    span({ ...today, month: 1, day: 1 }, today, today),
  ),
  // 前三季度 is the first three quarters of the year (a term of reports); 前三个月 is not read (see above).
  rule(`${YEAR_ZH}?(?:的)?前([一二三1-3])(?:个)?季度`, (match, today) => {
    const quarters = Number(readNumberWord(match[2]!));
    const y = yearOf(match[1], today) ?? today.year;
    return monthSpan(y, 1, today, quarters * 3);
  }),
  rule('(?:上一年|去年|上年)(?:全年)?', (_, today) => monthSpan(today.year - 1, 1, today, 12)),
  rule('前年(?:全年)?', (_, today) => monthSpan(today.year - 2, 1, today, 12)),
  rule('(?:这个月以来|本月以来|这个月|本月|这月|当月)', (_, today) => span({ ...today, day: 1 }, today, today)),
  rule('(?:上一个月|上个月|上一月|上月)', (_, today) => {
    const month = addMonths({ ...today, day: 1 }, -1);
    return monthSpan(month.year, month.month, today);
  }),
  rule('上上个月', (_, today) => {
    const month = addMonths({ ...today, day: 1 }, -2);
    return monthSpan(month.year, month.month, today);
  }),
  rule('(?:本周|这周|这个星期|本星期|这个礼拜)', (_, today) => span(weekStart(today), today, today)),
  rule('(?:上周|上个星期|上星期|上个礼拜)', (_, today) => {
    const start = addDays(weekStart(today), -7);
    return span(start, addDays(start, 6), today);
  }),
  rule('(?:昨天|昨日)', (_, today) => span(addDays(today, -1), addDays(today, -1), today)),
  rule('(?:本季度|这个季度|本季)', (_, today) => quarterSpan(Math.ceil(today.month / 3), today.year, today)),
  rule('(?:上季度|上个季度|上一季度)', (_, today) => {
    const quarter = Math.ceil(today.month / 3) - 1;
    return quarter === 0 ? quarterSpan(4, today.year - 1, today) : quarterSpan(quarter, today.year, today);
  }),
  // 2026年一季度, 第二季度, 2026年Q1, 2026Q1
  rule(`(?:${YEAR_ZH}|${YEAR})?(?:的)?(?:第)?([一二三四1-4])季度`, (match, today) =>
    quarterSpan(Number(readNumberWord(match[3]!)), yearOf(match[1] ?? match[2], today), today),
  ),
  rule(`(?:${YEAR}\\s*年?\\s*)?Q([1-4])(?:\\s*${YEAR}(?:年)?)?`, (match, today) =>
    quarterSpan(Number(match[2]), year(match[1] ?? match[3]), today),
  ),
  rule(`${YEAR_ZH}?(?:的)?(上|下)半年`, (match, today) =>
    halfSpan(match[2] === '上' ? 1 : 2, yearOf(match[1], today), today),
  ),
  rule(`(?:${YEAR}\\s*)?H([12])(?:\\s+${YEAR})?`, (match, today) =>
    halfSpan(match[2] === '1' ? 1 : 2, year(match[1] ?? match[3]), today),
  ),
  // 2026年1月至6月, 1月到6月, 1-6月, 2025年11月至2026年2月
  rule(
    `${YEAR_ZH}?${HAN_MONTH}(?:月份?)?\\s*(?:至|到|-|~|～|—|–)\\s*${YEAR_ZH}?${HAN_MONTH}月份?${NOT_A_DAY}`,
    (match, today) => {
      const first = hanMonth(match[2]!);
      const last = hanMonth(match[4]!);
      if (first === undefined || last === undefined) return undefined;
      const y = yearOf(match[1], today) ?? yearOf(match[3], today) ?? yearOfMonth(first, today);
      const y2 = yearOf(match[3], today) ?? (last < first ? y + 1 : y);
      return monthSpan(y, first, today, last, y2);
    },
  ),
  // 3月以来, 自2026年3月起, 从3月份开始
  rule(`(?:自|从)?${YEAR_ZH}?${HAN_MONTH}月份?(?:以来|至今|起|开始|到现在)`, (match, today) => {
    const month = hanMonth(match[2]!);
    if (month === undefined) return undefined;
    const y = yearOf(match[1], today) ?? yearOfMonth(month, today);
    return span({ year: y, month, day: 1 }, today, today);
  }),
  // 2025年3月, 3月份, 三月
  rule(`${YEAR_ZH}?${HAN_MONTH}月份?${NOT_A_DAY}`, (match, today) => {
    const month = hanMonth(match[2]!);
    if (month === undefined) return undefined;
    return monthSpan(yearOf(match[1], today) ?? yearOfMonth(month, today), month, today);
  }),
  rule(`${YEAR}年(?:全年|度|以来)?`, (match, today) => {
    const y = Number(match[1]);
    return match[0].endsWith('以来') ? span({ year: y, month: 1, day: 1 }, today, today) : monthSpan(y, 1, today, 12);
  }),
  // English: the last 3 months, past six weeks, the past year
  rule(
    `(?:the\\s+)?(?:last|past|previous)\\s+${ENGLISH_COUNT}?\\s*(days?|weeks?|months?|quarters?|years?)`,
    (match, today) => {
      const unit = unitOf(match[2]!);
      // `last month`, `last year` without a number or "the" are the calendar month and year before this one.
      if (match[1] === undefined && !/^the\s/i.test(match[0]) && !/^past/i.test(match[0].trim())) {
        if (unit === 'month') {
          const month = addMonths({ ...today, day: 1 }, -1);
          return monthSpan(month.year, month.month, today);
        }
        if (unit === 'year') return monthSpan(today.year - 1, 1, today, 12);
        if (unit === 'week') {
          const start = addDays(weekStart(today), -7);
          return span(start, addDays(start, 6), today);
        }
        if (unit === 'quarter') {
          const quarter = Math.ceil(today.month / 3) - 1;
          return quarter === 0 ? quarterSpan(4, today.year - 1, today) : quarterSpan(quarter, today.year, today);
        }
      }
      const n = count(match[1]);
      return n === undefined ? undefined : lastUnits(n, unit, today);
    },
  ),
  rule('(?:the\\s+)?last\\s+half[\\s-]year|(?:the\\s+)?(?:last|past)\\s+half\\s+(?:a\\s+)?year', (_, today) =>
    lastUnits(6, 'month', today),
  ),
  rule('(?:so\\s+far\\s+)?this\\s+year(?:\\s+so\\s+far)?|year[\\s-]to[\\s-]date|ytd', (_, today) =>
    span({ ...today, month: 1, day: 1 }, today, today),
  ),
  rule('this\\s+month(?:\\s+so\\s+far)?|month[\\s-]to[\\s-]date|mtd', (_, today) =>
    span({ ...today, day: 1 }, today, today),
  ),
  rule('this\\s+week', (_, today) => span(weekStart(today), today, today)),
  rule('this\\s+quarter', (_, today) => quarterSpan(Math.ceil(today.month / 3), today.year, today)),
  rule('yesterday', (_, today) => span(addDays(today, -1), addDays(today, -1), today)),
  rule(
    `(?:the\\s+)?(first|second|third|fourth|1st|2nd|3rd|4th)\\s+quarter(?:\\s+(?:of\\s+)?${YEAR})?`,
    (match, today) => quarterSpan(ORDINAL[match[1]!.toLowerCase()]!, year(match[2]), today),
  ),
  rule(`(?:the\\s+)?(first|second|1st|2nd)\\s+half(?:\\s+(?:of\\s+)?(?:the\\s+year|${YEAR}))?`, (match, today) =>
    halfSpan(ORDINAL[match[1]!.toLowerCase()] === 1 ? 1 : 2, year(match[2]), today),
  ),
  // January to June (2026), from Jan through Mar, between March and May
  rule(
    `(?:from\\s+|between\\s+)?${MONTH_NAME}(?:\\s+${YEAR})?\\s*(?:to|through|thru|until|till|and|-|–)\\s*${MONTH_NAME}(?:\\s+${YEAR})?`,
    (match, today) => {
      const first = MONTH_NUMBER.get(match[1]!.toLowerCase())!;
      const last = MONTH_NUMBER.get(match[3]!.toLowerCase())!;
      const y = year(match[2]) ?? year(match[4]) ?? yearOfMonth(first, today);
      const y2 = year(match[4]) ?? (last < first ? y + 1 : y);
      return monthSpan(y, first, today, last, y2);
    },
  ),
  // since March, from the start of March 2026
  rule(
    `(?:since|from)\\s+(?:the\\s+(?:start|beginning)\\s+of\\s+)?(?:${MONTH_NAME}(?:\\s+${YEAR})?|${YEAR})`,
    (match, today) => {
      if (match[3]) return span({ year: Number(match[3]), month: 1, day: 1 }, today, today);
      const month = MONTH_NUMBER.get(match[1]!.toLowerCase())!;
      return span({ year: year(match[2]) ?? yearOfMonth(month, today), month, day: 1 }, today, today);
    },
  ),
  // March 2026, in May, in 2025
  rule(`(?:in\\s+|during\\s+)?${MONTH_NAME}\\s+${YEAR}`, (match, today) =>
    monthSpan(Number(match[2]), MONTH_NUMBER.get(match[1]!.toLowerCase())!, today),
  ),
  rule(`(?:in|during)\\s+${MONTH_NAME}`, (match, today) => {
    const month = MONTH_NUMBER.get(match[1]!.toLowerCase())!;
    return monthSpan(yearOfMonth(month, today), month, today);
  }),
  rule(MONTH_NAME_NOT_MAY, (match, today) => {
    const month = MONTH_NUMBER.get(match[1]!.toLowerCase())!;
    return monthSpan(yearOfMonth(month, today), month, today);
  }),
  rule(`(?:in|during)\\s+${YEAR}`, (match, today) => monthSpan(Number(match[1]), 1, today, 12)),
];

/**
 * Periods said loosely (近几年, 最近几个月, 近年来, 这两天, `recently`): no dates can be read from them, and
 * they are no keyword either. The reader places them and asks, the question's buttons stating what they run.
 */
const VAGUE_PERIOD =
  /(?:(?:最近|近|过去|这|前)(?:几|些|这几|这些|两)个?(?:年|月|季度|周|星期|礼拜|天|日)(?:以来|来|以内|内)?|近年来|近些年|最近一段时间|这段时间|近来|(?:the\s+)?(?:last|past)\s+(?:few|several|couple\s+of)\s+(?:days|weeks|months|years)|recently|lately)/iuy;

/** How many characters a loosely said period takes at `at`, or 0. */
export function vaguePeriodAt(text: string, at: number): number {
  VAGUE_PERIOD.lastIndex = at;
  return VAGUE_PERIOD.exec(text)?.[0].length ?? 0;
}

const LATIN = /[A-Za-z0-9]/;
/** What a period in words can start with: most places in a message cannot, and are passed over at once. */
const FIRST = /[0-9近最过前今本年去上下这当昨第一二三四五六七八九十自从tlpqhfsjmaondiby]/i;

/** 从上个月开始, 去年至今, 自一季度以来: from the period's first day to today. */
const SINCE_BEFORE = /[从自]/y;
const SINCE_AFTER = /(?:开始|以来|起|至今|到现在|到今天)/y;

/** The longest period in words at `at` in `text`, in Beijing dates at `now`. */
export function periodAt(text: string, at: number, now: number): PeriodMatch | undefined {
  SINCE_BEFORE.lastIndex = at;
  const before = SINCE_BEFORE.test(text) ? 1 : 0;
  const found = periodAtExactly(text, at + before, now);
  if (!found) return undefined;
  SINCE_AFTER.lastIndex = at + before + found.length;
  const after = SINCE_AFTER.exec(text)?.[0].length ?? 0;
  if (before === 0 && after === 0) return found;
  const today = dayText(beijingDay(now));
  return { length: before + found.length + after, period: { start: found.period.start, end: today } };
}

function periodAtExactly(text: string, at: number, now: number): PeriodMatch | undefined {
  if (!FIRST.test(text[at] ?? '')) return undefined;
  // Latin words start at a word's start (`may` is not in `dismay`).
  if (at > 0 && LATIN.test(text[at]!) && LATIN.test(text[at - 1]!)) return undefined;
  const today = beijingDay(now);
  let best: PeriodMatch | undefined;
  for (const [pattern, read] of RULES) {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match || match[0].length === 0 || (best && match[0].length <= best.length)) continue;
    const end = at + match[0].length;
    if (LATIN.test(text[end - 1]!) && end < text.length && LATIN.test(text[end]!)) continue;
    const period = read(match, today);
    if (period) best = { length: match[0].length, period };
  }
  return best;
}

/** A whole word that is a period (`上个月`, `this-year` as typed after `from:`), or undefined. */
export function readPeriodWords(word: string, now: number): Period | undefined {
  for (const text of [word.trim(), word.trim().replace(/[-_]/g, ' ')]) {
    const match = periodAt(text, 0, now);
    if (match && match.length === text.length) return match.period;
  }
  return undefined;
}
