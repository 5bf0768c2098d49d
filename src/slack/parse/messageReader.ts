import type { OperationId } from '../../core/operations/index.js';
import { validate } from '../../core/operations/validate.js';
import type { Locale } from '../../i18n/lang.js';
import { grammarLanguage, textLanguage, writtenInChineseOnly } from '../../i18n/textLanguage.js';
import { CHECK_WORDS, type CommandGrammar, OTHER_SUBCOMMANDS, USAGE_WORDS } from './commandGrammar.js';
import { type CommandSyntax, positionalWords, subcommandWords } from './commandSyntax.js';
import { type FollowUpAction, readFollowUp, withoutChangeWords } from './followUpWords.js';
import { messageText } from './messageText.js';
import { type Claim, type MessageToken, messageTokens } from './messageTokens.js';
import { THANKS_WORDS } from './messageWords.js';
import { offerable } from './offerable.js';
import { DQ_COMMAND, parseCommand, readUsageMonth } from './parseCommand.js';
import type { CommandInput, ParsedCommand, UsageMonth } from './parsedCommand.js';
import type { RecordQuestion } from './plainWords.js';
import { DIGEST_VERBS, WATCH_VERBS } from './subscriptionCommand.js';
import { type SubscriptionOffer, subscriptionOffer, subscriptionWords } from './subscriptionWords.js';

/** What a follow-up in a thread does to the thread's latest result. */
export type FollowUp = FollowUpAction | { kind: 'change'; operation: OperationId; input: CommandInput };

/** One answer a question offers: a lookup ready to run, or (`complete: false`) the operation's form, a part being missing. */
export interface Choice {
  operation: OperationId;
  input: CommandInput;
  complete: boolean;
  /** The name of the fund it looks up, as the service gave it (readNamedMessage.ts). */
  fundName?: string;
  /** A name seen in an answer, close to the one written: the button asks "did you mean" it. */
  suggested?: string;
}

/** What a message says, and the language it is written in when that is clear. */
export type MessageReading = { said?: Locale } & (
  | {
      kind: 'command';
      parsed: ParsedCommand;
      /** The yes/no question the message asked of the record it looks up, for the answer to say first. */
      asks?: RecordQuestion;
    }
  /** Not sure, or two meanings: a question whose buttons say what each lookup costs; nothing is called. */
  /** `partial`: some words were placed but cannot be applied (a period said loosely, 近几年): the buttons run without them. */
  /** `fund`: a fund named as written, several funds' (`known`) or none the directory knows: the question says so. */
  | { kind: 'ask'; choices: Choice[]; partial?: boolean; fund?: { name: string; known: boolean } }
  /** Greetings, thanks, chit-chat: a line of help, free. */
  | { kind: 'greeting' }
  /** Nothing the app can read: what it can do, free. */
  | { kind: 'unreadable' }
  | { kind: 'followUp'; followUp: FollowUp }
  /** A digest or a watch asked for in words: offered as the exact one, with its cost and Save; nothing saved unasked. */
  | { kind: 'subscribe'; offer: SubscriptionOffer }
);

export interface ReadingContext {
  /** Now, for judging the lookups a question offers as their commands are judged. */
  now: number;
  /** The operation of this conversation's latest result: a message that only names another period changes it. */
  previous?: OperationId | undefined;
}

/** What one operation makes of the whole message. */
interface OperationReading {
  syntax: CommandSyntax;
  input: CommandInput;
  /** Fields given two different values (two periods, two contracts): each is a choice. */
  conflicts: Map<string, string[]>;
  /** Named by a topic word or one of its own option keys. */
  named: boolean;
  /** Its subject (a code, a contract) was read. */
  subject: boolean;
  /** A name (Chinese, or with a company suffix) makes its keyword. */
  keywordFromNames: boolean;
  /** Words the reader does not know make (part of) its keyword. */
  keywordFromUnknown: boolean;
  /** It read a value of its own (a period, a status) besides topics. */
  value: boolean;
  /** Words it has no use for: it is not sure. */
  leftovers: MessageToken[];
  /** The yes/no question a topic word asked of the record (是一般纳税人吗). */
  asks?: RecordQuestion;
  /** The other meaning of a keyword that starts with a region (广东光伏组件: 光伏组件 in 广东): it asks which. */
  alternative?: CommandInput;
  /** Words placed that this operation cannot apply (近几年, a period with no dates): it asks, without them. */
  unapplied?: boolean;
  complete: boolean;
}

