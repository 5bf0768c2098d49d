import { DIGEST_OPERATION } from '../../core/digest/collect.js';
import { WATCHED_OPERATIONS } from '../../core/operations/index.js';
import { TENDER_OPTIONS } from '../../core/watch/watchService.js';
import type { WatchRequest } from '../payloads/watchRequestValue.js';
import type { CommandInput } from './parsedCommand.js';

// A digest or a watch asked for in a person's own words ("push the bond funds on sale here every
// morning at 9", 盯着000001的规模，有变化告诉我): the schedule and the asking words are read here; what
// is left is the lookup, read by the message reader as any other. The result is the request
// `/dq digest add` or `/dq watch add` would save, offered with a Save button, never saved unasked.

/** What a subscription in words asks for: a digest's words after `/dq digest add`, or a watch's request. */
export type SubscriptionOffer =
  | { to: 'digest'; words: string[]; asked: 'digest' | 'watch' }
  | { to: 'watch'; request: WatchRequest };

/** The words the person used for it, apart from the lookup: a schedule, a time, and whether they asked to watch or to be sent. */
export interface SubscriptionWords {
  /** The message without them: the lookup. */
  rest: string;
  cadence?: string;
  time?: string;
  /** Watch words (盯着, 有变化告诉我, `let me know`) rather than sending words (推送, `post … here`). */
  watch: boolean;
}

const CHINESE_DAYS = '一二三四五六日天';
const ENGLISH_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** A schedule in words, each with the cadence `/dq digest` and `/dq watch` read. */
const CADENCES: ReadonlyArray<[RegExp, (match: RegExpExecArray) => string]> = [
  [/每个?工作日|周一(?:到|至)周五|每周一(?:到|至)周五/u, () => 'weekdays'],
  [new RegExp(`每(?:周|星期|礼拜)([${CHINESE_DAYS}])`, 'u'), (match) => `weekly:周${match[1]}`],
  [/每小时|每个小时/u, () => 'hourly'],
  [/每天|每日|天天/u, () => 'daily'],
  [/\b(?:every|each) (?:weekday|working day|business day)s?\b|\bon weekdays\b/i, () => 'weekdays'],
  [
    new RegExp(`\\b(?:every|each|on) (${ENGLISH_DAYS.join('|')})s?\\b`, 'i'),
    (match) => `weekly:${match[1]!.slice(0, 3).toLowerCase()}`,
  ],
  [/\b(?:every|each) hour\b|\bhourly\b/i, () => 'hourly'],
  [/\b(?:every|each) (?:day|morning|evening|afternoon)\b|\bdaily\b/i, () => 'daily'],
];

