import { parseTimeOfDay } from '../../core/jobs/schedule.js';
import { readCandlePeriod } from '../../core/watch/checks.js';
import type { WatchKind } from '../../core/watch/types.js';
import { readWatchCadence, readWatchKind, TENDER_OPTIONS } from '../../core/watch/watchService.js';
import { inEveryLanguage, type Phrase } from '../../i18n/lang.js';
import type { WatchRequest } from '../payloads/watchRequestValue.js';
import type { CommandSyntax } from './commandSyntax.js';
import { readArguments } from './readArguments.js';

// The words of `/dq watch …` and `/dq digest …` (verbs, options, list words) and how they are read;
// what only the flows may read (the operation registry) is handed in.

/** The verbs `/dq digest` and `/dq watch` both take: their catalogue word in each language (`commands.verbs`) and these. */
export const SHARED_VERB_EXTRA_WORDS = {
  add: ['新增'],
  list: ['ls', '查看'],
  remove: ['rm', 'delete', '移除'],
  run: [],
} as const satisfies Record<string, readonly string[]>;

export type SharedVerb = keyof typeof SHARED_VERB_EXTRA_WORDS;

const SHARED_VERBS = Object.fromEntries(
  (Object.keys(SHARED_VERB_EXTRA_WORDS) as SharedVerb[]).map((verb) => [
    verb,
    [...inEveryLanguage(`commands.verbs.${verb}`), ...SHARED_VERB_EXTRA_WORDS[verb]],
  ]),
) as unknown as Record<SharedVerb, readonly string[]>;

/** Each verb by every word for it: the shared verbs' words, and a command's `own` words and verbs. */
export function verbsByWord<Verb extends string>(
  own: Readonly<Partial<Record<SharedVerb | Verb, readonly string[]>>>,
): ReadonlyMap<string, SharedVerb | Verb> {
  const lists: Array<[SharedVerb | Verb, readonly string[] | undefined]> = [
    ...(Object.entries(SHARED_VERBS) as Array<[SharedVerb, readonly string[]]>),
    ...(Object.entries(own) as Array<[Verb, readonly string[]]>),
  ];
  return new Map(lists.flatMap(([verb, words]) => (words ?? []).map((word) => [word, verb] as const)));
}

/** A watch's verbs: the shared ones and its own. */
export type WatchVerb = SharedVerb | 'pause' | 'resume';

/** Each verb, in English or in Chinese: the ones digests take too, and a watch's own. */
export const WATCH_VERBS = verbsByWord<WatchVerb>({
  add: ['new', '关注'],
  run: ['check', '检查'],
  pause: inEveryLanguage('watch.verbs.pause'),
  resume: [...inEveryLanguage('watch.verbs.resume'), '继续'],
  remove: ['stop', '取消'],
});

const ANNOUNCE_WORDS = new Set(['announce', 'notify-first', '首次推送', '立即推送']);

/** `name:value` with an English or Chinese name and a `:`, `：` or `=`; undefined when the word is not that option. */
export function optionValue(word: string, names: RegExp): string | undefined {
  const match = new RegExp(`^(?:${names.source})[:：=](.*)$`, 'iu').exec(word);
  return match ? match[1]! : undefined;
}

/** Keys of a watch's options (and a digest's `tz:`, `lang:`) besides their word in every language's catalogue (`watch.keys`). */
export const WATCH_OPTION_EXTRA_KEYS = {
  timeZone: [],
  lang: ['language'],
  changePercent: ['涨跌'],
  above: ['上穿'],
  below: ['下穿'],
  period: [],
  maxCoins: [],
} as const satisfies Record<string, readonly string[]>;

const escaped = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each option's names in every language as one pattern (`tz|时区`). */
export const OPTIONS = Object.fromEntries(
  (Object.keys(WATCH_OPTION_EXTRA_KEYS) as Array<keyof typeof WATCH_OPTION_EXTRA_KEYS>).map((name) => [
    name,
    new RegExp([...inEveryLanguage(`watch.keys.${name}`), ...WATCH_OPTION_EXTRA_KEYS[name]].map(escaped).join('|')),
  ]),
) as Record<keyof typeof WATCH_OPTION_EXTRA_KEYS, RegExp>;
type OptionName = keyof typeof OPTIONS;
/** A tender search's own options are the operation's (`region:`, `type:` …); the watch adds only these. */
const TENDER_WATCH_OPTIONS: readonly OptionName[] = ['timeZone', 'lang', 'maxCoins'];
const OTHER_WATCH_OPTIONS: readonly OptionName[] = ['timeZone', 'lang', 'changePercent', 'above', 'below', 'period'];

