import type { CatalogueKey } from '../../i18n/catalogueKeys.js';
import { inEveryLanguage, type Lang } from '../../i18n/lang.js';
import { serviceText } from '../blockKit/mrkdwn.js';
import { renderNotice } from '../render/notice.js';
import type { Responder } from '../reply/responder.js';
import type { Requester } from '../requester/requester.js';

/** The verbs `/dq digest` and `/dq watch` both take, each by its words in English and Chinese. */
const SHARED_VERBS = {
  add: ['add', '添加', '新增'],
  list: ['list', 'ls', '列表', '查看'],
  remove: ['remove', 'rm', 'delete', '删除', '移除'],
  run: ['run', '运行'],
} as const;

export type SharedVerb = keyof typeof SHARED_VERBS;

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

/** A `/dq digest …` or `/dq watch …` command read: its verb as typed and as understood, the words after it, and how to answer. */
export interface VerbCommand<Verb extends string> {
  lang: Lang;
  timeZone: string;
  verb: string;
  action: Verb | undefined;
  rest: string[];
  /** A notice in the requester's language. */
  reply(text: string): Promise<void>;
}

export async function readVerbCommand<Verb extends string>(
  verbs: ReadonlyMap<string, Verb>,
  requester: Requester,
  words: string[],
  responder: Responder,
): Promise<VerbCommand<Verb>> {
  const { lang, timeZone } = await requester.profile();
  const [verb = '', ...rest] = words;
  return {
    lang,
    timeZone,
    verb,
    action: verbs.get(verb.toLowerCase()),
    rest,
    reply: (text) => responder.reply(renderNotice(text, lang)),
  };
}

/** Why nothing was done (a verb not known, or none given), then how the command is written. */
export function unknownVerbText(
  command: VerbCommand<string>,
  texts: { unknownVerb: CatalogueKey; whatToDo: CatalogueKey },
  usage: string,
): string {
  const { verb, lang } = command;
  const why = verb
    ? lang.t(texts.unknownVerb, { verb: serviceText(verb, { max: 60, oneLine: true }) })
    : lang.t(texts.whatToDo);
  return `${why}\n${usage}`;
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