/** `watch add …`, `digest list`: /dq's watch or digest command with its verb, not a subscription in words. */
function startsWithVerb(text: string): boolean {
  const [first = '', second = ''] = text.toLowerCase().split(' ');
  return isDqWord(first) && (WATCH_VERBS.has(second) || DIGEST_VERBS.has(second));
}

/**
 * /dq's own subcommands, read as commands wherever a message starts with one; not `check`, which only
 * opens a form (a message has no trigger for one), so `check 91330106774738789M` stays a lookup.
 */
function isDqWord(word: string): boolean {
  const lower = word.toLowerCase();
  return OTHER_SUBCOMMANDS.some((list) => list !== CHECK_WORDS && subcommandWords(list).includes(lower));
}

function claimsOf(token: MessageToken, syntax: CommandSyntax): Claim[] {
  return token.kind === 'claims' ? token.claims.filter((claim) => claim.syntax === syntax) : [];
}

/** The first token that says something (not filler or chit-chat). */
function firstContent(tokens: readonly MessageToken[]): MessageToken | undefined {
  return tokens.find((token) => token.kind !== 'filler' && token.kind !== 'chat');
}

function set(reading: OperationReading, input: CommandInput): void {
  for (const [field, value] of Object.entries(input)) {
    const earlier = reading.input[field];
    if (earlier === undefined) reading.input[field] = value;
    else if (earlier.toLowerCase() !== value.toLowerCase()) {
      const values = reading.conflicts.get(field) ?? [earlier];
      if (!values.some((known) => known.toLowerCase() === value.toLowerCase())) values.push(value);
      reading.conflicts.set(field, values);
    }
  }
}

/** What one operation makes of every word of the message. */
function readAs(syntax: CommandSyntax, tokens: readonly MessageToken[], text: string, now: number): OperationReading {
  const reading: OperationReading = {
    syntax,
    input: {},
    conflicts: new Map(),
    named: false,
    subject: false,
    keywordFromNames: false,
    keywordFromUnknown: false,
    value: false,
    leftovers: [],
    complete: false,
  };
  const first = firstContent(tokens);
  const keywordParts: MessageToken[] = [];
  const numbers: MessageToken[] = [];
  const guesses: Claim[] = [];
  const { keyword } = syntax.plain;
  for (const token of tokens) {
    switch (token.kind) {
      case 'filler':
      case 'chat':
      case 'notOffered':
        break;
      case 'option': {
        const own = token.options.find((option) => option.syntax === syntax);
        if (!own) {
          reading.leftovers.push(token);
          break;
        }
        // page: and size: are every list's; they say nothing about which operation.
        if (!own.option.keys[0].startsWith('commands.')) reading.named = true;
        const value = own.option.read ? own.option.read(token.value, now) : token.value;
        if (value !== undefined) set(reading, { [own.option.field]: value });
        break;
      }
      case 'number':
        numbers.push(token);
        break;
      case 'unknown':
        if (keyword === 'any' || (keyword === 'names' && (token.name || token.quoted))) {
          keywordParts.push(token);
          reading.keywordFromUnknown = true;
          if (token.name) reading.keywordFromNames = true;
        } else reading.leftovers.push(token);
        break;
      case 'claims': {
        const own = claimsOf(token, syntax);
        if (own.length === 0) {
          // Another operation's word (a contract, 天然气) is part of a keyword; its codes and topics are not.
          const word = token.claims.some((claim) => claim.word);
          if (keyword === 'any' && word) keywordParts.push(token);
          else reading.leftovers.push(token);
          break;
        }
        // 招标 first in a message is the subcommand (every notice type); later it is the notice type.
        const atStart = token === first;
        const chosen =
          own.find((claim) => (atStart ? claim.subcommand : Object.keys(claim.input).length > 0)) ?? own[0]!;
        if (chosen.topic) reading.named = true;
        const asks = own.find((claim) => claim.asks)?.asks;
        if (asks) reading.asks = asks;
        if (chosen.unapplied) {
          reading.value = true;
          reading.unapplied = true;
          reading.leftovers.push(token);
          break;
        }
        if (chosen.guess) {
          guesses.push(chosen);
          break;
        }
        if (chosen.subject) reading.subject = true;
        else if (!chosen.topic) reading.value = true;
        set(reading, chosen.input);
        break;
      }
    }
  }
  // A guess (`BTC`) counts beside another value of the operation (a period); otherwise it is a word not known.
  for (const guess of guesses) {
    if (reading.value) {
      reading.subject = true;
      set(reading, guess.input);
    } else reading.leftovers.push(tokens.find((token) => token.kind === 'claims' && token.claims.includes(guess))!);
  }
  for (const number of numbers) {
    const field = syntax.plain.number?.(reading.input);
    if (field && reading.input[field] === undefined) set(reading, { [field]: number.text });
    else reading.leftovers.push(number);
  }
  if (keywordParts.length > 0 && syntax.positional.kind === 'joined') {
    // The subject is one run of words; a second run apart from it (光伏组件 今年 储能电站) is a second meaning.
    const runs: string[] = [];
    for (const [index, part] of keywordParts.entries()) {
      const before = keywordParts[index - 1];
      const between = before ? text.slice(before.end, part.start) : undefined;
      if (between === undefined || !/^\s*$/.test(between)) runs.push(part.text);
      else runs[runs.length - 1] += between === '' ? part.text : ` ${part.text}`;
    }
    for (const run of runs) set(reading, { [syntax.positional.word.field]: run });
    // 广东光伏组件: a keyword, or 光伏组件 in 广东. A short rest (上海恒远) is a company's name.
    const [part] = keywordParts;
    const split = part?.kind === 'unknown' && keywordParts.length === 1 ? part.glued : undefined;
    const claim = split?.claims.find((one) => one.syntax === syntax);
    const rest = part ? part.text.slice(split?.length ?? 0) : '';
    if (claim && [...rest].length >= 3 && Object.keys(claim.input).every((field) => reading.input[field] === undefined))
      reading.alternative = { ...reading.input, [syntax.positional.word.field]: rest, ...claim.input };
  }
  if (syntax.plain.settle) reading.input = syntax.plain.settle(reading.input, now);
  const required = positionalWords(syntax).filter((word) => !word.optional);
  reading.complete = reading.conflicts.size === 0 && required.every((word) => reading.input[word.field] !== undefined);
  return reading;
}