function isTimeWord(word: string): boolean {
  return parseTimeOfDay(word) !== undefined || /^[:：]\d{1,2}$/u.test(word);
}

/** The option a word names by itself (`above` in `above 80`), whose value is then the next word. */
function optionNamed(word: string, names: readonly OptionName[]): OptionName | undefined {
  return names.find((name) => new RegExp(`^(?:${OPTIONS[name].source})$`, 'iu').test(word));
}

/** What the flows hand in from the operation registry: a tender search's syntax, and how a kind names what it watches. */
export interface WatchSubjects {
  tenderSyntax: CommandSyntax;
  readSubject(kind: WatchKind): ((typed: string) => string) | undefined;
}

/** A tender search as `/bids` reads it (`光伏组件 region:ZJ`), without a page: a watch reads from the first. */
export function readTenderSearch(
  words: readonly string[],
  syntax: CommandSyntax,
): Pick<WatchRequest, 'subject' | 'search'> | { problem: Phrase } {
  const parsed = readArguments(
    syntax,
    words.map((text) => ({ text, quoteStart: -1 })),
  );
  if (parsed.kind === 'invalid') return { problem: parsed.message };
  if (parsed.kind !== 'query') return { problem: { key: 'watch.input.subjectTenders' } };
  const search: NonNullable<WatchRequest['search']> = {};
  for (const option of TENDER_OPTIONS) if (parsed.input[option] !== undefined) search[option] = parsed.input[option];
  return { subject: parsed.input.keyword ?? '', ...(Object.keys(search).length > 0 ? { search } : {}) };
}

/**
 * `fund 000001 change:5% weekdays 18:00`: the kind, what is watched, options anywhere, the last schedule
 * word as the schedule. What is missing is said: a request is never refused without a reason.
 */
export function readWatchWords(words: string[], subjects: WatchSubjects): WatchRequest | { problem: Phrase } {
  const [kind, ...rest] = words;
  if (!kind) return { problem: { key: 'watch.input.kindMissing' } };
  const watched = readWatchKind(kind);
  const names = watched === 'tenders' ? TENDER_WATCH_OPTIONS : OTHER_WATCH_OPTIONS;
  const request: WatchRequest = { kind, subject: '', cadence: '' };
  const plain: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    const option = names.find((name) => optionValue(word, OPTIONS[name]) !== undefined);
    const named = option ? undefined : optionNamed(word, names);
    if (option) request[option] = optionValue(word, OPTIONS[option])!;
    else if (named && i + 1 < rest.length) request[named] = rest[++i]!;
    else if (ANNOUNCE_WORDS.has(word.toLowerCase())) request.announceFirst = true;
    else plain.push(word);
  }
  const timeAt = plain.findLastIndex(isTimeWord);
  if (timeAt >= 0) request.time = plain.splice(timeAt, 1)[0]!;
  const cadenceAt = plain.findLastIndex((word, index) => index > 0 && readWatchCadence(word) !== undefined);
  if (cadenceAt < 0)
    return { problem: { key: plain.length === 0 ? 'watch.input.subjectMissing' : 'watch.input.scheduleMissing' } };
  request.cadence = plain.splice(cadenceAt, 1)[0]!;
  if (watched === 'tenders') {
    const search = readTenderSearch(plain, subjects.tenderSyntax);
    return 'problem' in search ? search : { ...request, ...search };
  }
  // A contract is one word (a symbol, or its name); a period after it is a known one, or a word no
  // symbol starts with (a digit: `3m`), refused then as a period rather than read into the symbol.
  const last = plain.at(-1);
  if (
    watched === 'contract' &&
    plain.length >= 2 &&
    request.period === undefined &&
    (readCandlePeriod(last) !== undefined || /^\d/.test(last ?? ''))
  )
    request.period = plain.pop()!;
  const subject = plain.join(' ');
  // What is watched is named as a lookup names it (a contract by its name: gold → GC).
  const readSubject = watched ? subjects.readSubject(watched) : undefined;
  request.subject = readSubject ? readSubject(subject) : subject;
  return request;
}

/** Each verb, in English or in Chinese: the ones watches take too, and 推送 (push) for run. */
export const DIGEST_VERBS = verbsByWord({ run: ['推送'] });

