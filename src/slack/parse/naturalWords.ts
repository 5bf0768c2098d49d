/**
 * What readers type in their own words, turned into the words the command syntax reads: numbers in
 * characters (二十, 两百) or English words (thirty), a page as 第2页, a count as 30根, a period as
 * 15分钟线, 日K线 or "5 minutes".
 */

const DIGITS: Readonly<Record<string, number>> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const UNITS: Readonly<Record<string, number>> = { 十: 10, 百: 100, 千: 1000 };

const ENGLISH_UNITS: Readonly<Record<string, number>> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

/** `thirty`, `twenty-five`, `a hundred`, `two hundred and ten` → the number in digits; anything else → undefined. */
function readEnglishNumber(text: string): string | undefined {
  const words = text
    .toLowerCase()
    .split(/[\s-]+/)
    .filter((word) => word !== 'and');
  if (words.length === 0 || words[0] === '') return undefined;
  let total = 0;
  let current = 0;
  for (const [index, word] of words.entries()) {
    if (word === 'a' && index === 0 && words.length > 1) current = 1;
    else if (Object.hasOwn(ENGLISH_UNITS, word)) current += ENGLISH_UNITS[word]!;
    else if (word === 'hundred') current = (current || 1) * 100;
    else if (word === 'thousand') {
      total += (current || 1) * 1000;
      current = 0;
    } else return undefined;
  }
  return String(total + current);
}

/** `30`, `三十`, `二十五`, `两百`, `一百零五`, `thirty` → the number in digits; anything else → undefined. */
export function readNumberWord(text: string): string | undefined {
  if (/^\d+$/.test(text)) return text;
  if (/^[a-z][a-z\s-]*$/i.test(text)) return readEnglishNumber(text);
  if (!/^[零〇一二两三四五六七八九十百千]+$/u.test(text)) return undefined;
  let total = 0;
  let digit: number | undefined;
  for (const char of text) {
    const unit = UNITS[char];
    if (unit === undefined) {
      digit = DIGITS[char]!;
      continue;
    }
    // 十 alone at the start means 10 (十五 is 15).
    total += (digit ?? 1) * unit;
    digit = undefined;
  }
  return String(total + (digit ?? 0));
}

/** `第2页` → 2, `每页20条` → 20 …: words that are an option by their shape, keyed by the option's catalogue name. */
const NATURAL_OPTIONS: ReadonlyArray<{ pattern: RegExp; key: string }> = [
  { pattern: /^第(.+)页$/u, key: 'page' },
  { pattern: /^每页(.+?)条?$/u, key: 'size' },
  { pattern: /^(?:最近|共)?(.+?)根(?:k线)?$/iu, key: 'limit' },
];

/** A word that is an option in Chinese shape (`第2页`), as the key and the value in digits. */
export function naturalOption(word: string): { key: string; value: string } | undefined {
  for (const { pattern, key } of NATURAL_OPTIONS) {
    const number = pattern.exec(word)?.[1];
    const value = number === undefined ? undefined : readNumberWord(number);
    if (value !== undefined) return { key, value };
  }
  return undefined;
}

const DAILY_WORDS = new Set(['日', '天', '1天', '1日', '每日', '每天']);

/** `5 minutes`, `1 hour`, `two hours`, `30 mins`: a count and an English unit of time. */
const ENGLISH_TIME = /^(.+?)\s*(minutes?|mins?|hours?|hrs?)$/;

/**
 * `五分钟`, `5分钟线`, `5分k`, `60分`, `1个小时`, `4时`, `5 minutes` → a period word the operation
 * knows (`5分钟`, `1小时`), `日K线`, `天` → `daily`, the operation's code for a day's candles, `周K线`
 * → `周`; anything else is returned as typed, for the operation to refuse with its list of periods.
 * `known` holds the operation's period words, in lower case.
 */
export function readPeriodWord(word: string, known: Readonly<Record<string, unknown>>, daily: string): string {
  const lower = word.toLowerCase();
  if (Object.hasOwn(known, lower)) return word;
  const bare = lower.replace(/(?:k线|k|线|图)+$/u, '').replace(/个?(?:小时|钟头)$/u, '小时');
  if (DAILY_WORDS.has(bare)) return daily;
  const english = ENGLISH_TIME.exec(lower);
  const match = english
    ? [lower, english[1]!, english[2]!.startsWith('m') ? '分钟' : '小时']
    : /^(.*?)(分钟|分|小时|时)$/u.exec(bare);
  // 周K线, 月k图: a period word the operation has, with a chart word after it.
  if (!match) return bare !== lower && Object.hasOwn(known, bare) ? bare : word;
  const count = match[1] === '' ? '1' : readNumberWord(match[1]!);
  if (count === undefined) return word;
  const minutes = Number(count) * (match[2]!.endsWith('分') || match[2] === '分钟' ? 1 : 60);
  const named = minutes % 60 === 0 && minutes >= 60 ? `${minutes / 60}小时` : `${minutes}分钟`;
  return Object.hasOwn(known, named) ? named : word;
}
