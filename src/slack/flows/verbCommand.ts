import type { CatalogueKey } from '../../i18n/catalogueKeys.js';
import type { Lang } from '../../i18n/lang.js';
import { serviceText } from '../blockKit/mrkdwn.js';
import { renderNotice } from '../render/notice.js';
import type { Responder } from '../reply/responder.js';
import type { Requester } from '../requester/requester.js';

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