/** What a question offers for one operation: the lookup read, each of two values, each period, or the form. */
function choicesOf(reading: OperationReading, now: number): Choice[] {
  const operation = reading.syntax.operation;
  const form: Choice = { operation, input: {}, complete: false };
  const inputs: CommandInput[] = [];
  const [conflict] = reading.conflicts;
  const offer = reading.syntax.plain.offer;
  if (conflict) {
    const [field, values] = conflict;
    for (const value of values) inputs.push({ ...reading.input, [field]: value });
  } else if (reading.complete) inputs.push(reading.input, ...(reading.alternative ? [reading.alternative] : []));
  else if (offer && reading.subject && reading.input[offer.field] === undefined)
    for (const value of offer.values) inputs.push({ ...reading.input, [offer.field]: value });
  else return [form];
  const required = positionalWords(reading.syntax).filter((word) => !word.optional);
  const ready = inputs.filter(
    (input) => required.every((word) => input[word.field] !== undefined) && offerable(operation, input, now),
  );
  // Two values but no subject (日K 5分钟), or a lookup named whose subject the service would refuse (光伏 is
  // too short a keyword): the form, where the subject is filled in.
  if (ready.length === 0 && ((conflict && !reading.subject) || reading.named)) return [form];
  return ready.map((input) => ({ operation, input, complete: true }));
}

function ask(readings: readonly OperationReading[], now: number): MessageReading {
  const choices = readings.flatMap((reading) => choicesOf(reading, now));
  if (choices.length === 0) return { kind: 'unreadable' };
  return readings.some((reading) => reading.unapplied)
    ? { kind: 'ask', choices, partial: true }
    : { kind: 'ask', choices };
}

/** A single Latin word of the grammar (`newfunds`, `onsale`, `daily`, `5m`, `region:`): typed by everyone alike. */
const GRAMMAR_WORD = /^[A-Za-z0-9-]+$/;

