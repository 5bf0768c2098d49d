import type { Locale } from './lang.js';

/**
 * Latin words a reader writes (`help`, `page`, `Apple`): two letters or more with a small letter
 * among them. Codes in capitals (CL, ZJ, CNY) and single letters (the K of K线) say nothing about
 * the writer's language; digits do not either.
 */
const ENGLISH_WORD = /[A-Za-z]*[a-z][A-Za-z]*/g;
const HAN = /\p{Script=Han}/gu;
/** Chinese writes about one word per two characters: 下一页 is one or two words, not three. */
const HAN_PER_WORD = 2;
/** How far one language must outweigh the other for a mixed text to count as written in it. */
const CLEAR_MARGIN = 2;

/**
 * Whether a text is clearly Chinese, clearly English, or unclear (undefined): the one judge of the
 * language a person wrote in, for every surface (slash commands, the console, messages). Clear is
 * one language alone, or one outweighing the other twice over; a text of codes and numbers only
 * (`000001`, `CL 5m 30`) is unclear. Pass the person's own words: a company name or keyword they
 * search for is data, not the language they speak (a command passes its grammar's words only).
 */
export function textLanguage(text: string): Locale | undefined {
  const english = (text.match(ENGLISH_WORD) ?? []).filter((word) => word.length >= 2).length;
  const chinese = (text.match(HAN) ?? []).length / HAN_PER_WORD;
  if (english === 0 && chinese === 0) return undefined;
  if (chinese >= english * CLEAR_MARGIN) return 'zh-CN';
  if (english >= chinese * CLEAR_MARGIN) return 'en';
  return undefined;
}

/**
 * The language the words of the app's own grammar say (`help`, `all`, `onsale`, `daily`, `5m`,
 * `page:2`, 帮助, 全部, 第2页): Chinese when they are Chinese, else nothing. The grammar's English
 * words are what everyone types, whatever language they speak (a Chinese reader's `/dq help`, `/new-funds
 * all`), so they are no evidence; its Chinese words are typed only by those who write Chinese.
 */
export function grammarLanguage(words: string): Locale | undefined {
  return textLanguage(words.replace(ENGLISH_WORD, ' ')) === 'zh-CN' ? 'zh-CN' : undefined;
}

/**
 * A text written in Chinese characters alone, codes in capitals and numbers aside (`华为`,
 * `杭州华信 2024`, `CL 日K`): its writer writes Chinese, whatever the characters name. A message to
 * the app that is nothing but a company's name is answered in Chinese by this rule, though the name
 * itself does not count towards `textLanguage`.
 */
export function writtenInChineseOnly(text: string): boolean {
  const english = (text.match(ENGLISH_WORD) ?? []).some((word) => word.length >= 2);
  return !english && (text.match(HAN) ?? []).length > 0;
}
