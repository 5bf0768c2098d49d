import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { englishWords } from '../support/englishWords.js';

/**
 * Every string of the Chinese catalogue reads as a native reader writes: full-width colons in
 * Chinese text, no spaces between Chinese characters, and no English words of the app's own
 * (commands and options as typed stay in `code`, placeholders are filled later).
 */

const DIR = new URL('../../locales/zh-CN/', import.meta.url);

function strings(value: unknown, path: string, into: Array<[string, string]> = []): Array<[string, string]> {
  if (typeof value === 'string') into.push([path, value]);
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) strings(child, path ? `${path}.${key}` : key, into);
  return into;
}

/** The area files and the operations' own (`operations/newFunds.json`, namespace `newFunds`). */
const ENTRIES = ['', 'operations/'].flatMap((folder) =>
  readdirSync(new URL(folder, DIR))
    .filter((file) => file.endsWith('.json'))
    .flatMap((file) =>
      strings(JSON.parse(readFileSync(new URL(`${folder}${file}`, DIR), 'utf8')), file.slice(0, -'.json'.length)),
    ),
);

/**
 * The text a reader reads: code spans, emoji, placeholders, nested texts and link targets are not words of ours,
 * and a string that is a command line (help shows it as code) is typed, not read.
 */
function prose(text: string, path = ''): string {
  // A command line, or the words of one an example key holds (help shows both as code), is typed, not read.
  if (text.startsWith('/') || path.endsWith('Example')) return '';
  return (
    text
      .replace(/`[^`]*`/g, '§')
      .replace(/:[a-z0-9_+-]+: ?/g, '')
      // A text nested in (`$t(common.coins, {"count": {{coins}} })`) is read where it is written.
      .replace(/\$t\([^)]*\)/g, '§')
      .replace(/\{\{[^}]*\}\}/g, '§')
      .replace(/<[^<>|]*\|([^<>]*)>/g, '$1')
  );
}

const HAN = '\\p{Script=Han}';
// Chinese punctuation counts as Chinese: "。 预算" has a stray space as much as "关键词 须".
const CJK = `[${HAN}\\u3000-\\u303F\\uFF01-\\uFF0F\\uFF1A-\\uFF20\\uFF5B-\\uFF65“”‘’]`;
const SPACE_BETWEEN_CJK = new RegExp(`${CJK} +${CJK}`, 'u');
const ASCII_COLON_BEFORE_CJK = new RegExp(`:\\s*${CJK}`, 'u');

describe('the Chinese catalogue', () => {
  it('has strings to read, the operations’ own among them', () => {
    expect(ENTRIES.length).toBeGreaterThan(300);
    expect(ENTRIES.filter(([path]) => path.startsWith('newFunds.')).length).toBeGreaterThan(20);
  });

  it('has no space between Chinese characters', () => {
    expect(
      ENTRIES.filter(([path, text]) => SPACE_BETWEEN_CJK.test(prose(text, path))).map(
        ([path, text]) => `${path}: ${text}`,
      ),
    ).toEqual([]);
  });

  it('has no ASCII colon before Chinese text', () => {
    expect(
      ENTRIES.filter(([path, text]) => ASCII_COLON_BEFORE_CJK.test(prose(text, path))).map(
        ([path, text]) => `${path}: ${text}`,
      ),
    ).toEqual([]);
  });

  it('has no English words of the app’s own', () => {
    expect(
      ENTRIES.map(([path, text]) => [path, englishWords(prose(text, path))] as const)
        .filter(([, words]) => words.length > 0)
        .map(([path, words]) => `${path}: ${words.join(' ')}`),
    ).toEqual([]);
  });
});

describe('phrasings a native reader would not write (issue 37, item 11)', () => {
  // Each was read in a reply and rewritten; none may come back.
  const TRANSLATIONESE: ReadonlyArray<[RegExp, string]> = [
    [/每次新的查询都会花费币/, '每次新查询都会扣币'],
    [/今天已花/, '今日已用'],
    [/须多于 \d+ 个字/, '至少 3 个字'],
    [/请求无效，未发送/, '输入有误，未发起查询'],
    [/应用必须是.*的成员才能在其中发布/, '需先将应用加入 … 才能推送'],
    [/taskNo/, '任务号'],
    [/没有扣费[。；，]/, '未扣费'],
    [/你是不是想输入/, '是不是要输入'],
    // A second reading (the replies of 31, 32, 36 and 37): one word for "nothing was charged", one for spending.
    [/没有产生费用|未产生任何花费|没有花费|未花费|不再花费|也没有扣费/, '未扣费、不再扣费'],
    [/收费/, '扣费'],
    [/支出/, '用币、付费查询'],
    [/而不是“/, '不能是“…”'],
    [/今天(已用|的预算|的支出|的用币| §)/, '今日'],
    // A third reading (the replies of issue 34 and the tender watches): one word for each thing.
    [/此工作区/, '本工作区'],
    [/话题/, '消息列（Slack 的叫法）'],
    [/金币/, '币'],
    [/六位/, '6 位'],
    [/公司名/, '企业名称'],
    [/按发给应用的消息来读|读不出|在这条消息里找到|这里会查找/, '视为发给应用的消息、无法识别、可以查询以下内容'],
  ];

  it.each(TRANSLATIONESE)('%s is written as a native reader writes it (%s)', (pattern) => {
    expect(ENTRIES.filter(([path, text]) => pattern.test(prose(text, path))).map(([path]) => path)).toEqual([]);
  });
});