const CHINESE_NUMBERS: Readonly<Record<string, number>> = {
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

/** 9, 十, 十一, 二十三 → the number; undefined for anything else. */
function hourNumber(text: string): number | undefined {
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const match = /^([一二两三四五六七八九])?(十)?([一二三四五六七八九])?$/u.exec(text);
  if (!match || text === '') return undefined;
  const [, tens, ten, ones] = match;
  if (!ten) return tens && !ones ? CHINESE_NUMBERS[tens] : undefined;
  return (tens ? CHINESE_NUMBERS[tens]! : 1) * 10 + (ones ? CHINESE_NUMBERS[ones]! : 0);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A time of day in words: 早上9点, 下午3点半, 9:30, `at 9`, `9am`, `at 3:30 pm`; the part of day moves the hour. */
const TIMES: ReadonlyArray<[RegExp, (match: RegExpExecArray) => string | undefined]> = [
  [
    /(早上|早晨|上午|中午|下午|傍晚|晚上)?(\d{1,2}|[一二两三四五六七八九十]{1,3})[点时](半|(\d{1,2})分?)?(?:钟)?/u,
    (match) => {
      let hour = hourNumber(match[2]!);
      if (hour === undefined) return undefined;
      if (['下午', '傍晚', '晚上'].includes(match[1] ?? '') && hour < 12) hour += 12;
      const minute = match[3] === '半' ? 30 : match[4] ? Number(match[4]) : 0;
      return hour <= 23 && minute <= 59 ? `${pad(hour)}:${pad(minute)}` : undefined;
    },
  ],
  [
    /\b(?:at\s+)?(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)|\bat\s+(\d{1,2})(?::(\d{2}))?\b|(?<![\d:：])(\d{1,2})[:：](\d{2})(?![\d:：])/i,
    (match) => {
      let hour = Number(match[1] ?? match[4] ?? match[6]);
      const minute = Number(match[2] ?? match[5] ?? match[7] ?? 0);
      if (/^p/i.test(match[3] ?? '') && hour < 12) hour += 12;
      if (/^a/i.test(match[3] ?? '') && hour === 12) hour = 0;
      return hour <= 23 && minute <= 59 ? `${pad(hour)}:${pad(minute)}` : undefined;
    },
  ],
];

/** A part of the day said without an hour (每天早上): the hour a digest is sent then. */
const PARTS_OF_DAY: ReadonlyArray<[RegExp, string]> = [
  [/早上|早晨|上午|\bmornings?\b/iu, '09:00'],
  [/中午|\bnoon\b|\bmidday\b/iu, '12:00'],
  [/下午|\bafternoons?\b/iu, '15:00'],
  [/傍晚|晚上|\bevenings?\b/iu, '18:00'],
];

/** Words that ask to be sent something here: the schedule's verbs and the channel. */
const SENDING =
  /推送到|推送给|推送|推到|推给|发送到|发到|发给我们|发给我|发在|发一下到|(?:到|在)?(?:这个|本)(?:频道|群)里?|到这里|到这儿|\b(?:push|post|send|deliver|drop)\b|\b(?:to|in|into) (?:this|the) channel\b|\b(?:in|to) here\b|\bhere\b/giu;

/** Words that ask to be told of a change: a watch. */
const WATCHING =
  /帮我盯着|帮我盯一下|盯着|盯一下|盯住|帮我关注|关注一下|持续关注|监控一下|监控|跟踪一下|跟踪|留意一下|留意|(?:一旦|一|如果|要是)?有(?:变化|变动|新的|新公告|新项目|更新|新基金)(?:的话)?(?:就|时|了)?(?:马上|及时)?(?:告诉|通知|提醒)(?:我|我们|一下)?|(?:及时|马上)?(?:告诉|通知|提醒)我(?:们)?|\b(?:keep an eye on|keep watch on|watch|monitor|track)\b|\b(?:let me know|tell me|notify me|alert me|ping me) (?:of|about) (?:any )?new\b|\b(?:let me know|tell me|notify me|alert me|ping me)\b(?:\s+(?:when|if|whenever|as soon as)\s+(?:it|they|there|something|anything|its|their)\b(?:\s+(?:changes?|moves?|is|are|new|has|have|a|any|ones?|appears?|comes?|shows?|up|out|news|new ones?|something new|changed))*)?|\b(?:when|whenever|if) (?:it|they|its|their \w+) changes?\b|\bwhen(?:ever)? there (?:are|is) (?:any )?new(?: ones?)?\b|\bof (?:any )?new ones\b/giu;

/** A character or word every schedule, sending or watching word above holds (每, 推, 盯, 关注, `every`, `here`, `watch` …). */
const MAY_SUBSCRIBE =
  /[每推发盯监跟留告通提]|天天|关注|(?:every|each|daily|weekday|hourly|push|post|send|deliver|drop|here|channel|watch|monitor|track|keep|let me|tell me|notify|alert|ping|when|change|of (?:any )?new)/iu;

/** Verbs before the lookup left once the rest is taken out (把…, `the`): no part of the lookup. */
const LEFT_OVER = /^(?:把|将|请|帮我|给我)+|(?:的话|吧)$/gu;

/** Each pattern once without its `g` (a search from the start, no state between calls), made on first use. */
const FIRST_ONLY = new Map<RegExp, RegExp>();

function takeFirst(text: string, pattern: RegExp): { match: RegExpExecArray; text: string } | undefined {
  let once = FIRST_ONLY.get(pattern);
  if (!once) {
    once = new RegExp(pattern.source, pattern.flags.replace('g', ''));
    FIRST_ONLY.set(pattern, once);
  }
  const match = once.exec(text);
  if (!match) return undefined;
  return { match, text: `${text.slice(0, match.index)} ${text.slice(match.index + match[0].length)}` };
}

/**
 * The words of a subscription in a message, or undefined when it asks for none: a schedule with a
 * sending word, or a watching word. The rest is the lookup it is about.
 */
export function subscriptionWords(text: string): SubscriptionWords | undefined {
  // Most messages hold none of the words a subscription needs: passed over at once.
  if (!MAY_SUBSCRIBE.test(text)) return undefined;
  let rest = text;
  let cadence: string | undefined;
  for (const [pattern, read] of CADENCES) {
    const found = takeFirst(rest, pattern);
    if (found) {
      cadence = read(found.match);
      rest = found.text;
      break;
    }
  }
  let time: string | undefined;
  for (const [pattern, read] of TIMES) {
    const found = takeFirst(rest, pattern);
    const value = found && read(found.match);
    if (found && value) {
      time = value;
      rest = found.text;
      break;
    }
  }
  for (const [pattern, hour] of PARTS_OF_DAY) {
    const found = takeFirst(rest, pattern);
    if (found) {
      time ??= hour;
      rest = found.text;
    }
  }
  const sent = takeFirst(rest, SENDING) !== undefined;
  rest = rest.replace(SENDING, ' ');
  const watched = takeFirst(rest, WATCHING) !== undefined;
  rest = rest.replace(WATCHING, ' ');
  // A schedule alone (每天) may be a lookup's own words; with a sending word, or a watching word, it is a subscription.
  if (!watched && !(cadence && (sent || time))) return undefined;
  rest = rest
    .replace(/[，,。.!！？?；;]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(LEFT_OVER, '')
    .trim();
  return {
    rest,
    watch: watched && !sent,
    ...(cadence ? { cadence } : {}),
    ...(time ? { time } : {}),
  };
}

/** The watch kind of each watched operation (`fund-asset` → fund). */
const KIND_OF: ReadonlyMap<string, keyof typeof WATCHED_OPERATIONS> = new Map(
  (Object.entries(WATCHED_OPERATIONS) as Array<[keyof typeof WATCHED_OPERATIONS, string]>).map(([kind, id]) => [
    id,
    kind,
  ]),
);

/** The hour a digest is sent when the message names none: the morning, as digests are read at the start of the day. */
const DIGEST_TIME = '09:00';

const SALE_WORDS: Readonly<Record<string, string>> = { true: 'onsale', false: 'offsale' };

/** The words of `/dq digest add` for a new-fund list asked for on a schedule (its sale status read as the list reads it). */
function digestWords(request: NewFundsAsked, said: SubscriptionWords): string[] {
  return [
    said.cadence && said.cadence !== 'hourly' ? said.cadence : 'daily',
    said.time ?? DIGEST_TIME,
    request.saleStatus ? (SALE_WORDS[request.saleStatus] ?? 'all') : 'all',
    ...(request.fundKind ? [`type:${request.fundKind}`] : []),
  ];
}

/** What a digest takes from a new-fund lookup's request. */
interface NewFundsAsked {
  saleStatus?: string;
  fundKind?: string;
}

/**
 * The subscription a lookup read from the rest of the message makes: the new-fund list on a schedule
 * is a digest (asked to be watched, it is explained and offered as one), a watched operation's lookup
 * is its watch, checked daily unless a schedule was said. `request` is the lookup's, validated;
 * `input` as the message gave it. Undefined for what cannot be watched.
 */
export function subscriptionOffer(
  said: SubscriptionWords,
  operation: string,
  request: object,
  input: CommandInput,
): SubscriptionOffer | undefined {
  if (operation === DIGEST_OPERATION)
    return { to: 'digest', words: digestWords(request as NewFundsAsked, said), asked: said.watch ? 'watch' : 'digest' };
  const kind = KIND_OF.get(operation);
  if (!kind) return undefined;
  // A check at a said time, or in the morning, as a digest; an hourly one needs none.
  const cadence = said.cadence ?? 'daily';
  const time = said.time ?? (cadence === 'hourly' ? undefined : DIGEST_TIME);
  const schedule = { cadence, ...(time ? { time } : {}) };
  switch (kind) {
    case 'tenders': {
      if (!input.keyword) return undefined;
      const search: NonNullable<WatchRequest['search']> = {};
      for (const option of TENDER_OPTIONS) if (input[option] !== undefined) search[option] = input[option];
      return {
        to: 'watch',
        request: {
          kind,
          subject: input.keyword,
          ...schedule,
          ...(Object.keys(search).length > 0 ? { search } : {}),
        },
      };
    }
    case 'fund':
      return input.fundCode ? { to: 'watch', request: { kind, subject: input.fundCode, ...schedule } } : undefined;
    case 'company':
      return input.keyword ? { to: 'watch', request: { kind, subject: input.keyword, ...schedule } } : undefined;
    case 'contract':
      return input.symbol
        ? {
            to: 'watch',
            request: { kind, subject: input.symbol, ...(input.type ? { period: input.type } : {}), ...schedule },
          }
        : undefined;
  }
}