/**
 * The words of the message that are the person's language, not names or codes: the language it is
 * written in. The grammar's single Latin words (a subcommand, an option key, `onsale`, `daily`) are
 * no evidence (issue 44): a Chinese reader types them too.
 */
function languageOf(tokens: readonly MessageToken[]): Locale | undefined {
  const words = tokens.filter(
    (token) =>
      token.kind === 'filler' ||
      token.kind === 'chat' ||
      token.kind === 'notOffered' ||
      token.kind === 'app' ||
      (token.kind === 'option' && token.options.length > 0 && !GRAMMAR_WORD.test(token.key)) ||
      (token.kind === 'claims' &&
        token.claims.some((claim) => !claim.subject && !claim.guess) &&
        !(GRAMMAR_WORD.test(token.text) && token.claims.every((claim) => claim.subcommand || !claim.topic))),
  );
  return textLanguage(words.map((token) => (token.kind === 'option' ? token.key : token.text)).join(' '));
}

/** `上个月用量`: the month before the word for usage, as Chinese writes it. */
function usageBefore(text: string): ParsedCommand | undefined {
  const compact = text.replace(/\s+/g, '');
  for (const word of subcommandWords(USAGE_WORDS)) {
    if (!compact.toLowerCase().endsWith(word) || compact.length === word.length) continue;
    const month = readUsageMonth(compact.slice(0, -word.length));
    if (month) return { kind: 'usage', month };
  }
  return undefined;
}

/** A message that only says what to change in the thread's latest request (`换成5分钟`, `monthly please`). */
function changeOf(
  readings: readonly OperationReading[],
  tokens: readonly MessageToken[],
): Extract<FollowUp, { kind: 'change' }> | undefined {
  const changed = readings.filter((reading) => reading.value && !reading.subject);
  if (changed.length !== 1 || tokens.some((token) => token.kind === 'unknown' || token.kind === 'number'))
    return undefined;
  const [reading] = changed;
  if (reading!.named || reading!.conflicts.size > 0 || reading!.leftovers.length > 0) return undefined;
  return { kind: 'change', operation: reading!.syntax.operation, input: reading!.input };
}

/** `/dq` and the space after it, at the start of a message. */
const DQ_PREFIX = new RegExp(`^${DQ_COMMAND}(?:\\s+|$)`, 'i');

/**
 * Reads what a person wrote to the app in their own words, through the commands' grammar: the
 * words of every operation's syntax, the operations' own plain words (`CommandSyntax.plain`), and
 * filler, chit-chat and follow-ups (messageWords.ts). Pure: the caller runs what it read. A lookup
 * is read only when one operation is meant and nothing is left over; anything less sure is a
 * question whose answers are lookups (or forms) the person picks, so nothing is paid for a guess.
 */
export function readMessage(grammar: CommandGrammar, raw: string, context: ReadingContext): MessageReading {
  return readWords(grammar, raw, context, true);
}

/** The lookup a subscription's words are about, read as a message; undefined when it is not one sure lookup. */
function subscriptionOf(grammar: CommandGrammar, text: string, context: ReadingContext): SubscriptionOffer | undefined {
  const said = subscriptionWords(text);
  if (!said || said.rest === '') return undefined;
  const reading = readWords(grammar, said.rest, { now: context.now }, false);
  const [choice] = reading.kind === 'ask' && reading.choices.length === 1 ? reading.choices : [];
  const lookup =
    reading.kind === 'command' && reading.parsed.kind === 'query'
      ? reading.parsed
      : choice?.complete && !(reading.kind === 'ask' && reading.partial)
        ? choice
        : undefined;
  if (!lookup || !offerable(lookup.operation, lookup.input, context.now)) return undefined;
  return subscriptionOffer(said, lookup.operation, validate(lookup.operation, lookup.input, context.now), lookup.input);
}