/** Keys of a digest's fund options besides their word in every language's catalogue (`digests.keys`: type, 类型). */
export const FUND_OPTION_EXTRA_KEYS = {
  type: ['kind', 'kinds'],
  name: ['manager', 'words', '经理', '基金经理'],
} as const;
const FUND_OPTION_KEYS = {
  type: new Set(
    [...inEveryLanguage('digests.keys.type'), ...FUND_OPTION_EXTRA_KEYS.type].map((key) => key.toLowerCase()),
  ),
  name: new Set(
    [...inEveryLanguage('digests.keys.name'), ...FUND_OPTION_EXTRA_KEYS.name].map((key) => key.toLowerCase()),
  ),
};

/**
 * `type:债券型`, `名称：易方达` → the option it gives and its value; undefined for any other word.
 * `kindKeys`: the new-fund list's own keys for a kind (`fundtype:`, 基金类型), handed in by the flows.
 */
function fundOption(
  word: string,
  kindKeys: readonly string[],
): { option: keyof typeof FUND_OPTION_KEYS; value: string } | undefined {
  const match = /^([^:：=]+)[:：=](.*)$/u.exec(word);
  if (!match) return undefined;
  const key = match[1]!.toLowerCase();
  if (kindKeys.some((kindKey) => kindKey.toLowerCase() === key)) return { option: 'type', value: match[2]! };
  const option = (Object.keys(FUND_OPTION_KEYS) as Array<keyof typeof FUND_OPTION_KEYS>).find((name) =>
    FUND_OPTION_KEYS[name].has(key),
  );
  return option ? { option, value: match[2]! } : undefined;
}

/** A channel named in the command: `<#C123|funds>` as Slack writes a chosen one; `#funds` is only a name. */
function channelWord(word: string): { channelId?: string } | undefined {
  const linked = /^<#([CG][A-Z0-9]+)(?:\|[^>]*)?>$/u.exec(word);
  if (linked) return { channelId: linked[1]! };
  return word.startsWith('#') && word.length > 1 ? {} : undefined;
}

/** The words of `/dq digest add …` sorted: its options, a channel named, and the rest in order (schedule, time, filter). */
export interface DigestAddWords {
  positional: string[];
  named?: { word: string; channelId?: string };
  timeZone?: string;
  lang?: string;
  fundOptions: Partial<Record<keyof typeof FUND_OPTION_KEYS, string>>;
}

export function readDigestAddWords(words: readonly string[], kindKeys: readonly string[] = []): DigestAddWords {
  const timeZoneWord = words.find((word) => optionValue(word, OPTIONS.timeZone) !== undefined);
  const languageWord = words.find((word) => optionValue(word, OPTIONS.lang) !== undefined);
  const fundOptions: DigestAddWords['fundOptions'] = {};
  let named: DigestAddWords['named'];
  const positional: string[] = [];
  for (const word of words) {
    if (word === timeZoneWord || word === languageWord) continue;
    const option = fundOption(word, kindKeys);
    const channel = named ? undefined : channelWord(word);
    if (option) fundOptions[option.option] = option.value;
    else if (channel) named = { word, ...channel };
    else positional.push(word);
  }
  const timeZone = timeZoneWord === undefined ? undefined : optionValue(timeZoneWord, OPTIONS.timeZone);
  const lang = languageWord === undefined ? undefined : optionValue(languageWord, OPTIONS.lang);
  return {
    positional,
    fundOptions,
    ...(named ? { named } : {}),
    ...(timeZone !== undefined ? { timeZone } : {}),
    ...(lang !== undefined ? { lang } : {}),
  };
}

/** `list all`: every entry of the workspace (admins), in English or Chinese. */
const ALL_WORDS = new Set(['all', '全部', '所有']);
/** The page key as help shows it in every language (`page:`, `页:`). */
const PAGE_KEYS = new Set(inEveryLanguage('commands.keys.page').map((key) => key.toLowerCase()));

/** The words after `list`: `all` (全部) and a page, as a number or `page:2` (`页:2`); 1 when none is given. */
export function readListWords(words: readonly string[]): { all: boolean; page: number } {
  let all = false;
  let page = 1;
  for (const word of words) {
    if (ALL_WORDS.has(word.toLowerCase())) all = true;
    const keyed = /^([^:：=]+)[:：=](\d{1,6})$/u.exec(word);
    const number =
      keyed && PAGE_KEYS.has(keyed[1]!.toLowerCase()) ? keyed[2] : /^\d{1,6}$/.test(word) ? word : undefined;
    if (number !== undefined) page = Number(number);
  }
  return { all, page };
}