function readWords(
  grammar: CommandGrammar,
  raw: string,
  context: ReadingContext,
  subscriptions: boolean,
): MessageReading {
  const cleaned = messageText(raw);
  if (cleaned.kind === 'unreadable') return { kind: 'unreadable' };
  // `/dq …` in a message is what follows it; a leading slash on a command word changes nothing.
  const text = cleaned.text.replace(DQ_PREFIX, '').replace(/^\//, '');
  if (text === '') return { kind: 'greeting' };
  const said = textLanguage(text.replace(/[A-Z0-9]{2,}|\d+/g, ' '));
  const followUp = readFollowUp(text);
  if (followUp) return { kind: 'followUp', followUp, ...(said ? { said } : {}) };
  const [firstWord = ''] = text.split(' ');
  // /dq's own words (`help`, `usage last`) are the app's grammar: only Chinese ones say the writer's language.
  const grammarSaid = grammarLanguage(text);
  // `watch tenders for …` is a watch asked for in words; `watch add …` is the command.
  const offer = subscriptions && !startsWithVerb(text) ? subscriptionOf(grammar, text, context) : undefined;
  if (offer) return { kind: 'subscribe', offer, ...(said ? { said } : {}) };
  // `help me find …` is a request, not the help command.
  if (isDqWord(firstWord) && !/^help\s+me\b/i.test(text)) {
    const parsed = parseCommand(grammar, DQ_COMMAND, text, context.now);
    return { kind: 'command', parsed, ...(grammarSaid ? { said: grammarSaid } : {}) };
  }
  const usage = usageBefore(text);
  if (usage) return { kind: 'command', parsed: usage, ...(grammarSaid ? { said: grammarSaid } : {}) };
  // `换成5分钟`, `daily instead`: what follows the words for a change, when that is a change; else the whole text (好吧 is chit-chat).
  const changeTo = withoutChangeWords(text);
  const changeTokens = changeTo === undefined ? undefined : messageTokens(grammar, changeTo, context.now);
  const changed = changeTokens && decide(grammar, changeTokens, changeTo!, context, true);
  const [tokens, reading] =
    changeTokens && changed?.kind === 'followUp'
      ? [changeTokens, changed]
      : (() => {
          const whole = messageTokens(grammar, text, context.now);
          return [whole, decide(grammar, whole, text, context, false)] as const;
        })();
  // A name searched for does not say the writer's language, but a message in Chinese characters alone does.
  const language = languageOf(tokens) ?? (writtenInChineseOnly(text) ? 'zh-CN' : undefined);
  return language ? { ...reading, said: language } : reading;
}

/**
 * A message about the app's own matters and nothing else (余额, 这个月花了多少, 价格, `what can you
 * do`): the usage answer (with the month it names) or help, free. Beside anything else they are filler.
 */
function appMatter(tokens: readonly MessageToken[]): ParsedCommand | undefined {
  const matters = tokens.flatMap((token) =>
    token.kind === 'app' ? [token.matter] : token.kind === 'claims' && token.app ? [token.app] : [],
  );
  if (matters.length === 0) return undefined;
  let month: UsageMonth | undefined;
  for (const token of tokens) {
    if (token.kind === 'filler' || token.kind === 'chat' || token.kind === 'app') continue;
    if (token.kind === 'claims' && token.app) continue;
    // 这个月, 上个月, `last month`: the month the usage answer is about.
    const said = readUsageMonth(token.text.replace(/\s*month$/i, '').replace(/\s+/g, ''));
    if (!said || month) return undefined;
    month = said;
  }
  if (!matters.includes('usage')) return month ? undefined : { kind: 'help' };
  return month ? { kind: 'usage', month } : { kind: 'usage' };
}

/**
 * What a message means, never a call unasked when it holds a word of the app's own matters beside
 * the rest (这个月用了多少币, 000001 规模 多少钱): is it asking about the app, or for a lookup? It asks.
 */
function decide(
  grammar: CommandGrammar,
  tokens: readonly MessageToken[],
  text: string,
  context: ReadingContext,
  changeWords: boolean,
): MessageReading {
  const reading = decideReading(grammar, tokens, text, context, changeWords);
  const aboutTheApp = tokens.some((token) => token.kind === 'app' || (token.kind === 'unknown' && token.app));
  if (!aboutTheApp || reading.kind !== 'command' || reading.parsed.kind !== 'query') return reading;
  const { operation, input } = reading.parsed;
  return offerable(operation, input, context.now)
    ? { kind: 'ask', choices: [{ operation, input, complete: true }] }
    : { kind: 'unreadable' };
}

function decideReading(
  grammar: CommandGrammar,
  tokens: readonly MessageToken[],
  text: string,
  context: ReadingContext,
  changeWords: boolean,
): MessageReading {
  if (tokens.some((token) => token.kind === 'notOffered')) return { kind: 'unreadable' };
  const free = appMatter(tokens);
  if (free) return { kind: 'command', parsed: free };
  const content = tokens.filter((token) => token.kind !== 'filler' && token.kind !== 'chat' && token.kind !== 'app');
  if (content.length === 0) return tokens.length > 0 ? { kind: 'greeting' } : { kind: 'unreadable' };
  const readings = grammar.syntaxes.map((syntax) => readAs(syntax, tokens, text, context.now));
  const change = changeOf(readings, tokens);
  if (change && (changeWords || change.operation === context.previous)) return { kind: 'followUp', followUp: change };
  const query = (reading: OperationReading): MessageReading => ({
    kind: 'command',
    parsed: { kind: 'query', operation: reading.syntax.operation, input: reading.input },
    ...(reading.asks ? { asks: reading.asks } : {}),
  });
  const clean = (reading: OperationReading) =>
    reading.complete && reading.leftovers.length === 0 && reading.alternative === undefined;
  const named = readings.filter((reading) => reading.named);
  if (named.length === 1) {
    const [meant] = named as [OperationReading];
    // A code or contract that makes another lookup on its own (a credit code beside 招标) is a second meaning.
    const ownTokens = new Set(tokens.filter((token) => claimsOf(token, meant.syntax).some((claim) => claim.topic)));
    const rivals = readings.filter(
      (reading) =>
        reading !== meant &&
        reading.subject &&
        reading.complete &&
        reading.leftovers.every((token) => ownTokens.has(token)),
    );
    if (rivals.length > 0) return ask([meant, ...rivals], context.now);
    // Chit-chat around words the reader does not know (这个新项目怎么样): those words are no sure keyword. Thanks are polite.
    const chatty =
      tokens.some((token) => token.kind === 'chat' && !THANKS_WORDS.has(token.text.toLowerCase())) &&
      meant.keywordFromUnknown;
    return clean(meant) && !chatty ? query(meant) : ask([meant], context.now);
  }
  if (named.length > 1) return ask(named, context.now);
  const hasUnknown = tokens.some((token) => token.kind === 'unknown');
  const hasChat = tokens.some((token) => token.kind === 'chat');
  const hasValues = tokens.some((token) => token.kind === 'claims' || token.kind === 'option');
  // Chit-chat with words the reader does not know (今天天气怎么样) is still chit-chat.
  if (hasChat && !hasValues && !tokens.some((token) => token.kind === 'number')) return { kind: 'greeting' };
  const subjects = readings.filter((reading) => {
    if (reading.subject) return true;
    // A name alone may be a company (taxpayer) or a keyword (tenders), unless it stands beside another
    // operation's value it could be the subject of (比特币 日K: a contract the app does not know).
    return (
      reading.keywordFromNames &&
      reading.leftovers.every(
        (token) =>
          token.kind === 'number' ||
          token.kind === 'unknown' ||
          (token.kind === 'claims' && token.claims.every((claim) => claim.subject || claim.guess)),
      )
    );
  });
  if (subjects.length === 0) {
    const valued = readings.filter((reading) => reading.value);
    if (valued.length > 0 && !hasUnknown) return ask(valued, context.now);
    // Latin words and a period (`solar panel last month`): a tender search, maybe, never run unasked.
    const searched = valued.filter((reading) => reading.keywordFromUnknown && reading.leftovers.length === 0);
    if (searched.length > 0) return ask(searched, context.now);
    return { kind: 'unreadable' };
  }
  if (subjects.length === 1) {
    const [meant] = subjects as [OperationReading];
    // A name alone is never looked up at once: it could be a company or a keyword (华为 asks first).
    // Nor is a code among chit-chat (`thanks 000001`, `is 000001 good`): the code alone names no
    // lookup, and the words around it say it may be no request at all.
    if (clean(meant) && meant.subject && !hasChat) return query(meant);
    // A name and an option of one operation alone (光伏组件 今年, 杭州华信 浙江): every word placed, one reading.
    if (clean(meant) && meant.value && meant.keywordFromNames && !hasChat) return query(meant);
    return ask([meant], context.now);
  }
  return ask(subjects, context.now);
}
